//! Level files: a sequence of mazes, each headed `Maze N - R C` (number,
//! rows, columns) and followed by its rows, one character per cell.
//!
//! Reading happens in two stages: the pest grammar (`grammar/levels.pest`)
//! splits a file into headers and trimmed rows, each spanned; the checker
//! turns them into a [`LevelFile`] or reports every problem at once, each a
//! [`LevelError`] with a stable code and a label on the exact bytes. What a
//! cell character means is the ruleset's business: the checker only needs
//! the start mark and the cells every level must hold ([`LevelSyntax`]).
//!
//! ```
//! use relic::games::maze_runner::levels::{parse_levels, LevelSyntax};
//! let syntax = LevelSyntax {
//!     start: 'P',
//!     required: vec![("door".into(), 'D')],
//!     known: "# DP".chars().collect(),
//! };
//! let text = "My game\nMaze 1 - 3 3\n###\nP D\n###\n";
//! let (file, warnings) = parse_levels(text, &syntax).unwrap();
//! assert!(warnings.is_empty());
//! assert_eq!(file.levels[0].start, (1, 0));
//! assert_eq!(file.levels[0].cell(1, 2), 'D');
//! ```

mod check;
mod error;
mod grammar;

use std::path::Path;

pub use error::LevelError;

use crate::diagnostics::{FileReport, Span};

/// The longest side of a level, in cells.
pub const MAX_SIDE: usize = 256;

/// The largest level file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// What the rules say about level files: the start mark, and the cells
/// (kind name, character) every level must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSyntax {
    /// The character marking where the player starts (`P`).
    pub start: char,
    /// Cells each level needs, by kind name and character (the door); a
    /// level without one cannot be completed, which is warned about.
    pub required: Vec<(String, char)>,
    /// Every character the rules give a meaning (cells, items, the start
    /// mark); any other is read as floor, with a warning. Empty: no check.
    pub known: Vec<char>,
}

/// One checked level: its size, its characters row by row (as written, the
/// start mark included) and where the player starts (the last mark).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub columns: usize,
    /// The characters, `rows * columns` of them, row by row.
    pub cells: Vec<char>,
    /// The start: (row, column).
    pub start: (usize, usize),
}

impl Grid {
    /// The character at (`row`, `column`).
    pub fn cell(&self, row: usize, column: usize) -> char {
        self.cells[row * self.columns + column]
    }
}

/// A checked level file: its levels in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LevelFile {
    /// The levels, first first.
    pub levels: Vec<Grid>,
}

/// Parses and checks level-file text; on success also returns the
/// warnings (several starts).
pub fn parse_levels(
    source: &str,
    syntax: &LevelSyntax,
) -> Result<(LevelFile, Vec<LevelError>), Vec<LevelError>> {
    check::check_source(source, syntax)
}

/// A level file that could not be used: its report (every problem) and
/// whether it could not be read at all.
#[derive(Debug)]
pub struct LevelFileFailure {
    /// The problems, ready to render.
    pub report: FileReport,
    /// Whether the file could not be read.
    pub unreadable: bool,
}

/// Reads and checks the level file at `path`; on success also returns the
/// report of its warnings (empty when there are none).
pub fn read_level_file(
    path: &Path,
    syntax: &LevelSyntax,
) -> Result<(LevelFile, FileReport), LevelFileFailure> {
    let name = path.display().to_string();
    let report = |source: String, problems: Vec<LevelError>| FileReport {
        path: name.clone(),
        source,
        problems: problems
            .into_iter()
            .map(|p| Box::new(p) as Box<dyn miette::Diagnostic + Send + Sync>)
            .collect(),
    };
    let bytes = crate::files::read_regular(path, MAX_FILE_BYTES).map_err(|failure| {
        let error = LevelError::Unreadable {
            path: name.clone(),
            reason: failure.reason(),
        };
        LevelFileFailure {
            report: report(String::new(), vec![error]),
            unreadable: true,
        }
    })?;
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let byte = format!("{:#04x}", error.as_bytes()[at]);
            let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let lossy_at = String::from_utf8_lossy(&error.as_bytes()[..at]).len();
            let span = Span::new(lossy_at, lossy_at + 1).to_source_span(source.len());
            let problem = LevelError::Encoding { byte, span };
            return Err(LevelFileFailure {
                report: report(source, vec![problem]),
                unreadable: false,
            });
        }
    };
    check_level_text(&name, source, syntax)
}

/// Checks level-file text shown as `name`; on success also returns the
/// report of its warnings.
pub fn check_level_text(
    name: &str,
    source: String,
    syntax: &LevelSyntax,
) -> Result<(LevelFile, FileReport), LevelFileFailure> {
    let report = |source: String, problems: Vec<LevelError>| FileReport {
        path: name.to_owned(),
        source,
        problems: problems
            .into_iter()
            .map(|p| Box::new(p) as Box<dyn miette::Diagnostic + Send + Sync>)
            .collect(),
    };
    match parse_levels(&source, syntax) {
        Ok((file, warnings)) => Ok((file, report(source, warnings))),
        Err(problems) => Err(LevelFileFailure {
            report: report(source, problems),
            unreadable: false,
        }),
    }
}

/// The failure of starting a game that needs a level file without one.
pub fn no_level_file(game: &str) -> LevelFileFailure {
    let problem = LevelError::NoFile {
        game: game.to_owned(),
    };
    LevelFileFailure {
        report: FileReport {
            path: game.to_owned(),
            source: String::new(),
            problems: vec![Box::new(problem)],
        },
        unreadable: true,
    }
}
