//! The file format of `game = "core"` rulesets, read by serde: a board, the
//! players, the kinds of pieces, variables, and the rules as one regular
//! expression (with macros). The doc comments are also the descriptions
//! in the JSON Schema (`relic rules schema core`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::config::draw::PieceDraw;

/// The most cells a board has.
pub const MAX_CELLS: usize = 4096;
/// The most players a game seats.
pub const MAX_PLAYERS: usize = 8;

/// A game written in the core rules language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "relic core ruleset")]
pub struct CoreRuleset {
    /// Marks the file as a core ruleset: always `"core"`.
    pub game: CoreKey,
    /// The game's display name.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
    /// One or two sentences on what the game is.
    #[serde(default)]
    pub description: String,
    /// The ruleset this one changes: a built-in name (`hex`) or a path
    /// relative to this file. Tables merge key by key; arrays and strings
    /// replace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Keys of the ruleset extended that this one removes before its own
    /// merge over it, as dotted paths (`["points", "board.links"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unset: Vec<String>,
    /// The board: a square grid, a hex grid or a graph of named points.
    pub board: BoardSpec,
    /// The players' names in turn order; the first moves first.
    #[schemars(length(min = 1, max = 8))]
    pub players: Vec<String>,
    /// The players' colours in the browser, one per player in the order
    /// of `players` (`["white", "black"]` for chess): a CSS colour name
    /// (`red`, `forestgreen`) or `#rrggbb`. Left out: blue, red, green,
    /// yellow, purple, orange, teal, brown, in turn order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 8))]
    pub colours: Vec<String>,
    /// The player who moves first from the setup (left out: the first of
    /// `players`); turns then go on in the order of `players`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The kinds of pieces: each owned by the players (one glyph each) or
    /// neutral (one glyph).
    #[schemars(length(min = 1))]
    pub kinds: Vec<KindSpec>,
    /// Directions that depend on the player: `forward = { white = "n",
    /// black = "s" }` makes `forward` mean north for white.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub directions: BTreeMap<String, BTreeMap<String, String>>,
    /// Bounded integer variables, for the whole game or one per player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variables: Vec<VariableSpec>,
    /// The rules of one turn: a regular expression over elementary actions
    /// (see rulesets/README.md, "The core language").
    pub rules: String,
    /// Named pieces of rules: `name = "..."`, or `"name(a, b)" = "..."`
    /// with parameters replaced by the arguments of each use.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub macros: BTreeMap<String, String>,
    /// What joins the parts (marks) of an action in its notation.
    #[serde(default = "dash", skip_serializing_if = "is_dash")]
    pub separator: String,
    /// What happens to the player to move when the rules give no action.
    #[serde(default, skip_serializing_if = "is_lose")]
    pub no_move: NoMove,
    /// Rules run when the player to move has no action, before `no_move`:
    /// the first way through them that reaches `end(...)` ends the game
    /// (such as a count of pieces); when none does, `no_move` applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_move_rules: Option<String>,
    /// Why an action is refused, told to the player who types it: each
    /// entry's rules list actions as `rules` does (the moves a player
    /// might try), and a refused action that an entry's rules list is
    /// answered with its message; entries are tried in the order of their
    /// names.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub refusals: BTreeMap<String, RefusalSpec>,
    /// Other ways to write the turn's actions: rules that list actions as
    /// `rules` does. A typed action that the turn's rules do not list but
    /// these do is read as the turn's action that leaves the same
    /// position (cells, variables, and who moves next or how the game
    /// ends), when exactly one does: a line typed from either end, a
    /// group named from its other end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spellings: Option<String>,
    /// What a refused action costs instead of being refused (the first
    /// entry that matches it and is legal then is played instead).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalty: Vec<PenaltySpec>,
    /// What quitting (resigning) does: the quitter loses (`loss`, the
    /// default), the game is a draw (`draw`), or with three players or
    /// more the quitter leaves and the others play on (`leave`).
    #[serde(default, skip_serializing_if = "QuitResult::is_loss")]
    pub quit: QuitResult,
    /// The same position (cells, player to move, variables) reached this
    /// many times draws the game (3 for chess's threefold repetition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 100))]
    pub repetition: Option<u8>,
    /// Rules run when a position has occurred `repetition` times, to end
    /// the game otherwise than in a draw (as `no_move_rules` do: the first
    /// way that reaches `end(...)` ends it, its changes kept); when none
    /// does, the repetition draws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition_rules: Option<String>,
    /// A move that changes the board may not remake a board (`board`:
    /// positional superko) or a position (`position`: the board, the
    /// player to move and the variables `repetition` compares:
    /// situational superko) seen before in the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbid_repeat: Option<RepeatScope>,
    /// Under `forbid_repeat`, the occurrence of a board or position that a
    /// move may not make: 2 (the default) forbids remaking one seen
    /// before, 3 one seen twice (Arimaa: a move may not make a position
    /// the third time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 100))]
    pub forbid_repeat_times: Option<u8>,
    /// The most instructions one search of the rules (listing a position's
    /// actions, or following one) runs before play stops as a runaway:
    /// 20,000,000 when left out. Raise it for a game whose turns are very
    /// large searches; lower it to stop a runaway sooner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1000, max = 2_000_000_000))]
    pub step_limit: Option<u64>,
    /// How FEN setups (`relic play --ruleset chess start.fen`) read for
    /// this game: the side-to-move letters, the castling letters, the
    /// en-passant square and the halfmove clock, or SFEN's pieces in hand
    /// (see rulesets/README.md, "`[fen]`: FEN setups").
    #[serde(default, skip_serializing_if = "super::fen_spec::FenSpec::is_empty")]
    pub fen: super::fen_spec::FenSpec,
    /// How the browser draws the board: checkered squares, or points
    /// joined by lines with dots (see rulesets/README.md, "`[browser]`:
    /// how the board looks").
    #[serde(default, skip_serializing_if = "is_default_look")]
    pub browser: super::look_spec::BrowserSpec,
}

fn is_default_look(b: &super::look_spec::BrowserSpec) -> bool {
    *b == super::look_spec::BrowserSpec::default()
}

fn dash() -> String {
    "-".to_owned()
}

fn is_dash(s: &str) -> bool {
    s == "-"
}

fn is_lose(n: &NoMove) -> bool {
    *n == NoMove::Lose
}

/// Why some refused actions are refused: the rules that list them and
/// what the player is told.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefusalSpec {
    /// Rules whose actions the message answers when the game's rules
    /// refuse them (`"any {own} sow"`: every sowing, fed or not).
    pub rules: String,
    /// What the player is told (`you must give your opponent seeds`).
    pub message: String,
}

/// A penalty: the action played instead of a refused one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PenaltySpec {
    /// Only for refused actions whose notation starts with this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// The action played instead, in the game's notation (`forfeit`).
    pub action: String,
}

pub use crate::config::quit::QuitResult;

/// Which engine plays the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CoreKey {
    /// A game written in the core rules language.
    Core,
}

/// What a forbidden repeat compares ([`CoreRuleset::forbid_repeat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RepeatScope {
    /// A move that changes the board may not remake a board seen before
    /// (its pieces and stacks): positional superko.
    Board,
    /// A move that changes the board may not remake a position seen
    /// before (the board, the player to move and the variables marked
    /// `repetition = true`): situational superko.
    Position,
}

/// The outcome for a player who has no action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoMove {
    /// The player loses (with two players, the other wins).
    #[default]
    Lose,
    /// The game is drawn.
    Draw,
    /// The player wins.
    Win,
}

/// The shape of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A grid of squares: directions `n ne e se s sw w nw`.
    #[default]
    Square,
    /// A rhombus of hexagons in axial coordinates: `ne e se sw w nw`.
    Hex,
    /// Named points joined by named links (`points`, `links`).
    Graph,
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// `square`, `hex` or `graph`.
    #[serde(default)]
    pub shape: Shape,
    /// Columns from west to east (a graph: of the drawing its points sit on).
    #[schemars(range(min = 1, max = 64))]
    pub width: u16,
    /// Rows from south to north.
    #[schemars(range(min = 1, max = 64))]
    pub height: u16,
    /// A graph's points, by the names of the grid cells they sit on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<String>,
    /// A graph's links: direction name to chains of points, `"a1 d1 g1"`
    /// linking a1 to d1 and d1 to g1 in that direction.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub links: BTreeMap<String, Vec<String>>,
    /// A graph's opposite directions: `e = "w"` adds every `e` link
    /// backwards as a `w` link.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub opposite: BTreeMap<String, String>,
    /// Cells of a square or hex grid that are not on the board, by name
    /// or as ranges (`"a1:c2"`, the rectangle between two corners): a
    /// step onto one fails, as off the edge (a cross-shaped board, a
    /// board with a hole in the middle).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<String>,
    /// A hex grid cut to a hexagon: of the rhombus `width` by `height`
    /// (the same odd number, `2 * side - 1`), only the cells within
    /// `side - 1` steps of the centre are on the board (61 cells for side
    /// 5, Abalone's board).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hexagon: bool,
    /// The starting position, rows from the north edge down: one glyph per
    /// cell (`.` for empty), separated by spaces when any glyph is longer
    /// than one letter; a stack is its glyphs joined by `/`, bottom first
    /// (`6/g1/G`). Empty: the board starts empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<String>,
    /// Whether the text view writes each stack's height after its top's
    /// glyph (`o4`: four pieces, a seed on top), for games whose stacks
    /// are counts (Kalah's pits). Left out: the top's glyph alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub heights: bool,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindSpec {
    /// Its name in the rules (`pawn`).
    pub name: String,
    /// One glyph per player, in player order: the players' pieces of this
    /// kind. Leave out for a neutral kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub glyphs: Vec<String>,
    /// The glyph of a neutral kind (owned by nobody, such as an arrow).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<String>,
    /// How the browser draws it, in its owner's colour: `{ shape =
    /// "knight" }` (a chess figure), `{ shape = "disc" }`... Left out: the
    /// glyph alone, as a large letter.
    #[serde(default, skip_serializing_if = "PieceDraw::is_plain")]
    pub draw: PieceDraw,
    /// Whether the text and browser views show it (`false` for a marker
    /// the rules keep for themselves, such as Go's ko point: a cell
    /// whose top is hidden shows the piece beneath, or nothing).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub shown: bool,
}

/// A variable's value when play starts ([`VariableSpec::start`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum StartValue {
    /// The same for every copy.
    One(i32),
    /// One per player, in player order (a per-player variable).
    Each(Vec<i32>),
}

impl Default for StartValue {
    fn default() -> StartValue {
        StartValue::One(0)
    }
}

impl StartValue {
    /// The start of `player`'s copy (the first number where there are too
    /// few, which the check refuses).
    ///
    /// ```
    /// use relic::lang::schema::StartValue;
    /// assert_eq!(StartValue::Each(vec![1, 2]).of(1), 2);
    /// assert_eq!(StartValue::One(3).of(1), 3);
    /// ```
    pub fn of(&self, player: usize) -> i32 {
        match self {
            StartValue::One(n) => *n,
            StartValue::Each(each) => each.get(player).or(each.first()).copied().unwrap_or(0),
        }
    }

    /// Every number given.
    pub fn all(&self) -> Vec<i32> {
        match self {
            StartValue::One(n) => vec![*n],
            StartValue::Each(each) => each.clone(),
        }
    }
}

/// A bounded integer variable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableSpec {
    /// Its name in the rules.
    pub name: String,
    /// Its value when play starts: a number, or for a per-player variable
    /// one number per player in player order (`[0, 5]`).
    #[serde(default)]
    pub start: StartValue,
    /// The least value; an assignment below it fails.
    #[serde(default)]
    pub min: i32,
    /// The greatest value; an assignment above it fails.
    pub max: i32,
    /// One value per player (the rules read and write the current
    /// player's) instead of one for the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub per_player: bool,
    /// Whether positions compared for `repetition` must agree on it
    /// (`false` for a counter such as moves since a capture).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub repetition: bool,
    /// Whether the text view prints it under the board (`false` for a
    /// variable that only carries something through one action).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub shown: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// The JSON Schema of core rulesets, choices as `enum` lists.
///
/// ```
/// let schema = relic::lang::core_json_schema();
/// assert_eq!(schema["title"], "relic core ruleset");
/// ```
pub fn core_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<CoreRuleset>().to_value();
    crate::config::consts_to_enums(&mut schema);
    schema
}
