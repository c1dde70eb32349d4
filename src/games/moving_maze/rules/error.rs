//! The problems only a Moving Maze ruleset can have (contradictions between
//! its board, players, turn order, sliding and movement), each with a
//! stable code, a label on the bytes at fault and a help line. Problems
//! every ruleset can have are [`crate::config::RulesetError`].

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A contradiction in a Moving Maze ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum MazeRulesError {
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

    /// A rule written both as a shorthand key and in the vocabulary's
    /// tables of one file, with two values.
    #[error("`{key}` is written twice in this file, with two values")]
    #[diagnostic(
        code(rules::lowered::conflict),
        help("write the rule once: either the shorthand key or the vocabulary table")
    )]
    LoweredConflict {
        /// The shorthand key, for example `slide.rows`.
        key: String,
        /// The value in the vocabulary's table.
        #[label("the table says this")]
        span: SourceSpan,
        /// The shorthand's value.
        #[label("the shorthand says otherwise")]
        other: SourceSpan,
    },

    /// The vocabulary's tables describe something the tile-maze kernel
    /// does not play (a mechanic twice, a parameter on the wrong mechanic,
    /// phases other than shift then move).
    #[error("{message}")]
    #[diagnostic(code(rules::lowered::shape), help("{help}"))]
    LoweredShape {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },

    /// A message uses a placeholder it cannot fill.
    #[error("message `{key}` uses `{{{name}}}`, which it cannot fill")]
    #[diagnostic(code(rules::message::placeholder), help("{help}"))]
    Placeholder {
        /// The message key.
        key: String,
        /// The placeholder's name.
        name: String,
        /// Where, inside the string.
        #[label("unknown placeholder")]
        span: SourceSpan,
        /// The placeholders it can use.
        help: String,
    },

    /// A `[[kinds]]` table that says otherwise than the board format, the
    /// tile shapes or the players: a kind Moving Maze does not have, or a
    /// wrong role, glyph, sides, owner or home.
    #[error("{message}")]
    #[diagnostic(code(rules::lowered::kind), help("{help}"))]
    LoweredKind {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("not so")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },
}
