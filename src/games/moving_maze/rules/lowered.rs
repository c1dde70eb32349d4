//! Moving Maze in the vocabulary's tables: its things (`[[kinds]]`, see
//! [`kinds_of`](super::kinds_of)), its turn (`[turns]` with
//! `[[turns.phases]]`), its tile-maze mechanics (`[[actions]]` with
//! `mechanic = "rotate-floating-tile" | "slide-line" | "walk-path" |
//! "pass"`) and its end (`[outcomes.relics]`). A ruleset may write these
//! tables instead of the shorthand keys (`turn_order`, `[slide]`,
//! `[turn]`, `[movement]`, `[relics]`, `[win]`); both resolve into the same
//! checked [`Ruleset`](super::Ruleset), and `relic rules show --expanded`
//! prints this form ([`lowered_toml`](super::lowered_toml)). The mechanic
//! names select the engine's tile-maze kernel.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One `[[turns.phases]]` table: the vocabulary's own phase table.
pub use crate::vocab::flow_spec::PhaseSpec;

use super::choices::{Corner, Lines, PushedOff, RelicOrder, WinCondition};
use crate::games::moving_maze::board::Direction;

/// `[turns]`: who plays when, and the phases of a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeTurns {
    /// Who plays when: every player's `colour` once, first to last (the
    /// shorthand's `turn_order`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
    /// The two phases of a turn, in order: the shift (its actions the
    /// rotate and slide actions, ending after the slide; `skip = true` lets
    /// the player pass it) and the move (the walk and pass actions, ending
    /// after the pass). Left out: exactly that, with the slide required.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 8))]
    pub phases: Vec<PhaseSpec>,
}

/// The tile-maze mechanics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TileMechanic {
    /// Turn the floating tile a quarter turn (`r`, `l`) before sliding it.
    RotateFloatingTile,
    /// Slide the floating tile into a row or column (`N2`, `W4`, ...): the
    /// tile pushed out becomes the floating tile.
    SlideLine,
    /// Walk the adventurer over open sides: single steps (`n`, `e`, `s`,
    /// `w`) or a path to a connected tile (`X,Y`), collecting relics.
    WalkPath,
    /// End the phase (`done`).
    Pass,
}

/// Whether the slide into the last exit point (undoing the previous
/// slide) is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LastExit {
    /// Sliding into the line where the last slide pushed a tile out is
    /// refused.
    Forbidden,
    /// Any slidable line may be slid.
    Allowed,
}

/// One `[[actions]]` table: a named tile-maze mechanic and its parameters
/// (each parameter belongs to one mechanic; left out, its default).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeAction {
    /// The action's name, used by `[[turns.phases]]`.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// Which tile-maze mechanic the action is.
    pub mechanic: TileMechanic,
    /// `slide-line`: which rows may be slid (default `even`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Lines>,
    /// `slide-line`: which columns may be slid (default `even`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<Lines>,
    /// `slide-line`: the slide into the last exit point (default
    /// `forbidden`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_exit: Option<LastExit>,
    /// `slide-line`: where an adventurer pushed off the board goes
    /// (default `inserted-tile`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_off: Option<PushedOff>,
    /// `slide-line`: whether a pushed adventurer collects its relic where
    /// it lands (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collect_on_push: Option<bool>,
    /// `walk-path`: single steps `n`, `e`, `s`, `w` (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<bool>,
    /// `walk-path`: paths `X,Y` to any connected tile (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<bool>,
    /// `walk-path`: whether collecting a relic ends the phase (default
    /// `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collect_ends_phase: Option<bool>,
}

/// `[outcomes]`: how the game ends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeOutcomes {
    /// Relics in order (or any order), then home (or not).
    #[serde(default)]
    pub relics: RelicOutcome,
}

/// `[outcomes.relics]`: each player collects the relics of its colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelicOutcome {
    /// The order of collection (default `in-order`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<RelicOrder>,
    /// Whether relics no player can collect yet are hidden (default
    /// `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_inactive: Option<bool>,
    /// What wins after the last relic: `return-home` (back on the start
    /// tile, the default) or `last-relic` (at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish: Option<WinCondition>,
}

/// What a kind of thing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum KindRole {
    /// A tile of the maze (or the floating tile), turned a quarter at a
    /// time in play.
    Tile,
    /// A relic on a tile.
    Relic,
    /// A player's adventurer.
    Adventurer,
}

/// One `[[kinds]]` table: a kind of thing in the maze.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeKind {
    /// The kind's name: `straight`, `corner`, `junction`, `crossing`,
    /// `relic-g` (a relic colour), `adventurer-green` (a player's colour).
    #[schemars(length(min = 1, max = 48))]
    pub name: String,
    /// What the kind is: `tile`, `relic` or `adventurer`.
    pub role: KindRole,
    /// How text mode draws it: a tile's centre, a relic's letter (also its
    /// colour in board files), an adventurer's initial.
    #[schemars(length(min = 1, max = 1))]
    pub glyph: String,
    /// `tile`: its open sides in one orientation (any quarter turn of the
    /// shape).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 4))]
    pub sides: Vec<Direction>,
    /// `tile`: the four side bits board files write for those sides
    /// (north, east, south, west), for example `1010`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 4, max = 4))]
    pub gbf: Option<String>,
    /// `relic`, `adventurer`: the colour of the player it belongs to
    /// (left out for relics no player collects).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// `adventurer`: its start corner, where it returns to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<Corner>,
}
