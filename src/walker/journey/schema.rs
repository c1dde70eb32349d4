//! The level-walking ruleset file format, read by serde: every table and
//! key such a ruleset may have. The doc comments are also the descriptions
//! in the JSON Schema. Named things (stats, cells, items, changes, steps)
//! are tables keyed by name, so that a variant written with `extends`
//! changes one of them by naming it; arrays replace as a whole.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A single-actor game through a sequence of levels read from a level
/// file: stats with bounds, per-step effects, cells with states, items in
/// an inventory, outcomes on stats and on leaving the last level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "relic level-walking ruleset")]
pub struct JourneyRuleset {
    /// Marks the file as a level-walking ruleset: always `"walker-levels"`.
    pub game: JourneyKind,
    /// The game's display name.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
    /// One or two sentences on what the game is.
    #[serde(default)]
    pub description: String,
    /// The ruleset this one changes: a built-in name or a path relative
    /// to this file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Keys of the ruleset extended that this one removes before its own
    /// merge over it, as dotted paths (`["points", "board.links"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unset: Vec<String>,
    /// The actor's stats by name (1 to 8).
    pub stats: BTreeMap<String, StatSpec>,
    /// The kinds of cell by name (1 to 32).
    pub cells: BTreeMap<String, CellSpec>,
    /// The kinds of item by the name they are used by (at most 32).
    #[serde(default)]
    pub items: BTreeMap<String, ItemSpec>,
    /// How level files are read.
    pub level: LevelSpec,
    /// What every successful step does, after the step counter goes up.
    #[serde(default)]
    pub step: StepSpec,
    /// Cell kinds that change into others once a condition holds, checked
    /// after every step, by name.
    #[serde(default)]
    pub changes: BTreeMap<String, ChangeSpec>,
    /// The actions' notation.
    pub actions: ActionSpec,
    /// When the game is lost: bounds on stats, checked after every step.
    #[serde(default)]
    pub lose: Vec<BoundSpec>,
    /// What text mode prints.
    pub text: TextSpec,
}

/// Which engine plays the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum JourneyKind {
    /// One actor walking through a sequence of levels.
    WalkerLevels,
}

/// A stat: start value and bounds; every change is clamped into them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatSpec {
    /// The value at the start of the game.
    pub start: i32,
    /// The least value.
    pub min: i32,
    /// The greatest value.
    pub max: i32,
}

/// A change of a stat by an amount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectSpec {
    /// The stat's name.
    pub stat: String,
    /// How much to add (negative: subtract).
    pub add: i32,
    /// Only on every n-th step of the game (per-step effects only).
    #[serde(default = "one")]
    #[schemars(range(min = 1))]
    pub every: u32,
}

fn one() -> u32 {
    1
}

/// A kind of cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellSpec {
    /// Its character in level files; a kind without one only arises from
    /// a change.
    #[serde(default)]
    pub glyph: Option<char>,
    /// How it is drawn (its glyph by default).
    #[serde(default)]
    pub drawn: Option<char>,
    /// Whether the actor cannot enter it.
    #[serde(default)]
    pub blocks: bool,
    /// Whether stepping off the board from it completes the level.
    #[serde(default)]
    pub exit: bool,
    /// Effects of entering it, after the step's effects.
    #[serde(default)]
    pub on_enter: Vec<EffectSpec>,
}

/// A kind of item: lies on a cell, is picked up by entering it, and is
/// used (consumed) by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemSpec {
    /// Its character in level files.
    pub glyph: char,
    /// Effects of using one.
    #[serde(default)]
    pub on_use: Vec<EffectSpec>,
}

/// How level files are read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    /// The character marking the start (on a floor cell).
    pub start: char,
    /// The cell kind under the start and under items, and of every
    /// character that is no cell's or item's.
    pub floor: String,
    /// Cell kinds every level must hold.
    #[serde(default)]
    pub require: Vec<String>,
    /// The levels played when tools are given no level file, as level-file
    /// text.
    #[serde(default)]
    pub default: Option<String>,
}

/// What every successful step does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    /// Effects in order, each on every `every`-th step of the game; then
    /// the entered cell's `on_enter`, the move, the pick-up, the changes.
    #[serde(default)]
    pub effects: Vec<EffectSpec>,
}

/// Every cell of kind `from` becomes `to` once the condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangeSpec {
    /// The cell kind that changes.
    pub from: String,
    /// What it becomes.
    pub to: String,
    /// When: `none-left ITEM` (no item of that kind is left on the
    /// level) or `held ITEM` (the inventory holds one).
    pub when: String,
}

/// The actions' notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// Step keys and their (row, column) offsets: `w = [-1, 0]`.
    pub steps: BTreeMap<String, [i32; 2]>,
    /// The word that starts an item's use: `i Potion`.
    #[serde(rename = "use")]
    pub use_word: String,
}

/// The game is lost when a stat reaches a bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoundSpec {
    /// The stat's name.
    pub stat: String,
    /// Lost at this value or below.
    #[serde(default)]
    pub at_most: Option<i32>,
    /// Lost at this value or above.
    #[serde(default)]
    pub at_least: Option<i32>,
}

/// What text mode prints: the frame (rows, a rule, the inventory, a rule,
/// the stats) and the messages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextSpec {
    /// How the actor is drawn.
    pub actor: char,
    /// The line between the maze, the inventory and the stats.
    pub rule: String,
    /// The inventory's title line.
    pub inventory: String,
    /// The line shown for an empty inventory.
    pub empty: String,
    /// The stats shown, in order: `[label, stat]` pairs.
    pub stats: Vec<[String; 2]>,
    /// Asks for the level file when none is given.
    pub file_prompt: String,
    /// Asks for an action.
    pub prompt: String,
    /// Printed on leaving the last level.
    pub won: String,
    /// Printed when a stat reaches a losing bound.
    pub lost: String,
    /// Printed when the used name is no item's.
    pub no_such_item: String,
    /// Printed when no item of the used kind is held.
    pub not_held: String,
    /// Fog of war: only cells at most this many steps from the actor
    /// (rows plus columns) are shown, in text and in the browser.
    #[serde(default)]
    pub sight: Option<u32>,
    /// How a cell hidden by the fog is drawn.
    #[serde(default = "hidden")]
    pub hidden: char,
}

fn hidden() -> char {
    '~'
}

/// The JSON Schema of level-walking rulesets.
pub fn journey_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut schema = generator
        .into_root_schema_for::<JourneyRuleset>()
        .to_value();
    crate::config::consts_to_enums(&mut schema);
    schema
}
