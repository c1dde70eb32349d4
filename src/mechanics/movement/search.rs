//! The breadth-first path search over a window of the board.
//!
//! The window is `2 * budget + 1` squares a side around the start (within
//! finite axes), surrounded by two rings of off-board cells so that a step
//! or a jump from any window square lands inside the buffer: the search's
//! inner loop adds a precomputed offset per direction and never checks
//! bounds. Every buffer is kept between searches ([`Search::reset`]), so a
//! search that is reused allocates nothing.

use super::{Axis, Board, Coord, ExitCrossing, Ground, Mover, Pattern, Reach};

/// A cell that is off the board.
const OFF: u8 = 255;
/// An unreached cell's step count.
const UNREACHED: u16 = u16::MAX;
/// No exit on the path.
const NO_EXIT: u32 = u32::MAX;
/// Off-board rings around the window: a jump goes two cells.
const PAD: i64 = 2;

/// One search for paths from a start square: a window of the board
/// around it, the grounds the caller marks on it, and, after
/// [`Search::run`], how each square is reached.
#[derive(Clone, Debug)]
pub struct Search {
    board: Board,
    from: Coord,
    /// The coordinates of buffer cell 0 (the window's lowest corner less
    /// the padding).
    origin: (i64, i64),
    /// The buffer's extent along x (rows) and along y (the stride).
    rows: usize,
    stride: usize,
    ground: Vec<u8>,
    clean: Vec<u16>,
    fall: Vec<u16>,
    fall_exit: Vec<u32>,
    /// Whether `fall` and `fall_exit` hold the last run's falling search.
    fell: bool,
    /// The buffer index at which the search may stop (`usize::MAX`: none).
    goal: usize,
    queue: Vec<(u32, u16)>,
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

impl Search {
    /// A search from `from` for paths of at most `budget` steps, with every
    /// square of the window clear (or off the board).
    pub fn new(board: &Board, from: Coord, budget: u32) -> Search {
        let mut search = Search {
            board: *board,
            from,
            origin: (0, 0),
            rows: 0,
            stride: 0,
            ground: Vec::new(),
            clean: Vec::new(),
            fall: Vec::new(),
            fall_exit: Vec::new(),
            fell: false,
            goal: usize::MAX,
            queue: Vec::new(),
        };
        search.reset(board, from, budget);
        search
    }

    /// Starts a new search, as [`Search::new`] would, reusing this one's
    /// buffers.
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, ExitCrossing, Mover, Pattern, Reach, Search, Tiling};
    /// let board = Board { tiling: Tiling::Hex, x: Axis::Infinite, y: Axis::Infinite };
    /// let bee = Mover { pattern: Pattern::Linear, budget: 2, fly: false, jump: false, unblock: false };
    /// let mut search = Search::new(&board, (0, 0), 2);
    /// for start in [(0, 0), (5, 5)] {
    ///     search.reset(&board, start, bee.budget);
    ///     search.run(&bee, ExitCrossing::FallIn);
    ///     assert_eq!(search.reached().count(), 12);
    /// }
    /// assert_eq!(search.reach((7, 3)), Some(Reach::Clean(2)));
    /// ```
    pub fn reset(&mut self, board: &Board, from: Coord, budget: u32) {
        let radius = i64::from(budget.min(u32::from(UNREACHED / 2 - 1)));
        let (x0, x1) = clamp(board.x, i64::from(from.0), radius);
        let (y0, y1) = clamp(board.y, i64::from(from.1), radius);
        self.board = *board;
        self.from = from;
        self.origin = (x0 - PAD, y0 - PAD);
        self.rows = (x1 - x0 + 1 + 2 * PAD) as usize;
        self.stride = (y1 - y0 + 1 + 2 * PAD) as usize;
        self.ground.clear();
        self.ground.resize(self.rows * self.stride, OFF);
        self.clean.clear();
        self.fell = false;
        if !board.contains(from) {
            return;
        }
        let pad = PAD as usize;
        for row in pad..self.rows - pad {
            let start = row * self.stride + pad;
            self.ground[start..start + self.stride - 2 * pad].fill(Ground::Clear as u8);
        }
    }

    /// The buffer index of `at`, if it is in the buffer.
    fn index(&self, at: (i64, i64)) -> Option<usize> {
        let x = at.0 - self.origin.0;
        let y = at.1 - self.origin.1;
        let (rows, stride) = (self.rows as i64, self.stride as i64);
        ((0..rows).contains(&x) && (0..stride).contains(&y)).then(|| (x * stride + y) as usize)
    }

    fn coord(&self, index: usize) -> Coord {
        let x = self.origin.0 + (index / self.stride) as i64;
        let y = self.origin.1 + (index % self.stride) as i64;
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
        self.run_toward(mover, crossing, None);
    }

    /// As [`Search::run`], but with a `goal` the search may stop as soon
    /// as it reaches the goal without falling: then only the goal's
    /// [`Search::reach`] is meaningful, and its step count is that of a
    /// path, not necessarily the shortest.
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, ExitCrossing, Ground, Mover, Pattern, Reach, Search, Tiling};
    /// let board = Board { tiling: Tiling::Square, x: Axis::Finite(9), y: Axis::Finite(9) };
    /// let dog = Mover { pattern: Pattern::Omni, budget: 6, fly: false, jump: false, unblock: false };
    /// let mut search = Search::new(&board, (5, 5), dog.budget);
    /// search.set((5, 6), Ground::Exit);
    /// search.run_toward(&dog, ExitCrossing::FallIn, Some((5, 7)));
    /// assert_eq!(search.reach((5, 7)), Some(Reach::Clean(2)));
    /// ```
    pub fn run_toward(&mut self, mover: &Mover, crossing: ExitCrossing, goal: Option<Coord>) {
        let cells = self.ground.len();
        self.clean.clear();
        self.clean.resize(cells, UNREACHED);
        self.fell = false;
        let Some(start) = self.index((i64::from(self.from.0), i64::from(self.from.1))) else {
            return;
        };
        let goal = goal.and_then(|g| self.index((i64::from(g.0), i64::from(g.1))));
        self.goal = goal.unwrap_or(usize::MAX);
        let mut offsets = [0isize; 8];
        let directions = self.board.directions(mover.pattern);
        for (o, d) in offsets.iter_mut().zip(directions) {
            *o = d.0 as isize * self.stride as isize + d.1 as isize;
        }
        let offsets = &offsets[..directions.len()];
        let mut clean = std::mem::take(&mut self.clean);
        self.walk(mover, offsets, start, false, &mut clean);
        self.clean = clean;
        let can_fall = !mover.fly && !mover.jump && crossing == ExitCrossing::FallIn;
        let arrived = goal.is_some_and(|g| self.clean[g] != UNREACHED);
        if can_fall && !arrived && self.ground.contains(&(Ground::Exit as u8)) {
            let mut fall = std::mem::take(&mut self.fall);
            fall.clear();
            fall.resize(cells, UNREACHED);
            self.fall_exit.clear();
            self.fall_exit.resize(cells, NO_EXIT);
            self.walk(mover, offsets, start, true, &mut fall);
            self.fall = fall;
            self.fell = true;
        }
    }

    /// How the square at buffer index `i` is reached, if it is.
    fn reach_index(&self, i: usize) -> Option<Reach> {
        if *self.clean.get(i)? != UNREACHED {
            return Some(Reach::Clean(u32::from(self.clean[i])));
        }
        if self.fell && self.fall[i] != UNREACHED && self.fall_exit[i] != NO_EXIT {
            return Some(Reach::FallsAt(self.coord(self.fall_exit[i] as usize)));
        }
        None
    }

    /// How `to` is reached, if it is: cleanly (the fewest steps) or only by
    /// falling into an exit on the way.
    pub fn reach(&self, to: Coord) -> Option<Reach> {
        self.reach_index(self.index((i64::from(to.0), i64::from(to.1)))?)
    }

    /// Every reached square but the start, in canonical order (by `x`,
    /// then `y`), with how it is reached.
    pub fn reached(&self) -> impl Iterator<Item = (Coord, Reach)> + '_ {
        self.reached_on().map(|(at, reach, _)| (at, reach))
    }

    /// As [`Search::reached`], with the ground marked on each square.
    pub fn reached_on(&self) -> impl Iterator<Item = (Coord, Reach, Ground)> + '_ {
        (0..self.clean.len()).filter_map(|i| {
            let reach = self.reach_index(i)?;
            Some((self.coord(i), reach, ground_of(self.ground[i])))
        })
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
        offsets: &[isize],
        start: usize,
        falling: bool,
        steps: &mut [u16],
    ) {
        let budget = mover.budget.min(u32::from(UNREACHED - 2)) as u16;
        if mover.pattern == Pattern::Linear {
            for d in offsets {
                self.queue.clear();
                self.queue.push((start as u32, 0));
                self.expand(mover, std::slice::from_ref(d), budget, falling, steps);
            }
        } else {
            self.queue.clear();
            self.queue.push((start as u32, 0));
            steps[start] = 0;
            self.expand(mover, offsets, budget, falling, steps);
        }
        steps[start] = UNREACHED;
    }

    /// Runs the queue: each square taken steps to (or jumps over to) the
    /// squares the direction offsets lead to. The padding keeps every
    /// index in the buffer: queued squares are on the board, inside it.
    fn expand(
        &mut self,
        mover: &Mover,
        offsets: &[isize],
        budget: u16,
        falling: bool,
        steps: &mut [u16],
    ) {
        let jumper = mover.jump && !mover.fly;
        let mut head = 0;
        while let Some(&(at, used)) = self.queue.get(head) {
            head += 1;
            let at = at as usize;
            for &d in offsets {
                let n = at.wrapping_add_signed(d);
                let over = self.ground[n];
                if over == OFF {
                    continue;
                }
                if used < budget {
                    self.arrive(mover, at, n, used + 1, falling, steps);
                    if n == self.goal && !falling {
                        return;
                    }
                }
                let jumpable = over == Ground::Piece as u8 || over == Ground::Exit as u8;
                if jumper && jumpable && used + 2 <= budget {
                    let m = n.wrapping_add_signed(d);
                    if self.ground[m] != OFF {
                        self.arrive(mover, at, m, used + 2, falling, steps);
                        if m == self.goal && !falling {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Records reaching `to` from `from` after `used` steps, and queues it
    /// if the path may go on from there.
    fn arrive(
        &mut self,
        mover: &Mover,
        from: usize,
        to: usize,
        used: u16,
        falling: bool,
        steps: &mut [u16],
    ) {
        if steps[to] <= used {
            return;
        }
        steps[to] = used;
        if falling {
            let inherited = self.fall_exit[from];
            let here_exit = self.ground[from] == Ground::Exit as u8;
            self.fall_exit[to] = if inherited != NO_EXIT {
                inherited
            } else if here_exit {
                from as u32
            } else {
                NO_EXIT
            };
        }
        if Self::passable(mover, self.ground[to], falling) {
            self.queue.push((to as u32, used));
        }
    }
}

/// The ground a marked cell holds.
fn ground_of(cell: u8) -> Ground {
    match cell {
        c if c == Ground::Block as u8 => Ground::Block,
        c if c == Ground::Exit as u8 => Ground::Exit,
        c if c == Ground::Piece as u8 => Ground::Piece,
        _ => Ground::Clear,
    }
}
