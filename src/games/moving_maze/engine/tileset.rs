//! A set of tiles as a bit board: one bit per row-major index, room for
//! the largest maze (13x13 = 169 tiles) in three machine words.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

use crate::games::moving_maze::board::MAX_CELLS;

const WORDS: usize = 3;
const _: () = assert!(MAX_CELLS <= WORDS * 64, "a tile set holds every tile");

/// A set of tiles, one bit per row-major index (`y * width + x`).
///
/// ```
/// use relic::games::moving_maze::engine::TileSet;
/// let mut set = TileSet::single(3);
/// set.insert(168);
/// assert!(set.contains(168) && !set.contains(4));
/// assert_eq!(set.count_ones(), 2);
/// assert_eq!(set & TileSet::single(3), TileSet::single(3));
/// assert!(TileSet::EMPTY.is_empty());
/// assert_eq!(TileSet::from(0b101u128).lowest(), Some(0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileSet([u64; WORDS]);

impl TileSet {
    /// No tile.
    pub const EMPTY: TileSet = TileSet([0; WORDS]);

    /// The set of the tile at `index` (empty when `index` is beyond the
    /// largest maze).
    pub const fn single(index: usize) -> TileSet {
        let mut words = [0; WORDS];
        if index < WORDS * 64 {
            words[index / 64] = 1 << (index % 64);
        }
        TileSet(words)
    }

    /// Adds the tile at `index`.
    pub fn insert(&mut self, index: usize) {
        *self |= TileSet::single(index);
    }

    /// Whether the tile at `index` is in the set.
    pub const fn contains(&self, index: usize) -> bool {
        index < WORDS * 64 && self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// How many tiles the set holds.
    pub const fn count_ones(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// The lowest index in the set.
    pub const fn lowest(&self) -> Option<usize> {
        let mut word = 0;
        while word < WORDS {
            if self.0[word] != 0 {
                return Some(word * 64 + self.0[word].trailing_zeros() as usize);
            }
            word += 1;
        }
        None
    }

    /// The set moved `n` indices up (any `n`; bits past the last tile of
    /// the largest maze are dropped).
    pub const fn shifted_up(&self, n: u32) -> TileSet {
        let (skip, bits) = ((n / 64) as usize, n % 64);
        let mut words = [0; WORDS];
        let mut i = skip;
        while i < WORDS {
            let low = self.0[i - skip];
            let carry = if bits > 0 && i > skip {
                self.0[i - skip - 1] >> (64 - bits)
            } else {
                0
            };
            words[i] = low << bits | carry;
            i += 1;
        }
        TileSet(words)
    }

    /// The set's words, lowest first.
    pub(crate) const fn words(&self) -> [u64; WORDS] {
        self.0
    }

    /// The first 64 tiles, for mazes that fit one word.
    pub(crate) const fn low_u64(&self) -> u64 {
        self.0[0]
    }

    /// The first 128 tiles, for mazes that fit two words.
    pub(crate) const fn low_u128(&self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }
}

impl From<u64> for TileSet {
    fn from(bits: u64) -> TileSet {
        TileSet([bits, 0, 0])
    }
}

impl From<u128> for TileSet {
    /// The tiles of the first 128 indices.
    fn from(bits: u128) -> TileSet {
        TileSet([bits as u64, (bits >> 64) as u64, 0])
    }
}

impl BitAnd for TileSet {
    type Output = TileSet;
    #[inline]
    fn bitand(self, o: TileSet) -> TileSet {
        TileSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for TileSet {
    type Output = TileSet;
    #[inline]
    fn bitor(self, o: TileSet) -> TileSet {
        TileSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl BitAndAssign for TileSet {
    #[inline]
    fn bitand_assign(&mut self, o: TileSet) {
        *self = *self & o;
    }
}

impl BitOrAssign for TileSet {
    #[inline]
    fn bitor_assign(&mut self, o: TileSet) {
        *self = *self | o;
    }
}

impl Not for TileSet {
    type Output = TileSet;
    #[inline]
    fn not(self) -> TileSet {
        TileSet([!self.0[0], !self.0[1], !self.0[2]])
    }
}

impl Shl<u32> for TileSet {
    type Output = TileSet;
    /// Towards higher indices by `n` (less than 64).
    #[inline]
    fn shl(self, n: u32) -> TileSet {
        if n == 0 {
            return self;
        }
        let [a, b, c] = self.0;
        TileSet([a << n, b << n | a >> (64 - n), c << n | b >> (64 - n)])
    }
}

impl Shr<u32> for TileSet {
    type Output = TileSet;
    /// Towards lower indices by `n` (less than 64).
    #[inline]
    fn shr(self, n: u32) -> TileSet {
        if n == 0 {
            return self;
        }
        let [a, b, c] = self.0;
        TileSet([a >> n | b << (64 - n), b >> n | c << (64 - n), c >> n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_words() {
        assert_eq!(TileSet::single(63) << 1, TileSet::single(64));
        assert_eq!(TileSet::single(130) >> 13, TileSet::single(117));
        assert_eq!(TileSet::single(190) << 5, TileSet::EMPTY);
        assert_eq!(TileSet::single(3) >> 5, TileSet::EMPTY);
        assert_eq!(TileSet::single(127) << 13, TileSet::single(140));
        assert_eq!(TileSet::single(200), TileSet::EMPTY);
        assert!(!TileSet::single(5).contains(500));
        for n in [0, 1, 13, 63, 64, 65, 130, 168] {
            assert_eq!(
                TileSet::single(3).shifted_up(n),
                TileSet::single(3 + n as usize)
            );
        }
        assert_eq!(TileSet::single(100).shifted_up(100), TileSet::EMPTY);
    }
}
