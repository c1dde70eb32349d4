//! Every problem a configuration file can have, each with a stable code, a
//! label on the exact token and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem found while reading or checking an Escape configuration
/// (`.egc`) file.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum EgcError {
    /// The file could not be read (missing, a folder, a device, too large).
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(
        code(egc::io::unreadable),
        help("give the path of a configuration file, for example `game.egc`")
    )]
    Unreadable {
        /// The path as given.
        path: String,
        /// Why not.
        reason: String,
    },

    /// A byte that is not UTF-8.
    #[error("byte {byte} is not UTF-8 text")]
    #[diagnostic(
        code(egc::file::encoding),
        help("save the configuration as plain ASCII or UTF-8 text")
    )]
    Encoding {
        /// The byte, for example `0xff`.
        byte: String,
        /// Where.
        #[label("not UTF-8")]
        at: SourceSpan,
    },

    /// Something other than what the grammar allows here.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(egc::syntax::unexpected), help("{help}"))]
    Unexpected {
        /// What could come here.
        expected: String,
        /// What came (`` `word` `` or `the end of the file`).
        found: String,
        /// A suggestion ("did you mean").
        help: String,
        /// The token.
        #[label("unexpected here")]
        at: SourceSpan,
    },

    /// A block comment without its `*/`.
    #[error("this comment is never closed")]
    #[diagnostic(
        code(egc::syntax::comment),
        help("end the comment with `*/`; comments nest, so each `/*` needs its own `*/`")
    )]
    UnclosedComment {
        /// The comment's `/*`.
        #[label("opened here")]
        at: SourceSpan,
    },

    /// `[]`.
    #[error("the attribute list is empty")]
    #[diagnostic(
        code(egc::syntax::empty_attributes),
        help("a piece type needs at least its distance, for example `[distance 3]`")
    )]
    EmptyAttributes {
        /// The brackets.
        #[label("no attributes")]
        at: SourceSpan,
    },

    /// A section header with no entry after it.
    #[error("the `{section}` section is empty")]
    #[diagnostic(
        code(egc::syntax::empty_section),
        help("add at least one entry after the colon, or remove the header")
    )]
    EmptySection {
        /// The section's name.
        section: String,
        /// The header.
        #[label("no entries follow")]
        at: SourceSpan,
    },

    /// The coordinate type or a dimension after the sections.
    #[error("{what} must come before the sections")]
    #[diagnostic(
        code(egc::syntax::order),
        help(
            "start the file with `Coordinate type : ...`, then `xMax` and `yMax`, then the sections"
        )
    )]
    Order {
        /// `the coordinate type` or `a dimension`.
        what: &'static str,
        /// The entry.
        #[label("too late")]
        at: SourceSpan,
    },

    /// A number too large to be meaningful.
    #[error("{text} is too large")]
    #[diagnostic(code(egc::value::too_large), help("{help}"))]
    TooLarge {
        /// The number as written.
        text: String,
        /// The limit, in words.
        help: String,
        /// The number.
        #[label("too large")]
        at: SourceSpan,
    },

    /// A negative number where only positive ones make sense.
    #[error("{what} cannot be negative")]
    #[diagnostic(code(egc::value::negative), help("write a number without a sign"))]
    Negative {
        /// What the number is.
        what: String,
        /// The number.
        #[label("negative")]
        at: SourceSpan,
    },

    /// An attribute or rule value of zero.
    #[error("{what} cannot be 0")]
    #[diagnostic(code(egc::value::zero), help("{help}"))]
    Zero {
        /// What the number is.
        what: String,
        /// What to write instead.
        help: String,
        /// The number.
        #[label("zero")]
        at: SourceSpan,
    },

    /// The coordinate type appears twice.
    #[error("the coordinate type is declared twice")]
    #[diagnostic(
        code(egc::coordinate::duplicate),
        help("keep one `Coordinate type` line")
    )]
    CoordinateTwice {
        /// The second declaration.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first declared here")]
        first: SourceSpan,
    },

    /// TRIANGLE: in the grammar, but never defined.
    #[error("TRIANGLE boards are not defined by the rules")]
    #[diagnostic(
        code(egc::coordinate::unsupported),
        help("use SQUARE or HEX; the specification never says how triangles neighbour")
    )]
    Triangle {
        /// The name.
        #[label("not defined")]
        at: SourceSpan,
    },

    /// `xMax` or `yMax` twice.
    #[error("`{axis}` is declared twice")]
    #[diagnostic(code(egc::axis::duplicate), help("keep one `{axis}` line"))]
    AxisTwice {
        /// `xMax` or `yMax`.
        axis: &'static str,
        /// The second declaration.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first declared here")]
        first: SourceSpan,
    },

    /// `xMax` or `yMax` missing.
    #[error("`{axis}` is not declared")]
    #[diagnostic(
        code(egc::axis::missing),
        help("add `{axis} : N` after the coordinate type (0 makes the axis infinite)")
    )]
    AxisMissing {
        /// `xMax` or `yMax`.
        axis: &'static str,
        /// The coordinate type (or the file's start).
        #[label("the board is declared here")]
        at: SourceSpan,
    },

    /// A location outside a finite axis.
    #[error("({x}, {y}) is off the board")]
    #[diagnostic(code(egc::location::off_board), help("{help}"))]
    OffBoard {
        /// First coordinate.
        x: i64,
        /// Second coordinate.
        y: i64,
        /// The board's extent.
        help: String,
        /// The coordinates.
        #[label("outside the board")]
        at: SourceSpan,
    },

    /// A location defined twice.
    #[error("({x}, {y}) is defined twice")]
    #[diagnostic(
        code(egc::location::duplicate),
        help("describe each location once, with its type and piece on one line")
    )]
    LocationTwice {
        /// First coordinate.
        x: i64,
        /// Second coordinate.
        y: i64,
        /// The second definition.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first defined here")]
        first: SourceSpan,
    },

    /// A piece on a BLOCK or an EXIT.
    #[error("a piece cannot start on {kind} location")]
    #[diagnostic(
        code(egc::location::obstacle),
        help("place the piece on a clear location, or make this one clear")
    )]
    PieceOnObstacle {
        /// `a BLOCK` or `an EXIT`.
        kind: &'static str,
        /// The piece.
        #[label("this piece")]
        at: SourceSpan,
        /// The location type.
        #[label("on this")]
        kind_at: SourceSpan,
    },

    /// A player other than 1 or 2.
    #[error("there is no player {number}")]
    #[diagnostic(code(egc::player::unknown), help("Escape has PLAYER1 and PLAYER2"))]
    UnknownPlayer {
        /// The number written.
        number: u8,
        /// The player.
        #[label("unknown player")]
        at: SourceSpan,
    },

    /// A placed piece whose type has no descriptor.
    #[error("{name} is placed but has no piece descriptor")]
    #[diagnostic(
        code(egc::piece::undescribed),
        help("add `{name} PATTERN [distance N]` under `Piece descriptors :`")
    )]
    Undescribed {
        /// The piece type.
        name: &'static str,
        /// The placed piece.
        #[label("no descriptor for this")]
        at: SourceSpan,
    },

    /// A piece type described twice.
    #[error("{name} is described twice")]
    #[diagnostic(
        code(egc::piece::duplicate),
        help("keep one descriptor per piece type")
    )]
    DescribedTwice {
        /// The piece type.
        name: &'static str,
        /// The second descriptor.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first described here")]
        first: SourceSpan,
    },

    /// No movement pattern in a descriptor.
    #[error("{name} has no movement pattern")]
    #[diagnostic(
        code(egc::pattern::missing),
        help("every piece type needs one of DIAGONAL, LINEAR, OMNI or ORTHOGONAL")
    )]
    PatternMissing {
        /// The piece type.
        name: String,
        /// The descriptor's name.
        #[label("pattern expected after this")]
        at: SourceSpan,
    },

    /// DIAGONAL or ORTHOGONAL on a HEX board.
    #[error("{pattern} movement is not possible on a HEX board")]
    #[diagnostic(
        code(egc::pattern::hex),
        help("hexes have no diagonals or orthogonals: use LINEAR or OMNI")
    )]
    PatternOnHex {
        /// The pattern as written.
        pattern: &'static str,
        /// The pattern.
        #[label("not on hexes")]
        at: SourceSpan,
        /// The coordinate type.
        #[label("the board is HEX")]
        board: SourceSpan,
    },

    /// SKEW: in the grammar, never defined.
    #[error("the SKEW movement pattern is not defined by the rules")]
    #[diagnostic(
        code(egc::pattern::undefined),
        help("use DIAGONAL, LINEAR, OMNI or ORTHOGONAL")
    )]
    Skew {
        /// The pattern.
        #[label("not defined")]
        at: SourceSpan,
    },

    /// STACK: in the grammar, never defined.
    #[error("the STACK attribute is not defined by the rules")]
    #[diagnostic(
        code(egc::attribute::undefined),
        help(
            "remove it (a stack is written by listing several pieces after a location); the attributes are DISTANCE, FLY, JUMP, UNBLOCK and VALUE"
        )
    )]
    Stack {
        /// The attribute.
        #[label("not defined")]
        at: SourceSpan,
    },

    /// A stack whose pieces belong to different players.
    #[error("a stack holds pieces of both players")]
    #[diagnostic(
        code(egc::stack::owners),
        help(
            "a location's pieces make one player's stack: give the other player's piece its own location"
        )
    )]
    StackOwners {
        /// The first piece of another player.
        #[label("another player's piece")]
        at: SourceSpan,
        /// The bottom piece.
        #[label("the stack's owner")]
        first: SourceSpan,
    },

    /// An attribute given twice in one descriptor.
    #[error("{name} is given twice")]
    #[diagnostic(code(egc::attribute::duplicate), help("keep one {name}"))]
    AttributeTwice {
        /// The attribute.
        name: &'static str,
        /// The second one.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first given here")]
        first: SourceSpan,
    },

    /// DISTANCE or VALUE without a number.
    #[error("{name} needs a value")]
    #[diagnostic(code(egc::attribute::value_missing), help("write it as `{name} N`"))]
    AttributeValueMissing {
        /// The attribute.
        name: &'static str,
        /// The attribute.
        #[label("no value")]
        at: SourceSpan,
    },

    /// JUMP or UNBLOCK with a number.
    #[error("{name} takes no value")]
    #[diagnostic(code(egc::attribute::value_unexpected), help("write `{name}` alone"))]
    AttributeValueUnexpected {
        /// The attribute.
        name: &'static str,
        /// The value.
        #[label("not allowed")]
        at: SourceSpan,
    },

    /// FLY and DISTANCE both give a distance, or neither does.
    #[error("{name} {problem}")]
    #[diagnostic(
        code(egc::attribute::fly_distance),
        help("give the distance once: `[distance N]`, `[fly N]` or `[fly, distance N]`")
    )]
    FlyDistance {
        /// The piece type.
        name: String,
        /// `has no distance` or `gives its distance twice`.
        problem: &'static str,
        /// The descriptor.
        #[label("here")]
        at: SourceSpan,
    },

    /// A rule given twice.
    #[error("{name} is given twice")]
    #[diagnostic(code(egc::rule::duplicate), help("keep one {name}"))]
    RuleTwice {
        /// The rule.
        name: &'static str,
        /// The second one.
        #[label("again")]
        at: SourceSpan,
        /// The first.
        #[label("first given here")]
        first: SourceSpan,
    },

    /// SCORE or TURN_LIMIT without a number.
    #[error("{name} needs a value")]
    #[diagnostic(code(egc::rule::value_missing), help("write it as `{name} N`"))]
    RuleValueMissing {
        /// The rule.
        name: &'static str,
        /// The rule.
        #[label("no value")]
        at: SourceSpan,
    },

    /// POINT_CONFLICT or REMOVE with a number.
    #[error("{name} takes no value")]
    #[diagnostic(code(egc::rule::value_unexpected), help("write `{name}` alone"))]
    RuleValueUnexpected {
        /// The rule.
        name: &'static str,
        /// The value.
        #[label("not allowed")]
        at: SourceSpan,
    },

    /// REMOVE and POINT_CONFLICT together.
    #[error("REMOVE and POINT_CONFLICT cannot both be in force")]
    #[diagnostic(
        code(egc::rule::exclusive),
        help("choose one way to settle a piece landing on an opponent")
    )]
    Exclusive {
        /// The later rule.
        #[label("this one")]
        at: SourceSpan,
        /// The earlier.
        #[label("conflicts with this")]
        first: SourceSpan,
    },
}
