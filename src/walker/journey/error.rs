//! The problems the semantic check of a level-walking ruleset finds, each
//! with a stable code (`walker::...`), a label on the bytes at fault and a
//! help line. Schema problems are the shared [`crate::config::RulesetError`]s.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem across the tables of a level-walking ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum JourneyError {
    /// A name that no table defines.
    #[error("{what} `{name}` is not defined")]
    #[diagnostic(code(walker::name::unknown), help("{help}"))]
    UnknownName {
        /// What kind of name (`stat`, `cell`, `item`).
        what: &'static str,
        /// The name.
        name: String,
        /// Where.
        #[label("no such {what}")]
        span: SourceSpan,
        /// A suggestion and the names defined.
        help: String,
    },

    /// A stat whose start is outside its bounds.
    #[error("stat `{name}` needs min <= start <= max")]
    #[diagnostic(
        code(walker::stat::bounds),
        help("the start value must lie within the bounds")
    )]
    StatBounds {
        /// The stat.
        name: String,
        /// Its table.
        #[label("here")]
        span: SourceSpan,
    },

    /// Two things drawn or read with the same character.
    #[error("`{glyph}` is the character of both {first} and {second}")]
    #[diagnostic(
        code(walker::glyph::clash),
        help("give every cell kind, item and the start mark its own character")
    )]
    GlyphClash {
        /// The character.
        glyph: char,
        /// The first user.
        first: String,
        /// The second user.
        second: String,
        /// The second use.
        #[label("used again")]
        span: SourceSpan,
    },

    /// A change or a bound that needs exactly one of two keys.
    #[error("{what} needs exactly one of `{one}` and `{other}`")]
    #[diagnostic(code(walker::one_of), help("write one of the two keys"))]
    OneOf {
        /// What (`change`, `lose bound`).
        what: &'static str,
        /// One key.
        one: &'static str,
        /// The other.
        other: &'static str,
        /// The table.
        #[label("here")]
        span: SourceSpan,
    },

    /// A change's condition that is neither `none-left ITEM` nor `held ITEM`.
    #[error("`{when}` is not a condition")]
    #[diagnostic(
        code(walker::change::condition),
        help("write `none-left ITEM` (no such item left on the level) or `held ITEM`")
    )]
    Condition {
        /// The condition as written.
        when: String,
        /// Where.
        #[label("not a condition")]
        span: SourceSpan,
    },

    /// More of something than the engine holds.
    #[error("at most {max} {what}")]
    #[diagnostic(code(walker::too_many), help("remove some"))]
    TooMany {
        /// What.
        what: &'static str,
        /// The limit.
        max: usize,
        /// The table.
        #[label("too many")]
        span: SourceSpan,
    },

    /// A cell kind with no way to be drawn.
    #[error("cell `{name}` has neither `glyph` nor `drawn`")]
    #[diagnostic(
        code(walker::cell::drawn),
        help("say how the cell is drawn: `drawn = \" \"`")
    )]
    NotDrawn {
        /// The cell kind.
        name: String,
        /// Its table.
        #[label("here")]
        span: SourceSpan,
    },
}
