//! Every problem a ruleset file can have, each with a stable code, a label
//! on the bytes at fault and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem found while loading or checking a ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum RulesetError {
    /// The file could not be read.
    #[error("cannot read ruleset {path}: {reason}")]
    #[diagnostic(code(rules::io::unreadable), help("{help}"))]
    Unreadable {
        /// The path as given.
        path: String,
        /// What went wrong.
        reason: String,
        /// How to fix it.
        help: String,
    },

    /// The text is not valid TOML.
    #[error("invalid TOML: {message}")]
    #[diagnostic(
        code(rules::toml::syntax),
        help("see https://toml.io for the TOML syntax")
    )]
    Syntax {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A key the schema does not have.
    #[error("unknown key `{key}` in {table}")]
    #[diagnostic(code(rules::key::unknown), help("{help}"))]
    UnknownKey {
        /// The key.
        key: String,
        /// The table it is in, for example `[board]`.
        table: String,
        /// The key's bytes.
        #[label("not a key of {table}")]
        span: SourceSpan,
        /// A suggestion or the list of known keys.
        help: String,
    },

    /// A required key is missing.
    #[error("{table} is missing the key `{key}`")]
    #[diagnostic(code(rules::key::missing), help("add `{key} = ...`; {about}"))]
    MissingKey {
        /// The key.
        key: String,
        /// The table, for example `players[1]`.
        table: String,
        /// The table's bytes.
        #[label("this needs `{key}`")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A value of the wrong TOML type.
    #[error("`{key}` must be {expected}, not {found}")]
    #[diagnostic(code(rules::value::wrong_type), help("{about}"))]
    WrongType {
        /// The key.
        key: String,
        /// What the schema wants.
        expected: String,
        /// What the file has.
        found: String,
        /// The value's bytes.
        #[label("{found}")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A string that is not one of the key's options.
    #[error("`{value}` is not an option of `{key}`")]
    #[diagnostic(code(rules::value::unknown), help("{help}"))]
    UnknownOption {
        /// The key.
        key: String,
        /// The value written.
        value: String,
        /// The value's bytes.
        #[label("unknown option")]
        span: SourceSpan,
        /// A suggestion and the options.
        help: String,
    },

    /// A number, length or count outside its bounds.
    #[error("`{key}` is {value}, {bounds}")]
    #[diagnostic(code(rules::value::range), help("{about}"))]
    OutOfRange {
        /// The key.
        key: String,
        /// The value (or its length) as a word.
        value: String,
        /// The allowed range, as words.
        bounds: String,
        /// The value's bytes.
        #[label("out of range")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A value of the right type that breaks a rule of its own.
    #[error("{message}")]
    #[diagnostic(code(rules::value::invalid), help("{help}"))]
    InvalidValue {
        /// What is wrong.
        message: String,
        /// The value's bytes.
        #[label("{label}")]
        span: SourceSpan,
        /// The label text.
        label: String,
        /// How to fix it.
        help: String,
    },

    /// A name or description holds a control character, which text mode
    /// would print raw to the terminal.
    #[error("`{key}` holds the control character {character}")]
    #[diagnostic(
        code(rules::value::control_character),
        help(
            "names and descriptions are printed to terminals: write them without control characters (escape codes could retitle or clear the screen)"
        )
    )]
    ControlCharacter {
        /// The key, for example `players[0].name`.
        key: String,
        /// The character, as `U+001B`.
        character: String,
        /// The value's bytes.
        #[label("this value")]
        span: SourceSpan,
    },

    /// More problems than are worth reporting.
    #[error("{more} more problems not shown: relic stops after {shown}")]
    #[diagnostic(
        code(rules::too_many),
        help("fix the problems above and check again; is this a ruleset file?")
    )]
    TooManyProblems {
        /// How many problems were reported.
        shown: usize,
        /// How many were left out.
        more: usize,
        /// Where the first problem left out is.
        #[label("the next problem is here")]
        at: SourceSpan,
    },

    /// A minimum above its maximum.
    #[error("`board.min_{what}` is {min}, above `board.max_{what}` ({max})")]
    #[diagnostic(
        code(rules::board::min_above_max),
        help("no board fits: lower `min_{what}` or raise `max_{what}`")
    )]
    MinAboveMax {
        /// `width` or `height`.
        what: &'static str,
        /// The minimum.
        min: u8,
        /// The maximum.
        max: u8,
        /// The minimum's bytes.
        #[label("the minimum")]
        span: SourceSpan,
        /// The maximum's bytes, when written in the same file.
        #[label("the maximum")]
        other: Option<SourceSpan>,
    },

    /// Odd sizes are required but no odd size lies within the bounds.
    #[error("no odd {what} lies between {min} and {max}, and `board.odd_sizes` is true")]
    #[diagnostic(
        code(rules::board::no_odd_size),
        help("widen the bounds to include an odd {what}, or set `odd_sizes = false`")
    )]
    NoOddSize {
        /// `width` or `height`.
        what: &'static str,
        /// The minimum.
        min: u8,
        /// The maximum.
        max: u8,
        /// The bounds' bytes.
        #[label("no odd {what} in range")]
        span: SourceSpan,
    },

    /// Two entries that must differ are the same.
    #[error("{what} `{value}` is given twice")]
    #[diagnostic(code(rules::duplicate), help("{help}"))]
    Duplicate {
        /// What is duplicated, for example `player colour`.
        what: String,
        /// The repeated value.
        value: String,
        /// The second occurrence.
        #[label("again here")]
        span: SourceSpan,
        /// The first occurrence, when in the same file.
        #[label("first here")]
        first: Option<SourceSpan>,
        /// How to fix it.
        help: String,
    },

    /// A player's relic letter is not a relic colour of the board.
    #[error("player `{colour}` collects relics `{relic}`, which is not in `board.relic_colours`")]
    #[diagnostic(
        code(rules::player::relic_colour),
        help("add \"{relic}\" to `board.relic_colours`, or give the player one of {known}")
    )]
    RelicNotOnBoard {
        /// The player.
        colour: String,
        /// The relic letter.
        relic: char,
        /// The relic colours, as a list.
        known: String,
        /// The letter's bytes.
        #[label("not a relic colour")]
        span: SourceSpan,
    },

    /// Two start corners fall on the same tile of a board the bounds allow.
    #[error(
        "corners `{first}` and `{second}` are the same tile on a board {size} tile wide or high"
    )]
    #[diagnostic(
        code(rules::player::corner_off_board),
        help("raise `board.min_width` and `board.min_height` to at least 2, or move a player")
    )]
    CornersCoincide {
        /// One corner.
        first: String,
        /// The other.
        second: String,
        /// The board size that makes them meet.
        size: u8,
        /// The bytes of the bound or the corner, whichever is in the nearer file.
        #[label("{label}")]
        span: SourceSpan,
        /// The label text.
        label: String,
    },

    /// The turn order names a player that does not exist.
    #[error("`turn_order` names `{colour}`, which is not a player's colour")]
    #[diagnostic(code(rules::turn_order::unknown), help("{help}"))]
    UnknownPlayer {
        /// The name.
        colour: String,
        /// Its bytes.
        #[label("no such player")]
        span: SourceSpan,
        /// A suggestion and the players.
        help: String,
    },

    /// A player missing from the turn order.
    #[error("player `{colour}` is missing from `turn_order`")]
    #[diagnostic(
        code(rules::turn_order::missing),
        help("list every player's colour in `turn_order` exactly once")
    )]
    MissingFromTurnOrder {
        /// The player.
        colour: String,
        /// The turn order's bytes.
        #[label("`{colour}` never plays")]
        span: SourceSpan,
    },

    /// The players were changed but the turn order was inherited and does
    /// not fit them.
    #[error("the turn order inherited from {parent} ({order}) does not fit these players")]
    #[diagnostic(
        code(rules::turn_order::inherited),
        help("add `turn_order = [{suggested}]`, every player's colour once")
    )]
    InheritedTurnOrder {
        /// The file the turn order comes from.
        parent: String,
        /// The inherited order.
        order: String,
        /// The players' colours, as a TOML array body.
        suggested: String,
        /// The players' bytes.
        #[label("these players")]
        span: SourceSpan,
    },

    /// No row or column may be slid, yet sliding is required.
    #[error("no row or column may be slid, but `turn.slide_required` is true")]
    #[diagnostic(
        code(rules::slide::impossible),
        help("let some rows or columns slide, or set `turn.slide_required = false`")
    )]
    NoSlide {
        /// The bytes of `rows`/`columns`.
        #[label("nothing slides")]
        span: SourceSpan,
    },

    /// Neither steps nor pathfinding: adventurers could never move.
    #[error("adventurers cannot move: `movement.steps` and `movement.pathfinding` are both false")]
    #[diagnostic(
        code(rules::movement::none),
        help("set `steps = true` or `pathfinding = true`")
    )]
    NoMovement {
        /// The movement settings' bytes.
        #[label("no way to move")]
        span: SourceSpan,
    },

    /// `extends` names neither a built-in ruleset nor a readable file.
    #[error("`extends` names `{name}`, which is neither a built-in ruleset nor a readable file")]
    #[diagnostic(code(rules::extends::not_found), help("{help}"))]
    ExtendsNotFound {
        /// The name as written.
        name: String,
        /// The value's bytes.
        #[label("{reason}")]
        span: SourceSpan,
        /// Why the file could not be read.
        reason: String,
        /// The built-in names and what was tried.
        help: String,
    },

    /// `extends` leads back to a ruleset already in the chain.
    #[error("`extends` makes a cycle: {chain}")]
    #[diagnostic(
        code(rules::extends::cycle),
        help("a ruleset cannot extend itself, directly or through others")
    )]
    ExtendsCycle {
        /// The chain of names, `a -> b -> a`.
        chain: String,
        /// The value's bytes.
        #[label("leads back to a ruleset in the chain")]
        span: SourceSpan,
    },

    /// The ruleset extended has problems of its own.
    #[error("the ruleset `{name}` that this extends has problems")]
    #[diagnostic(
        code(rules::extends::invalid),
        help("fix the problems reported for {name}")
    )]
    ParentInvalid {
        /// The parent's name as written.
        name: String,
        /// The value's bytes.
        #[label("has problems")]
        span: SourceSpan,
    },

    /// The checked ruleset still does not fit the schema (a gap in the
    /// checks; the message is serde's).
    #[error("the ruleset does not fit the schema: {message}")]
    #[diagnostic(code(rules::schema), help("see rulesets/README.md for every key"))]
    Schema {
        /// serde's message.
        message: String,
    },
}
