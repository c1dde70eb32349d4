//! The pieces beneath the cells' tops ([`Beneath`]), kept in one buffer
//! so that a position copies and compares them as two slices.

use std::ops::Range;

/// The pieces beneath each cell's top, bottom first: every cell's pieces
/// one after another, with where each cell's end. Nothing at all (no
/// table of ends) while no cell has a piece beneath its top, so equal
/// positions compare and hash equal.
///
/// ```
/// use relic::lang::beneath::Beneath;
/// let mut below = Beneath::default();
/// below.push(2, 4, 7);
/// below.push(2, 4, 9);
/// below.push(0, 4, 5);
/// assert_eq!((below.of(0), below.of(1), below.of(2)), (&[5][..], &[][..], &[7, 9][..]));
/// assert_eq!(below.pop(2), Some(9));
/// below.set(2, 4, &[]);
/// below.set(0, 4, &[]);
/// assert_eq!(below, Beneath::default());
/// ```
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Beneath {
    /// `ends[c]`: where cell `c`'s pieces end in `pieces` (empty while
    /// `pieces` is).
    ends: Vec<u32>,
    pieces: Vec<u8>,
}

impl Clone for Beneath {
    fn clone(&self) -> Beneath {
        Beneath {
            ends: self.ends.clone(),
            pieces: self.pieces.clone(),
        }
    }

    /// Copies `from` into this one's room.
    fn clone_from(&mut self, from: &Beneath) {
        self.ends.clone_from(&from.ends);
        self.pieces.clone_from(&from.pieces);
    }
}

impl Beneath {
    /// The pieces of one list per cell, bottom first.
    pub fn from_lists(lists: &[Vec<u8>]) -> Beneath {
        let mut below = Beneath::default();
        if lists.iter().any(|list| !list.is_empty()) {
            for list in lists {
                below.pieces.extend_from_slice(list);
                below.ends.push(below.pieces.len() as u32);
            }
        }
        below
    }

    /// Every cell's pieces beneath, one cell's after another.
    pub fn pieces(&self) -> &[u8] {
        &self.pieces
    }

    /// Whether no cell has a piece beneath its top.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Whether both hold the same pieces beneath the same cells.
    pub fn same_stacks(&self, other: &Beneath) -> bool {
        match (self.is_empty(), other.is_empty()) {
            (true, true) => true,
            (false, false) => self == other,
            _ => false,
        }
    }

    /// Removes every piece.
    pub fn clear(&mut self) {
        self.ends.clear();
        self.pieces.clear();
    }

    fn range(&self, cell: usize) -> Range<usize> {
        match self.ends.get(cell) {
            None => 0..0,
            Some(&end) => {
                let start = cell.checked_sub(1).map_or(0, |c| self.ends[c]);
                start as usize..end as usize
            }
        }
    }

    /// The pieces beneath `cell`'s top, bottom first.
    pub fn of(&self, cell: usize) -> &[u8] {
        &self.pieces[self.range(cell)]
    }

    /// Puts `code` on top of `cell`'s pieces (of `cells` cells).
    pub fn push(&mut self, cell: usize, cells: usize, code: u8) {
        if self.ends.is_empty() {
            self.ends.resize(cells, 0);
        }
        self.pieces.insert(self.ends[cell] as usize, code);
        self.ends[cell..].iter_mut().for_each(|end| *end += 1);
    }

    /// Takes the top of `cell`'s pieces, if it has any.
    pub fn pop(&mut self, cell: usize) -> Option<u8> {
        let range = self.range(cell);
        if range.is_empty() {
            return None;
        }
        let code = self.pieces.remove(range.end - 1);
        self.ends[cell..].iter_mut().for_each(|end| *end -= 1);
        if self.pieces.is_empty() {
            self.ends.clear();
        }
        Some(code)
    }

    /// Makes `pieces` the pieces beneath `cell`'s top (of `cells` cells).
    pub fn set(&mut self, cell: usize, cells: usize, pieces: &[u8]) {
        if self.ends.is_empty() {
            if pieces.is_empty() {
                return;
            }
            self.ends.resize(cells, 0);
        }
        let range = self.range(cell);
        let (old, new) = (range.len() as u32, pieces.len() as u32);
        self.pieces.splice(range, pieces.iter().copied());
        self.ends[cell..]
            .iter_mut()
            .for_each(|end| *end = *end - old + new);
        if self.pieces.is_empty() {
            self.ends.clear();
        }
    }

    /// Each cell with pieces beneath its top, and those pieces.
    pub fn stacks(&self) -> impl Iterator<Item = (usize, &[u8])> {
        (0..self.ends.len())
            .map(|cell| (cell, self.of(cell)))
            .filter(|(_, pieces)| !pieces.is_empty())
    }
}
