//! A game's own plain text program: what `relic play` runs instead of the
//! generic session when a game's course prescribes an exact text of its
//! own (Stacked Tic-Tac-Toe's instruction files, Maze Runner's level-file
//! prompt) and nothing else is asked for. The game offers it through
//! [`super::Registered::exact_text`]; the command line names no game.

use std::io::{self, BufRead, Write};

/// Where an exact text program reads and writes.
pub struct ExactIo<'a> {
    /// The positional argument that is not a mode word (a file name), if
    /// one was given.
    pub file: Option<&'a str>,
    /// The player's input (standard input in `relic play`).
    pub input: &'a mut dyn BufRead,
    /// The game's text (standard output in `relic play`).
    pub out: &'a mut dyn Write,
    /// Help for people, apart from the exact text (standard error in
    /// `relic play`); `None` to leave it out.
    pub notes: Option<Box<dyn Write>>,
}

/// How an exact text program ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExactEnd {
    /// The game was played (to its end or to the end of the input).
    Played,
    /// The file named could not be read: `what` it is, its `path` and why.
    Unreadable {
        /// What the file is, in words (`instructions`).
        what: &'static str,
        /// The path as given.
        path: String,
        /// Why it could not be read.
        reason: String,
    },
    /// The file could not be used; the program has said why on standard
    /// error (exit status 1).
    Refused,
}

/// A game's own plain text program, ready to run once.
///
/// ```
/// use relic::games::{ExactEnd, ExactIo, builtin_game_rules};
/// let rules = builtin_game_rules("stacked-tic-tac-toe").unwrap().unwrap();
/// let program = rules.exact_text().expect("the course's instruction files");
/// let (mut input, mut out) = (&b"1 1 1\n"[..], Vec::new());
/// let io = ExactIo { file: None, input: &mut input, out: &mut out, notes: None };
/// assert_eq!(program.play(io).unwrap(), ExactEnd::Played);
/// assert!(String::from_utf8(out).unwrap().contains("r1 B1|__|__|__|"));
/// ```
pub trait ExactText {
    /// Plays the game from `io`; an error only when reading or writing
    /// the player's streams failed.
    fn play(self: Box<Self>, io: ExactIo<'_>) -> io::Result<ExactEnd>;
}
