//! Boulder Dash's game file: `COUNT W,H`, then COUNT moves in the walker
//! notation (`M(S;1)`, `D(E;3)`, `P(W;2)`, `0`) with free white space
//! between tokens. Reading it is a lenient pest grammar, then a check
//! that reports every problem at once, each at its exact span; playing it
//! ([`verify_game`]) is the checker of `relic verify`.
//!
//! ```
//! use relic::games::boulder_dash::{read_board, read_game_file, verify_game};
//! use relic::walker::{Walker, builtin_walker};
//! let program = builtin_walker("boulder-dash").unwrap().unwrap();
//! let file = read_game_file(&program, "2 3,1\nM(E;1)M(E;1)").unwrap();
//! assert_eq!(file.moves.len(), 2);
//! let grid = read_board(&program, "0|X|_|+|\n  0 1 2").unwrap();
//! let cave = Walker::new(program.clone(), grid).unwrap();
//! let end = verify_game(cave, "2 3,1\nM(E;1)M(E;1)").unwrap();
//! assert_eq!(end.actor(), (2, 0));
//! // Three moves declared, two listed: not a game.
//! assert!(read_game_file(&program, "3 3,1 M(E;1) M(E;1)").is_err());
//! ```

mod error;

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

pub use error::GameFileError;

use super::Cave;
use crate::contract::Game;
use crate::verify::VerifyError;
use crate::walker::schema::Mode;
use crate::walker::{Action, Direction, Grid, Program};

#[derive(Parser)]
#[grammar = "../grammar/boulder-game.pest"]
struct GameParser;

/// The largest count or size a game file may declare.
pub const MAX_NUMBER: usize = 10_000_000;

/// A game file, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The board's width, as declared.
    pub width: usize,
    /// The board's height, as declared.
    pub height: usize,
    /// Where the size is written.
    pub size_at: SourceSpan,
    /// The moves, exactly as many as declared.
    pub moves: Vec<Move>,
}

/// One move of a game file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The action.
    pub action: Action,
    /// Where it is written (the text there is the move as written).
    pub at: SourceSpan,
    /// Its 1-based line.
    pub line: usize,
}

/// Reads a game file under `program`, or every problem in it.
pub fn read_game_file(program: &Program, text: &str) -> Result<GameFile, Vec<GameFileError>> {
    let mut moves = Vec::new();
    let (width, height, size_at) = read_moves(program, text, |m| moves.push(m))?;
    Ok(GameFile {
        width,
        height,
        size_at,
        moves,
    })
}

/// Reads a game file under `program`, giving each move to `each` as it
/// is read (one step parsed at a time: a file of millions of moves is
/// read in time and memory linear in one move): its size and where it is
/// written, or every problem of the file.
fn read_moves(
    program: &Program,
    text: &str,
    mut each: impl FnMut(Move),
) -> Result<(usize, usize, SourceSpan), Vec<GameFileError>> {
    let head = GameParser::parse(Rule::head, text)
        .map_err(|e| vec![header_error(e)])?
        .next()
        .expect("the head rule always yields one pair");
    let header = head.into_inner().next().expect("a head holds the header");
    let header_end = header.as_span().end();
    let mut problems = Vec::new();
    let (count_pair, width, height, size_at) = read_header(header, &mut problems);
    let count = number(&count_pair, &mut problems);
    let mut steps = Steps {
        program,
        text,
        end: header_end,
        line: 1,
        counted: 0,
        listed: 0,
        count,
    };
    while steps.listed < count {
        if !steps.chunk(&mut problems, &mut each) {
            let (end, listed) = (steps.end, steps.listed);
            problems.push(missing_move(program, text, end, count, listed, &count_pair));
            break;
        }
    }
    match problems.is_empty() {
        true => Ok((width, height, size_at)),
        false => Err(problems),
    }
}

/// The moves of a game file, read a chunk of steps at a time after the
/// header.
struct Steps<'p, 't> {
    program: &'p Program,
    text: &'t str,
    /// Where the last step (or the header) ended.
    end: usize,
    /// The line of `counted`.
    line: usize,
    /// How far lines have been counted.
    counted: usize,
    /// Steps read so far.
    listed: usize,
    /// Steps declared.
    count: usize,
}

impl Steps<'_, '_> {
    /// Reads the next chunk of steps, giving each move to `each` (a step
    /// with problems adds them to `problems` instead); false when no step
    /// follows, and then no more is read.
    fn chunk(&mut self, problems: &mut Vec<GameFileError>, each: &mut impl FnMut(Move)) -> bool {
        let base = self.end;
        let Some(chunk) = (GameParser::parse(Rule::chunk, &self.text[base..]).ok())
            .and_then(|mut pairs| pairs.next())
        else {
            return false;
        };
        for step in chunk.into_inner().take(self.count - self.listed) {
            let (start, end) = (base + step.as_span().start(), base + step.as_span().end());
            self.listed += 1;
            self.end = end;
            let newlines = self.text.as_bytes()[self.counted..start].iter();
            self.line += newlines.filter(|&&b| b == b'\n').count();
            self.counted = start;
            if let Some(action) = read_move(self.program, self.listed, step, base, problems) {
                let at = (start, end - start).into();
                each(Move {
                    action,
                    at,
                    line: self.line,
                });
            }
        }
        true
    }
}

/// The count's pair, the size and where it is written.
fn read_header<'a>(
    header: Pair<'a, Rule>,
    problems: &mut Vec<GameFileError>,
) -> (Pair<'a, Rule>, usize, usize, SourceSpan) {
    let mut parts = header.into_inner();
    let count = parts.next().expect("a header starts with its count");
    let size = parts.next().expect("a header ends with its size");
    let size_at = span(&size);
    let mut sides = size.into_inner();
    let width = number(&sides.next().expect("a width"), problems);
    let height = number(&sides.next().expect("a height"), problems);
    (count, width, height, size_at)
}

/// The value of a run of digits, at most [`MAX_NUMBER`].
fn number(pair: &Pair<'_, Rule>, problems: &mut Vec<GameFileError>) -> usize {
    match pair.as_str().parse::<usize>() {
        Ok(n) if n <= MAX_NUMBER => n,
        _ => {
            problems.push(GameFileError::Number {
                text: pair.as_str().to_owned(),
                max: MAX_NUMBER,
                at: span(pair),
            });
            0
        }
    }
}

/// The problem when fewer moves than declared could be read: the text
/// that is no move, or the count when the file simply ends.
fn missing_move(
    program: &Program,
    text: &str,
    end: usize,
    count: usize,
    listed: usize,
    count_pair: &Pair<'_, Rule>,
) -> GameFileError {
    let rest = &text[end..];
    let start = end + (rest.len() - rest.trim_start().len());
    if start < text.len() {
        let token = text[start..]
            .split(char::is_whitespace)
            .next()
            .unwrap_or("");
        return GameFileError::NotAMove {
            number: listed + 1,
            at: (start, token.len().max(1)).into(),
            help: moves_help(program),
        };
    }
    GameFileError::Count {
        declared: count,
        listed,
        at: span(count_pair),
    }
}

/// Checks one move (parsed at `base` in the file), reporting each problem
/// in it.
fn read_move(
    program: &Program,
    number: usize,
    step: Pair<'_, Rule>,
    base: usize,
    problems: &mut Vec<GameFileError>,
) -> Option<Action> {
    let form = step
        .into_inner()
        .next()
        .expect("a step is bracketed or bare");
    let bracketed = form.as_rule() == Rule::bracketed;
    let mut parts = form.clone().into_inner();
    let letter = parts.next().expect("a step starts with its letter");
    let index = action_of(program, number, &letter, base, problems)?;
    let def = &program.actions[index as usize];
    let form_error = |message: String| GameFileError::Form {
        number,
        message,
        at: span_at(&form, base),
        help: moves_help(program),
    };
    match (def.mode == Mode::End, bracketed) {
        (true, true) => {
            problems.push(form_error(format!(
                "`{}` takes no direction or steps",
                def.letter
            )));
            None
        }
        (true, false) => Some(Action {
            action: index,
            direction: Direction::N,
            count: 0,
        }),
        (false, false) => {
            let message = format!(
                "`{}` needs a direction and steps: `{}(d;n)`",
                def.letter, def.letter
            );
            problems.push(form_error(message));
            None
        }
        (false, true) => {
            let direction = parts.next().expect("a bracketed step has a direction");
            let steps = parts.next().expect("a bracketed step has its steps");
            let parts = (direction, steps);
            bracketed_action(index, def.max_count, number, parts, base, problems)
        }
    }
}

/// The action a step's letter names, reporting a letter no action has.
fn action_of(
    program: &Program,
    number: usize,
    letter: &Pair<'_, Rule>,
    base: usize,
    problems: &mut Vec<GameFileError>,
) -> Option<u8> {
    let found = (letter.as_str().chars().next()).and_then(|c| program.action_of_letter(c));
    if found.is_none() {
        problems.push(GameFileError::Letter {
            number,
            letter: letter.as_str().to_owned(),
            at: span_at(letter, base),
            help: moves_help(program),
        });
    }
    found
}

/// The action of `L(d;n)`, reporting a bad direction and bad steps both.
fn bracketed_action(
    action: u8,
    max: u8,
    number: usize,
    (direction, steps): (Pair<'_, Rule>, Pair<'_, Rule>),
    base: usize,
    problems: &mut Vec<GameFileError>,
) -> Option<Action> {
    let mut letters = direction.as_str().chars();
    let dir = match (
        letters.next().and_then(Direction::from_letter),
        letters.next(),
    ) {
        (Some(d), None) => Some(d),
        _ => {
            problems.push(GameFileError::Direction {
                number,
                found: direction.as_str().to_owned(),
                at: span_at(&direction, base),
            });
            None
        }
    };
    let count = match steps.as_str().parse::<u8>() {
        Ok(n) if (1..=max).contains(&n) => Some(n),
        _ => {
            problems.push(GameFileError::Steps {
                number,
                found: steps.as_str().to_owned(),
                max,
                at: span_at(&steps, base),
            });
            None
        }
    };
    Some(Action {
        action,
        direction: dir?,
        count: count?,
    })
}

/// The one place a pest error becomes ours: only the header can fail.
fn header_error(error: pest::error::Error<Rule>) -> GameFileError {
    let (start, end) = match error.location {
        pest::error::InputLocation::Pos(at) => (at, at + 1),
        pest::error::InputLocation::Span(span) => span,
    };
    let message = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let names: Vec<&str> = positives
                .iter()
                .map(|r| match r {
                    Rule::count => "the number of moves",
                    Rule::number => "a number",
                    Rule::size => "the size `W,H`",
                    _ => "`,`",
                })
                .collect();
            format!("expected {}", names.join(" or "))
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    GameFileError::Header {
        message,
        at: (start, end.saturating_sub(start).max(1)).into(),
    }
}

/// The moves of `program`, for help lines.
fn moves_help(program: &Program) -> String {
    let moves: Vec<String> = program
        .actions
        .iter()
        .map(|a| match a.mode {
            Mode::End => format!("`{}` {}", a.letter, a.name),
            _ => format!("`{}(d;n)` {}", a.letter, a.name),
        })
        .collect();
    format!(
        "the moves are {}, with d one of N, S, E, W and n a number of steps",
        moves.join(", ")
    )
}

fn span(pair: &Pair<'_, Rule>) -> SourceSpan {
    span_at(pair, 0)
}

/// The span of `pair`, parsed from offset `base` of the file.
fn span_at(pair: &Pair<'_, Rule>, base: usize) -> SourceSpan {
    let s = pair.as_span();
    (base + s.start(), s.end() - s.start()).into()
}

/// The size problem when `file` is not for `grid`'s size.
pub fn check_size(file: &GameFile, grid: &Grid) -> Option<GameFileError> {
    (file.width != grid.width() || file.height != grid.height()).then(|| GameFileError::Size {
        width: file.width,
        height: file.height,
        board_width: grid.width(),
        board_height: grid.height(),
        at: file.size_at,
    })
}

/// Plays the game file `source` from `start`: the final cave, or every
/// problem of the file, or the first move that is invalid (its number,
/// line, span and reason). The moves are kept as actions only (a few bytes
/// each); the first invalid one is located by reading the file again.
pub fn verify_game(
    start: Cave,
    source: &str,
) -> Result<Cave, Vec<Box<dyn Diagnostic + Send + Sync>>> {
    let boxed = |e: GameFileError| Box::new(e) as Box<dyn Diagnostic + Send + Sync>;
    let mut actions = Vec::new();
    let (width, height, size_at) = read_moves(start.program(), source, |m| actions.push(m.action))
        .map_err(|problems| problems.into_iter().map(boxed).collect::<Vec<_>>())?;
    let sized = GameFile {
        width,
        height,
        size_at,
        moves: Vec::new(),
    };
    if let Some(problem) = check_size(&sized, start.grid()) {
        return Err(vec![boxed(problem)]);
    }
    let mut cave = start;
    let mut events = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        events.clear();
        if let Err(refusal) = cave.apply_into(action, &mut events) {
            let m = nth_move(cave.program(), source, index);
            let text = source[m.at.offset()..m.at.offset() + m.at.len()].to_owned();
            return Err(vec![Box::new(VerifyError::Illegal {
                number: index + 1,
                line: m.line,
                text,
                reason: refusal.to_string(),
                at: m.at,
                help: crate::verify::legal_help(&cave),
            })]);
        }
    }
    Ok(cave)
}

/// Move `index` (0-based) of a game file already read without problems.
fn nth_move(program: &Program, source: &str, index: usize) -> Move {
    let mut found = None;
    let mut seen = 0;
    let _ = read_moves(program, source, |m| {
        if seen == index {
            found = Some(m);
        }
        seen += 1;
    });
    found.expect("the file was read without problems, with this move")
}
