//! An action of a core game: the parts its path marked, in order (cells,
//! or literal words of `mark(word)`), written joined by the ruleset's
//! separator (`e2-e4`, `d3`, `a3-c5-e7`, `d1-d7-g7`, `pass`).

use super::program::Program;

/// The most parts (marks) one action has.
pub const MAX_PARTS: usize = 24;
/// The flag of a part that is a literal word (the rest is its index).
pub const WORD: u16 = 0x8000;
/// The length that means resignation.
const QUIT: u8 = u8::MAX;

/// An action: its marked parts, or resignation (`quit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Action {
    len: u8,
    parts: [u16; MAX_PARTS],
}

impl Action {
    /// The action with these parts (at most [`MAX_PARTS`]).
    pub fn of(parts: &[u16]) -> Action {
        let len = parts.len().min(MAX_PARTS);
        let mut action = Action {
            len: len as u8,
            parts: [0; MAX_PARTS],
        };
        action.parts[..len].copy_from_slice(&parts[..len]);
        action
    }

    /// Resigning.
    pub fn quit() -> Action {
        Action {
            len: QUIT,
            parts: [0; MAX_PARTS],
        }
    }

    /// Whether this is resigning.
    pub fn is_quit(&self) -> bool {
        self.len == QUIT
    }

    /// Its parts (none for resigning).
    pub fn parts(&self) -> &[u16] {
        match self.is_quit() {
            true => &[],
            false => &self.parts[..usize::from(self.len)],
        }
    }

    /// The cells among its parts, in order.
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        self.parts().iter().copied().filter(|p| p & WORD == 0)
    }

    /// Its text in `program`'s notation.
    pub fn write(&self, program: &Program) -> String {
        if self.is_quit() {
            return "quit".to_owned();
        }
        let words: Vec<&str> = (self.parts().iter())
            .map(|&part| part_text(program, part))
            .collect();
        match words.is_empty() {
            true => "-".to_owned(),
            false => words.join(&program.separator),
        }
    }

    /// Reads `text` as parts of `program`'s notation (every way of
    /// cutting it, the first that reads), or `None`. Parts may also be
    /// written apart by spaces, as a player may type them (`k3 k5` for
    /// `k3-k5`, `e2 e4` for chess's `e2e4`).
    pub fn read(program: &Program, text: &str) -> Option<Action> {
        if text == "quit" {
            return Some(Action::quit());
        }
        if text == "-" {
            return Some(Action::default());
        }
        let mut parts = Vec::new();
        if !read_parts(program, text, &mut parts) {
            parts.clear();
            let mut words = text.split_whitespace();
            let apart = words.clone().nth(1).is_some()
                && words.all(|word| read_parts(program, word, &mut parts));
            apart.then_some(())?;
        }
        (parts.len() <= MAX_PARTS).then(|| Action::of(&parts))
    }
}

/// Appends the parts of `text` (joined by the separator) to `parts`:
/// whether it reads.
fn read_parts(program: &Program, text: &str, parts: &mut Vec<u16>) -> bool {
    match program.separator.as_str() {
        "" => cut(program, text, parts),
        sep => {
            (text.split(sep)).all(|word| part_of(program, word).map(|p| parts.push(p)).is_some())
        }
    }
}

/// Why `text` does not read as an action, where one of its parts (cut at
/// the separator) is neither a cell nor a word of the game: that part and
/// the game's words. `None` when every part is one, or there is no
/// separator to cut at.
///
/// ```
/// use relic::lang::{action::unknown_part, builtin_core};
/// let checkers = builtin_core("checkers").unwrap().unwrap();
/// assert!(unknown_part(&checkers, "c3-z9").unwrap().starts_with("`z9` is neither a cell"));
/// assert_eq!(unknown_part(&checkers, "c3-d4"), None);
/// ```
pub fn unknown_part(program: &Program, text: &str) -> Option<String> {
    let sep = program.separator.as_str();
    if sep.is_empty() {
        return None;
    }
    let part = text.split(sep).find(|w| part_of(program, w).is_none())?;
    let words = match program.words.len() {
        0 => "it has no words, only cells".to_owned(),
        _ => {
            let few = program.words.iter().take(crate::prose::FEW);
            let words: Vec<String> = few.map(|w| format!("`{w}`")).collect();
            let all = program.words.len();
            format!("its words are {}", crate::prose::first_few(&words, all))
        }
    };
    Some(format!(
        "`{part}` is neither a cell nor a word of this game ({words})"
    ))
}

fn part_text(program: &Program, part: u16) -> &str {
    match part & WORD {
        0 => &program.board.names[usize::from(part)],
        _ => &program.words[usize::from(part & !WORD)],
    }
}

fn part_of(program: &Program, word: &str) -> Option<u16> {
    if let Some(cell) = program.board.cell(word) {
        return Some(cell);
    }
    let w = program.words.iter().position(|w| w == word)?;
    Some(WORD | w as u16)
}

/// Cuts `text` into cell names and words with no separator between them.
fn cut(program: &Program, text: &str, parts: &mut Vec<u16>) -> bool {
    if text.is_empty() {
        return true;
    }
    if parts.len() >= MAX_PARTS {
        return false;
    }
    for end in (1..=text.len()).rev() {
        let Some(head) = text.get(..end) else {
            continue;
        };
        if let Some(part) = part_of(program, head) {
            parts.push(part);
            if cut(program, &text[end..], parts) {
                return true;
            }
            parts.pop();
        }
    }
    false
}

/// How a ruleset's `separator` joins the parts of an action, in words.
///
/// ```
/// use relic::lang::joined_by;
/// assert_eq!(joined_by("-"), "joined by `-`");
/// assert_eq!(joined_by(""), "written one after another with nothing between");
/// ```
pub fn joined_by(separator: &str) -> String {
    match separator {
        "" => "written one after another with nothing between".to_owned(),
        _ => format!("joined by `{separator}`"),
    }
}
