//! The problems of a position file, each with a stable code
//! (`position::...`), a label on the bytes at fault and a help line. A
//! board row that does not read is reported as the ruleset's own
//! `[board] setup` rows are (`core::setup::row`, `core::name::unknown`).

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem of a position file read against a core ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum PositionError {
    /// A setup file that cannot be read.
    #[error("cannot read the setup {path}: {reason}")]
    #[diagnostic(
        code(position::unreadable),
        help("name a text file holding one FEN position or a position file (`board = [...]`)")
    )]
    Unreadable {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },

    /// Text that is not TOML.
    #[error("this position file is not TOML: {message}")]
    #[diagnostic(
        code(position::syntax),
        help(
            "a position file is TOML: `board = [\"...\", ...]`, `to_move = \"PLAYER\"`, `turn = N` and a `[variables]` table, each optional"
        )
    )]
    Syntax {
        /// What the TOML reader said.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A key a position file does not have.
    #[error("`{key}` is not a key of a position file")]
    #[diagnostic(code(position::key), help("{help}"))]
    Key {
        /// The key.
        key: String,
        /// The keys there are, and the nearest.
        help: String,
        /// Where.
        #[label("unknown key")]
        span: SourceSpan,
    },

    /// A value of the wrong type.
    #[error("`{key}` must be {expected}, not {found}")]
    #[diagnostic(code(position::wrong_type), help("{help}"))]
    Type {
        /// The key.
        key: String,
        /// What it must be.
        expected: &'static str,
        /// What it is.
        found: &'static str,
        /// An example.
        help: String,
        /// Where.
        #[label("{found}")]
        span: SourceSpan,
    },

    /// A name that is no player of the game.
    #[error("`{name}` is not a player of {game}")]
    #[diagnostic(code(position::player), help("{help}"))]
    Player {
        /// The name.
        name: String,
        /// The game's name.
        game: String,
        /// The players, and the nearest.
        help: String,
        /// Where.
        #[label("no such player")]
        span: SourceSpan,
    },

    /// A name that is no variable of the game.
    #[error("`{name}` is not a variable of {game}")]
    #[diagnostic(code(position::variable), help("{help}"))]
    Variable {
        /// The name.
        name: String,
        /// The game's name.
        game: String,
        /// The variables, and the nearest.
        help: String,
        /// Where.
        #[label("no such variable")]
        span: SourceSpan,
    },

    /// A number outside what its variable or key allows.
    #[error("`{what}` is {value}, but must be {min} to {max}")]
    #[diagnostic(code(position::value), help("{help}"))]
    Value {
        /// The variable or key (`captures.white` for one player's copy).
        what: String,
        /// The value as written.
        value: String,
        /// Its least value.
        min: i64,
        /// Its greatest value.
        max: i64,
        /// What the number means.
        help: String,
        /// Where.
        #[label("out of range")]
        span: SourceSpan,
    },
}
