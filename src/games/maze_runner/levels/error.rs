//! Every problem a level file can have, each with a stable code, a label on
//! the bytes at fault and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem found while reading or checking a level file.
#[derive(Clone, Debug, Error, Diagnostic)]
pub enum LevelError {
    /// The file could not be read (missing, a directory, a device, too large).
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(
        code(levels::io::unreadable),
        help(
            "name a level file (mazes each headed `Maze N - ROWS COLUMNS`, then their rows); `relic play --ruleset maze-runner` with an empty answer to its file prompt plays the built-in levels"
        )
    )]
    Unreadable {
        /// The path as given.
        path: String,
        /// Why.
        reason: String,
    },

    /// A game that needs a level file was started without one.
    #[error("{game} needs a level file")]
    #[diagnostic(
        code(levels::file::missing),
        help(
            "name the level file: `relic play LEVELS.txt --ruleset maze-runner`; in text play, an empty answer to the file prompt plays the built-in levels"
        )
    )]
    NoFile {
        /// The game's name.
        game: String,
    },

    /// A byte that is not UTF-8.
    #[error("byte {byte} is not UTF-8 text")]
    #[diagnostic(
        code(levels::file::encoding),
        help("save the level file as plain ASCII or UTF-8 text")
    )]
    Encoding {
        /// The byte's value, for example `0xff`.
        byte: String,
        /// Where.
        #[label("not UTF-8")]
        span: SourceSpan,
    },

    /// The grammar failed (it accepts any text, so this is a bug).
    #[error("cannot parse the level file: {message}")]
    #[diagnostic(code(levels::syntax), help("please report this file"))]
    Syntax {
        /// pest's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// No line starts a level.
    #[error("the file holds no level")]
    #[diagnostic(
        code(levels::none),
        help("start each level with a header line `Maze N - R C` (number, rows, columns)")
    )]
    NoLevel,

    /// A header line that is not `Maze N - R C`.
    #[error("a level header reads `Maze N - R C`")]
    #[diagnostic(
        code(levels::header::malformed),
        help("write the level's number, a hyphen, then its rows and columns: `Maze 1 - 5 5`")
    )]
    Header {
        /// The header line.
        #[label("not `Maze N - R C`")]
        span: SourceSpan,
    },

    /// A level of no rows or columns, or too large.
    #[error("a level has 1 to {max} rows and columns, not {rows} x {columns}")]
    #[diagnostic(
        code(levels::header::size),
        help("give the level's real size in the header")
    )]
    Size {
        /// Rows as written.
        rows: usize,
        /// Columns as written.
        columns: usize,
        /// The largest side.
        max: usize,
        /// The size's fields.
        #[label("size out of range")]
        span: SourceSpan,
    },

    /// Fewer rows than the header says.
    #[error("level {level} has {found} rows, its header says {expected}")]
    #[diagnostic(
        code(levels::rows::too_few),
        help("add the missing rows, or correct the header's row count")
    )]
    TooFewRows {
        /// The level's number in the file (from 1).
        level: usize,
        /// Rows in the header.
        expected: usize,
        /// Rows found.
        found: usize,
        /// The header.
        #[label("says {expected} rows")]
        span: SourceSpan,
    },

    /// More rows than the header says.
    #[error("level {level} has more than the {expected} rows its header says")]
    #[diagnostic(
        code(levels::rows::too_many),
        help("remove the extra rows, or correct the header's row count")
    )]
    TooManyRows {
        /// The level's number in the file (from 1).
        level: usize,
        /// Rows in the header.
        expected: usize,
        /// The first extra row.
        #[label("row {} of {expected}", expected + 1)]
        span: SourceSpan,
    },

    /// A row of the wrong width.
    #[error("a row of level {level} is {found} wide, its header says {expected} columns")]
    #[diagnostic(
        code(levels::row::width),
        help(
            "rows are trimmed of surrounding blanks, so a row may not start or end with a floor cell written as a blank"
        )
    )]
    RowWidth {
        /// The level's number in the file (from 1).
        level: usize,
        /// Columns in the header.
        expected: usize,
        /// Cells in the row.
        found: usize,
        /// The row.
        #[label("{found} wide")]
        span: SourceSpan,
    },

    /// A level without the start mark.
    #[error("level {level} has no start `{glyph}`")]
    #[diagnostic(
        code(levels::start::missing),
        help("mark where the player starts with `{glyph}`")
    )]
    NoStart {
        /// The level's number in the file (from 1).
        level: usize,
        /// The start mark.
        glyph: char,
        /// The header.
        #[label("this level")]
        span: SourceSpan,
    },

    /// A start mark before the last one of its level (a warning: the last
    /// one counts).
    #[error("level {level} has several starts `{glyph}`; the last one counts")]
    #[diagnostic(
        code(levels::start::several),
        severity(Warning),
        help("keep one start; the others are read as floor")
    )]
    SeveralStarts {
        /// The level's number in the file (from 1).
        level: usize,
        /// The start mark.
        glyph: char,
        /// The earlier start.
        #[label("ignored")]
        span: SourceSpan,
    },

    /// A level without a cell the rules require (a door): a warning, as
    /// the course's program plays such a level (it cannot be completed,
    /// and is lost in the end).
    #[error("level {level} has no {kind} `{glyph}`: it cannot be completed")]
    #[diagnostic(
        code(levels::cell::missing),
        severity(Warning),
        help(
            "add a {kind} `{glyph}` on the level's edge; without one the level plays but can only be lost"
        )
    )]
    Missing {
        /// The level's number in the file (from 1).
        level: usize,
        /// The cell kind's name.
        kind: String,
        /// Its character.
        glyph: char,
        /// The header.
        #[label("this level")]
        span: SourceSpan,
    },

    /// A character no cell or item of the rules uses (a warning: it is
    /// read as floor, as the course's program reads it).
    #[error(
        "level {level}: `{glyph}` is no cell's or item's character; it is read as floor ({count} in this level)"
    )]
    #[diagnostic(code(levels::cell::unknown), severity(Warning), help("{known}"))]
    UnknownCell {
        /// The level's number in the file (from 1).
        level: usize,
        /// The character, as written (`{:?}` of a control character).
        glyph: String,
        /// How many times it is in the level.
        count: usize,
        /// The characters the rules know, in words.
        known: String,
        /// Its first place.
        #[label("read as floor")]
        span: SourceSpan,
    },
}

impl LevelError {
    /// Whether this is a warning (the file can still be played).
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            LevelError::SeveralStarts { .. }
                | LevelError::Missing { .. }
                | LevelError::UnknownCell { .. }
        )
    }
}
