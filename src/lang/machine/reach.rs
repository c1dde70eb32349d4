//! `reach(e)` ([`super::super::program::Op::Reach`]): a flood fill whose
//! steps are the ways of a rule body. From the cursor, every way of the
//! body is run (its changes undone, as in a pattern) and the cells where
//! the ways end are the cell's neighbours; a breadth-first search over a
//! bit set of cells finds each connected cell once. The rules then go on
//! from every cell found, the cursor's own first, the others in the order
//! the search found them, as choice points: the same ways as `(e)*`
//! without the repeated ways to a cell nor their cost. `reach(e, n)`
//! stops the search `n` steps out: the cells at most `n` steps away.
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
        // The search's own buffers, taken for the fill (a `reach` inside
        // this one's body gets fresh ones) and given back after.
        let super::ReachBuffers {
            mut seen,
            mut found,
        } = std::mem::take(&mut self.s.reach);
        seen.clear();
        seen.resize(self.p.board.cells().div_ceil(64), 0);
        found.clear();
        found.push(cur);
        seen[usize::from(cur) / 64] |= 1 << (cur % 64);
        let mut next = 0;
        // The cells `depth` steps out are those found before `layer_end`.
        let (mut depth, mut layer_end) = (0, found.len());
        while next < found.len() && self.fault.is_none() {
            if next == layer_end {
                (depth, layer_end) = (depth + 1, found.len());
            }
            if most != 0 && depth >= most {
                break;
            }
            let from = found[next];
            next += 1;
            let mark = self.s.reached.len();
            match self.p.ops[pc + 1] {
                Op::Flood(f) => self.flood_ends(f, from),
                _ => self.ends(pc + 1, from),
            }
            for i in mark..self.s.reached.len() {
                let to = self.s.reached[i];
                let (word, bit) = (usize::from(to) / 64, 1u64 << (to % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    found.push(to);
                }
            }
            self.s.reached.truncate(mark);
        }
        if self.fault.is_none() {
            // Choice points are taken last in, first out.
            for &cell in found[1..].iter().rev() {
                self.wait(end as usize, cell);
            }
        }
        let step = match self.fault {
            Some(_) => Step::Fail,
            None => Step::Next(end as usize, cur),
        };
        self.s.reach = super::ReachBuffers { seen, found };
        step
    }

    /// The ends of the steps of flood `f` ([`Op::Flood`]) from `cur`, as
    /// running its body would note them: each way in turn, where the
    /// cell left and the cell come to pass their tests.
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
            let to = p.board.neighbour(cur, way.dir);
            if to != OFF && self.passes(&way.arrive, to) && self.passes(&flood.arrive, to) {
                reached.push(to);
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
    fn ends(&mut self, start: usize, cur: u16) {
        let (mode, epoch, base) = (self.mode, self.epoch, self.s.log.len());
        self.mode = Mode::Exists;
        self.fresh();
        self.run(start, cur);
        self.undo_to(base);
        (self.mode, self.epoch) = (mode, epoch);
    }
}
