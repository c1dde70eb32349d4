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

/// The window's range along one axis: `radius` either side of `centre`,
/// within the axis if it is finite.
fn clamp(axis: Axis, centre: i64, radius: i64) -> (i64, i64) {
    let (low, high) = (centre - radius, centre + radius);
    match axis {
        Axis::Finite(max) if (1..=i64::from(max)).contains(&centre) => {
            (low.max(1), high.min(i64::from(max)))
        }
        Axis::Finite(_) => (centre, centre),
        Axis::Infinite => (low.max(i64::from(i32::MIN)), high.min(i64::from(i32::MAX))),
    }
}

/// `at` moved `k` times by `d`, if it stays within `i32`.
fn offset(at: Coord, d: Coord, k: i32) -> Option<Coord> {
    let x = at.0.checked_add(d.0.checked_mul(k)?)?;
    let y = at.1.checked_add(d.1.checked_mul(k)?)?;
    Some((x, y))
}

/// Squares a window cell can be: off the board, or on it with a ground.
const OFF: u8 = 255;
/// An unreached cell's step count.
const UNREACHED: u16 = u16::MAX;

/// One search for paths from a start square: a window of the board
/// around it, the grounds the caller marks on it, and, after
/// [`Search::run`], how each square is reached.
#[derive(Clone, Debug)]
pub struct Search {
    board: Board,
    from: Coord,
    /// The window's lowest corner.
    origin: (i64, i64),
    /// The window's extent along x and along y.
    side: (usize, usize),
    ground: Vec<u8>,
    clean: Vec<u16>,
    fall: Vec<u16>,
    fall_exit: Vec<u32>,
    queue: Vec<u32>,
}

impl Search {
    /// A search from `from` for paths of at most `budget` steps, with every
    /// square of the window clear (or off the board).
    pub fn new(board: &Board, from: Coord, budget: u32) -> Search {
        let radius = i64::from(budget.min(u32::from(UNREACHED / 2 - 1)));
        let (x0, x1) = clamp(board.x, i64::from(from.0), radius);
        let (y0, y1) = clamp(board.y, i64::from(from.1), radius);
        let side = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
        let origin = (x0, y0);
        let mut ground = vec![Ground::Clear as u8; side.0 * side.1];
        if !board.contains(from) {
            ground.fill(OFF);
        }
        Search {
            board: *board,
            from,
            origin,
            side,
            ground,
            clean: Vec::new(),
            fall: Vec::new(),
            fall_exit: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// The window index of `at`, if it is in the window.
    fn index(&self, at: (i64, i64)) -> Option<usize> {
        let x = at.0 - self.origin.0;
        let y = at.1 - self.origin.1;
        let (sx, sy) = (self.side.0 as i64, self.side.1 as i64);
        ((0..sx).contains(&x) && (0..sy).contains(&y)).then(|| (x * sy + y) as usize)
    }

    fn coord(&self, index: usize) -> Coord {
        let x = self.origin.0 + (index / self.side.1) as i64;
        let y = self.origin.1 + (index % self.side.1) as i64;
        (x as i32, y as i32)
    }

    /// Marks what is at `at` (ignored outside the window or off the board).
    pub fn set(&mut self, at: Coord, ground: Ground) {
        if let Some(i) = self.index((i64::from(at.0), i64::from(at.1)))
            && self.ground[i] != OFF
        {
            self.ground[i] = ground as u8;
        }
    }

    /// Finds every square `mover` can reach from the start.
    pub fn run(&mut self, mover: &Mover, crossing: ExitCrossing) {
        let cells = self.ground.len();
        self.clean = vec![UNREACHED; cells];
        self.fall = Vec::new();
        let directions = self.board.directions(mover.pattern);
        let start = self.index((i64::from(self.from.0), i64::from(self.from.1)));
        let Some(start) = start else { return };
        let linear = mover.pattern == Pattern::Linear;
        let mut clean = std::mem::take(&mut self.clean);
        self.walk(mover, directions, start, false, &mut clean, linear);
        self.clean = clean;
        let can_fall = !mover.fly && !mover.jump && crossing == ExitCrossing::FallIn;
        if can_fall && self.ground.contains(&(Ground::Exit as u8)) {
            let mut fall = vec![UNREACHED; cells];
            self.fall_exit = vec![u32::MAX; cells];
            self.walk(mover, directions, start, true, &mut fall, linear);
            self.fall = fall;
        }
    }

    /// How `to` is reached, if it is: cleanly (the fewest steps) or only by
    /// falling into an exit on the way.
    pub fn reach(&self, to: Coord) -> Option<Reach> {
        let i = self.index((i64::from(to.0), i64::from(to.1)))?;
        if *self.clean.get(i)? != UNREACHED {
            return Some(Reach::Clean(u32::from(self.clean[i])));
        }
        match self.fall.get(i) {
            Some(&steps) if steps != UNREACHED && self.fall_exit[i] != u32::MAX => {
                Some(Reach::FallsAt(self.coord(self.fall_exit[i] as usize)))
            }
            _ => None,
        }
    }

    /// Every reached square but the start, in canonical order (by `x`,
    /// then `y`), with how it is reached.
    pub fn reached(&self) -> impl Iterator<Item = (Coord, Reach)> + '_ {
        (0..self.clean.len())
            .map(|i| self.coord(i))
            .filter(|&c| c != self.from)
            .filter_map(|c| Some((c, self.reach(c)?)))
    }

    /// Whether a path may go on from a square of this ground (it is not
    /// the path's end).
    fn passable(mover: &Mover, ground: u8, falling: bool) -> bool {
        if ground == OFF {
            return false;
        }
        if mover.fly || ground == Ground::Clear as u8 {
            return true;
        }
        (ground == Ground::Block as u8 && mover.unblock)
            || (ground == Ground::Exit as u8 && falling)
    }

    /// A breadth-first search from `start` (one search per direction for a
    /// straight-line pattern) filling `steps`; in a falling search, exits
    /// may be crossed and each square remembers the first exit on its path.
    fn walk(
        &mut self,
        mover: &Mover,
        directions: &[Coord],
        start: usize,
        falling: bool,
        steps: &mut [u16],
        linear: bool,
    ) {
        let budget = mover.budget.min(u32::from(UNREACHED - 2)) as u16;
        if linear {
            for &d in directions {
                self.queue.clear();
                self.queue.push(start as u32);
                self.expand(mover, &[d], budget, falling, steps);
            }
        } else {
            self.queue.clear();
            self.queue.push(start as u32);
            steps[start] = 0;
            self.expand(mover, directions, budget, falling, steps);
        }
        steps[start] = UNREACHED;
    }

    /// Runs the queue: each square taken steps to (or jumps over to) the
    /// squares `directions` lead to.
    fn expand(
        &mut self,
        mover: &Mover,
        directions: &[Coord],
        budget: u16,
        falling: bool,
        steps: &mut [u16],
    ) {
        let mut head = 0;
        let mut depth = vec![0u16];
        while head < self.queue.len() {
            let at = self.queue[head] as usize;
            let used = depth[head];
            head += 1;
            let here = self.coord(at);
            for &d in directions {
                let next = (
                    i64::from(here.0) + i64::from(d.0),
                    i64::from(here.1) + i64::from(d.1),
                );
                let Some(n) = self.index(next) else { continue };
                if self.ground[n] == OFF {
                    continue;
                }
                if used < budget {
                    self.arrive(mover, at, n, used + 1, falling, steps, &mut depth);
                }
                let over = self.ground[n];
                let jumpable = over == Ground::Piece as u8 || over == Ground::Exit as u8;
                if mover.jump && !mover.fly && jumpable && used + 2 <= budget {
                    let beyond = (next.0 + i64::from(d.0), next.1 + i64::from(d.1));
                    if let Some(m) = self.index(beyond)
                        && self.ground[m] != OFF
                    {
                        self.arrive(mover, at, m, used + 2, falling, steps, &mut depth);
                    }
                }
            }
        }
    }

    /// Records reaching `to` from `from` after `used` steps, and queues it
    /// if the path may go on from there.
    #[allow(clippy::too_many_arguments)]
    fn arrive(
        &mut self,
        mover: &Mover,
        from: usize,
        to: usize,
        used: u16,
        falling: bool,
        steps: &mut [u16],
        depth: &mut Vec<u16>,
    ) {
        if steps[to] <= used {
            return;
        }
        steps[to] = used;
        if falling {
            let inherited = self.fall_exit[from];
            let here_exit = self.ground[from] == Ground::Exit as u8;
            self.fall_exit[to] = if inherited != u32::MAX {
                inherited
            } else if here_exit {
                from as u32
            } else {
                u32::MAX
            };
        }
        if Self::passable(mover, self.ground[to], falling) {
            self.queue.push(to as u32);
            depth.push(used);
        }
    }
}
