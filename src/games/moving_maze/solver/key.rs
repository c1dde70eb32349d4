//! The solver's plain data: a node's key (what its future depends on
//! but its positions), the node itself, a turn's choice and a slide's
//! result, shared by the search, the settling of adventurers and the
//! transposition table.

use super::MAX_TARGETS;
use super::bits::Bits;
use super::geometry::BitMaze;

/// Where a tracked relic lies: a row-major index, or on the floating tile.
pub(super) const FLOATING: u8 = u8::MAX;
/// A tracked relic already collected.
pub(super) const COLLECTED: u8 = u8::MAX - 1;
/// No slide is forbidden.
pub(super) const NO_SLIDE: u8 = u8::MAX;
/// The slide is skipped.
pub(super) const SKIP: u8 = u8::MAX;

/// Everything the future of a node depends on but its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key<B> {
    pub maze: BitMaze<B>,
    pub relics: [u8; MAX_TARGETS],
    pub collected: u8,
    /// The forbidden slide's index, or [`NO_SLIDE`].
    pub forbidden: u8,
}

impl<B: Bits> Key<B> {
    pub fn hash(&self) -> u64 {
        let mut h = self.maze.fold();
        for &relic in &self.relics {
            h = (h ^ u64::from(relic)).wrapping_mul(0x100_0000_01b3);
        }
        let tail = u64::from(self.collected) << 8 | u64::from(self.forbidden);
        (h ^ tail).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29)
    }
}

/// One turn's choice: quarter turns of the floating tile and the slide's
/// index ([`SKIP`]: no slide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    pub quarter: u8,
    pub slide: u8,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Node<B> {
    pub key: Key<B>,
    pub positions: B,
    /// Every position seen with this key when the node was made.
    pub seen: B,
    pub parent: u32,
    pub via: Choice,
}

/// A turn's slide done: the key after it, the adventurers' shifted tiles
/// (without the one pushed out), and whether one was pushed out.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slid<B> {
    pub key: Key<B>,
    pub shifted: B,
    pub pushed: Option<u8>,
}

impl Choice {
    pub fn skip() -> Choice {
        Choice {
            quarter: 0,
            slide: SKIP,
        }
    }
}

/// A node made by the turn `via` from `parent`.
pub(super) fn node<B: Bits>(key: Key<B>, positions: B, parent: u32, via: Choice) -> Node<B> {
    Node {
        key,
        positions,
        seen: positions,
        parent,
        via,
    }
}
