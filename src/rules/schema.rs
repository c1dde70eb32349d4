//! The ruleset file format: what a TOML ruleset may say, read by serde.
//!
//! Every option is a closed enum or a plain value; the engine interprets
//! them in one place ([`crate::rules::Rules`]).

use serde::{Deserialize, Serialize};

/// A ruleset as written in a TOML file, after `extends` is resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// The ruleset's display name.
    pub name: String,
    /// One or two sentences on what it is.
    #[serde(default)]
    pub description: String,
    /// The ruleset this one changes: a built-in name (`moving-maze`) or a
    /// path relative to this file. Cleared once resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// What boards are allowed.
    pub board: BoardRules,
    /// How the floating tile is rotated and slid.
    pub slide: SlideRules,
    /// The players, in any order.
    pub players: Vec<PlayerRules>,
    /// Who plays when: player colours, first to last.
    pub turn_order: Vec<String>,
    /// How relics are collected and shown.
    pub relics: RelicRules,
    /// The phases of a turn.
    pub turn: TurnRules,
    /// How adventurers move.
    pub movement: MovementRules,
    /// How the game is won.
    pub win: WinRules,
    /// The tiles of a randomly generated board (`relic board new`).
    #[serde(default)]
    pub tiles: TileMix,
}

/// Board bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRules {
    /// Smallest width in tiles.
    pub min_width: u8,
    /// Largest width in tiles.
    pub max_width: u8,
    /// Smallest height in tiles.
    pub min_height: u8,
    /// Largest height in tiles.
    pub max_height: u8,
    /// Whether width and height must be odd.
    pub odd_sizes: bool,
    /// Largest K, the number of relics of each colour.
    pub max_relics: u8,
    /// The relic colour letters a board may use, for example `["g", "y"]`.
    pub relic_colours: Vec<String>,
}

/// Which rows or columns (numbered from 1) may be slid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lines {
    /// Rows/columns 2, 4, 6, ...
    Even,
    /// Rows/columns 1, 3, 5, ...
    Odd,
    /// Every row/column.
    All,
    /// None.
    None,
}

impl Lines {
    /// Whether 1-based line `index` may be slid.
    ///
    /// ```
    /// use relic::rules::Lines;
    /// assert!(Lines::Even.allows(2));
    /// assert!(!Lines::Even.allows(3));
    /// ```
    pub const fn allows(self, index: u8) -> bool {
        match self {
            Lines::Even => index.is_multiple_of(2),
            Lines::Odd => index % 2 == 1,
            Lines::All => true,
            Lines::None => false,
        }
    }
}

/// Where an adventurer pushed off the board goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PushedOff {
    /// Onto the tile just slid in, on the opposite side of the maze.
    InsertedTile,
    /// Back to the player's start corner.
    StartCorner,
}

/// Sliding rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// A corner of the maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Corner {
    /// Column 1, row 1.
    TopLeft,
    /// Last column, row 1.
    TopRight,
    /// Column 1, last row.
    BottomLeft,
    /// Last column, last row.
    BottomRight,
}

impl Corner {
    /// All four corners.
    pub const ALL: [Corner; 4] = [
        Corner::TopLeft,
        Corner::TopRight,
        Corner::BottomLeft,
        Corner::BottomRight,
    ];

    /// Whether the corner is on the top row.
    pub const fn is_top(self) -> bool {
        matches!(self, Corner::TopLeft | Corner::TopRight)
    }

    /// Whether the corner is in the left column.
    pub const fn is_left(self) -> bool {
        matches!(self, Corner::TopLeft | Corner::BottomLeft)
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRules {
    /// The player's colour, which names it in `turn_order` and on the
    /// command line, for example `green`.
    pub colour: String,
    /// The name shown in prompts and messages, for example `Green`.
    pub name: String,
    /// The upper-case initial drawn on tiles, for example `G`.
    pub initial: String,
    /// The lower-case letter of the player's relics in board files.
    pub relic: String,
    /// Where the adventurer starts, and must return to.
    pub corner: Corner,
}

/// Which relics a player may collect next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RelicOrder {
    /// Relics 1, 2, ... K, in that order.
    InOrder,
    /// Any of the player's relics, in any order.
    AnyOrder,
}

/// Relic rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelicRules {
    /// The order in which a player collects their relics.
    pub order: RelicOrder,
    /// Whether relics a player cannot collect yet are hidden.
    pub hide_inactive: bool,
    /// Whether collecting a relic ends the move phase (and so the turn).
    pub collect_ends_move: bool,
}

/// Turn structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRules {
    /// Whether the slide phase must end in a slide; when false the player
    /// may skip it with `done`.
    pub slide_required: bool,
}

/// Movement rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementRules {
    /// Single steps `n`, `e`, `s`, `w` to an adjacent connected tile.
    pub steps: bool,
    /// Pathfinding `X,Y` to any tile connected by pathways.
    pub pathfinding: bool,
}

/// When a player wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinCondition {
    /// All relics collected, then back on the start tile.
    ReturnHome,
    /// As soon as the last relic is collected.
    LastRelic,
}

/// Win rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinRules {
    /// The win condition. Either way a board with K = 0 cannot be won.
    pub condition: WinCondition,
}

/// The tile mix of generated boards, as in the physical game: how many
/// straights, corners and junctions there are among the movable tiles (the
/// floating tile included), and what the fixed tiles look like. The counts
/// are for a 7x7 board and are scaled to other sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
