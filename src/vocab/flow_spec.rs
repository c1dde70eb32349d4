//! Ruleset keys of counters and turn phases: `[[counters]]` (integers per
//! player or per game, their bounds and what changes them), an action's
//! `add`, `[[outcomes.counter]]` (a counter reaching a bound ends play)
//! and `[[turns.phases]]` (the actions each phase of a turn allows and how
//! it ends). Part of [`super::schema`]; compiled in [`super::flow`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An integer counter (score, pieces left, turns played), one per player
/// or one for the game, kept within `min..=max`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterSpec {
    /// The counter's name (`score`, `captures`), used by `add`, outcomes
    /// and views.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// `player` (each player has one) or `game` (one for everybody).
    #[serde(default)]
    pub per: Per,
    /// The value at the start (default 0).
    #[serde(default)]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub start: i32,
    /// The lowest value (default 0); a change below it stops there.
    #[serde(default)]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub min: i32,
    /// The highest value (default 9999); a change above it stops there.
    #[serde(default = "default_max")]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub max: i32,
    /// The events that change it, each by an amount:
    /// `on = [{ event = "capture", by = 1 }]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on: Vec<TriggerSpec>,
}

fn default_max() -> i32 {
    9999
}

/// Whose counter it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// Each player has one.
    #[default]
    Player,
    /// One for the whole game.
    Game,
}

/// An event that changes a counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerSpec {
    /// What happened.
    pub event: CounterEvent,
    /// By how much the counter changes (default 1; negative counts down).
    #[serde(default = "one")]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub by: i32,
}

fn one() -> i32 {
    1
}

/// Events the interpreter knows, and whose counter each changes (for a
/// per-player counter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CounterEvent {
    /// A piece was placed: the placer's.
    Place,
    /// A piece moved: the mover's.
    Move,
    /// A piece was captured: the capturer's.
    Capture,
    /// A piece was captured: its owner's.
    Captured,
    /// A player passed: theirs.
    Pass,
    /// An effect was used: the user's.
    Use,
    /// A piece went back to its owner's reserve: the owner's.
    Returned,
    /// A player's turn ended (after its last phase): theirs.
    Turn,
}

/// An action's change to a counter: `add = { counter = "score", by = 2 }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddSpec {
    /// The counter (the acting player's, for a per-player counter).
    #[schemars(length(min = 1, max = 32))]
    pub counter: String,
    /// By how much (default 1; negative counts down).
    #[serde(default = "one")]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub by: i32,
}

/// Play ends when a counter reaches a bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterOutcome {
    /// The counter.
    #[schemars(length(min = 1, max = 32))]
    pub counter: String,
    /// The value that ends play: reached when the counter gets to it from
    /// its start (at or above it when the start is below, at or below it
    /// when the start is above).
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub bound: i32,
    /// For the player whose counter reached it (a game counter: the player
    /// who acted): `win` (default), `loss` or `draw`.
    #[serde(default)]
    pub result: CounterResult,
}

/// The result of a counter outcome for the player it concerns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CounterResult {
    /// The player wins.
    #[default]
    Win,
    /// The player loses (in a two-player game, the other wins).
    Loss,
    /// Nobody wins.
    Draw,
}

/// One phase of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseSpec {
    /// The phase's name, shown in prompts and views (`place`, `move`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The names of the actions allowed in this phase (1 or more).
    #[schemars(length(min = 1, max = 16))]
    pub actions: Vec<String>,
    /// The actions after which the phase ends; the others leave the
    /// player in the phase to act again. Left out: every action of the
    /// phase (the phase is one action). `[]`: only passing ends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_after: Option<Vec<String>>,
    /// Whether the player may pass to end the phase (listed as `pass`).
    #[serde(default)]
    pub skip: bool,
}
