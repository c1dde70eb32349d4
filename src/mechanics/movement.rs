//! Movement patterns on square and hex grids with finite or infinite axes:
//! which squares a piece can reach along a path of at most `budget` steps.
//!
//! A board ([`Board`]) is a tiling ([`Tiling::Square`], eight neighbours;
//! [`Tiling::Hex`], six neighbours in axial coordinates) and two axes, each
//! finite (`1..=max`) or infinite (any integer). A mover ([`Mover`]) has a
//! [`Pattern`] (which neighbours a step may go to, and whether the path must
//! be straight), a step budget, and path attributes:
//!
//! - **fly**: every square on the way may be crossed, whatever it holds;
//! - **jump**: a piece or an exit on the way may be jumped, one at a time,
//!   straight over it (two steps of the budget, in one of the pattern's
//!   directions, landing on the square behind it); a block never;
//! - **unblock**: blocks may be crossed (never landed on: that is the
//!   game's rule about destinations, not the path's).
//!
//! Without fly or jump, a path that crosses an exit ends there: the piece
//! falls in ([`Reach::FallsAt`]) unless the game says crossing is illegal
//! ([`ExitCrossing::Illegal`]). A path that avoids exits is always
//! preferred. Which squares are legal destinations (own pieces, blocks,
//! opponents) is for the game to decide; this module answers only "is
//! there a path".
//!
//! The search is a breadth-first search over a window of `2 * budget + 1`
//! squares a side around the start, so infinite boards cost the same as
//! finite ones.
//!
//! ```
//! use relic::mechanics::movement::{Axis, Board, ExitCrossing, Ground, Mover, Pattern, Reach, Search, Tiling};
//! let board = Board { tiling: Tiling::Square, x: Axis::Finite(5), y: Axis::Finite(5) };
//! let dog = Mover { pattern: Pattern::Omni, budget: 4, fly: false, jump: false, unblock: false };
//! let mut search = Search::new(&board, (1, 3), dog.budget);
//! for block in [(2, 2), (2, 3), (2, 4)] {
//!     search.set(block, Ground::Block);
//! }
//! search.run(&dog, ExitCrossing::FallIn);
//! assert_eq!(search.reach((3, 3)), Some(Reach::Clean(4))); // around the blocks
//! assert_eq!(board.distance((1, 3), (3, 3)), 2);
//! ```

/// A square's coordinates `(x, y)`.
pub type Coord = (i32, i32);

/// The shape of a board's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiling {
    /// Squares with eight neighbours; distance is Chebyshev's.
    Square,
    /// Hexagons in axial coordinates with six neighbours.
    Hex,
}

/// One axis of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Coordinates `1..=max`.
    Finite(u32),
    /// Any integer coordinate.
    Infinite,
}

impl Axis {
    fn contains(self, v: i64) -> bool {
        match self {
            Axis::Finite(max) => (1..=i64::from(max)).contains(&v),
            Axis::Infinite => i64::from(i32::MIN) <= v && v <= i64::from(i32::MAX),
        }
    }
}

/// A board: its tiling and its two axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Square or hex.
    pub tiling: Tiling,
    /// The first coordinate's axis.
    pub x: Axis,
    /// The second coordinate's axis.
    pub y: Axis,
}

/// How a piece may step: to which neighbours, and whether it may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// A straight line in any of the tiling's directions.
    Linear,
    /// Any neighbour at every step.
    Omni,
    /// Horizontal and vertical steps (square boards only); may turn.
    Orthogonal,
    /// Diagonal steps (square boards only); may turn.
    Diagonal,
}

/// A moving piece's pattern, step budget and path attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mover {
    /// Which steps it may take.
    pub pattern: Pattern,
    /// The most steps its path may have.
    pub budget: u32,
    /// It may cross anything.
    pub fly: bool,
    /// It may jump one piece or exit at a time, straight over it.
    pub jump: bool,
    /// It may cross blocks.
    pub unblock: bool,
}

/// What a square is, for paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    /// Nothing: may be crossed.
    Clear,
    /// A block: crossed only by fly or unblock, never jumped.
    Block,
    /// An exit: a piece that reaches it leaves the board.
    Exit,
    /// Holds a piece: crossed only by fly, or jumped.
    Piece,
}

/// What happens to a path without fly or jump that crosses an exit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExitCrossing {
    /// The piece falls in at the first exit of the path.
    #[default]
    FallIn,
    /// Such a path does not exist.
    Illegal,
}

/// How a square is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// By a path of this many steps that crosses no exit (or flies or
    /// jumps over them).
    Clean(u32),
    /// Only by a path that crosses an exit: the piece falls in there.
    FallsAt(Coord),
}

const SQUARE_ALL: [Coord; 8] = [
    (1, -1),
    (1, 0),
    (1, 1),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const SQUARE_ORTHOGONAL: [Coord; 4] = [(1, 0), (0, -1), (0, 1), (-1, 0)];
const SQUARE_DIAGONAL: [Coord; 4] = [(1, -1), (1, 1), (-1, -1), (-1, 1)];
const HEX_ALL: [Coord; 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];

impl Board {
    /// Whether `at` is on the board.
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, Tiling};
    /// let board = Board { tiling: Tiling::Square, x: Axis::Finite(3), y: Axis::Infinite };
    /// assert!(board.contains((1, -7)));
    /// assert!(!board.contains((4, 1)));
    /// ```
    pub fn contains(&self, at: Coord) -> bool {
        self.x.contains(i64::from(at.0)) && self.y.contains(i64::from(at.1))
    }

    /// The coordinate distance: Chebyshev on squares, hex distance on hexes.
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, Tiling};
    /// let hex = Board { tiling: Tiling::Hex, x: Axis::Infinite, y: Axis::Infinite };
    /// assert_eq!(hex.distance((-1, 2), (2, -2)), 4);
    /// ```
    pub fn distance(&self, a: Coord, b: Coord) -> u64 {
        let dx = i64::from(b.0) - i64::from(a.0);
        let dy = i64::from(b.1) - i64::from(a.1);
        match self.tiling {
            Tiling::Square => dx.unsigned_abs().max(dy.unsigned_abs()),
            Tiling::Hex => (dx.unsigned_abs() + dy.unsigned_abs() + (dx + dy).unsigned_abs()) / 2,
        }
    }

    /// The steps `pattern` allows on this board, in canonical order;
    /// empty for a pattern the tiling does not have (orthogonal or
    /// diagonal on hexes).
    pub fn directions(&self, pattern: Pattern) -> &'static [Coord] {
        match (self.tiling, pattern) {
            (Tiling::Square, Pattern::Linear | Pattern::Omni) => &SQUARE_ALL,
            (Tiling::Square, Pattern::Orthogonal) => &SQUARE_ORTHOGONAL,
            (Tiling::Square, Pattern::Diagonal) => &SQUARE_DIAGONAL,
            (Tiling::Hex, Pattern::Linear | Pattern::Omni) => &HEX_ALL,
            (Tiling::Hex, Pattern::Orthogonal | Pattern::Diagonal) => &[],
        }
    }

    /// The neighbours of `at` that are on the board, in canonical order.
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, Tiling};
    /// let square = Board { tiling: Tiling::Square, x: Axis::Finite(8), y: Axis::Finite(8) };
    /// assert_eq!(square.neighbours((1, 1)), vec![(2, 1), (2, 2), (1, 2)]);
    /// ```
    pub fn neighbours(&self, at: Coord) -> Vec<Coord> {
        self.directions(Pattern::Omni)
            .iter()
            .filter_map(|&d| offset(at, d, 1))
            .filter(|&c| self.contains(c))
            .collect()
    }
}

/// `at` moved `k` times by `d`, if it stays within `i32`.
fn offset(at: Coord, d: Coord, k: i32) -> Option<Coord> {
    let x = at.0.checked_add(d.0.checked_mul(k)?)?;
    let y = at.1.checked_add(d.1.checked_mul(k)?)?;
    Some((x, y))
}

mod route;
mod search;

pub use route::Route;
pub use search::Search;
