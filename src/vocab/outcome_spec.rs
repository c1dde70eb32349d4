//! How a vocabulary game ends, as serde reads it: lines, target squares,
//! no legal action left, turn limits and how simultaneous results combine.
//! Part of [`super::schema`], which re-exports every item.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::flow_spec::CounterOutcome;
use super::turns::QuitResult;

/// How the game ends. Checked after every action, in this order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeSpec {
    /// `length` pieces of one player in a line (visible tops) wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "LineSpec")]
    pub line: Option<LineSpec>,
    /// A piece reaching a target square wins for its owner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ReachSpec")]
    pub reach: Option<ReachSpec>,
    /// What happens when the player to move has no legal action: `draw`,
    /// `loss` (for that player) or `win` (for that player).
    #[serde(default)]
    pub no_actions: Ending,
    /// Play ends after this many turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "TurnLimit")]
    pub turn_limit: Option<TurnLimit>,
    /// When one action gives several players a line or a target at once:
    /// `draw`, `mover` (the player who acted wins) or `opponent`.
    #[serde(default)]
    pub simultaneous: Simultaneous,
    /// A counter reaching a bound ends play: `[[outcomes.counter]]` with
    /// `counter`, `bound` and `result`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counter: Vec<CounterOutcome>,
    /// What quitting means: `loss` (for the player who quits), `draw`, or
    /// `leave` (with three players or more the others play on).
    #[serde(default, skip_serializing_if = "QuitResult::is_loss")]
    pub quit: QuitResult,
}

/// An n-in-a-line win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineSpec {
    /// How many in a line (2 to 16).
    #[schemars(range(min = 2, max = 16))]
    pub length: u8,
    /// Which lines count; default every one: `rows`, `columns`,
    /// `diagonals` (both diagonals; the third axis on hex).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub directions: Vec<LineDirection>,
}

/// Lines that can win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LineDirection {
    /// West to east.
    Rows,
    /// South to north.
    Columns,
    /// Both diagonals (on hex: the third axis, north-west to south-east).
    Diagonals,
}

/// A target-square win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReachSpec {
    /// Which squares: `far-row` (the last row in the player's forward
    /// direction).
    pub target: Target,
    /// The kinds that win by reaching it; left out: every kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
}

/// Target squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The last row in the player's forward direction.
    FarRow,
}

/// A result for the player it concerns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Nobody wins.
    #[default]
    Draw,
    /// The player loses (in a two-player game, the other wins).
    Loss,
    /// The player wins.
    Win,
}

/// A turn limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnLimit {
    /// Turns (actions) after which play ends (1 to 100000).
    #[schemars(range(min = 1, max = 100000))]
    pub turns: u32,
    /// `draw`, or `stopped` (no result).
    #[serde(default)]
    pub result: LimitResult,
}

/// The result at a turn limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LimitResult {
    /// The game is a draw.
    #[default]
    Draw,
    /// Play stopped with no result.
    Stopped,
}

/// How simultaneous results combine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Simultaneous {
    /// A draw.
    #[default]
    Draw,
    /// The player who acted wins.
    Mover,
    /// The next player with a result wins.
    Opponent,
}
