//! The tables of fused instructions ([`super::program::Op::Hop`],
//! [`super::program::Op::Slide`]), made at load by [`super::fuse::fuse`]
//! and read by the interpreter: data only (a leaf).

/// The tables of fused instructions, kept beside the instruction array.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fused {
    /// The tables of [`super::program::Op::Hop`].
    pub hops: Vec<Hop>,
    /// The walks of [`super::program::Op::Slide`].
    pub slides: Vec<Slide>,
}

/// A chain of direction steps as one lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The number of instructions it stands for (the next one is `pc + len`).
    pub len: u32,
    /// `to[player * cells + cell]`: where the chain lands from `cell` for
    /// `player`, or [`super::board::OFF`].
    pub to: Vec<u16>,
}

/// A repetition `(d {test})*` as one walk: from the cursor, step along
/// `d` while the cell passes the test; every cell of the walk is a way
/// to continue at `exit` (the farthest first), marked in the visited
/// table of repetition `id` as the repetition's head would mark it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The repetition's id (its rows of the visited table).
    pub id: u32,
    /// The direction of each player.
    pub dirs: Vec<u8>,
    /// The mask index of the test.
    pub test: u16,
    /// Where the ways continue.
    pub exit: u32,
    /// Whether only the farthest cell can continue: the instructions at
    /// `exit` step along the same direction and test a mask that no code
    /// passing `test` passes, so every nearer cell fails there at once.
    pub last_only: bool,
}
