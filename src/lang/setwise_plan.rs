//! The tables of the patterns worked out for every cell at once
//! ([`super::setwise`], the analysis that builds them at load): which
//! instructions, the regions of their bodies, and what each direction
//! step means for a set of cells. A leaf: the program holds them, the
//! analysis and the interpreter read them.

/// Where patterns are worked out for every cell at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setwise {
    /// The regions, by the index their instruction (`Op::Sets`) names.
    pub regions: Vec<Region>,
    /// Per board direction, what a step along it means for a set.
    pub dirs: Vec<DirSets>,
    /// Every cell of the board, as a set.
    pub all: Vec<u64>,
    /// The number of classes of regions ([`Region::class`]).
    pub classes: u32,
}

impl Setwise {
    /// 64-bit words of a set of cells.
    pub fn words(&self) -> usize {
        self.all.len()
    }
}

/// Instructions `start .. end` whose cells of a match are worked out all
/// at once, the set at `end` being every cell: the tests and pattern
/// after an `any {test}` (`filter`: the `any` then chooses the cells of
/// its mask in the set of `start`), or the body of a pattern `{? any
/// ...}` (`positive`) or `{! any ...}`, whose answer is the same from
/// every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The first instruction.
    pub start: u32,
    /// Where the region's ways go on.
    pub end: u32,
    /// `{? ...}` (`true`) or `{! ...}`: what a whole pattern asks.
    pub positive: bool,
    /// The instruction the region belongs to, as it was.
    pub origin: Origin,
    /// What each instruction that is run does to sets, with its slot
    /// (the instruction counted from `start`), last first (a slide's or a
    /// chain's own instructions, stood for by its first, are left out).
    pub steps: Vec<(u32, SetStep)>,
    /// Regions of one class are copies of one another (a macro used
    /// twice): the same cells, player and class give the same sets.
    pub class: u32,
    /// The body goes back to an earlier instruction (a repetition that is
    /// not one slide): its sets are worked out again until none changes.
    pub repeats: bool,
}

/// One instruction of a region, as what it does to sets of cells: its
/// set from the sets of the slots (instructions counted from the
/// region's start; the region's end is every cell) it goes on to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetStep {
    /// The cells one step back along board direction `d` from `from`.
    Back { d: u8, from: u32 },
    /// The same along player direction `a`.
    BackAlias { a: u8, from: u32 },
    /// The cells of `from` holding a code of mask index `m`.
    Test { m: u16, from: u32 },
    /// Every cell when `cell` is in `from`, else none.
    Goto { cell: u16, from: u32 },
    /// The cells of `from` or of `or`.
    Union { from: u32, or: u32 },
    /// The cells of `from`.
    Same { from: u32 },
    /// The cells of `body` (`positive`), or not of it, that are in `then`.
    Pattern {
        positive: bool,
        body: u32,
        then: u32,
    },
    /// Every cell when a cell holding a code of mask index `m` (any
    /// cell: `None`) is in `from`, else none.
    Any { m: Option<u16>, from: u32 },
    /// The cells from which chain `h` of the fused hops lands in `from`.
    Hop { h: u32, from: u32 },
    /// The cells from which slide `s`'s walk reaches a cell of `from`.
    Slide { s: u32, from: u32 },
    /// Every cell.
    All,
}

/// The instruction a region belongs to, which its `Op::Sets` stands for:
/// what is done when the sets are not worth working out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `any {test}` (`Op::AnyOf` of this mask index): the region filters
    /// its cells.
    Any {
        /// The mask index.
        mask: u16,
        /// Whether the region's pattern is a probe (which starts an epoch
        /// where it runs).
        probe: bool,
    },
    /// A pattern (`Op::Probe` when `probe`, else `Op::Pattern`) whose body
    /// is the region.
    Pattern {
        /// `{? ...}` or `{! ...}`.
        positive: bool,
        /// Where its ways go on.
        end: u32,
        /// Whether it was a probe.
        probe: bool,
    },
}

/// A direction, for sets of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirSets {
    /// `Some(k)` when each cell's neighbour, where it has one, is the
    /// cell `k` after it: a set's cells one step back are then the set
    /// shifted by `k`, kept to `has`.
    pub offset: Option<i32>,
    /// The cells that have a neighbour along the direction.
    pub has: Vec<u64>,
}
