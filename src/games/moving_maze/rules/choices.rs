//! The choices the shorthand keys and the vocabulary's tables of a Moving
//! Maze ruleset share (which lines slide, where pushed-off adventurers go,
//! the relic order, the win, the corners).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which rows or columns (numbered from 1) may be slid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PushedOff {
    /// Onto the tile just slid in, on the opposite side of the maze.
    InsertedTile,
    /// Back to the player's start corner.
    StartCorner,
}

/// Which relics a player may collect next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RelicOrder {
    /// Relics 1, 2, ... K, in that order.
    InOrder,
    /// Any of the player's relics, in any order.
    AnyOrder,
}

/// When a player wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WinCondition {
    /// All relics collected, then back on the start tile.
    ReturnHome,
    /// As soon as the last relic is collected.
    LastRelic,
}

/// A corner of the maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
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
