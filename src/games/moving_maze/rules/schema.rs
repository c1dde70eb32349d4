//! The ruleset file format: what a TOML ruleset may say, read by serde.
//!
//! Every key has a default equal to the standard game, so an empty file is
//! standard Moving Maze and a variant states only what it changes. Every
//! option is a closed enum or a plain value; the engine interprets them in
//! one place ([`crate::games::moving_maze::rules::Rules`]). The doc comments here are also the
//! descriptions in the JSON Schema that `relic rules schema` prints, and the
//! `schemars` ranges are checked when a ruleset is loaded.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The largest board side any ruleset may allow (the engine's limit).
pub const MAX_BOARD_SIDE: u8 = crate::games::moving_maze::board::MAX_SIDE;

/// A relic ruleset: every rule of the game is a key. Keys left out take
/// the standard Moving Maze value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(title = "relic ruleset")]
pub struct Ruleset {
    /// The game these rules are for (`moving-maze`, the default). Tools
    /// load this game's setup files and play it.
    pub game: crate::games::GameId,
    /// The ruleset's display name, printed in the text-mode start banner.
    #[schemars(length(min = 1))]
    pub name: String,
    /// One or two sentences on what the ruleset is.
    pub description: String,
    /// The ruleset this one changes: a built-in name (`moving-maze`, or a
    /// shipped variant such as `two-players`) or a path relative to this
    /// file. Tables merge key by key; arrays and other values replace the
    /// parent's. Cleared once resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Keys of the ruleset extended that this one removes before its own
    /// merge over it, as dotted paths (`["points", "board.links"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unset: Vec<String>,
    /// What boards are allowed.
    pub board: BoardRules,
    /// How the floating tile is rotated and slid.
    pub slide: SlideRules,
    /// The players (1 to 4), each on its own corner.
    #[schemars(length(min = 1, max = 4))]
    pub players: Vec<PlayerRules>,
    /// Who plays when: every player's `colour` once, first to last.
    pub turn_order: Vec<String>,
    /// How relics are collected and shown.
    pub relics: RelicRules,
    /// The phases of a turn.
    pub turn: TurnRules,
    /// How adventurers move.
    pub movement: MovementRules,
    /// How the game is won.
    pub win: WinRules,
    /// The tiles of randomly generated boards (`relic board new`,
    /// `relic sim --random-boards`).
    pub tiles: TileMix,
    /// The texts of refusals and of what text mode says about play (each
    /// key's default is the specification's text). Written out, only the
    /// texts that differ from the defaults.
    #[serde(skip_serializing_if = "super::messages::MessageTexts::is_standard")]
    pub messages: super::messages::MessageTexts,
    /// The vocabulary's form of `turn_order` and `[turn]`: the turn order
    /// and the phases of a turn. Folded into the shorthand once resolved.
    #[serde(skip_serializing)]
    pub turns: super::lowered::MazeTurns,
    /// The vocabulary's form of `[slide]` and `[movement]`: the tile-maze
    /// mechanics as named actions. Folded into the shorthand once
    /// resolved.
    #[serde(skip_serializing)]
    #[schemars(length(min = 1, max = 4))]
    pub actions: Option<Vec<super::lowered::MazeAction>>,
    /// The vocabulary's form of `[relics]` and `[win]`. Folded into the
    /// shorthand once resolved.
    #[serde(skip_serializing)]
    pub outcomes: super::lowered::MazeOutcomes,
    /// The things of the game as the vocabulary's kinds (tile shapes,
    /// relics, adventurers), as `relic rules show --expanded` writes them.
    /// They follow from the board format and the players: each one given
    /// is checked against them, then dropped.
    #[serde(skip_serializing)]
    #[schemars(length(max = 64))]
    pub kinds: Option<Vec<super::lowered::MazeKind>>,
}

impl Default for Ruleset {
    /// Standard Moving Maze, exactly as `rulesets/moving-maze.toml` says.
    fn default() -> Ruleset {
        Ruleset {
            game: crate::games::GameId::MovingMaze,
            name: "Moving Maze".into(),
            description: "Four adventurers slide tiles into a shifting maze to collect \
                          their relics in order and return home."
                .into(),
            extends: None,
            unset: Vec::new(),
            board: BoardRules::default(),
            slide: SlideRules::default(),
            players: PlayerRules::standard(),
            turn_order: ["green", "yellow", "red", "blue"].map(String::from).into(),
            relics: RelicRules::default(),
            turn: TurnRules::default(),
            movement: MovementRules::default(),
            win: WinRules::default(),
            tiles: TileMix::default(),
            messages: Default::default(),
            turns: Default::default(),
            actions: None,
            outcomes: Default::default(),
            kinds: None,
        }
    }
}

/// Board bounds: sizes and relics a board file may have. The same type as
/// the [`BoardLimits`](crate::games::moving_maze::board::BoardLimits) boards are checked
/// against, so the ruleset's `[board]` table is exactly what the checker uses.
pub type BoardRules = crate::games::moving_maze::board::BoardLimits;

pub use super::choices::{Corner, Lines, PushedOff, RelicOrder, WinCondition};

/// Sliding rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SlideRules {
    /// Which rows may be slid (the tile enters from east or west).
    pub rows: Lines,
    /// Which columns may be slid (the tile enters from north or south).
    pub columns: Lines,
    /// Whether sliding into the last exit point (undoing the previous
    /// slide) is forbidden.
    pub forbid_reverse: bool,
    /// Whether the floating tile may be rotated before it is slid.
    pub rotate: bool,
    /// Where an adventurer pushed off the board goes.
    pub pushed_off: PushedOff,
    /// Whether a pushed-off adventurer collects its active relic on the
    /// tile it lands on.
    pub collect_on_push: bool,
}

impl Default for SlideRules {
    /// Even rows and columns, no reverse slide, free rotation, pushed-off
    /// adventurers onto the inserted tile, where they may collect.
    fn default() -> SlideRules {
        SlideRules {
            rows: Lines::Even,
            columns: Lines::Even,
            forbid_reverse: true,
            rotate: true,
            pushed_off: PushedOff::InsertedTile,
            collect_on_push: true,
        }
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRules {
    /// The player's colour, which names it in `turn_order`, for example
    /// `green`: lower-case letters, digits and `-`.
    #[schemars(length(min = 1, max = 32))]
    pub colour: String,
    /// The name shown in prompts, messages and the scoreboard, for example
    /// `Green`.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The upper-case letter drawn on tiles where the adventurer stands,
    /// for example `G`.
    pub initial: char,
    /// The lower-case letter of the player's relics in board files, for
    /// example `g`; one of `board.relic_colours`.
    pub relic: char,
    /// Where the adventurer starts, and must return to.
    pub corner: Corner,
}

impl PlayerRules {
    /// The four standard players, in turn order.
    pub fn standard() -> Vec<PlayerRules> {
        let player = |colour: &str, name: &str, corner| PlayerRules {
            colour: colour.into(),
            name: name.into(),
            initial: name.chars().next().unwrap_or('?'),
            relic: colour.chars().next().unwrap_or('?'),
            corner,
        };
        vec![
            player("green", "Green", Corner::TopLeft),
            player("yellow", "Yellow", Corner::TopRight),
            player("red", "Red", Corner::BottomLeft),
            player("blue", "Blue", Corner::BottomRight),
        ]
    }
}

/// Relic rules. K, the number of relics of each colour, comes from the
/// board file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RelicRules {
    /// The order in which a player collects their relics.
    pub order: RelicOrder,
    /// Whether relics no player can collect yet are hidden.
    pub hide_inactive: bool,
    /// Whether collecting a relic ends the move phase (and so the turn).
    pub collect_ends_move: bool,
}

impl Default for RelicRules {
    /// In order, inactive relics hidden, collecting ends the move.
    fn default() -> RelicRules {
        RelicRules {
            order: RelicOrder::InOrder,
            hide_inactive: true,
            collect_ends_move: true,
        }
    }
}

/// Turn structure: a slide phase, then a move phase the player ends with
/// `done`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TurnRules {
    /// Whether the slide phase must end in a slide; when false the player
    /// may skip it with `done`.
    pub slide_required: bool,
}

impl Default for TurnRules {
    /// Sliding is mandatory.
    fn default() -> TurnRules {
        TurnRules {
            slide_required: true,
        }
    }
}

/// Movement rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MovementRules {
    /// Single steps `n`, `e`, `s`, `w` to an adjacent connected tile.
    pub steps: bool,
    /// Pathfinding `X,Y` to any tile connected by pathways.
    pub pathfinding: bool,
}

impl Default for MovementRules {
    /// Both single steps and pathfinding.
    fn default() -> MovementRules {
        MovementRules {
            steps: true,
            pathfinding: true,
        }
    }
}

/// Win rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct WinRules {
    /// The win condition. Either way a board with K = 0 cannot be won.
    pub condition: WinCondition,
}

impl Default for WinRules {
    /// All relics, then home.
    fn default() -> WinRules {
        WinRules {
            condition: WinCondition::ReturnHome,
        }
    }
}

/// The tile mix of generated boards, as in the physical game: how many
/// straights, corners and junctions there are among the movable tiles (the
/// floating tile included), and what the fixed tiles look like. The counts
/// are for a 7x7 board and are scaled to other sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TileMix {
    /// Straight tiles (two opposite open sides) among the movable tiles.
    pub straights: u16,
    /// Corner tiles (two adjacent open sides) among the movable tiles.
    pub corners: u16,
    /// Junctions (three open sides) among the movable tiles.
    pub junctions: u16,
    /// What the fixed tiles (those in no slidable row or column) are.
    pub fixed: FixedTiles,
}

impl Default for TileMix {
    /// The classic game: 13 straights, 15 corners and 6 junctions among
    /// the 34 movable tiles; fixed tiles are inward-facing junctions.
    fn default() -> TileMix {
        TileMix {
            straights: 13,
            corners: 15,
            junctions: 6,
            fixed: FixedTiles::Inward,
        }
    }
}

/// What the fixed tiles of a generated board are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FixedTiles {
    /// As in the physical game: corners of the maze are corner tiles open
    /// inward, fixed tiles on an edge are junctions closed toward the
    /// edge, fixed tiles inside are junctions in any orientation.
    #[default]
    Inward,
    /// Drawn from the same mix as the movable tiles, in any orientation.
    Random,
}

/// The JSON Schema (draft-07) of ruleset files, for editors and
/// `relic rules schema`.
///
/// ```
/// let schema = relic::rules::json_schema();
/// assert_eq!(schema["properties"]["board"]["allOf"][0]["$ref"], "#/definitions/BoardRules");
/// ```
pub fn json_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let mut schema = generator.into_root_schema_for::<Ruleset>().to_value();
    crate::config::consts_to_enums(&mut schema);
    schema
}
