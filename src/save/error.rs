//! What can be wrong with a saved game, as miette diagnostics pointing into
//! the RON file.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceSpan};
use thiserror::Error;

/// A problem with a saved game file.
#[derive(Debug, Error, Diagnostic)]
pub enum SaveError {
    /// The file could not be read.
    #[error("cannot read the saved game: {reason}")]
    #[diagnostic(code(save::unreadable), help("check the path and its permissions"))]
    Unreadable {
        /// Why.
        reason: String,
    },
    /// The path is a FIFO, socket or device, which could block or never end.
    #[error("{path} is not a regular file")]
    #[diagnostic(
        code(save::not_regular),
        help("save the game to a regular file and read that; pipes and devices are not read")
    )]
    NotRegular {
        /// The path as given.
        path: String,
    },
    /// The file is too large to be a saved game.
    #[error("the file is {size} bytes; a saved game is at most {max} bytes")]
    #[diagnostic(code(save::too_large), help("is this really a relic saved game?"))]
    TooLarge {
        /// Its size.
        size: u64,
        /// The limit.
        max: u64,
    },
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    #[diagnostic(code(save::encoding), help("saved games are UTF-8 RON text"))]
    Encoding {
        /// The first bad byte.
        #[label("not UTF-8")]
        at: SourceSpan,
    },
    /// The RON is malformed or does not have the game-record fields.
    #[error("not a saved game or replay: {message}")]
    #[diagnostic(
        code(save::syntax),
        help(
            "a game record is `(version: 3, game: \"...\", ruleset: \"...\", setup: \"...\", actions: [...])`, with `seed` and `bots` for computer players"
        )
    )]
    Syntax {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },
    /// The file was written in a format version this build does not read.
    #[error("saved-game format version {found} is not supported")]
    #[diagnostic(
        code(save::version),
        help(
            "this build of relic reads versions {} to {}; use the relic that wrote the file",
            super::OLDEST_FORMAT_VERSION,
            super::FORMAT_VERSION
        )
    )]
    Version {
        /// The version found, as written.
        found: String,
        /// Where.
        #[label("version {found}")]
        at: SourceSpan,
    },
    /// A field holds the wrong kind of value.
    #[error("`{field}` must be {expected}")]
    #[diagnostic(
        code(save::wrong_type),
        help("write {expected}, as relic does when it saves")
    )]
    Type {
        /// The field.
        field: &'static str,
        /// What it must be.
        expected: &'static str,
        /// Where.
        #[label("not {expected}")]
        at: SourceSpan,
    },
    /// The saved ruleset or setup has a problem of its own.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Embedded(Embedded),
    /// The setup does not fit the saved ruleset.
    #[error("the saved {noun} does not fit the saved ruleset: {message}")]
    #[diagnostic(
        code(save::mismatch),
        help("the file was edited, or mixes a {noun} and a ruleset that do not belong together")
    )]
    Mismatch {
        /// What the game calls its setup (Moving Maze: `board`).
        noun: &'static str,
        /// Why.
        message: String,
        /// The setup.
        #[label("this {noun}")]
        at: SourceSpan,
    },
    /// The computer players' part (`seed`, `bots`) does not fit.
    #[error("`{field}` is wrong: {message}")]
    #[diagnostic(
        code(save::bots),
        help(
            "`seed` is a number; `bots` lists one entry per seat in turn order, `None` or a bot spec such as `Some(\"greedy\")`"
        )
    )]
    Bots {
        /// The field.
        field: &'static str,
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },
    /// The file ends inside the action list.
    #[error("the file is truncated: action {} and the end of the action list are missing", after + 1)]
    #[diagnostic(
        code(save::truncated),
        help(
            "the file was cut after action {after}; close the list with `],` and `)` to keep those"
        )
    )]
    Truncated {
        /// Actions read in full.
        after: usize,
        /// The end of the file.
        #[label("the file ends here")]
        at: SourceSpan,
    },
    /// An action that is not even a RON string.
    #[error("action {number} is unreadable: {message}")]
    #[diagnostic(
        code(save::unreadable_action),
        help("each action is a string in text-mode notation, such as \"n4\" or \"done\"")
    )]
    UnreadableAction {
        /// 1-based action number.
        number: usize,
        /// The RON parser's message.
        message: String,
        /// Where.
        #[label("action {number}")]
        at: SourceSpan,
    },
    /// An action is not in the game's notation, in any position.
    #[error("action {number} (`{text}`) is not an action")]
    #[diagnostic(code(save::action))]
    Action {
        /// 1-based action number.
        number: usize,
        /// The text.
        text: String,
        /// How the game's actions are written.
        #[help]
        help: &'static str,
        /// Where.
        #[label("not an action")]
        at: SourceSpan,
    },
    /// The embedded ruleset extends another: a record must carry its whole
    /// resolved ruleset, and never makes relic open another file.
    #[error("the saved ruleset says `extends`: a record carries its resolved ruleset")]
    #[diagnostic(
        code(save::extends),
        help(
            "relic writes records with the ruleset resolved; replace this ruleset with the output of `relic rules show` for it"
        )
    )]
    Extends {
        /// The `extends` key.
        #[label("a record may not extend another ruleset")]
        at: SourceSpan,
    },
    /// The `game` field does not name the ruleset's game.
    #[error("`game` is wrong: {message}")]
    #[diagnostic(
        code(save::game),
        help("from version 3 a record names its game, the ruleset's `game` (here `{expected}`)")
    )]
    Game {
        /// What is wrong.
        message: String,
        /// The ruleset's game.
        expected: &'static str,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },
    /// More problems than are worth showing.
    #[error("{more} more problems are not shown")]
    #[diagnostic(
        code(save::more_problems),
        help("fix the problems above first; a file this damaged is probably not a game record")
    )]
    MoreProblems {
        /// How many were left out.
        more: usize,
    },
    /// What could not be checked because what it depends on has errors (the
    /// setup and the actions need the ruleset; a replay needs the setup and
    /// every action): a note beside those errors.
    #[error("{which}: {why}")]
    #[diagnostic(
        code(save::unchecked),
        severity(Advice),
        help("they are checked once the file reads; fix the problems above and read it again")
    )]
    Unchecked {
        /// What, with its verb: `the 12 actions were not replayed`.
        which: String,
        /// Why: `the saved board has errors`, `action 5 is unreadable`.
        why: String,
        /// The label: `not replayed` or `not checked`.
        label: &'static str,
        /// The first thing not checked.
        #[label("{label}")]
        at: SourceSpan,
    },
    /// Replaying an action failed: the file was tampered with.
    #[error("action {number} (`{text}`) cannot be replayed: {reason}")]
    #[diagnostic(
        code(save::illegal_action),
        help(
            "the actions no longer follow the rules; delete this action and the ones after it to resume before it"
        )
    )]
    Illegal {
        /// 1-based action number.
        number: usize,
        /// The action as written.
        text: String,
        /// The engine's reason.
        reason: String,
        /// Where.
        #[label("illegal here")]
        at: SourceSpan,
    },
}

/// A problem found in the ruleset or board text embedded in a saved game:
/// the inner diagnostic's message, help and labels, moved into the file.
#[derive(Debug)]
pub struct Embedded {
    code: &'static str,
    message: String,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
}

impl Embedded {
    /// Wraps `inner`, whose labels point into text that starts at byte
    /// `base` of the file; with no `base` (the text was escaped, so its
    /// bytes differ from the file's), one label covers `literal`.
    pub(crate) fn new(
        code: &'static str,
        what: &str,
        inner: &dyn Diagnostic,
        base: Option<usize>,
        literal: SourceSpan,
    ) -> Embedded {
        let labels: Vec<LabeledSpan> = match base {
            Some(base) => inner
                .labels()
                .into_iter()
                .flatten()
                .map(|l| LabeledSpan::new(l.label().map(str::to_owned), base + l.offset(), l.len()))
                .collect(),
            None => Vec::new(),
        };
        let labels = if labels.is_empty() {
            vec![LabeledSpan::new(
                Some(format!("in this {what}")),
                literal.offset(),
                literal.len(),
            )]
        } else {
            labels
        };
        let inner_code = inner.code().map(|c| format!(" [{c}]")).unwrap_or_default();
        Embedded {
            code,
            message: format!(
                "the saved {what}: {}{inner_code}",
                inner.to_string().trim_end()
            ),
            help: inner.help().map(|h| h.to_string()),
            labels,
        }
    }
}

impl fmt::Display for Embedded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Embedded {}

impl Diagnostic for Embedded {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}
