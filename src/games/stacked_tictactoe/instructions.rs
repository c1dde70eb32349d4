//! One line of an instruction file, read and turned into the vocabulary's
//! action. Reading only checks the line's shape (a known instruction code
//! and the right number of integers); whether the action is legal is the
//! interpreter's decision. A line of any other shape (blank, not UTF-8, a
//! bad number, the wrong arity, an unknown obstacle letter) is
//! [`Instruction::Malformed`]: `Invalid move`, and the turn is lost.
//!
//! Lines end as the course's Java program reads them (`Scanner.nextLine`):
//! at `\n`, `\r\n` or a lone `\r` ([`split_lines`] for a whole file, the
//! text mode's reader for a stream).

use crate::vocab::{Action, NO_RULE, Program};

/// One instruction line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instruction {
    /// `-1`: quit.
    Quit,
    /// `k r c`: the top of external stack `k` onto row `r`, column `c`.
    Place {
        /// The stack (1 to 3 in the course).
        stack: i64,
        /// The row.
        row: i64,
        /// The column.
        column: i64,
    },
    /// `4 r c r c`: move a top piece.
    Move {
        /// From row, column.
        from: (i64, i64),
        /// To row, column.
        to: (i64, i64),
    },
    /// `5 X r c [n]`: use obstacle `X` (`T`, `B`, `S`, `P`).
    Obstacle {
        /// The letter.
        letter: u8,
        /// The row.
        row: i64,
        /// The column.
        column: i64,
        /// The transporter's count or the shifter's way.
        arg: i64,
    },
    /// Anything else.
    Malformed,
}

/// The obstacle letters and the names of the ruleset's effect rules.
const OBSTACLES: [(u8, &str, usize); 4] = [
    (b'T', "transporter", 3),
    (b'B', "bomb", 2),
    (b'S', "shifter", 3),
    (b'P', "paintbrush", 2),
];

/// The longest line read as an instruction; a longer one is malformed
/// whatever it holds (a reader of a stream keeps no more of a line than
/// shows it is too long: a line on stdin may be endless).
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line (without its line break). The instruction code is an
/// integer like every other field (`01 1 1` is `1 1 1`); a line longer
/// than [`MAX_LINE`] is malformed.
///
/// ```
/// use relic::games::stacked_tictactoe::{Instruction, parse_line};
/// assert_eq!(parse_line(b"4 1 2 2 3"), Instruction::Move { from: (1, 2), to: (2, 3) });
/// assert_eq!(parse_line(b"01 1 1"), Instruction::Place { stack: 1, row: 1, column: 1 });
/// assert_eq!(parse_line(b"1 1"), Instruction::Malformed);
/// assert_eq!(parse_line(b"\xff"), Instruction::Malformed);
/// ```
pub fn parse_line(line: &[u8]) -> Instruction {
    if line.len() > MAX_LINE {
        return Instruction::Malformed;
    }
    let Ok(text) = std::str::from_utf8(line) else {
        return Instruction::Malformed;
    };
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let Some((code, rest)) = words.split_first() else {
        return Instruction::Malformed;
    };
    let Ok(code) = code.parse::<i64>() else {
        return Instruction::Malformed;
    };
    if code == 5 {
        return obstacle(rest);
    }
    let numbers: Option<Vec<i64>> = rest.iter().map(|w| w.parse::<i64>().ok()).collect();
    match (code, numbers.as_deref()) {
        (-1, Some([])) => Instruction::Quit,
        (1..=3, Some(&[row, column])) => Instruction::Place {
            stack: code,
            row,
            column,
        },
        (4, Some(&[r1, c1, r2, c2])) => Instruction::Move {
            from: (r1, c1),
            to: (r2, c2),
        },
        _ => Instruction::Malformed,
    }
}

/// Cuts a whole instruction file into its lines, each with the offset of
/// its first byte: a line ends at `\n`, `\r\n` or a lone `\r`, and a final
/// line break ends the last line (it does not start an empty one).
///
/// ```
/// use relic::games::stacked_tictactoe::split_lines;
/// let lines: Vec<_> = split_lines(b"1 1 1\r\n1 2 2\r-1\n").collect();
/// assert_eq!(lines, [(0, &b"1 1 1"[..]), (7, &b"1 2 2"[..]), (13, &b"-1"[..])]);
/// assert_eq!(split_lines(b"\n").count(), 1);
/// assert_eq!(split_lines(b"").count(), 0);
/// ```
pub fn split_lines(source: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= source.len() {
            return None;
        }
        let rest = &source[start..];
        let (body, next) = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (&rest[..i], i + 2),
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let at = start;
        start += next;
        Some((at, body))
    })
}

fn obstacle(words: &[&str]) -> Instruction {
    let Some((letter, rest)) = words.split_first() else {
        return Instruction::Malformed;
    };
    let Some(&(letter, _, arity)) = OBSTACLES.iter().find(|o| letter.as_bytes() == [o.0]) else {
        return Instruction::Malformed;
    };
    let numbers: Option<Vec<i64>> = rest.iter().map(|w| w.parse::<i64>().ok()).collect();
    match numbers.as_deref() {
        Some(&[row, column]) if arity == 2 => Instruction::Obstacle {
            letter,
            row,
            column,
            arg: 0,
        },
        Some(&[row, column, arg]) if arity == 3 => Instruction::Obstacle {
            letter,
            row,
            column,
            arg,
        },
        _ => Instruction::Malformed,
    }
}

/// The vocabulary action an instruction stands for. Numbers outside the
/// board become squares the interpreter refuses; `Malformed` becomes a lost
/// turn.
pub fn to_action(program: &Program, instruction: Instruction) -> Action {
    let square = |row: i64, column: i64| -> u8 {
        let g = &program.geometry;
        let (w, h) = (i64::from(g.width), i64::from(g.height));
        if (1..=h).contains(&row) && (1..=w).contains(&column) {
            ((row - 1) * w + column - 1) as u8
        } else {
            u8::MAX
        }
    };
    // A count or a way outside 0..=254 (a negative shifter way, say) is
    // one the interpreter refuses, never a value it accepts.
    let small = |n: i64| u8::try_from(n).unwrap_or(u8::MAX);
    match instruction {
        Instruction::Quit => Action::Quit,
        Instruction::Place { stack, row, column } => Action::PlaceFrom {
            stack: small(stack - 1),
            at: square(row, column),
        },
        Instruction::Move { from, to } => Action::Move {
            from: square(from.0, from.1),
            to: square(to.0, to.1),
        },
        Instruction::Obstacle {
            letter,
            row,
            column,
            arg,
        } => {
            let name = OBSTACLES.iter().find(|o| o.0 == letter).map_or("", |o| o.1);
            let rule = (program.rules.iter())
                .position(|r| r.is_effect() && r.name == name)
                .map_or(NO_RULE, |r| r as u8);
            Action::Effect {
                rule,
                at: square(row, column),
                arg: small(arg),
            }
        }
        Instruction::Malformed => Action::Forfeit { rule: NO_RULE },
    }
}
