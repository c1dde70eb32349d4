//! Bit boards of one bit per tile, row-major, in the narrowest machine
//! type that holds the maze: `u64` up to 64 tiles (7x7, 8x8), `u128` up to
//! 128 (9x9 to 11x11), the engine's three-word [`TileSet`] up to 192
//! (13x13). The search is generic
//! over [`Bits`], so a 7x7 maze costs one word per board.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::games::moving_maze::engine::TileSet;

/// The most tiles a solvable maze may have.
pub(super) const MAX_TILES: usize = 192;

/// A set of tiles, one bit per row-major index.
pub(super) trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
{
    /// The set of one tile.
    fn bit(index: u8) -> Self;
    /// Shifted towards higher indices by `n` (less than 64).
    fn up(self, n: u32) -> Self;
    /// Shifted towards lower indices by `n` (less than 64).
    fn down(self, n: u32) -> Self;
    /// The lowest index in the set (the set is not empty).
    fn lowest(self) -> u8;
    /// A 64-bit mix of the set, for hashing.
    fn fold(self) -> u64;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::default()
    }

    /// Whether `index` is in the set.
    #[inline]
    fn has(self, index: u8) -> bool {
        !(self & Self::bit(index)).is_empty()
    }

    /// The indices of the set, lowest first.
    fn indices(self) -> impl Iterator<Item = u8> {
        let mut rest = self;
        std::iter::from_fn(move || {
            (!rest.is_empty()).then(|| {
                let index = rest.lowest();
                rest &= !Self::bit(index);
                index
            })
        })
    }
}

/// `Bits` for a primitive unsigned integer, whose shifts and
/// `trailing_zeros` do the work; `$fold` mixes it down to 64 bits.
macro_rules! primitive_bits {
    ($word:ty, $fold:expr) => {
        impl Bits for $word {
            #[inline]
            fn bit(index: u8) -> $word {
                1 << index
            }
            #[inline]
            fn up(self, n: u32) -> $word {
                self << n
            }
            #[inline]
            fn down(self, n: u32) -> $word {
                self >> n
            }
            #[inline]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline]
            fn fold(self) -> u64 {
                $fold(self)
            }
        }
    };
}

primitive_bits!(u64, |word: u64| word);
primitive_bits!(u128, |word: u128| (word as u64)
    ^ ((word >> 64) as u64).rotate_left(29));

/// 192 tiles (13x13 mazes): the engine's three-word tile set.
pub(super) type Wide = TileSet;

impl Bits for TileSet {
    #[inline]
    fn bit(index: u8) -> TileSet {
        TileSet::single(index as usize)
    }
    #[inline]
    fn up(self, n: u32) -> TileSet {
        self << n
    }
    #[inline]
    fn down(self, n: u32) -> TileSet {
        self >> n
    }
    #[inline]
    fn lowest(self) -> u8 {
        TileSet::lowest(&self).unwrap_or(0) as u8
    }
    #[inline]
    fn fold(self) -> u64 {
        let [a, b, c] = self.words();
        a ^ b.rotate_left(21) ^ c.rotate_left(42)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_words_agree_with_the_wide_set() {
        for index in [0u8, 1, 31, 63] {
            assert_eq!(u64::bit(index).lowest(), index);
            assert_eq!(u128::bit(index + 64).lowest(), index + 64);
            assert_eq!(u64::bit(index).fold(), 1 << index);
        }
        assert_eq!(u128::bit(70).down(7), u128::bit(63));
        assert_eq!(u64::bit(60).up(4), 0);
        assert_eq!((u128::bit(64)).fold(), 1 << 29);
    }

    #[test]
    fn wide_shifts_carry_across_words() {
        let one = Wide::bit(63);
        assert_eq!(one.up(1), Wide::bit(64));
        assert_eq!(Wide::bit(130).down(13), Wide::bit(117));
        assert_eq!(Wide::bit(190).up(5), Wide::default());
        assert_eq!(Wide::bit(3).down(5), Wide::default());
        let set = Wide::bit(5) | Wide::bit(70) | Wide::bit(168);
        assert_eq!(set.indices().collect::<Vec<_>>(), [5, 70, 168]);
        assert!(set.has(70) && !set.has(71));
    }
}
