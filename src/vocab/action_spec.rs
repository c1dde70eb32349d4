//! The action rules of a vocabulary ruleset as serde reads them: a
//! mechanic with its parameters, targets, patterns and directions. Part of
//! [`super::schema`], which re-exports every item.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::flow_spec::AddSpec;
use super::turns::CoverOnly;

/// One action rule: a mechanic with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// The rule's name, for messages.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The mechanic: `place` (from the reserve), `move` (a top piece) or
    /// `pass`.
    pub mechanic: Mechanic,
    /// The kinds this rule places or moves; left out: every kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
    /// What the target square may hold: `empty`, `opponent` (captured),
    /// `empty-or-opponent`, or `cover` (empty, or a piece the stacking
    /// rule lets this piece cover).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Onto")]
    pub onto: Option<Onto>,
    /// `place` only: the piece falls from the edge in this direction to the
    /// last empty square (Connect Four: `south`); the action names a line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Direction")]
    pub drop: Option<Direction>,
    /// `move` only: `step` (up to `distance` squares in one direction, every
    /// square passed empty), `jump` (exactly `distance` squares, passing
    /// anything) or `anywhere` (any square of the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Pattern")]
    pub pattern: Option<Pattern>,
    /// `move` only: the directions allowed (absolute, relative to the
    /// player's forward, or a group); default `all`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub directions: Vec<Direction>,
    /// `move` only: how far (1 to 16, default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 16))]
    pub distance: Option<u8>,
    /// `move` only: whether moves wrap around the board's edges.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wrap: bool,
    /// `pass` only: `always`, or `stuck` (only when no other action is legal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PassWhen")]
    pub when: Option<PassWhen>,
    /// `place` with `onto = "cover"` only: `threat` lets a piece cover
    /// only an opponent's visible piece in a winning line where that
    /// opponent shows all but one of the line's pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "CoverOnly")]
    pub cover_only: Option<CoverOnly>,
    /// Effect mechanics only: how many times each player may use it (1 to
    /// 99); left out: without limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 99))]
    pub uses: Option<u8>,
    /// `blast` only: a square of the ring that held no piece becomes a
    /// sink (a piece put there goes back to its owner's reserve, and the
    /// square is ordinary again).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sinks: bool,
    /// `neutralise` only: for how many turns (1 to 99) the piece belongs
    /// to nobody, counting the turn it is used on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 99))]
    pub turns: Option<u8>,
    /// The key that chooses this action in the browser: one lowercase
    /// letter other than `w`, `a`, `s` and `d` (they move the focus box)
    /// and `q` (quit), for example `key = "t"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 1))]
    pub key: Option<String>,
    /// A change to a counter each time the action is played:
    /// `add = { counter = "score", by = 1 }`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "AddSpec")]
    pub add: Option<AddSpec>,
}

/// The mechanics an action rule can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mechanic {
    /// Put a piece from the player's reserve on the board.
    Place,
    /// Move the player's top piece from one square to another.
    Move,
    /// Do nothing this turn.
    Pass,
    /// Effect: move the top `n` pieces of the target square (n chosen by
    /// the action, 1 to the stack's height), in order, to the nearest
    /// square with no piece and no sink (Manhattan distance, steps along
    /// rows and columns, wrapping around the edges only with `wrap`; ties
    /// to the lowest square index). No such square: nothing moves.
    Transport,
    /// Effect: every piece of the target square, and the top piece of each
    /// square of its ring (the eight neighbours; `wrap` wraps), go back to
    /// their owners' reserves; with `sinks`, empty ring squares become
    /// sinks.
    Blast,
    /// Effect: the whole stacks (and sinks) of the target's ring (the
    /// eight neighbours; `wrap` wraps) move one place clockwise or
    /// anticlockwise, as the board is drawn.
    Rotate,
    /// Effect: the target's top piece belongs to nobody for `turns` turns:
    /// it counts in no line, its owner cannot move it, effects that need an
    /// owner's piece do not take it.
    Neutralise,
}

/// What a target square may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Onto {
    /// Only an empty square.
    Empty,
    /// Only an opponent's piece, which is captured.
    Opponent,
    /// An empty square or an opponent's piece, which is captured.
    EmptyOrOpponent,
    /// An empty square, or a piece the stacking rule lets this one cover.
    Cover,
    /// Effects only: a square whose top piece is the player's own.
    Own,
    /// Effects only: a square holding any piece.
    Piece,
}

/// How a `move` rule moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Pattern {
    /// 1 to `distance` squares in one direction over empty squares.
    Step,
    /// Exactly `distance` squares in one direction, over anything.
    Jump,
    /// To any square of the board.
    Anywhere,
}

/// When a `pass` rule allows passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PassWhen {
    /// On any turn.
    Always,
    /// Only when no other action is legal.
    Stuck,
}

/// A direction: absolute, relative to the player's forward, or a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Toward the last row.
    North,
    /// North and east (on hex: the neighbour up and to the right).
    NorthEast,
    /// Toward the last column.
    East,
    /// South and east.
    SouthEast,
    /// Toward row 1.
    South,
    /// South and west.
    SouthWest,
    /// Toward column 1.
    West,
    /// North and west.
    NorthWest,
    /// The player's forward.
    Forward,
    /// Opposite the player's forward.
    Backward,
    /// A quarter turn left of forward (square boards).
    Left,
    /// A quarter turn right of forward (square boards).
    Right,
    /// Between forward and left (an eighth turn; on hex, the next neighbour).
    ForwardLeft,
    /// Between forward and right.
    ForwardRight,
    /// Between backward and left.
    BackwardLeft,
    /// Between backward and right.
    BackwardRight,
    /// North, east, south and west.
    Orthogonal,
    /// The four diagonals (square boards only).
    Diagonal,
    /// Every neighbour of the board.
    All,
}
