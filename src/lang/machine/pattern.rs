//! Patterns: bodies run only to see whether they match (`{? e}`, `{! e}`,
//! greedy and `once` runs), with their changes undone, and the values of
//! the rules' expressions.

use super::super::program::{Op, Value, Who};
use super::{Fault, Machine, Mode, Step};

impl Machine<'_> {
    /// [`Machine::pattern`], a body that looks through the stack
    /// ([`Op::Holds`]) answered without a search.
    #[inline(always)]
    pub(super) fn matches(&mut self, start: usize, cur: u16) -> bool {
        match self.p.ops[start] {
            Op::Holds(m) => self.holds(m, cur),
            _ => self.pattern(start, cur),
        }
    }

    /// Whether the body at `start` matches at `cur`; nothing changes.
    pub(super) fn pattern(&mut self, start: usize, cur: u16) -> bool {
        let (mode, epoch, base) = (self.mode, self.epoch, self.s.log.len());
        self.mode = Mode::Exists;
        self.fresh();
        let ok = self.run(start, cur);
        self.undo_to(base);
        (self.mode, self.epoch) = (mode, epoch);
        ok
    }

    /// Whether the pure body at `start` (moves and tests only, see
    /// [`Op::Probe`]) matches at `cur`: a depth-first search of its own on
    /// a stack of (instruction, cursor) with no undo log. Every cell it
    /// reads is added to the memo's reads with its code.
    pub(super) fn probe(&mut self, start: usize, cur: u16) -> bool {
        let p = self.p;
        let (players, player) = (p.players.len(), usize::from(self.player));
        self.fresh();
        let mut ways = std::mem::take(&mut self.s.ways);
        ways.clear();
        ways.push((start as u32, cur));
        let mut steps = 0;
        let mut found = false;
        'ways: while let Some((pc, cur)) = ways.pop() {
            let (mut pc, mut cur) = (pc as usize, cur);
            loop {
                steps += 1;
                let to = match p.ops[pc] {
                    Op::Shift(d) => p.board.neighbour(cur, d),
                    Op::ShiftAlias(a) => p
                        .board
                        .neighbour(cur, p.aliases[usize::from(a) * players + player]),
                    Op::Test(m) => {
                        let code = self.s.cells[usize::from(cur)];
                        self.s.memo.reads.push((cur, code));
                        match p.masks[usize::from(m) * players + player] >> code & 1 {
                            1 => cur,
                            _ => super::super::board::OFF,
                        }
                    }
                    Op::Goto(cell) => cell,
                    Op::Hop(h) => {
                        let hop = &p.fused.hops[h as usize];
                        match hop.to[player * p.board.cells() + usize::from(cur)] {
                            super::super::board::OFF => continue 'ways,
                            to => (pc, cur) = (pc + hop.len as usize, to),
                        }
                        continue;
                    }
                    Op::Slide(s) if p.fused.slides[s as usize].last_only => {
                        match self.slide(cur, s, false) {
                            Step::Next(next, at) => (pc, cur) = (next, at),
                            _ => continue 'ways,
                        }
                        continue;
                    }
                    Op::Slide(s) => {
                        self.s.ways = ways;
                        let step = self.slide(cur, s, false);
                        ways = std::mem::take(&mut self.s.ways);
                        match step {
                            Step::Next(next, at) => (pc, cur) = (next, at),
                            _ => continue 'ways,
                        }
                        continue;
                    }
                    Op::Split(then) => {
                        ways.push((then, cur));
                        cur
                    }
                    Op::Jump(to) => {
                        pc = to as usize;
                        continue;
                    }
                    Op::Loop(id, exit) => {
                        let key = id as usize * p.board.cells() + usize::from(cur);
                        if self.s.visited[key] == self.epoch {
                            continue 'ways;
                        }
                        self.s.visited[key] = self.epoch;
                        ways.push((exit, cur));
                        cur
                    }
                    Op::Accept => {
                        found = true;
                        break 'ways;
                    }
                    // `specialise` lets nothing else into a probe's body.
                    _ => continue 'ways,
                };
                match to {
                    super::super::board::OFF => continue 'ways,
                    next => (pc, cur) = (pc + 1, next),
                }
            }
        }
        self.s.ways = ways;
        self.steps += steps;
        if self.steps > self.p.step_limit {
            self.fault.get_or_insert(Fault::Runaway);
        }
        found
    }

    /// Runs the body at `start` while it matches, keeping its changes;
    /// the cursor where it stopped. A round that would start again at a
    /// cell where one started since the last change is not run: the body
    /// goes round in a circle (as a `*` repetition is not followed again
    /// to a cell it came through with nothing changed).
    pub(super) fn greedy(&mut self, start: usize, mut cur: u16) -> u16 {
        let mode = self.mode;
        self.mode = Mode::Exists;
        let since = self.s.rounds.len();
        loop {
            if self.s.rounds[since..].contains(&cur) {
                break;
            }
            self.s.rounds.push(cur);
            let base = self.s.log.len();
            self.fresh();
            if self.steps > self.p.step_limit {
                self.fault.get_or_insert(Fault::Runaway);
            }
            if self.fault.is_some() || !self.run(start, cur) {
                break;
            }
            cur = self.at;
            if self.s.log.len() != base {
                self.s.rounds.truncate(since);
            }
        }
        self.s.rounds.truncate(since);
        self.mode = mode;
        cur
    }

    /// The first way of the body at `start` from `cur` (its changes
    /// kept): where it ended, or `None` with nothing changed.
    pub(super) fn once(&mut self, start: usize, cur: u16) -> Option<u16> {
        let (mode, epoch, base) = (self.mode, self.epoch, self.s.log.len());
        self.mode = Mode::Exists;
        self.fresh();
        let ok = self.run(start, cur);
        self.mode = mode;
        if self.s.log.len() == base {
            // Nothing changed: the loops' marks of the way in still hold.
            self.epoch = epoch;
        }
        ok.then_some(self.at)
    }

    /// The value of `node` at the cursor [`Machine::here`], the sets of
    /// where each code stands filled first if it counts cells.
    pub(super) fn value(&mut self, node: u16) -> i64 {
        if self.p.counting[usize::from(node)] {
            self.occupancy_ready();
        }
        self.eval(node)
    }

    /// The slot of variable `v`: a per-player one's copy of the player
    /// `whose` names, seen from the player the rules act for.
    pub(super) fn slot(&self, v: u16, whose: Who) -> u16 {
        let var = &self.p.variables[usize::from(v)];
        match var.per_player {
            true => var.slot + u16::from(self.p.who(whose, self.player)),
            false => var.slot,
        }
    }

    pub(super) fn eval(&mut self, node: u16) -> i64 {
        let p = self.p;
        match p.values[usize::from(node)] {
            Value::Int(n) => n,
            Value::Var(v, whose) => i64::from(self.s.vars[usize::from(self.slot(v, whose))]),
            Value::Count(m) => {
                let mask = p.masks[usize::from(m) * p.players.len() + usize::from(self.player)];
                self.s.occ.count(mask) as i64
            }
            Value::Me => i64::from(self.player),
            Value::Height => self.height(self.here) as i64,
            Value::Column => i64::from(p.board.xy[usize::from(self.here)].0) + 1,
            Value::Row => i64::from(p.board.xy[usize::from(self.here)].1) + 1,
            Value::Changed => i64::from(
                self.s.cells != self.s.origin || !self.s.below.same_stacks(&self.s.origin_below),
            ),
            Value::Cycle => self.cycle,
            Value::Turn => self.turn,
            Value::Mul(a, op, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                op.apply(a, b)
            }
            Value::Cells(start) => self.cells_found(start as usize),
            Value::Add(a, plus, b) => match plus {
                true => self.eval(a).saturating_add(self.eval(b)),
                false => self.eval(a).saturating_sub(self.eval(b)),
            },
        }
    }

    /// `cells(e)` with `e`'s rules at `start`: how many different cells
    /// their ways end on from the cursor [`Machine::here`] (nothing they
    /// do stays).
    fn cells_found(&mut self, start: usize) -> i64 {
        let (here, mark) = (self.here, self.s.reached.len());
        self.ends(start, here);
        self.here = here;
        let s = &mut *self.s;
        let stamp = s.counted.next(self.p.board.cells());
        let found = (s.reached[mark..].iter())
            .filter(|&&(cell, _)| s.counted.first(usize::from(cell), stamp))
            .count();
        s.reached.truncate(mark);
        found as i64
    }
}
