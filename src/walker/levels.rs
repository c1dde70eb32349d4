//! A sequence of levels: each a grid of cell kinds with items lying on
//! some cells and a start; the board of the level being played, whose
//! cells change state and whose items are picked up.

use super::grid::{Grid, Offset};

/// No item on a cell.
pub const NO_ITEM: u8 = u8::MAX;

/// A level as loaded: cell kinds and items by cell (row by row), the start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub columns: usize,
    /// Each cell's kind.
    pub kinds: Vec<u8>,
    /// Each cell's item, or [`NO_ITEM`].
    pub items: Vec<u8>,
    /// The start cell's index.
    pub start: usize,
}

/// The level being played: its index in the sequence, its cells and items
/// as they are now, how many items of each kind are left on it, and where
/// the actor stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The level's index in the sequence.
    pub level: usize,
    /// Each cell's kind now, on the walkers' shared grid (y counts rows
    /// down from the top).
    pub kinds: Grid,
    /// Each cell's item now, or [`NO_ITEM`].
    pub items: Vec<u8>,
    /// Items of each kind left on the board.
    pub left: Vec<u32>,
    /// The actor's cell.
    pub at: usize,
}

impl Board {
    /// The board of `level` (number `index`) at its start, with
    /// `item_kinds` kinds of item counted.
    ///
    /// ```
    /// use relic::walker::levels::{Board, Level, NO_ITEM};
    /// let level = Level { rows: 1, columns: 3, kinds: vec![0, 0, 1], items: vec![NO_ITEM, 0, NO_ITEM], start: 0 };
    /// let mut board = Board::enter(&level, 0, 1);
    /// assert_eq!(board.left, [1]);
    /// assert_eq!(board.target((1, 0)), Some(1));
    /// assert_eq!(board.target((-1, 0)), None);
    /// board.at = 1;
    /// assert_eq!(board.pick_up(), Some(0));
    /// assert_eq!(board.left, [0]);
    /// ```
    pub fn enter(level: &Level, index: usize, item_kinds: usize) -> Board {
        let mut left = vec![0; item_kinds];
        for &item in level.items.iter().filter(|&&i| i != NO_ITEM) {
            left[usize::from(item)] += 1;
        }
        Board {
            level: index,
            kinds: Grid::from_kinds(level.columns, level.rows, level.kinds.clone(), u8::MAX),
            items: level.items.clone(),
            left,
            at: level.start,
        }
    }

    /// Rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.kinds.height(), self.kinds.width())
    }

    /// The cell `offset` away from the actor, `None` off the board.
    pub fn target(&self, offset: Offset) -> Option<usize> {
        self.kinds.neighbour(self.at, offset)
    }

    /// Takes the item on the actor's cell, if there is one.
    pub fn pick_up(&mut self) -> Option<u8> {
        let item = std::mem::replace(&mut self.items[self.at], NO_ITEM);
        (item != NO_ITEM).then(|| {
            self.left[usize::from(item)] -= 1;
            item
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_stay_on_the_board() {
        let level = Level {
            rows: 2,
            columns: 2,
            kinds: vec![0; 4],
            items: vec![NO_ITEM; 4],
            start: 3,
        };
        let board = Board::enter(&level, 0, 0);
        assert_eq!(board.target((0, -1)), Some(1));
        assert_eq!(board.target((-1, 0)), Some(2));
        assert_eq!(board.target((0, 1)), None);
        assert_eq!(board.target((1, 0)), None);
    }
}
