//! Cell physics as data: two-dimensional rewrite patterns (fall, roll,
//! anything a ruleset writes), run in a declared scan order and repeated
//! until nothing fires.
//!
//! A rule is a small grid of cell matchers (`match`) and writes
//! (`becomes`), rows from the top. It is anchored at its *subject*: the
//! first cell, reading rows from the top, that holds a kind other than
//! the empty one and that the rule changes (the falling rock). Each pass
//! visits every square in scan order; at a square the rules are tried in
//! order with their subject there, and the first that matches fires.
//! After it fires, the rules in its `then` list are tried again and again
//! at the cell its subject went to (its *destination*: the first changed
//! cell that is not empty afterwards), so a rock falls until it lands.
//!
//! Termination is checked at load: every rule must lower the sum of the
//! heights of the non-empty cells it covers, so no sequence of firings is
//! longer than that sum over the whole board.
//!
//! Squares carry one bit of state, *falling*: set by a write marked `*`,
//! matched by a matcher marked `*`, and cleared on every square when a
//! settling ends, after the end patterns ([`Physics::ends`]) are checked.

use super::grid::Grid;
use super::schema::{EndOutcome, Scan, Timing};

/// What one cell of a pattern matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Matcher {
    /// Anything (`?`).
    Any,
    /// This kind, falling or at rest.
    Kind(u8),
    /// This kind, falling (`O*`).
    Falling(u8),
}

impl Matcher {
    /// Whether a square holding `kind` (falling or not) matches.
    #[inline]
    pub fn accepts(self, kind: u8, falling: bool) -> bool {
        match self {
            Matcher::Any => true,
            Matcher::Kind(k) => k == kind,
            Matcher::Falling(k) => k == kind && falling,
        }
    }
}

/// What a rule writes into one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Write {
    /// Leave the square as it is (`?`).
    Keep,
    /// Put this kind there, falling or at rest.
    Set {
        /// The kind.
        kind: u8,
        /// Whether it is falling.
        falling: bool,
    },
}

/// One cell of a compiled pattern, relative to the subject: `dx` east,
/// `dy` north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Columns east of the subject.
    pub dx: i32,
    /// Rows north of the subject.
    pub dy: i32,
    /// What must be there.
    pub matcher: Matcher,
    /// What is written there.
    pub write: Write,
}

/// A compiled rewrite rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Its name.
    pub name: String,
    /// The kind at its subject (a quick filter).
    pub subject: u8,
    /// Its cells, the subject's first.
    pub cells: Vec<Cell>,
    /// Where the subject goes, relative to the subject.
    pub destination: (i32, i32),
    /// Rules tried at the destination after it fires, by index.
    pub then: Vec<usize>,
}

/// A compiled end pattern: play ends when it matches a settled grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// Its name (`crushed`).
    pub name: String,
    /// The kind at its first non-`?` cell (a quick filter).
    pub subject: u8,
    /// Its cells, relative to that cell; writes are all `Keep`.
    pub cells: Vec<Cell>,
    /// How play ends.
    pub outcome: EndOutcome,
}

/// The physics of a walker game, compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Physics {
    /// When the grid settles.
    pub timing: Timing,
    /// The scan order.
    pub scan: Scan,
    /// The rules, in the order they are tried.
    pub rules: Vec<Rule>,
    /// The end patterns.
    pub ends: Vec<End>,
    /// For each kind: whether some rule has it as its subject.
    pub moves_kind: Vec<bool>,
}

/// A piece that physics moved, for front ends to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Motion {
    /// The rule that fired.
    pub rule: u8,
    /// Where the subject was.
    pub from: (i32, i32),
    /// Where it went.
    pub to: (i32, i32),
}

impl Physics {
    /// Whether `rule` matches with its subject at `(x, y)`.
    #[inline]
    fn matches(&self, grid: &Grid, rule: &Rule, x: i32, y: i32) -> bool {
        rule.cells.iter().all(|c| {
            let (kind, falling) = grid.get(x + c.dx, y + c.dy);
            c.matcher.accepts(kind, falling)
        })
    }

    /// Fires `rule` at `(x, y)` (it matches): writes its cells.
    fn fire(&self, grid: &mut Grid, rule: &Rule, x: i32, y: i32) {
        for c in &rule.cells {
            if let Write::Set { kind, falling } = c.write {
                grid.set(x + c.dx, y + c.dy, kind, falling);
            }
        }
    }

    /// Whether `rule` may fire at `(x, y)`: it matches and writes only
    /// inside the board.
    #[inline]
    fn fires_at(&self, grid: &Grid, rule: &Rule, x: i32, y: i32) -> bool {
        self.matches(grid, rule, x, y)
            && rule
                .cells
                .iter()
                .all(|c| c.write == Write::Keep || grid.contains(x + c.dx, y + c.dy))
    }

    /// Tries the rules with indices `candidates` at `(x, y)`; fires the
    /// first that may and returns the subject's destination.
    fn try_rules(
        &self,
        grid: &mut Grid,
        candidates: impl Iterator<Item = usize>,
        (x, y): (i32, i32),
        motions: &mut Vec<Motion>,
    ) -> Option<(usize, (i32, i32))> {
        let (kind, _) = grid.get(x, y);
        for index in candidates {
            let rule = &self.rules[index];
            if rule.subject == kind && self.fires_at(grid, rule, x, y) {
                self.fire(grid, rule, x, y);
                let to = (x + rule.destination.0, y + rule.destination.1);
                motions.push(Motion {
                    rule: index as u8,
                    from: (x, y),
                    to,
                });
                return Some((index, to));
            }
        }
        None
    }

    /// Fires at most one rule at `(x, y)` and follows its `then` chain;
    /// returns whether anything fired.
    fn visit(&self, grid: &mut Grid, at: (i32, i32), motions: &mut Vec<Motion>) -> bool {
        let Some((mut index, mut to)) = self.try_rules(grid, 0..self.rules.len(), at, motions)
        else {
            return false;
        };
        loop {
            let then = &self.rules[index].then;
            match self.try_rules(grid, then.iter().copied(), to, motions) {
                Some((next, dest)) => (index, to) = (next, dest),
                None => return true,
            }
        }
    }

    /// One pass over the board in scan order; returns whether anything
    /// fired.
    fn pass(&self, grid: &mut Grid, motions: &mut Vec<Motion>) -> bool {
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        let mut fired = false;
        for row in 0..height {
            let y = match self.scan {
                Scan::BottomUpWestEast => row,
                Scan::TopDownWestEast => height - 1 - row,
            };
            for x in 0..width {
                let (kind, _) = grid.get(x, y);
                if self.moves_kind[kind as usize] {
                    fired |= self.visit(grid, (x, y), motions);
                }
            }
        }
        fired
    }

    /// Settles `grid`: passes until one fires nothing. Appends what moved
    /// to `motions`, then returns the first end pattern that matches (its
    /// index), and clears every falling mark.
    pub fn settle(&self, grid: &mut Grid, motions: &mut Vec<Motion>) -> Option<usize> {
        if self.rules.is_empty() && self.ends.is_empty() {
            return None;
        }
        while self.pass(grid, motions) {}
        let end = self.first_end(grid);
        grid.clear_falling();
        end
    }

    /// The first end pattern matching anywhere on `grid`.
    pub fn first_end(&self, grid: &Grid) -> Option<usize> {
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        self.ends.iter().position(|end| {
            (0..height).any(|y| {
                (0..width).any(|x| {
                    grid.get(x, y).0 == end.subject
                        && end.cells.iter().all(|c| {
                            let (kind, falling) = grid.get(x + c.dx, y + c.dy);
                            c.matcher.accepts(kind, falling)
                        })
                })
            })
        })
    }
}
