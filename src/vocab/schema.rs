//! The vocabulary ruleset file format, read by serde: every table and key a
//! vocabulary ruleset may have. Every choice is a closed enum, matched in
//! one place ([`super::compile`]). The doc comments are also the
//! descriptions in the JSON Schema (`relic rules schema --vocabulary`).

pub use crate::config::draw::{PieceDraw, PieceShape};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most players a vocabulary game seats.
pub const MAX_PLAYERS: usize = 4;
/// The most squares a vocabulary board has (bit masks of 128 bits).
pub const MAX_CELLS: usize = 128;

/// A game written in the shared vocabulary of grid-game mechanics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "relic vocabulary ruleset")]
pub struct VocabRuleset {
    /// Marks the file as a vocabulary ruleset: always `"vocabulary"`.
    pub game: GameKind,
    /// The game's display name.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
    /// One or two sentences on what the game is.
    #[serde(default)]
    pub description: String,
    /// The ruleset this one changes: a built-in name (`tic-tac-toe`) or a
    /// path relative to this file. Tables merge key by key; arrays replace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Keys of the ruleset extended that this one removes before its own
    /// merge over it, as dotted paths (`["points", "board.links"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unset: Vec<String>,
    /// The board: shape, size, coordinates and the starting position.
    pub board: BoardSpec,
    /// The players in turn order (1 to 4).
    #[schemars(length(min = 1, max = 4))]
    pub players: Vec<PlayerSpec>,
    /// The kinds of pieces (1 to 16); every player has each kind.
    #[schemars(length(min = 1, max = 16))]
    pub kinds: Vec<KindSpec>,
    /// Whether a square holds one piece or a stack, and what may cover what.
    #[serde(default)]
    pub stacking: StackSpec,
    /// What happens to the pieces in the players' reserves.
    #[serde(default)]
    pub reserve: ReserveSpec,
    /// Integer counters per player or per game (0 to 16): scores, pieces
    /// left, turns played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 16))]
    pub counters: Vec<CounterSpec>,
    /// What a player may do on a turn, in canonical order (1 to 16).
    #[schemars(length(min = 1, max = 16))]
    pub actions: Vec<ActionSpec>,
    /// How the game ends.
    #[serde(default)]
    pub outcomes: OutcomeSpec,
    /// The texts of refusals and events; each has a default.
    #[serde(default)]
    pub messages: MessageSpec,
    /// Turn flow: what an illegal action costs.
    #[serde(default)]
    pub turns: TurnSpec,
    /// Glyphs of square states and statuses in text views.
    #[serde(default)]
    pub glyphs: GlyphSpec,
    /// How text mode reads and writes the game: `notation` (the one
    /// notation, one action per token) or `instructions` (the course's
    /// numbered instruction lines and exact board text; see README).
    #[serde(default)]
    pub text: TextFormat,
    /// How the browser plays the game (`[browser]`).
    #[serde(default, skip_serializing_if = "BrowserSpec::is_default")]
    pub browser: BrowserSpec,
}

/// How the browser plays the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrowserSpec {
    /// Whether quitting (the `q` key, the Resign button) asks first
    /// (default `true`); `false`: `q` quits at once, a single keystroke
    /// as a course's GUI specifies.
    #[serde(default = "yes")]
    pub confirm_quit: bool,
    /// Whether the board's squares alternate light and dark, as a chess
    /// board's (default `false`: one colour, lines between squares).
    #[serde(default)]
    pub checkered: bool,
}

impl Default for BrowserSpec {
    fn default() -> BrowserSpec {
        BrowserSpec {
            confirm_quit: true,
            checkered: false,
        }
    }
}

impl BrowserSpec {
    /// Whether it is the default (asks before quitting).
    pub fn is_default(&self) -> bool {
        *self == BrowserSpec::default()
    }
}

fn yes() -> bool {
    true
}

/// Which engine plays the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// A game composed from the shared vocabulary.
    Vocabulary,
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// The shape of the squares: `square` or `hex` (axial coordinates, a
    /// rhombus `width` by `height`).
    #[serde(default)]
    pub shape: Shape,
    /// Squares from west to east.
    #[schemars(range(min = 1, max = 16))]
    pub width: u8,
    /// Squares from south to north.
    #[schemars(range(min = 1, max = 16))]
    pub height: u8,
    /// Neighbours of a square grid: 4 (orthogonal) or 8 (with diagonals);
    /// what the direction group `all` means. Hex boards always have 6.
    #[serde(default = "eight", skip_serializing_if = "is_eight")]
    #[schemars(range(min = 4, max = 8))]
    pub neighbours: u8,
    /// How squares are written: `letter-number` (`a1`, column letter then
    /// row number) or `column-row` (`1,1`).
    #[serde(default)]
    pub coordinates: Coordinates,
    /// Which way north is drawn: `up` (row 1 at the bottom) or `down`.
    #[serde(default)]
    pub north: North,
    /// The starting position, rows from the north edge down: one glyph per
    /// square (`.` for empty), glyphs separated by spaces when any glyph is
    /// longer than one letter. Empty: the board starts empty.
    #[serde(default)]
    pub setup: Vec<String>,
}

/// Left out when written (hex boards refuse the key).
fn is_eight(n: &u8) -> bool {
    *n == 8
}

fn eight() -> u8 {
    8
}

/// The shape of the board's squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Square cells with 4 or 8 neighbours.
    #[default]
    Square,
    /// Hexagons with 6 neighbours, in axial coordinates.
    Hex,
}

/// How squares are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Coordinates {
    /// Column letter and row number: `a1`.
    #[default]
    LetterNumber,
    /// Column and row numbers from 1: `1,1`.
    ColumnRow,
}

/// Which way north is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum North {
    /// North at the top: row 1 is printed last.
    #[default]
    Up,
    /// North at the bottom: row 1 is printed first.
    Down,
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The player's name, as printed (`X`, `Red`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The direction this player's `forward` means; default `north` for
    /// the first player, `south` for the second (`east` and `west` on hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Direction")]
    pub forward: Option<Direction>,
    /// The player's colour in the browser (its pieces, seat dot, turn bar,
    /// log and scoreboard): a CSS colour name (`red`, `forestgreen`) or
    /// `#rrggbb`. Left out: the colour the player's name names (`Red`,
    /// `Yellow`), else the first of blue, red, green, orange, purple no
    /// other player has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 32))]
    pub colour: Option<String>,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindSpec {
    /// The kind's name (`pawn`, `large`), used by actions and notation.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The glyph of each player's piece of this kind, in player order: 1 to
    /// 3 characters each.
    pub glyphs: Vec<String>,
    /// The piece's size, for covering rules (1 to 15).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 15))]
    pub size: u8,
    /// How many each player has in reserve at the start; left out, the
    /// reserve never runs out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 999))]
    pub reserve: Option<u16>,
    /// How the browser draws the kind's pieces (`[kinds.draw]`); left
    /// out, each player's glyph in the player's colour.
    #[serde(default, skip_serializing_if = "PieceDraw::is_plain")]
    pub draw: PieceDraw,
}

fn one() -> u8 {
    1
}

/// Stacking: one piece per square, or stacks with a covering rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackSpec {
    /// What may cover a piece: `none` (one piece per square), `larger`
    /// (a strictly larger piece covers a smaller one) or `any`.
    #[serde(default)]
    pub cover: Cover,
    /// The tallest stack (2 to 8); left out: the number of distinct sizes
    /// for `larger`, 2 for `any`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 8))]
    pub height: Option<u8>,
}

/// What may cover a piece on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cover {
    /// Nothing: one piece per square.
    #[default]
    None,
    /// A strictly larger piece covers a smaller one.
    Larger,
    /// Any piece covers any other, up to the stack height.
    Any,
}

/// Reserves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReserveSpec {
    /// What refills a reserve: `never`, or `captured` (a captured piece
    /// goes back to its owner's reserve).
    #[serde(default)]
    pub refill: Refill,
    /// Each player's reserve as this many numbered stacks (1 to 8), each a
    /// set holding at most one piece of each kind, largest on top; every
    /// stack starts with one piece of every kind (kinds then leave out
    /// `reserve`). A piece sent back goes to the lowest-numbered stack
    /// that lacks its kind. Left out: reserves are counts per kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 8))]
    pub stacks: Option<u8>,
}

/// What refills a reserve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Refill {
    /// Pieces placed are gone from the reserve for good.
    #[default]
    Never,
    /// A captured piece returns to its owner's reserve.
    Captured,
}

/// Texts of refusals and events. `{player}`, `{square}`, `{from}`, `{to}`,
/// `{kind}` and `{line}` are replaced where they apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MessageSpec {
    /// Refused: the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<String>,
    /// Refused: the target square is taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occupied: Option<String>,
    /// Refused: the piece cannot cover what is on the target square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cannot_cover: Option<String>,
    /// Refused: the target holds no opponent's piece to capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nothing_to_capture: Option<String>,
    /// Refused: the player's reserve of that kind is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_empty: Option<String>,
    /// Refused: the line dropped into is full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_full: Option<String>,
    /// Refused: no piece of the player's is on top of the square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_piece: Option<String>,
    /// Refused: a move from a square with no piece on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_square: Option<String>,
    /// Refused: the piece does not move that way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_a_move: Option<String>,
    /// Refused: a square on the way is not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked: Option<String>,
    /// Refused: this kind of action is not allowed now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_allowed: Option<String>,
    /// Event: a piece was placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<String>,
    /// Event: a piece moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<String>,
    /// Event: a piece was captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<String>,
    /// Event: a player passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<String>,
    /// Event: a player won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won: Option<String>,
    /// Event: the game is drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// Event: a player lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost: Option<String>,
    /// Event: a player quit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quit: Option<String>,
    /// Event: play stopped at the turn limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Refused: the player has no use of that effect left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_up: Option<String>,
    /// Refused: the effect cannot be used on that square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrong_target: Option<String>,
    /// Refused: more pieces asked for than the square holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub too_many: Option<String>,
    /// Refused: covering from the reserve needs a threatened line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_threatened: Option<String>,
    /// Event: an effect was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used: Option<String>,
    /// Event: a piece went back to its owner's reserve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<String>,
    /// Event: a square became a sink.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sink: Option<String>,
    /// Event: an illegal action cost the player the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_lost: Option<String>,
    /// The prompt before each action (`{phase}`: the phase of the turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// Refused: the action belongs to another phase of the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_in_phase: Option<String>,
    /// How events and the browser name a square (default `{name}`, as the
    /// notation writes it; `{column}` and `{row}` are its numbers from 1,
    /// as in `({row},{column})`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

pub use super::action_spec::{ActionSpec, Direction, Mechanic, Onto, PassWhen, Pattern};
pub use super::flow_spec::{
    AddSpec, CounterEvent, CounterOutcome, CounterResult, CounterSpec, Per, PhaseSpec, TriggerSpec,
};
pub use super::outcome_spec::*;
pub use super::turns::{CoverOnly, GlyphSpec, Illegal, QuitResult, TextFormat, TurnSpec};

/// The JSON Schema of vocabulary rulesets.
pub fn vocab_json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<VocabRuleset>().to_value();
    crate::config::consts_to_enums(&mut schema);
    schema
}
