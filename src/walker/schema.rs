//! The walker ruleset file format, read by serde: every table and key a
//! walker ruleset may have (`rulesets/README.md`, "Walker rulesets",
//! documents them). Every choice is a closed enum, matched in one place
//! ([`super::program`]). The doc comments are also the descriptions in the
//! JSON Schema.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most kinds of square a walker ruleset defines.
pub const MAX_KINDS: usize = 64;

/// A single-actor grid game: one actor walks a grid of kinds of square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "relic walker ruleset")]
pub struct WalkerRuleset {
    /// The game this ruleset is for (`walker-physics`); it picks the board
    /// codec and the exact text.
    pub game: String,
    /// The game's display name.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
    /// One or two sentences on what the game is.
    #[serde(default)]
    pub description: String,
    /// The ruleset this one changes: a built-in name or a path relative to
    /// this file. Tables merge key by key; arrays replace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Keys of the ruleset extended that this one removes before its own
    /// merge over it, as dotted paths (`["points", "board.links"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unset: Vec<String>,
    /// The kinds of square, in the order boards and tallies list them.
    #[schemars(length(min = 2, max = 64))]
    pub kinds: Vec<KindSpec>,
    /// Which kinds play the special parts.
    pub roles: RoleSpec,
    /// What the actor may do, in canonical order (1 to 16).
    #[schemars(length(min = 1, max = 16))]
    pub actions: Vec<ActionSpec>,
    /// Cell physics: rewrite patterns run after moves.
    #[serde(default)]
    pub physics: PhysicsSpec,
    /// What `relic solve` searches for.
    #[serde(default, skip_serializing_if = "GoalSpec::is_empty")]
    pub goal: GoalSpec,
}

/// What `relic solve` searches for: the fewest actions to a position
/// where no square holds any of `clear`, play not having ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GoalSpec {
    /// Kind names that must all be gone from the board (`["diamond"]`).
    #[serde(default)]
    #[schemars(length(max = 64))]
    pub clear: Vec<String>,
}

impl GoalSpec {
    /// Whether it names nothing (no goal).
    pub fn is_empty(&self) -> bool {
        self.clear.is_empty()
    }
}

/// One kind of square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindSpec {
    /// Its name, used by roles, actions and refusals (`rock`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The one character boards and patterns write it with (`O`).
    #[schemars(length(min = 1, max = 1))]
    pub glyph: String,
    /// The actor may walk onto and through it (empty squares, diamonds).
    #[serde(default)]
    pub passable: bool,
    /// The actor takes it on entering (it is counted; the square empties).
    #[serde(default)]
    pub collectable: bool,
    /// A dig may enter it (earth).
    #[serde(default)]
    pub diggable: bool,
    /// The directions a push may move it in (`["E", "W"]`); none: not pushable.
    #[serde(default)]
    pub pushable: Vec<Direction>,
    /// How the browser draws it (by default its glyph, in ink).
    #[serde(default, skip_serializing_if = "DrawSpec::is_plain")]
    pub draw: DrawSpec,
}

/// How the browser draws a kind of square.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawSpec {
    /// The text drawn on the square (`◆`); `""` for none; by default the
    /// kind's glyph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 4))]
    pub symbol: Option<String>,
    /// A shape under the symbol.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Shape>,
    /// The colour of the shape, or of the symbol without one (a CSS colour
    /// name or `#rrggbb`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 32))]
    pub colour: Option<String>,
    /// The square's background colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 32))]
    pub fill: Option<String>,
}

impl DrawSpec {
    /// Whether it says nothing (the glyph in ink).
    pub fn is_plain(&self) -> bool {
        *self == DrawSpec::default()
    }
}

/// A shape the browser draws under a square's symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A filled circle (a rock).
    Disc,
    /// A filled square.
    Square,
    /// A circle outline.
    Ring,
}

impl Shape {
    /// Its name in the browser view.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Disc => "disc",
            Shape::Square => "square",
            Shape::Ring => "ring",
        }
    }
}

/// A compass direction on the grid; north is +y (up the page).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Direction {
    /// North, +y.
    N,
    /// South, -y.
    S,
    /// East, +x.
    E,
    /// West, -x.
    W,
}

impl Direction {
    /// Every direction, in the order N, S, E, W.
    pub const ALL: [Direction; 4] = [Direction::N, Direction::S, Direction::E, Direction::W];

    /// The step `(dx, dy)`.
    ///
    /// ```
    /// use relic::walker::Direction;
    /// assert_eq!(Direction::N.delta(), (0, 1));
    /// ```
    pub fn delta(self) -> super::grid::Offset {
        match self {
            Direction::N => (0, 1),
            Direction::S => (0, -1),
            Direction::E => (1, 0),
            Direction::W => (-1, 0),
        }
    }

    /// Its letter (`N`).
    pub fn letter(self) -> char {
        match self {
            Direction::N => 'N',
            Direction::S => 'S',
            Direction::E => 'E',
            Direction::W => 'W',
        }
    }

    /// The direction whose letter is `c`.
    pub fn from_letter(c: char) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.letter() == c)
    }
}

/// The kinds that play special parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleSpec {
    /// The actor's kind (exactly one on every board).
    pub actor: String,
    /// The kind a square holds once emptied (left behind, dug, collected).
    pub empty: String,
    /// The kind everything outside the board counts as.
    pub outside: String,
}

/// One action: a letter, a way of moving, the directions and counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// Its name (`walk`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The letter that writes it in the notation (`M` in `M(E;3)`).
    #[schemars(length(min = 1, max = 1))]
    pub letter: String,
    /// How each step moves the actor.
    pub mode: Mode,
    /// The directions it may go, in canonical order.
    #[serde(default = "all_directions")]
    pub directions: Vec<Direction>,
    /// The most steps in one action (counts run from 1).
    #[serde(default = "default_max_count")]
    #[schemars(range(min = 1, max = 9))]
    pub max_count: u8,
    /// For `dig`: which squares must be diggable.
    #[serde(default)]
    pub dig: DigRule,
}

fn all_directions() -> Vec<Direction> {
    Direction::ALL.to_vec()
}

fn default_max_count() -> u8 {
    9
}

/// How an action moves the actor, one step at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Each square entered must be passable; collectables are taken.
    Walk,
    /// Squares entered must be diggable (see `dig`); they are emptied.
    Dig,
    /// Each step, the next square must hold a kind pushable that way and
    /// the square beyond it must be empty; both move one square.
    Push,
    /// No step: acknowledges that play has ended (`0`); valid only then.
    End,
}

/// Which squares a dig needs to be diggable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DigRule {
    /// Every square dug into.
    #[default]
    Every,
    /// Only the last; squares before it may be diggable or passable.
    Last,
}

/// Cell physics: rewrite patterns and when they run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhysicsSpec {
    /// When the grid settles.
    #[serde(default)]
    pub timing: Timing,
    /// The order squares are scanned in, each pass.
    #[serde(default)]
    pub scan: Scan,
    /// The rewrite rules, tried in this order at each square.
    #[serde(default)]
    #[schemars(length(max = 32))]
    pub rules: Vec<RuleSpec>,
    /// Patterns that end play when they match the settled grid.
    #[serde(default)]
    #[schemars(length(max = 8))]
    pub ends: Vec<EndSpec>,
}

/// When the grid settles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    /// Once, after the whole action.
    #[default]
    AfterMove,
    /// After every step of an action.
    AfterStep,
}

/// The order squares are scanned in each pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Scan {
    /// Rows from the bottom (y = 0) up, each from west to east.
    #[default]
    BottomUpWestEast,
    /// Rows from the top down, each from west to east.
    TopDownWestEast,
}

/// One rewrite rule: where `match` matches, the grid becomes `becomes`.
///
/// Patterns are rows from the top, each a list of cells: a glyph (any
/// state), a glyph and `*` (falling), or `?` (anything; in `becomes`:
/// unchanged). A glyph in `becomes` is at rest, with `*` falling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// Its name (`fall`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The cells that must match, rows from the top.
    #[serde(rename = "match")]
    #[schemars(length(min = 1, max = 4))]
    pub pattern: Vec<Vec<String>>,
    /// What they become, the same shape.
    #[schemars(length(min = 1, max = 4))]
    pub becomes: Vec<Vec<String>>,
    /// Rules tried again and again on the piece this rule moved, until
    /// none fires (`["fall"]`: a rock falls until it lands).
    #[serde(default)]
    pub then: Vec<String>,
}

/// A pattern that ends play when it matches the settled grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// Its name, shown to players (`crushed`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The cells that must match, as in a rule.
    #[serde(rename = "match")]
    #[schemars(length(min = 1, max = 4))]
    pub pattern: Vec<Vec<String>>,
    /// Whether the actor wins or loses.
    pub outcome: EndOutcome,
}

/// How a matched end pattern ends play for the actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EndOutcome {
    /// The actor wins.
    Won,
    /// The actor loses.
    Lost,
}

/// The JSON Schema of walker rulesets.
pub fn walker_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<WalkerRuleset>().to_value();
    crate::config::consts_to_enums(&mut schema);
    schema
}
