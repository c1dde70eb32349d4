//! One shortest path, found without a search: the quick answer for the
//! common case of a move whose most direct path is open.

use super::{Board, Coord, Ground, Mover, Pattern, Reach, Tiling};

/// A shortest path from one square to another for a pattern, as at most
/// two straight legs (a direction and a number of steps each), when the
/// pattern has an obvious one: on squares, diagonal steps then straight
/// ones (omni), along x then along y (orthogonal), or one straight line
/// (linear, diagonal); on hexes, the matching axial legs (omni) or one
/// line (linear).
///
/// ```
/// use relic::mechanics::movement::{Axis, Board, Ground, Mover, Pattern, Reach, Route, Tiling};
/// let board = Board { tiling: Tiling::Square, x: Axis::Finite(8), y: Axis::Finite(8) };
/// let route = Route::new(&board, Pattern::Omni, (1, 1), (4, 2)).unwrap();
/// assert_eq!(route.len(), 3);
/// assert_eq!(route.squares().collect::<Vec<_>>(), vec![(2, 2), (3, 2), (4, 2)]);
/// let dog = Mover { pattern: Pattern::Omni, budget: 3, fly: false, jump: false, unblock: false };
/// assert_eq!(route.open_for(&dog, |_| Ground::Clear), Some(Reach::Clean(3)));
/// assert_eq!(route.open_for(&dog, |at| if at == (3, 2) { Ground::Block } else { Ground::Clear }), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    from: Coord,
    legs: [(Coord, u32); 2],
}

/// The sign of a difference, as a step.
fn sign(v: i64) -> i32 {
    v.signum() as i32
}

impl Route {
    /// The direct route from `from` to `to`, if `pattern` has an obvious
    /// shortest one on `board` and both ends are on it (a route between
    /// two squares of a board stays within it).
    pub fn new(board: &Board, pattern: Pattern, from: Coord, to: Coord) -> Option<Route> {
        if from == to || !board.contains(from) || !board.contains(to) {
            return None;
        }
        let dx = i64::from(to.0) - i64::from(from.0);
        let dy = i64::from(to.1) - i64::from(from.1);
        let (ax, ay) = (dx.unsigned_abs() as u32, dy.unsigned_abs() as u32);
        let (sx, sy) = (sign(dx), sign(dy));
        let straight = ax == 0 || ay == 0;
        let legs = match (board.tiling, pattern) {
            (Tiling::Square, Pattern::Omni) => {
                let diagonal = ax.min(ay);
                [
                    ((sx, sy), diagonal),
                    (
                        ((ax > ay) as i32 * sx, (ay > ax) as i32 * sy),
                        ax.abs_diff(ay),
                    ),
                ]
            }
            (Tiling::Square, Pattern::Orthogonal) => [((sx, 0), ax), ((0, sy), ay)],
            (Tiling::Square, Pattern::Linear | Pattern::Diagonal)
                if (pattern == Pattern::Linear && straight) || ax == ay =>
            {
                [((sx, sy), ax.max(ay)), ((0, 0), 0)]
            }
            (Tiling::Hex, Pattern::Omni) if sx * sy < 0 => {
                let slant = ax.min(ay);
                [
                    ((sx, sy), slant),
                    (
                        ((ax > ay) as i32 * sx, (ay > ax) as i32 * sy),
                        ax.abs_diff(ay),
                    ),
                ]
            }
            (Tiling::Hex, Pattern::Omni) => [((sx, 0), ax), ((0, sy), ay)],
            (Tiling::Hex, Pattern::Linear) if straight || dx == -dy => {
                [((sx, sy), ax.max(ay)), ((0, 0), 0)]
            }
            _ => return None,
        };
        Some(Route { from, legs })
    }

    /// The same squares' other shortest route: its legs taken in the
    /// other order (the same route when it has one leg).
    ///
    /// ```
    /// use relic::mechanics::movement::{Axis, Board, Pattern, Route, Tiling};
    /// let board = Board { tiling: Tiling::Square, x: Axis::Infinite, y: Axis::Infinite };
    /// let route = Route::new(&board, Pattern::Orthogonal, (0, 0), (1, 2)).unwrap();
    /// assert_eq!(route.reversed().squares().collect::<Vec<_>>(), vec![(0, 1), (0, 2), (1, 2)]);
    /// ```
    pub fn reversed(&self) -> Route {
        Route {
            from: self.from,
            legs: [self.legs[1], self.legs[0]],
        }
    }

    /// The number of steps.
    pub fn len(&self) -> u32 {
        self.legs[0].1 + self.legs[1].1
    }

    /// Whether the route has no steps (never: the ends differ).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The squares the route enters, in order, ending with its end.
    pub fn squares(&self) -> impl Iterator<Item = Coord> + '_ {
        let steps = self.legs.iter().flat_map(|&(d, n)| (0..n).map(move |_| d));
        steps.scan(self.from, |at, d| {
            *at = (at.0 + d.0, at.1 + d.1);
            Some(*at)
        })
    }

    /// `Some(Reach::Clean(steps))` when `mover` may take this route: it is
    /// within the budget and every square before the end may be crossed
    /// without falling or jumping (anything when flying, a block when
    /// unblocking, else only clear squares). `None` says only that this
    /// route will not do: another path may.
    pub fn open_for(&self, mover: &Mover, ground: impl Fn(Coord) -> Ground) -> Option<Reach> {
        let len = self.len();
        if len > mover.budget {
            return None;
        }
        let crossable =
            |g: Ground| mover.fly || g == Ground::Clear || (g == Ground::Block && mover.unblock);
        let open = self
            .squares()
            .take(len as usize - 1)
            .all(|at| crossable(ground(at)));
        open.then_some(Reach::Clean(len))
    }
}
