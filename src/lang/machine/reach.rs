//! `reach(e)` ([`super::super::program::Op::Reach`]): a flood fill whose
//! steps are the ways of a rule body. From the cursor, every way of the
//! body is run (its changes undone, as in a pattern) and the cells where
//! the ways end are the cell's neighbours, each step counting 1 or the
//! `cost(k)` its way says; the cells are found nearest first by their
//! least count (buckets by count, Dial's algorithm: with every step 1,
//! breadth-first), each once. The rules then go on from every cell found,
//! the cursor's own first, the others in the order the search found
//! them, as choice points: the same ways as `(e)*` without the repeated
//! ways to a cell nor their cost. `reach(e, n)` stops the search `n`
//! steps out: the cells at most `n` steps away. Following an action from
//! a `reach` whose every way on marks the cell reached, the fill stops at
//! the cell of the action's next mark.
//!
//! A tile maze's "move to any cell connected over open sides" is
//! `reach(open-n n open-s | open-e e open-w | ...)` with tests of the
//! tiles' sides.

use super::super::board::OFF;
use super::super::program::{CellTest, Op};
use super::{Machine, Mode, Step};

impl Machine<'_> {
    /// [`super::super::program::Op::Reach`] at `pc` from `cur`, its body
    /// ending before `end`, at most `most` steps out (0: no bound).
    pub(super) fn reach(&mut self, pc: usize, cur: u16, end: u32, most: u16) -> Step {
        // Following an action from an anchored `reach`: only the cell of
        // its next mark goes on, so the fill stops when it is found.
        let target = match self.anchor(pc) {
            None => None,
            Some(Some(cell)) => Some(cell),
            Some(None) => return Step::Fail,
        };
        let fill = self.fill(pc, cur, most, target);
        let step = match (self.fault, target) {
            (Some(_), _) => Step::Fail,
            (None, Some(cell)) if fill.found.last() == Some(&cell) => {
                Step::Next(end as usize, cell)
            }
            (None, Some(_)) => Step::Fail,
            (None, None) => {
                // Choice points are taken last in, first out.
                for &cell in fill.found[1..].iter().rev() {
                    self.wait(end as usize, cell);
                }
                Step::Next(end as usize, cur)
            }
        };
        self.s.reach = fill;
        step
    }

    /// The cells the `reach` at `pc` finds from `cur`, nearest first (by
    /// the least count of steps, at most `most`, 0: no bound), up to
    /// `target` if given: the search's own buffers, taken for the fill
    /// (a `reach` inside this one's body gets fresh ones), to be given
    /// back.
    fn fill(&mut self, pc: usize, cur: u16, most: u16, target: Option<u16>) -> super::ReachBuffers {
        let mut fill = std::mem::take(&mut self.s.reach);
        fill.begin(self.p.board.cells(), cur);
        let mut d = 0;
        'fill: while d < fill.buckets.len() && self.fault.is_none() {
            let mut i = 0;
            // Every step counts at least 1: nothing joins bucket `d` now.
            while i < fill.buckets[d].len() && self.fault.is_none() {
                let from = fill.buckets[d][i];
                i += 1;
                if fill.best[usize::from(from)] as usize != d {
                    continue;
                }
                fill.found.push(from);
                if Some(from) == target {
                    break 'fill;
                }
                if most == 0 || d < usize::from(most) {
                    self.expand(pc, from, d, most, &mut fill);
                }
            }
            d += 1;
        }
        fill
    }

    /// Runs the step of the `reach` at `pc` from `from` (`d` steps out)
    /// and offers the fill each cell it ends on.
    fn expand(
        &mut self,
        pc: usize,
        from: u16,
        d: usize,
        most: u16,
        fill: &mut super::ReachBuffers,
    ) {
        let mark = self.s.reached.len();
        match self.p.ops[pc + 1] {
            Op::Flood(f) => self.flood_ends(f, from),
            _ => self.ends(pc + 1, from),
        }
        for &(to, cost) in &self.s.reached[mark..] {
            let far = d + usize::from(cost);
            if most == 0 || far <= usize::from(most) {
                fill.offer(to, far);
            }
        }
        self.s.reached.truncate(mark);
    }

    /// The ends of the steps of flood `f` ([`Op::Flood`]) from `cur`, as
    /// running its body would note them: each way in turn, where the
    /// cells it leaves and comes to pass their tests, with its cost.
    fn flood_ends(&mut self, f: u16, cur: u16) {
        let p = self.p;
        let flood = &p.floods[usize::from(f)];
        if !self.passes(&flood.leave, cur) {
            return;
        }
        let mut reached = std::mem::take(&mut self.s.reached);
        for way in &flood.ways {
            if !self.passes(&way.leave, cur) {
                continue;
            }
            let mut at = Some(cur);
            for (dir, tests) in &way.hops {
                at = at
                    .map(|from| p.board.neighbour(from, *dir))
                    .filter(|&to| to != OFF && self.passes(tests, to));
            }
            if let Some(at) = at
                && self.passes(&flood.arrive, at)
            {
                reached.push((at, way.cost));
            }
        }
        self.s.reached = reached;
    }

    /// Whether `cell` passes every one of `tests` (for the player).
    fn passes(&self, tests: &[CellTest], cell: u16) -> bool {
        let (players, player) = (self.p.players.len(), usize::from(self.player));
        tests.iter().all(|&test| match test {
            CellTest::Top(m) => {
                let code = self.s.cells[usize::from(cell)];
                self.p.masks[usize::from(m) * players + player] >> code & 1 != 0
            }
            CellTest::Stack(m) => self.holds(m, cell),
            CellTest::NotStack(m) => !self.holds(m, cell),
        })
    }

    /// Runs every way of the body at `start` from `cur`, each noting its
    /// end in `reached` ([`super::super::program::Op::Reached`]); nothing
    /// changes.
    pub(super) fn ends(&mut self, start: usize, cur: u16) {
        let (mode, epoch, base, cost) = (self.mode, self.epoch, self.s.log.len(), self.cost);
        (self.mode, self.cost) = (Mode::Exists, 1);
        self.fresh();
        self.run(start, cur);
        self.undo_to(base);
        (self.mode, self.epoch, self.cost) = (mode, epoch, cost);
    }
}

impl super::ReachBuffers {
    /// Starts a fill of a board of `cells` cells from `cur`.
    fn begin(&mut self, cells: usize, cur: u16) {
        self.best.clear();
        self.best.resize(cells, u32::MAX);
        self.found.clear();
        self.buckets.iter_mut().for_each(Vec::clear);
        self.offer(cur, 0);
    }

    /// Notes that `cell` is `far` steps out, unless it is known nearer.
    fn offer(&mut self, cell: u16, far: usize) {
        let best = &mut self.best[usize::from(cell)];
        if far >= *best as usize {
            return;
        }
        *best = far as u32;
        if self.buckets.len() <= far {
            self.buckets.resize_with(far + 1, Vec::new);
        }
        self.buckets[far].push(cell);
    }
}
