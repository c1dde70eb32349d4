//! Settling a grid under [`Physics`]: passes in scan order over the
//! squares where a rule may fire, until none does.
//!
//! A square is visited only if a rule's pattern anchored there covers a
//! square written since the grid was last stable, which is exactly where a
//! full scan could find something to fire: at every other square nothing
//! fired before and nothing it reads has changed. A written square behind
//! the square being visited is looked at again in the next pass, one ahead
//! of it later in this pass, as a full scan would.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::grid::{FALLING, Grid};
use super::physics::{Motion, Physics, Rule};
use super::schema::Scan;

/// Scratch space for settling and undoing, kept between actions so the
/// hot path allocates nothing; a clone starts empty.
#[derive(Debug, Default)]
pub struct Work {
    /// The writes of the current action: square index and old byte.
    pub(super) log: Vec<(u32, u8)>,
    queue: Queue,
}

impl Clone for Work {
    fn clone(&self) -> Work {
        Work::default()
    }
}

/// The squares to visit in this pass and in the next, as scan keys.
#[derive(Debug, Default)]
struct Queue {
    now: BinaryHeap<Reverse<u32>>,
    next: Vec<u32>,
}

/// The scan order: squares are visited by increasing key.
#[derive(Clone, Copy)]
struct Order {
    width: i32,
    height: i32,
    scan: Scan,
}

impl Order {
    fn key(self, (x, y): (i32, i32)) -> u32 {
        let row = match self.scan {
            Scan::BottomUpWestEast => y,
            Scan::TopDownWestEast => self.height - 1 - y,
        };
        (row * self.width + x) as u32
    }

    fn square(self, key: u32) -> (i32, i32) {
        let (row, x) = (key as i32 / self.width, key as i32 % self.width);
        match self.scan {
            Scan::BottomUpWestEast => (x, row),
            Scan::TopDownWestEast => (x, self.height - 1 - row),
        }
    }
}

impl Physics {
    /// Settles `grid`: passes until one fires nothing. Appends what moved
    /// to `motions`, returns the first end pattern that matches (its
    /// index), and clears every falling mark.
    ///
    /// ```
    /// use relic::walker::{Grid, builtin_walker};
    /// let program = builtin_walker("boulder-dash").unwrap().unwrap();
    /// let rock = program.kind_named("rock").unwrap();
    /// let mut grid = Grid::new(1, 3, program.empty, program.outside);
    /// grid.set(0, 2, rock, false);
    /// let mut motions = Vec::new();
    /// assert_eq!(program.physics.settle(&mut grid, &mut motions), None);
    /// assert_eq!(grid.get(0, 0), (rock, false));
    /// assert_eq!(motions.len(), 2); // fell one square, then another
    /// ```
    pub fn settle(&self, grid: &mut Grid, motions: &mut Vec<Motion>) -> Option<usize> {
        self.settle_reusing(grid, &mut Work::default(), motions)
    }

    /// [`Physics::settle`] with scratch space kept between calls (so
    /// settling many grids allocates nothing after the first).
    pub fn settle_reusing(
        &self,
        grid: &mut Grid,
        work: &mut Work,
        motions: &mut Vec<Motion>,
    ) -> Option<usize> {
        work.log.clear();
        self.settle_logged(grid, work, 0, false, |m| motions.push(m))
    }

    /// Settles `grid` after the writes `work` logged from `from` on,
    /// logging its own. With `stable` (the grid was stable before those
    /// writes) only the squares they may have disturbed are looked at;
    /// without, the whole grid is scanned first. Gives each motion to
    /// `on_motion`; returns the first end pattern that matches; clears
    /// the falling marks. The grid, motions and end are those of
    /// [`Physics::settle`].
    pub fn settle_logged(
        &self,
        grid: &mut Grid,
        work: &mut Work,
        from: usize,
        stable: bool,
        mut on_motion: impl FnMut(Motion),
    ) -> Option<usize> {
        if self.rules.is_empty() && self.ends.is_empty() {
            return None;
        }
        let order = Order {
            width: grid.width() as i32,
            height: grid.height() as i32,
            scan: self.scan,
        };
        work.queue.now.clear();
        work.queue.next.clear();
        if stable {
            for i in from..work.log.len() {
                let at = grid.square(work.log[i].0 as usize);
                self.enqueue(grid, &mut work.queue, order, at, None);
            }
        } else {
            self.full_pass(grid, work, order, &mut on_motion);
        }
        self.passes(grid, work, order, &mut on_motion);
        let end = match stable {
            true => self.end_near(grid, &work.log[from..]),
            false => self.first_end(grid),
        };
        match stable {
            true => {
                (work.log[from..].iter()).for_each(|&(i, _)| grid.cells[i as usize] &= !FALLING)
            }
            false => grid.clear_falling(),
        }
        end
    }

    /// Queues the squares whose patterns cover `changed`, if a rule may
    /// fire there: in this pass if they come after `current` (or no square
    /// is being visited), else in the next.
    fn enqueue(
        &self,
        grid: &Grid,
        queue: &mut Queue,
        order: Order,
        changed: (i32, i32),
        current: Option<u32>,
    ) {
        for &(dx, dy) in &self.reach {
            let (x, y) = (changed.0 - dx, changed.1 - dy);
            if !grid.contains(x, y) || !self.moves_kind[(grid.byte(x, y) & !FALLING) as usize] {
                continue;
            }
            let key = order.key((x, y));
            match current {
                Some(now) if key <= now => queue.next.push(key),
                _ => queue.now.push(Reverse(key)),
            }
        }
    }

    /// The first pass over every square; what it disturbs behind it is
    /// queued for the next.
    fn full_pass(
        &self,
        grid: &mut Grid,
        work: &mut Work,
        order: Order,
        on_motion: &mut impl FnMut(Motion),
    ) {
        for row in 0..order.height {
            let y = match order.scan {
                Scan::BottomUpWestEast => row,
                Scan::TopDownWestEast => order.height - 1 - row,
            };
            let start = grid.index(0, y);
            for x in 0..order.width {
                let byte = grid.cells[start + x as usize];
                if !self.moves_kind[(byte & !FALLING) as usize] {
                    continue;
                }
                let mark = work.log.len();
                if self.visit(grid, &mut work.log, (x, y), on_motion) {
                    self.enqueue_behind(grid, work, order, mark, (row * order.width + x) as u32);
                }
            }
        }
    }

    /// Queues for the next pass the squares at or before `key` whose
    /// patterns cover a square written since `mark`.
    fn enqueue_behind(&self, grid: &Grid, work: &mut Work, order: Order, mark: usize, key: u32) {
        for i in mark..work.log.len() {
            let changed = grid.square(work.log[i].0 as usize);
            for &(dx, dy) in &self.reach {
                let (x, y) = (changed.0 - dx, changed.1 - dy);
                if grid.contains(x, y) && order.key((x, y)) <= key {
                    self.enqueue_one(grid, &mut work.queue, order, (x, y));
                }
            }
        }
    }

    /// Queues `(x, y)` for the next pass if a rule may fire there.
    fn enqueue_one(&self, grid: &Grid, queue: &mut Queue, order: Order, (x, y): (i32, i32)) {
        if self.moves_kind[(grid.byte(x, y) & !FALLING) as usize] {
            queue.next.push(order.key((x, y)));
        }
    }

    /// Passes over the queued squares until none is left.
    fn passes(
        &self,
        grid: &mut Grid,
        work: &mut Work,
        order: Order,
        on_motion: &mut impl FnMut(Motion),
    ) {
        loop {
            let mut last = None;
            while let Some(Reverse(key)) = work.queue.now.pop() {
                if last == Some(key) {
                    continue;
                }
                last = Some(key);
                let mark = work.log.len();
                if self.visit(grid, &mut work.log, order.square(key), on_motion) {
                    for i in mark..work.log.len() {
                        let changed = grid.square(work.log[i].0 as usize);
                        self.enqueue(grid, &mut work.queue, order, changed, Some(key));
                    }
                }
            }
            if work.queue.next.is_empty() {
                return;
            }
            let Queue { now, next } = &mut work.queue;
            now.extend(next.drain(..).map(Reverse));
        }
    }

    /// Fires at most one rule at `at` and follows its `then` chain;
    /// returns whether anything fired.
    fn visit(
        &self,
        grid: &mut Grid,
        log: &mut Vec<(u32, u8)>,
        at: (i32, i32),
        on_motion: &mut impl FnMut(Motion),
    ) -> bool {
        let Some((mut index, mut to)) =
            self.try_rules(grid, log, 0..self.rules.len(), at, on_motion)
        else {
            return false;
        };
        loop {
            let then = &self.rules[index].then;
            match self.try_rules(grid, log, then.iter().copied(), to, on_motion) {
                Some((next, dest)) => (index, to) = (next, dest),
                None => return true,
            }
        }
    }

    /// Tries the rules with indices `candidates` at `(x, y)`; fires the
    /// first that may and returns it and the subject's destination.
    fn try_rules(
        &self,
        grid: &mut Grid,
        log: &mut Vec<(u32, u8)>,
        candidates: impl Iterator<Item = usize>,
        (x, y): (i32, i32),
        on_motion: &mut impl FnMut(Motion),
    ) -> Option<(usize, (i32, i32))> {
        let kind = grid.byte(x, y) & !FALLING;
        for index in candidates {
            let rule = &self.rules[index];
            if rule.subject == kind && fires_at(grid, rule, x, y) {
                for p in &rule.probes {
                    if let Some(byte) = p.write {
                        grid.write(grid.index(x + p.dx, y + p.dy), byte, log);
                    }
                }
                let to = (x + rule.destination.0, y + rule.destination.1);
                on_motion(Motion {
                    rule: index as u8,
                    from: (x, y),
                    to,
                });
                return Some((index, to));
            }
        }
        None
    }

    /// The first end pattern matching anywhere on `grid`.
    pub fn first_end(&self, grid: &Grid) -> Option<usize> {
        let width = grid.width();
        self.ends.iter().position(|end| {
            let first = end.probes[0];
            (grid.cells.iter().enumerate())
                .filter(|(_, byte)| *byte & first.mask == first.value)
                .any(|(i, _)| {
                    let (x, y) = ((i % width) as i32, (i / width) as i32);
                    matches(grid, &end.probes, x, y)
                })
        })
    }

    /// The first end pattern matching over one of the squares in `log`.
    fn end_near(&self, grid: &Grid, log: &[(u32, u8)]) -> Option<usize> {
        self.ends.iter().position(|end| {
            log.iter().any(|&(i, _)| {
                let (x, y) = grid.square(i as usize);
                (end.probes.iter()).any(|p| matches(grid, &end.probes, x - p.dx, y - p.dy))
            })
        })
    }
}

/// Whether every probe matches with the subject at `(x, y)`.
#[inline]
fn matches(grid: &Grid, probes: &[super::physics::Probe], x: i32, y: i32) -> bool {
    probes
        .iter()
        .all(|p| grid.byte(x + p.dx, y + p.dy) & p.mask == p.value)
}

/// Whether `rule` may fire at `(x, y)`: it matches and writes only
/// inside the board.
#[inline]
fn fires_at(grid: &Grid, rule: &Rule, x: i32, y: i32) -> bool {
    let [west, east, south, north] = rule.reach;
    let (width, height) = (grid.width() as i32, grid.height() as i32);
    if x + west >= 0 && x + east < width && y + south >= 0 && y + north < height {
        let base = grid.index(x, y) as isize;
        return rule.probes[rule.test_from..].iter().all(|p| {
            let i = base + (p.dy * width + p.dx) as isize;
            grid.cells[i as usize] & p.mask == p.value
        });
    }
    rule.probes.iter().all(|p| {
        let (px, py) = (x + p.dx, y + p.dy);
        grid.byte(px, py) & p.mask == p.value && (p.write.is_none() || grid.contains(px, py))
    })
}
