//! `relic verify`: a list of actions in a game's notation, played from a
//! setup, for any game. Either every action is legal and the final
//! position is shown, or the first action that is not is named: its
//! number, its line and the game's reason, pointing into the file.
//!
//! A moves file is text in the game's notation, cut into actions as text
//! mode cuts its input ([`TextView::input_unit`]): white-space separated
//! tokens (one line may hold several) or whole lines. A line whose first
//! non-blank character is `#` is a comment.
//!
//! ```
//! # use relic::contract::*;
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! # struct Count(u8);
//! # #[derive(Debug, Clone, thiserror::Error)] #[error("too far")] struct No;
//! # impl Game for Count {
//! #   type Action = u8; type Event = (); type Refusal = No;
//! #   fn seat_count(&self) -> usize { 1 }
//! #   fn seat_name(&self, _: Seat) -> String { "one".into() }
//! #   fn status(&self) -> Status { Status::ToMove(0) }
//! #   fn turn(&self) -> u32 { self.0.into() }
//! #   fn legal_actions_into(&self, out: &mut Vec<u8>) { out.extend([1, 2]) }
//! #   fn apply_into(&mut self, a: &u8, _: &mut Vec<()>) -> Result<(), No> {
//! #     if !(1..=2).contains(a) { return Err(No) } self.0 += a; Ok(()) }
//! #   fn parse_action(&self, t: &str) -> Result<u8, NotationError> { t.parse().map_err(|_| NotationError::new("not a number")) }
//! #   fn write_action(&self, a: &u8) -> String { a.to_string() }
//! # }
//! use relic::contract::InputUnit;
//! use relic::verify::{VerifyError, play_moves};
//! let end = play_moves(Count(0), "1 2\n# a comment\n2", InputUnit::Tokens).unwrap();
//! assert_eq!(end, Count(5));
//! let error = play_moves(Count(0), "1\n2 7", InputUnit::Tokens).unwrap_err();
//! assert_eq!(error.to_string(), "action 3 (`7`), on line 2, is illegal: too far");
//! ```

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::contract::{Game, InputUnit, Outcome, Status};

/// Why a list of actions does not play.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum VerifyError {
    /// An action is not written in the game's notation.
    #[error("action {number} (`{text}`), on line {line}, is not an action: {reason}")]
    #[diagnostic(
        code(verify::notation),
        help("write each action in the game's notation, as text mode reads it")
    )]
    Notation {
        /// 1-based action number.
        number: usize,
        /// 1-based line.
        line: usize,
        /// The action as written.
        text: String,
        /// The game's reason.
        reason: String,
        /// Where.
        #[label("not an action")]
        at: SourceSpan,
    },
    /// An action is illegal where it is played.
    #[error("action {number} (`{text}`), on line {line}, is illegal: {reason}")]
    #[diagnostic(code(verify::illegal), help("{help}"))]
    Illegal {
        /// 1-based action number.
        number: usize,
        /// 1-based line.
        line: usize,
        /// The action as written.
        text: String,
        /// The game's reason.
        reason: String,
        /// Where.
        #[label("illegal here")]
        at: SourceSpan,
        /// What was legal there.
        help: String,
    },
}

/// The help of [`VerifyError::Illegal`] where `game` refused an action:
/// the first few legal actions there, in the game's notation.
///
/// ```
/// let program = relic::vocab::builtin_vocab("tic-tac-toe").unwrap().unwrap();
/// let game = relic::vocab::VocabGame::new(program);
/// assert!(relic::verify::legal_help(&game).ends_with("legal there: a1, b1, c1, a2, b2, c2, a3, b3 and 1 more"));
/// ```
pub fn legal_help<G: Game>(game: &G) -> String {
    let legal = game.legal_actions();
    let named: Vec<String> = (legal.iter().take(crate::prose::FEW))
        .map(|a| game.write_action(a))
        .collect();
    let listed = match legal.len() {
        0 => "none".to_owned(),
        n => crate::prose::first_few(&named, n),
    };
    format!(
        "the actions before it are legal; `relic verify` stops at the first illegal one; legal there: {listed}"
    )
}

/// The most characters of an action quoted in a [`VerifyError`]'s message.
const MAX_QUOTED: usize = 40;

/// An action as a [`VerifyError`] quotes it: as written, or its first
/// [`MAX_QUOTED`] characters and `…` when it is longer (a 10 MB line makes
/// a one-line message; the excerpt below it points at the whole action).
///
/// ```
/// use relic::verify::shown_action;
/// assert_eq!(shown_action("1 1 1"), "1 1 1");
/// assert_eq!(shown_action(&"7".repeat(1000)), format!("{}…", "7".repeat(40)));
/// ```
pub fn shown_action(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// One action as written in a moves file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written<'a> {
    /// The text of the action.
    pub text: &'a str,
    /// Its first byte in the file.
    pub offset: usize,
    /// Its 1-based line.
    pub line: usize,
}

/// Cuts `source` into actions: tokens or lines, skipping `#` comment lines.
///
/// ```
/// use relic::contract::InputUnit;
/// use relic::verify::split_moves;
/// let texts = |unit| split_moves("a1 b2\n  # comment\nuse key\n", unit)
///     .into_iter().map(|w| w.text).collect::<Vec<_>>();
/// assert_eq!(texts(InputUnit::Tokens), ["a1", "b2", "use", "key"]);
/// assert_eq!(texts(InputUnit::Lines), ["a1 b2", "use key"]);
/// ```
pub fn split_moves<'a>(source: &'a str, unit: InputUnit) -> Vec<Written<'a>> {
    let mut moves = Vec::new();
    let mut offset = 0;
    for (index, line) in source.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        if body.trim_start().starts_with('#') {
            continue;
        }
        let mut push = |text: &'a str| {
            let at = start + (text.as_ptr() as usize - line.as_ptr() as usize);
            moves.push(Written {
                text,
                offset: at,
                line: index + 1,
            });
        };
        match unit {
            InputUnit::Tokens => body.split_ascii_whitespace().for_each(&mut push),
            InputUnit::Lines if body.trim().is_empty() => {}
            InputUnit::Lines => push(body.trim()),
            InputUnit::ExactLines => push(body),
        }
    }
    moves
}

/// [`split_moves`], with words of one line read as one action while
/// `joins` says the words so far and the next are one action typed with
/// its parts apart (`a2 a4`, see [`Game::joins_next`]), as text mode
/// reads them.
///
/// ```
/// use relic::contract::InputUnit;
/// use relic::verify::split_joined;
/// let joins = |w: &str, _: &str| w == "a2" || w.starts_with("c3");
/// let texts = split_joined("a2 a4 b7\nb6\nc3 c5 e7\n", InputUnit::Tokens, joins)
///     .into_iter().map(|w| w.text).collect::<Vec<_>>();
/// assert_eq!(texts, ["a2 a4", "b7", "b6", "c3 c5 e7"]);
/// ```
pub fn split_joined<'a>(
    source: &'a str,
    unit: InputUnit,
    joins: impl Fn(&str, &str) -> bool,
) -> Vec<Written<'a>> {
    let mut words = split_moves(source, unit).into_iter().peekable();
    std::iter::from_fn(|| next_joined(source, &mut words, unit, &joins)).collect()
}

/// The next action written at the head of `words`: a word, and the words
/// after it on its line while `joins` joins them (at most
/// [`MAX_JOINED`](crate::text::MAX_JOINED) words).
fn next_joined<'a>(
    source: &'a str,
    words: &mut std::iter::Peekable<std::vec::IntoIter<Written<'a>>>,
    unit: InputUnit,
    joins: impl Fn(&str, &str) -> bool,
) -> Option<Written<'a>> {
    let mut action = words.next()?;
    for _ in 1..crate::text::MAX_JOINED {
        let same_line = |next: &Written| next.line == action.line;
        let next = words.peek().filter(|next| same_line(next));
        match next {
            Some(next) if unit == InputUnit::Tokens && joins(action.text, next.text) => {
                action.text = &source[action.offset..next.offset + next.text.len()];
                words.next();
            }
            _ => break,
        }
    }
    Some(action)
}

/// Plays the actions written in `source` from `start`: the final position,
/// or the first action that is not in the notation or not legal.
pub fn play_moves<G: Game>(mut start: G, source: &str, unit: InputUnit) -> Result<G, VerifyError> {
    let mut events = Vec::new();
    let mut words = split_moves(source, unit).into_iter().peekable();
    let mut index = 0;
    while let Some(written) = next_joined(source, &mut words, unit, |w, n| start.joins_next(w, n)) {
        let at = SourceSpan::new(written.offset.into(), written.text.len());
        index += 1;
        let (number, line, text) = (index, written.line, shown_action(written.text));
        let action = start
            .parse_action(written.text)
            .map_err(|error| VerifyError::Notation {
                number,
                line,
                text: text.clone(),
                reason: error.message,
                at,
            })?;
        events.clear();
        start
            .apply_into(&action, &mut events)
            .map_err(|refusal| VerifyError::Illegal {
                number,
                line,
                text,
                reason: refusal.to_string(),
                at,
                help: legal_help(&start),
            })?;
    }
    Ok(start)
}

/// Whether the game of position `game` is over, and how: who won or lost,
/// a draw, a resignation; or whose turn it is.
///
/// ```
/// let program = relic::vocab::builtin_vocab("tic-tac-toe").unwrap().unwrap();
/// let game = relic::vocab::VocabGame::new(program);
/// assert_eq!(relic::verify::status_line(&game), "The game is not over: X to move.");
/// ```
pub fn status_line<G: Game>(game: &G) -> String {
    let name = |seat| game.seat_name(seat);
    match game.status() {
        Status::ToMove(seat) => format!("The game is not over: {} to move.", name(seat)),
        Status::Over(Outcome::Won(seat)) => format!("The game is over: {} has won.", name(seat)),
        Status::Over(Outcome::Lost(seat)) => format!("The game is over: {} has lost.", name(seat)),
        Status::Over(Outcome::Quit(seat)) => format!("The game is over: {} has quit.", name(seat)),
        Status::Over(Outcome::Draw) => "The game is over: it is a draw.".to_owned(),
        Status::Over(Outcome::Stopped) => {
            "The game is over, without a result: play can go no further.".to_owned()
        }
    }
}
