//! Sets of squares as machine words for the hot path: generation reads the
//! position's 128-bit masks ([`Cells`]) into a [`Bits`] word as wide as
//! the board needs, so that boards of up to 64 squares (every shipped
//! ruleset) compute on one 64-bit register instead of two.
//!
//! ```
//! # use relic::vocab::compile::Cells;
//! let board: Cells = (1 << 16) - 1;
//! assert_eq!(board.count_ones(), 16);
//! ```

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::compile::Cells;

/// A set of squares, one bit per square, in a word of some width.
pub(super) trait Bits:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No square.
    const NONE: Self;
    /// Every square the word holds.
    const ALL: Self;
    /// The squares of `cells`, all of which fit in the word.
    fn of(cells: Cells) -> Self;
    /// The same squares as [`Cells`].
    fn cells(self) -> Cells;
    /// The square `at` alone.
    fn bit(at: usize) -> Self;
    /// The number of squares.
    fn ones(self) -> u32;
    /// The lowest square (the word's width when empty).
    fn lowest(self) -> u32;
    /// The set without its lowest square.
    fn drop_lowest(self) -> Self;
    /// The square at `index` (from 0, lowest first), if the set has more
    /// than `index` squares; found by halving, without a branch per square.
    fn select(self, index: u32) -> Option<u32>;
    /// Every square where `keep`, none otherwise, without a branch.
    fn all_if(keep: bool) -> Self;
    /// Each square moved `by` squares on (back when negative; less than
    /// the word's width either way), those moved past either end dropped.
    fn shifted(self, by: i16) -> Self;
    /// Whether square `at` is in the set.
    #[inline(always)]
    fn has(self, at: usize) -> bool {
        self & Self::bit(at) != Self::NONE
    }
    /// Whether the set has at most one square (no count needed).
    #[inline(always)]
    fn at_most_one(self) -> bool {
        self.drop_lowest() == Self::NONE
    }
}

macro_rules! bits {
    ($word:ty) => {
        impl Bits for $word {
            const NONE: Self = 0;
            const ALL: Self = <$word>::MAX;

            #[inline(always)]
            fn of(cells: Cells) -> Self {
                cells as $word
            }

            #[inline(always)]
            fn cells(self) -> Cells {
                self as Cells
            }

            #[inline(always)]
            fn bit(at: usize) -> Self {
                1 << at
            }

            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn drop_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn shifted(self, by: i16) -> Self {
                match by >= 0 {
                    true => self << by,
                    false => self >> -by,
                }
            }

            #[inline(always)]
            fn all_if(keep: bool) -> Self {
                <$word>::from(keep).wrapping_neg()
            }

            #[inline(always)]
            fn select(self, index: u32) -> Option<u32> {
                if index >= self.count_ones() {
                    return None;
                }
                let (mut word, mut left, mut at) = (self, index, 0);
                let mut width = <$word>::BITS / 2;
                while width > 0 {
                    // Whether the square lies above the lower `width` bits.
                    let low = (word & ((1 << width) - 1)).count_ones();
                    let above = left >= low;
                    left -= if above { low } else { 0 };
                    let shift = if above { width } else { 0 };
                    word >>= shift;
                    at += shift;
                    width /= 2;
                }
                Some(at)
            }
        }
    };
}

bits!(u64);
bits!(u128);

/// The squares of `mask` by index, lowest first.
#[inline(always)]
pub(super) fn squares<W: Bits>(mut mask: W) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let at = (mask != W::NONE).then(|| mask.lowest() as usize)?;
        mask = mask.drop_lowest();
        Some(at)
    })
}

/// The square of `mask` at `index` (from 0, by square index).
#[inline(always)]
pub(super) fn nth_square<W: Bits>(mask: W, index: usize) -> Option<u8> {
    mask.select(u32::try_from(index).ok()?).map(|at| at as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_widths_agree() {
        let cells: Cells = 0b1011_0100;
        let (narrow, wide) = (u64::of(cells), u128::of(cells));
        assert_eq!(narrow.cells(), wide.cells());
        assert_eq!((narrow.ones(), narrow.lowest()), (4, 2));
        assert_eq!((wide.ones(), wide.lowest()), (4, 2));
        assert_eq!(squares(narrow).collect::<Vec<_>>(), [2, 4, 5, 7]);
        assert_eq!(nth_square(wide, 3), Some(7));
        assert_eq!(nth_square(narrow, 4), None);
        assert!(u64::bit(9).at_most_one() && !narrow.at_most_one());
        assert_eq!(u128::all_if(true) & wide, wide);
        assert_eq!(u64::all_if(false), 0);
        assert!(u128::bit(100).has(100));
    }

    #[test]
    fn select_finds_every_square_in_order() {
        for cells in [
            0u128,
            1,
            0b1011_0100,
            u128::MAX,
            1 << 127 | 1 << 64 | 1 << 3,
            0x8000_0000_0000_0001,
        ] {
            let all: Vec<usize> = squares(cells).collect();
            for (i, &at) in all.iter().enumerate() {
                assert_eq!(cells.select(i as u32), Some(at as u32));
                if cells >> 64 == 0 {
                    assert_eq!((cells as u64).select(i as u32), Some(at as u32));
                }
            }
            assert_eq!(cells.select(all.len() as u32), None);
        }
    }
}
