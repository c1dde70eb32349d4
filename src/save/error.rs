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
    /// The RON is malformed or does not have the saved-game fields.
    #[error("not a saved game: {message}")]
    #[diagnostic(
        code(save::syntax),
        help("a saved game is `(version: 1, ruleset: \"...\", board: \"...\", actions: [...])`")
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
            "this build of relic reads version {}; use the relic that wrote the file",
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
    /// The saved ruleset or board has a problem of its own.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Embedded(Embedded),
    /// The board does not fit the saved ruleset.
    #[error("the saved board does not fit the saved ruleset: {message}")]
    #[diagnostic(
        code(save::mismatch),
        help("the file was edited, or mixes a board and a ruleset that do not belong together")
    )]
    Mismatch {
        /// Why.
        message: String,
        /// The board.
        #[label("this board")]
        at: SourceSpan,
    },
    /// An action is not written in the text-mode notation.
    #[error("`{text}` is not an action")]
    #[diagnostic(
        code(save::action),
        help("actions are written as in text mode: `r`, `l`, `n4`, `n`, `3,1`, `done`")
    )]
    Action {
        /// The text.
        text: String,
        /// Where.
        #[label("not an action")]
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
