//! Movement patterns as core routes.
//!
//! A [`Mover`] (pattern, step budget, fly, jump, unblock) and the board's
//! [`ExitCrossing`] become two core rules texts ([`Routes`]) that walk the
//! cursor from the square of the moving piece to every square it may
//! reach, one way per path:
//!
//! - `clean`: paths that cross only passable squares (clear squares and
//!   the origin; blocks too with unblock; anything with fly), each step a
//!   direction of the pattern (the same one throughout for `linear`), with
//!   jumps (two steps straight over a piece or an exit) for a jumper; the
//!   last square may hold anything.
//! - `fall`: where the piece may fall (neither fly nor jump, crossing
//!   exits allowed): paths that cross an exit and go on; the piece falls
//!   into the first exit it meets.
//!
//! A pattern that may turn is written as a bounded flood fill,
//! `reach({empty, here} (e | s | n | w), 2)`: every square within the
//! budget, each found once, a jump (two squares straight over a piece or
//! an exit) a way that counts two steps, `e {own, enemy, exit} e
//! cost(2)`; straight lines of single steps as counted repetitions, `(e
//! {empty, here}){0,1} e`. Straight lines that jump are written path by
//! path, their steps counted in a variable ([`Words::steps`]) compared
//! with the budget, so the routes are bounded; the rules around them
//! reset it.
//! A square is reached by `clean` exactly when
//! [`crate::mechanics::movement::Search`] reaches it with
//! [`crate::mechanics::movement::Reach::Clean`], and by `fall` but not
//! `clean` exactly when it reports `FallsAt` (`tests/movement_lowered.rs`).
//!
//! ```
//! use relic::mechanics::lower::{Routes, Words};
//! use relic::mechanics::movement::{Axis, Board, ExitCrossing, Mover, Pattern, Tiling};
//! let board = Board { tiling: Tiling::Square, x: Axis::Finite(8), y: Axis::Finite(8) };
//! let walker = Mover { pattern: Pattern::Orthogonal, budget: 2, fly: false, jump: false, unblock: false };
//! let words = Words::new("steps", "here", &["block"], &["exit"]);
//! let routes = Routes::new(&board, &walker, ExitCrossing::FallIn, &words).unwrap().unwrap();
//! assert_eq!(routes.clean, "reach({empty, here} (e | s | n | w), 2)");
//! assert_eq!(routes.fall.unwrap(), "reach({empty, here, exit} (e | s | n | w), 2)");
//! let rook = Mover { pattern: Pattern::Linear, ..walker };
//! let routes = Routes::new(&board, &rook, ExitCrossing::FallIn, &words).unwrap().unwrap();
//! assert!(routes.clean.contains("((e {empty, here}){0,1} e)"));
//! let jumper = Mover { jump: true, ..rook };
//! let routes = Routes::new(&board, &jumper, ExitCrossing::FallIn, &words).unwrap().unwrap();
//! assert!(routes.clean.contains("(e [$ steps = steps + 1] {$ steps <= 2}"));
//! ```

use crate::lang::MAX_BOUND;
use crate::lang::board::{column_name, direction_named};
use crate::lang::schema::{MAX_CELLS, Shape};
use crate::mechanics::movement::{Axis, Board, Coord, ExitCrossing, Mover, Pattern, Tiling};

/// Why a board does not lower into the core.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unlowered {
    /// A core board is finite.
    #[error("an infinite axis does not lower into the core (its boards are finite)")]
    Infinite,
    /// A core board has at most 64 columns and rows.
    #[error("a board of {0} x {1} squares is larger than a core board (64 x 64, 4096 cells)")]
    TooLarge(u32, u32),
}

/// The core names the routes use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The variable counting the steps taken (its `max` at least the
    /// largest budget).
    pub steps: String,
    /// The neutral kind standing on the moving piece's square while it
    /// moves (passable, like a clear square).
    pub origin: String,
    /// The neutral kinds that are blocks (crossed only by fly or
    /// unblock, never jumped).
    pub blocks: Vec<String>,
    /// The neutral kinds that are exits.
    pub exits: Vec<String>,
}

impl Words {
    /// Names from strings.
    pub fn new(steps: &str, origin: &str, blocks: &[&str], exits: &[&str]) -> Words {
        let own = |names: &[&str]| names.iter().map(|n| (*n).to_string()).collect();
        Words {
            steps: steps.to_string(),
            origin: origin.to_string(),
            blocks: own(blocks),
            exits: own(exits),
        }
    }
}

/// A mover's routes, as core rules texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Routes {
    /// Every path that does not fall.
    pub clean: String,
    /// Every path that crosses an exit and goes on, where the piece falls
    /// in (`None`: it never falls).
    pub fall: Option<String>,
}

impl Routes {
    /// The routes of `mover` on `board`; `Ok(None)` when its pattern has
    /// no direction on the board's tiling (it never moves).
    pub fn new(
        board: &Board,
        mover: &Mover,
        crossing: ExitCrossing,
        words: &Words,
    ) -> Result<Option<Routes>, Unlowered> {
        board_spec(board)?;
        let directions = board.directions(mover.pattern);
        if directions.is_empty() || mover.budget == 0 {
            return Ok(None);
        }
        let names: Vec<&str> = directions
            .iter()
            .map(|&d| direction_name(board.tiling, d))
            .collect();
        let writer = Writer { mover, words };
        let falls = !mover.fly && !mover.jump && crossing == ExitCrossing::FallIn;
        let falls = falls && !words.exits.is_empty();
        if writer.floods() {
            let clean = writer.flood(&names, false);
            let fall = falls.then(|| writer.flood(&names, true));
            return Ok(Some(Routes { clean, fall }));
        }
        if writer.straight() {
            let Some(clean) = writer.lines(&names, None) else {
                return Ok(None);
            };
            let fall = falls
                .then(|| writer.lines(&names, Some(&words.exits)))
                .flatten();
            return Ok(Some(Routes { clean, fall }));
        }
        let clean = writer.routes(&names, &writer.passable(false), None);
        let fall = falls.then(|| {
            let exit = test(&words.exits.iter().map(String::as_str).collect::<Vec<_>>());
            writer.routes(&names, &writer.passable(true), Some(&exit))
        });
        Ok(Some(Routes { clean, fall }))
    }
}

struct Writer<'a> {
    mover: &'a Mover,
    words: &'a Words,
}

impl Writer<'_> {
    /// Whether every square the mover reaches is reached by some path of
    /// its budget's length or less whatever the directions taken: a
    /// pattern that may turn, within a bounded `reach`'s limit (a jump
    /// counting two steps).
    fn floods(&self) -> bool {
        self.mover.pattern != Pattern::Linear && self.mover.budget <= MAX_BOUND
    }

    /// Whether the mover's paths may jump (two steps straight over a piece
    /// or an exit).
    fn jumps(&self) -> bool {
        self.mover.jump && !self.mover.fly && self.mover.budget >= 2
    }

    /// The squares within the budget as one bounded flood fill: a step
    /// leaves a passable square (the origin included) in any direction of
    /// the pattern (for a jumper, also two squares straight over a piece
    /// or an exit, counting two steps); the last square may hold
    /// anything. With `falling`, exits are passable too: the squares
    /// reached only so are where the piece falls in on the way.
    fn flood(&self, names: &[&str], falling: bool) -> String {
        let ways: Vec<String> = match self.jumps() {
            false => names.iter().map(|d| d.to_string()).collect(),
            true => {
                let over = self.jumped_over();
                (names.iter())
                    .flat_map(|d| [d.to_string(), format!("{d} {over} {d} cost(2)")])
                    .collect()
            }
        };
        let step = format!("({})", ways.join(" | "));
        let body = match self.passable(falling).trim_start() {
            "" => step,
            test => format!("{test} {step}"),
        };
        format!("reach({body}, {})", self.mover.budget)
    }

    /// Whether the mover goes in straight lines of single steps (no
    /// jumps), within a counted repetition's limit.
    fn straight(&self) -> bool {
        self.mover.pattern == Pattern::Linear && !self.jumps() && self.mover.budget <= MAX_BOUND
    }

    /// The straight lines within the budget, one per direction, by
    /// counted repetitions: `(e {empty, here}){0,2} e`. With `exits`, the
    /// lines that cross one: for each place of the first exit crossed,
    /// the passable squares before it and the squares after it, exits
    /// included (`None` when no line is long enough to cross one).
    fn lines(&self, names: &[&str], exits: Option<&[String]>) -> Option<String> {
        let budget = self.mover.budget;
        let pass = self.passable(false);
        let run = |d: &str, pass: &str, n: u32| match n {
            0 => String::new(),
            n => format!("({d}{pass}){{{n}}} "),
        };
        let upto = |d: &str, pass: &str, n: u32| match n {
            0 => String::new(),
            n => format!("({d}{pass}){{0,{n}}} "),
        };
        let lines: Vec<String> = match exits {
            None => (names.iter())
                .map(|d| format!("({}{d})", upto(d, &pass, budget - 1)))
                .collect(),
            Some(exits) => {
                let exit = test(&exits.iter().map(String::as_str).collect::<Vec<_>>());
                let both = self.passable(true);
                (names.iter())
                    .flat_map(|d| (1..budget).map(move |i| (d, i)))
                    .map(|(d, i)| {
                        let (before, after) =
                            (run(d, &pass, i - 1), upto(d, &both, budget - 1 - i));
                        format!("({before}{d} {exit} {after}{d})")
                    })
                    .collect()
            }
        };
        (!lines.is_empty()).then(|| format!("({})", lines.join(" | ")))
    }

    /// The test a square passes when a path may go on from it; empty
    /// (no test) for a flier.
    fn passable(&self, falling: bool) -> String {
        if self.mover.fly {
            return String::new();
        }
        let mut names = vec!["empty", self.words.origin.as_str()];
        if self.mover.unblock {
            names.extend(self.words.blocks.iter().map(String::as_str));
        }
        if falling {
            names.extend(self.words.exits.iter().map(String::as_str));
        }
        format!(" {}", test(&names))
    }

    /// One step (or, for a jumper, a jump) in direction `d`.
    fn step(&self, d: &str) -> String {
        let count = |n: u32| {
            let steps = &self.words.steps;
            let budget = self.mover.budget;
            format!("[$ {steps} = {steps} + {n}] {{$ {steps} <= {budget}}}")
        };
        let step = format!("{d} {}", count(1));
        if !self.jumps() {
            return format!("({step})");
        }
        format!("({step} | {d} {} {d} {})", self.jumped_over(), count(2))
    }

    /// The test of a square a jump passes over: a piece or an exit.
    fn jumped_over(&self) -> String {
        let mut over = vec!["own", "enemy"];
        over.extend(self.words.exits.iter().map(String::as_str));
        test(&over)
    }

    /// The paths over directions `names` (one straight line each for a
    /// linear pattern), crossing one square of `through` on the way when
    /// given.
    fn routes(&self, names: &[&str], passable: &str, through: Option<&str>) -> String {
        let walk = |moves: &str| {
            let go = format!("({moves}{passable})* {moves}");
            match through {
                None => format!("({go})"),
                Some(exit) => format!("({go} {exit} {go})"),
            }
        };
        let steps: Vec<String> = names.iter().map(|d| self.step(d)).collect();
        match self.mover.pattern {
            Pattern::Linear => {
                let lines: Vec<String> = steps.iter().map(|s| walk(s)).collect();
                format!("({})", lines.join(" | "))
            }
            _ => walk(&format!("({})", steps.join(" | "))),
        }
    }
}

/// A core test of any of `names`.
fn test(names: &[&str]) -> String {
    format!("{{{}}}", names.join(", "))
}

/// The core direction a step `(dx, dy)` of the tiling is: `x` runs east
/// along the columns, `y` north along the rows (on hexes, axial
/// coordinates: `ne` is `(0, 1)`).
///
/// ```
/// use relic::mechanics::lower::direction_name;
/// use relic::mechanics::movement::Tiling;
/// assert_eq!(direction_name(Tiling::Square, (1, -1)), "se");
/// assert_eq!(direction_name(Tiling::Hex, (-1, 1)), "nw");
/// ```
pub fn direction_name(tiling: Tiling, d: Coord) -> &'static str {
    (direction_named(shape_of(tiling), d))
        .or_else(|| direction_named(Shape::Square, d))
        .unwrap_or("nw")
}

/// The core board shape of a tiling.
fn shape_of(tiling: Tiling) -> Shape {
    match tiling {
        Tiling::Square => Shape::Square,
        Tiling::Hex => Shape::Hex,
    }
}

/// The core board shape and size of a finite board: `(shape, width,
/// height)`, `x` along the columns.
///
/// ```
/// use relic::mechanics::lower::board_spec;
/// use relic::mechanics::movement::{Axis, Board, Tiling};
/// let board = Board { tiling: Tiling::Hex, x: Axis::Finite(5), y: Axis::Finite(3) };
/// assert_eq!(board_spec(&board).unwrap().1, 5);
/// let endless = Board { tiling: Tiling::Square, x: Axis::Infinite, y: Axis::Finite(3) };
/// assert!(board_spec(&endless).is_err());
/// ```
pub fn board_spec(board: &Board) -> Result<(Shape, u32, u32), Unlowered> {
    let (Axis::Finite(width), Axis::Finite(height)) = (board.x, board.y) else {
        return Err(Unlowered::Infinite);
    };
    if width > 64 || height > 64 || width as usize * height as usize > MAX_CELLS {
        return Err(Unlowered::TooLarge(width, height));
    }
    Ok((shape_of(board.tiling), width, height))
}

/// The core name of square `(x, y)` (from 1): column `x`, row `y`.
///
/// ```
/// assert_eq!(relic::mechanics::lower::cell_name((3, 12)), "c12");
/// ```
pub fn cell_name(at: Coord) -> String {
    let column = u16::try_from(at.0 - 1).unwrap_or(0);
    format!("{}{}", column_name(column), at.1)
}
