//! What a game starts from besides its ruleset: a setup file (a board, a
//! level, a configuration) or the game's default, and why one could not be
//! used.

use std::path::{Path, PathBuf};

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::diagnostics::FileReport;

/// The setup a game is loaded from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The game's default setup (Moving Maze: the shipped 7x7 board).
    Default,
    /// A setup file on disk.
    File(PathBuf),
    /// A setup file's text already read, and the name to report it by.
    Text {
        /// The name shown in diagnostics (usually the path).
        name: String,
        /// The file's text.
        text: String,
    },
}

impl Setup {
    /// The setup in the file at `path`.
    pub fn file(path: impl AsRef<Path>) -> Setup {
        Setup::File(path.as_ref().to_path_buf())
    }
}

/// Why a game could not be set up: every problem found in the setup, with
/// its text.
#[derive(Debug)]
pub struct SetupFailure {
    /// The problems, in file order, with the setup's text.
    pub report: FileReport,
    /// True when the setup file could not be read at all (missing, a
    /// directory, unreadable) rather than read and found faulty.
    pub unreadable: bool,
}

impl SetupFailure {
    /// Every problem rendered without colour, `width` columns wide.
    pub fn render(&self, width: usize) -> String {
        self.report.render(width)
    }
}

/// The messages a game's course prescribes for a setup file that `relic
/// play` cannot use, printed on stdout (the details go to stderr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupMessages {
    /// For a file that does not exist or cannot be read.
    pub missing: &'static str,
    /// For a file that was read and cannot be played.
    pub unusable: &'static str,
}

/// A setup that is well formed but that the ruleset cannot be played on
/// (for example more players than the game can seat).
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(
    code(setup::mismatch),
    help("use a setup that fits the ruleset, or a ruleset that fits the setup")
)]
pub struct SetupMismatch {
    /// What does not fit, in the game's words.
    pub message: String,
    /// The setup's first line, which says what the setup is.
    #[label("this setup")]
    pub at: SourceSpan,
}

impl SetupMismatch {
    /// A mismatch reported on the first line of `source`.
    pub fn new(message: impl Into<String>, source: &str) -> SetupMismatch {
        let first = source.find(['\n', '\r']).unwrap_or(source.len());
        SetupMismatch {
            message: message.into(),
            at: (0, first).into(),
        }
    }
}

/// A setup file given to a game that has none: its ruleset is the whole
/// game (the vocabulary's classic games, for example).
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("{game} takes no setup file")]
#[diagnostic(
    code(setup::none),
    help("leave out the setup file: the ruleset says everything about the game's start")
)]
pub struct NoSetupFile {
    /// The game's name.
    pub game: String,
}

impl SetupFailure {
    /// The failure of giving `setup` to a game (named `game`) that takes
    /// no setup file; `None` for [`Setup::Default`].
    ///
    /// ```
    /// use relic::games::{Setup, SetupFailure};
    /// assert!(SetupFailure::no_setup_file("Connect Four", &Setup::Default).is_none());
    /// let failure = SetupFailure::no_setup_file("Connect Four", &Setup::file("b.gbf")).unwrap();
    /// assert!(failure.render(80).contains("Connect Four takes no setup file"));
    /// ```
    pub fn no_setup_file(game: &str, setup: &Setup) -> Option<SetupFailure> {
        let path = match setup {
            Setup::Default => return None,
            Setup::File(path) => path.display().to_string(),
            Setup::Text { name, .. } => name.clone(),
        };
        let problem = NoSetupFile {
            game: game.to_owned(),
        };
        Some(SetupFailure {
            report: FileReport {
                path,
                source: String::new(),
                problems: vec![Box::new(problem)],
            },
            unreadable: false,
        })
    }
}
