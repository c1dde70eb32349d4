//! One instruction of the interpreter: what each [`Op`] does to the
//! cursor, the cells, the variables and the marks, and where the search
//! goes next.

use super::super::action::{Action, MAX_PARTS, WORD};
use super::super::program::{Op, Who};
use super::{Fault, Machine, Mode, Step, Undo};

/// The most instructions [`Machine::fails_at_once`] looks at.
const GUARD: usize = 4;

impl Machine<'_> {
    /// Writes `code` as the top of cell `cur`, logged for undo.
    pub(super) fn set_cell(&mut self, cur: u16, code: u8) {
        let old = self.s.cells[usize::from(cur)];
        if old != code {
            self.s.log.push(Undo::Cell(cur, old));
            self.write_top(cur, code);
            self.fresh();
        }
    }

    /// Whether the way at `pc` fails before it changes or chooses
    /// anything: its first instructions, up to [`GUARD`] of them, only
    /// step and test, and one of them fails from `cur`. Trying such a way
    /// and coming back does nothing, so a choice need not wait on it
    /// (each of checkers' jumps begins `left {enemy}`, most failing
    /// there). False when it cannot tell.
    #[inline(always)]
    pub(super) fn fails_at_once(&self, mut pc: usize, mut cur: u16) -> bool {
        let p = self.p;
        let (players, player) = (p.players.len(), usize::from(self.player));
        for _ in 0..GUARD {
            cur = match p.ops[pc] {
                Op::Test(m) => match p.masks[usize::from(m) * players + player]
                    >> self.s.cells[usize::from(cur)]
                    & 1
                {
                    0 => return true,
                    // The action would be found here ([`Machine::go_on`]).
                    _ if self.early && p.decided[pc + 1] => return false,
                    _ => cur,
                },
                Op::Shift(d) => p.board.neighbour(cur, d),
                Op::ShiftAlias(a) => p
                    .board
                    .neighbour(cur, p.aliases[usize::from(a) * players + player]),
                Op::Hop(h) => {
                    let hop = &p.fused.hops[h as usize];
                    pc += hop.len as usize - 1;
                    hop.to[player * p.board.cells() + usize::from(cur)]
                }
                _ => return false,
            };
            if cur == super::super::board::OFF {
                return true;
            }
            pc += 1;
        }
        false
    }

    pub(super) fn step(&mut self, pc: usize, cur: u16) -> Step {
        let p = self.p;
        let players = p.players.len();
        let player = usize::from(self.player);
        match p.ops[pc] {
            Op::Shift(d) => self.shift(pc, cur, d),
            Op::ShiftAlias(a) => self.shift(pc, cur, p.aliases[usize::from(a) * players + player]),
            Op::Test(m) => {
                let code = self.s.cells[usize::from(cur)];
                match p.masks[usize::from(m) * players + player] >> code & 1 {
                    1 => self.go_on(pc + 1, cur),
                    _ => Step::Fail,
                }
            }
            Op::At(set) => match p.at_sets[usize::from(set)].binary_search(&cur) {
                Ok(_) => self.go_on(pc + 1, cur),
                Err(_) => Step::Fail,
            },
            Op::Holds(m) => match self.holds(m, cur) {
                true => self.go_on(pc + 1, cur),
                false => Step::Fail,
            },
            Op::Put(s) => {
                self.set_cell(cur, p.puts[usize::from(s) * players + player]);
                Step::Next(pc + 1, cur)
            }
            Op::Goto(cell) => Step::Next(pc + 1, cell),
            Op::Hop(h) => {
                let hop = &p.fused.hops[h as usize];
                match hop.to[player * p.board.cells() + usize::from(cur)] {
                    super::super::board::OFF => Step::Fail,
                    to => Step::Next(pc + hop.len as usize, to),
                }
            }
            Op::Slide(s) => self.slide(cur, s, true),
            Op::Any => self.any_cell(pc, u128::MAX),
            Op::AnyOf(m) => self.any_cell(pc, p.masks[usize::from(m) * players + player]),
            Op::Sets(r) => self.sets(pc, cur, r),
            Op::AnyHolding(m) => self.any_holding(pc, p.masks[usize::from(m) * players + player]),
            Op::Mark => self.mark(pc, cur, cur),
            Op::Word(w) => self.mark(pc, cur, WORD | w),
            Op::Assign(v, whose, value) => {
                self.here = cur;
                self.assign(pc, cur, (v, whose), value)
            }
            Op::Compare(a, cmp, b) => {
                self.here = cur;
                match cmp.holds(self.value(a), self.value(b)) {
                    true => self.go_on(pc + 1, cur),
                    false => Step::Fail,
                }
            }
            Op::Push(s) => {
                self.push_piece(cur, p.puts[usize::from(s) * players + player]);
                Step::Next(pc + 1, cur)
            }
            Op::Pop => {
                self.pop_piece(cur);
                Step::Next(pc + 1, cur)
            }
            Op::Become(t) => {
                let old = self.s.cells[usize::from(cur)];
                let codes = p.pieces.len() + 1;
                match p.becomes[usize::from(t) * codes + usize::from(old)] {
                    0 => Step::Fail,
                    code => {
                        self.set_cell(cur, code);
                        Step::Next(pc + 1, cur)
                    }
                }
            }
            Op::Lift(all) => self.lift(pc, cur, all),
            Op::Drop(all) => self.drop_held(pc, cur, all),
            Op::Switch(_) | Op::End(_) => self.terminal(pc),
            Op::SetPlayer(who) => {
                let to = p.who(who, self.player);
                if to != self.player {
                    self.s.log.push(Undo::Player(self.player));
                    self.player = to;
                    self.fresh();
                }
                Step::Next(pc + 1, cur)
            }
            // A first way that fails at once leaves no choice point: the
            // same as trying it and coming back.
            Op::Split(then) => match self.fails_at_once(pc + 1, cur) {
                true => Step::Next(then as usize, cur),
                false => Step::Branch(pc + 1, then as usize),
            },
            Op::Loop(id, exit) => {
                let key = id as usize * p.board.cells() + usize::from(cur);
                if self.s.visited[key] == self.epoch {
                    return Step::Fail;
                }
                self.s.visited[key] = self.epoch;
                match self.fails_at_once(pc + 1, cur) {
                    true => Step::Next(exit as usize, cur),
                    false => Step::Branch(pc + 1, exit as usize),
                }
            }
            Op::Jump(to) => Step::Next(to as usize, cur),
            Op::Select(s) => self.select(cur, s),
            Op::Pattern(positive, end) => match self.matches(pc + 1, cur) == positive {
                true if self.fault.is_none() => self.go_on(end as usize, cur),
                _ => Step::Fail,
            },
            Op::Probe(positive, end) => match self.probe_at(pc, end as usize, cur) == positive {
                true if self.fault.is_none() => self.go_on(end as usize, cur),
                _ => Step::Fail,
            },
            Op::Greedy(end) => {
                let at = self.greedy(pc + 1, cur);
                match self.fault {
                    None => Step::Next(end as usize, at),
                    Some(_) => Step::Fail,
                }
            }
            Op::Once(end) => match self.once(pc + 1, cur) {
                Some(at) if self.fault.is_none() => Step::Next(end as usize, at),
                _ => Step::Fail,
            },
            Op::Scan(order, end) => {
                self.scan(pc, usize::from(order));
                match self.fault {
                    None => Step::Next(end as usize, cur),
                    Some(_) => Step::Fail,
                }
            }
            Op::Reach(end, most) => self.reach(pc, cur, end, most),
            // A flood's body is never run: `reach` reads its table.
            Op::Flood(_) => Step::Fail,
            Op::Reached => {
                self.s.reached.push((cur, self.cost));
                Step::Fail
            }
            Op::Cost(k) => {
                if self.cost != k {
                    self.s.log.push(Undo::Cost(self.cost));
                    self.cost = k;
                }
                Step::Next(pc + 1, cur)
            }
            Op::Save(r) => {
                let old = self.s.registers[usize::from(r)];
                if old != cur {
                    self.s.log.push(Undo::Register(r, old));
                    self.s.registers[usize::from(r)] = cur;
                    self.fresh();
                }
                Step::Next(pc + 1, cur)
            }
            Op::Restore(r) => Step::Next(pc + 1, self.s.registers[usize::from(r)]),
            Op::Accept => {
                self.at = cur;
                Step::Done
            }
            Op::Fail => Step::Fail,
        }
    }

    /// [`Op::Slide`] `s` from `cur`: walks the ray as the repetition's
    /// head and body would, leaving every cell but the farthest as a way
    /// to continue at the exit later (choice points when `run`, else the
    /// probe's ways), and continues from the farthest now.
    pub(super) fn slide(&mut self, cur: u16, s: u32, run: bool) -> Step {
        let p = self.p;
        let (players, player) = (p.players.len(), usize::from(self.player));
        let slide = &p.fused.slides[s as usize];
        let (d, exit) = (slide.dirs[player], slide.exit);
        let mask = p.masks[usize::from(slide.test) * players + player];
        let rows = slide.id as usize * p.board.cells();
        if self.s.visited[rows + usize::from(cur)] == self.epoch {
            return Step::Fail;
        }
        let mut at = cur;
        loop {
            self.s.visited[rows + usize::from(at)] = self.epoch;
            self.steps += 1;
            let next = p.board.neighbour(at, d);
            if !run && next != super::super::board::OFF {
                let s = &mut **self.s;
                s.memo.reads.push((next, s.cells[usize::from(next)]));
            }
            if next == super::super::board::OFF
                || mask >> self.s.cells[usize::from(next)] & 1 == 0
                || self.s.visited[rows + usize::from(next)] == self.epoch
            {
                return Step::Next(exit as usize, at);
            }
            if !slide.last_only {
                match run {
                    true => self.wait(exit as usize, at),
                    false => self.s.ways.push((exit, at)),
                }
            }
            at = next;
        }
    }

    /// [`Op::Scan`] at `pc` along order `order`: its body once from every
    /// cell in turn whose code, when the pass comes to it, passes the
    /// scan's guard ([`Program::scan_guard`]). Where the order is runs of
    /// consecutive cells the next such cell is found by the sets of where
    /// each code stands, which every change keeps. A cell the scan knows
    /// quiet ([`super::super::quiet`]) is skipped.
    ///
    /// [`Program::scan_guard`]: super::super::program::Program::scan_guard
    #[inline(never)]
    fn scan(&mut self, pc: usize, order: usize) {
        let p = self.p;
        let guard = p.scan_guard(pc, self.player);
        let quiet = p.quiet_at(pc);
        let Some(runs) = p.scan_runs[order].as_ref().filter(|_| guard != !0) else {
            for &cell in &p.scans[order] {
                if guard >> self.s.cells[usize::from(cell)] & 1 == 1 {
                    self.scan_cell(pc, quiet, cell);
                }
            }
            return;
        };
        self.occupancy_ready();
        for &(first, n) in runs {
            let mut at = first;
            while let Some(cell) = self.s.occ.first_in(guard, at, first + n) {
                self.scan_cell(pc, quiet, cell);
                at = cell + 1;
            }
        }
    }

    pub(super) fn shift(&self, pc: usize, cur: u16, d: u8) -> Step {
        match self.p.board.neighbour(cur, d) {
            super::super::board::OFF => Step::Fail,
            next => Step::Next(pc + 1, next),
        }
    }

    /// `any`: continue at `pc + 1` from every cell whose code is in
    /// `mask` in turn, the first now and the others as choice points;
    /// following an action from an anchored `any` ([`Program::anchored`]),
    /// only from the cell of its next mark.
    ///
    /// [`Program::anchored`]: super::super::program::Program::anchored
    pub(super) fn any_cell(&mut self, pc: usize, mask: u128) -> Step {
        if let Some(target) = self.anchor(pc) {
            return match target {
                Some(cell) if mask >> self.s.cells[usize::from(cell)] & 1 == 1 => {
                    Step::Next(pc + 1, cell)
                }
                _ => Step::Fail,
            };
        }
        let mut first = None;
        self.occupancy_ready();
        let occ = std::mem::take(&mut self.s.occ);
        occ.each_down(mask, |cell| {
            if let Some(later) = first.replace(cell) {
                self.wait(pc + 1, later);
            }
        });
        self.s.occ = occ;
        match first {
            Some(cell) => Step::Next(pc + 1, cell),
            None => Step::Fail,
        }
    }

    /// Following an action from the anchored instruction at `pc`
    /// ([`Program::anchored`]): the cell of the action's next mark
    /// (`Some(None)`: that mark is no cell); `None` when not following an
    /// action or not anchored.
    ///
    /// [`Program::anchored`]: super::super::program::Program::anchored
    pub(super) fn anchor(&self, pc: usize) -> Option<Option<u16>> {
        if self.mode != Mode::Find || !self.p.anchored[pc] {
            return None;
        }
        let next = self.target.parts().get(self.s.marks.len()).copied();
        Some(next.filter(|&cell| cell & WORD == 0 && usize::from(cell) < self.s.cells.len()))
    }

    /// [`Op::AnyHolding`]: continue at `pc + 1` from every cell whose
    /// stack holds a code in `mask` in turn, as [`Machine::any_cell`]
    /// does from the cells whose top does.
    pub(super) fn any_holding(&mut self, pc: usize, mask: u128) -> Step {
        if let Some(target) = self.anchor(pc) {
            return match target {
                Some(cell) if self.stack_holds(cell, mask) => Step::Next(pc + 1, cell),
                _ => Step::Fail,
            };
        }
        let mut first = None;
        for cell in (0..self.s.cells.len() as u16).rev() {
            if self.stack_holds(cell, mask)
                && let Some(later) = first.replace(cell)
            {
                self.wait(pc + 1, later);
            }
        }
        match first {
            Some(cell) => Step::Next(pc + 1, cell),
            None => Step::Fail,
        }
    }

    pub(super) fn mark(&mut self, pc: usize, cur: u16, part: u16) -> Step {
        let n = self.s.marks.len();
        if n >= MAX_PARTS {
            self.fault = Some(Fault::TooManyParts);
            return Step::Fail;
        }
        if self.mode == Mode::Find && self.target.parts().get(n) != Some(&part) {
            return Step::Fail;
        }
        self.s.marks.push(part);
        self.s.log.push(Undo::Mark);
        self.fresh();
        self.go_on(pc + 1, cur)
    }

    /// Goes on to `next` after a mark or a passed test, unless the rest
    /// of the turn is decided there ([`Machine::early`]): then the action
    /// is found as it is.
    pub(super) fn go_on(&mut self, next: usize, cur: u16) -> Step {
        match (self.early, self.mode) {
            (true, Mode::Collect) if self.p.decided[next] => {
                self.record(Found::Before(next as u32, cur));
                Step::Fail
            }
            (true, Mode::First) if self.p.decided[next] => Step::Done,
            _ => Step::Next(next, cur),
        }
    }

    /// [`Op::Select`] `s` at `cur`: the way its value's number selects
    /// now, the ways after the numbered ones later.
    fn select(&mut self, cur: u16, s: u16) -> Step {
        let select = &self.p.selects[usize::from(s)];
        self.here = cur;
        let value = self.value(select.value);
        let way = select.ways.iter().find(|&&(n, _)| n == value);
        match (way, select.rest) {
            (Some(&(_, to)), rest) => {
                if let Some(rest) = rest {
                    self.wait(rest as usize, cur);
                }
                self.go_on(to as usize, cur)
            }
            (None, Some(rest)) => Step::Next(rest as usize, cur),
            (None, None) => Step::Fail,
        }
    }

    pub(super) fn assign(
        &mut self,
        pc: usize,
        cur: u16,
        (v, whose): (u16, Who),
        value: u16,
    ) -> Step {
        let slot = self.slot(v, whose);
        let var = &self.p.variables[usize::from(v)];
        let new = self.value(value);
        if new < i64::from(var.min) || new > i64::from(var.max) {
            return Step::Fail;
        }
        let old = self.s.vars[usize::from(slot)];
        if i64::from(old) != new {
            self.s.log.push(Undo::Var(slot, old));
            self.s.vars[usize::from(slot)] = new as i32;
            self.fresh();
        }
        Step::Next(pc + 1, cur)
    }

    pub(super) fn terminal(&mut self, pc: usize) -> Step {
        match self.mode {
            Mode::Collect => {
                self.record(Found::End(self.p.ops[pc]));
                Step::Fail
            }
            Mode::Find if self.s.marks.as_slice() != self.target.parts() => Step::Fail,
            Mode::Find | Mode::First => {
                self.ending = Some(self.p.ops[pc]);
                Step::Done
            }
            Mode::Exists => Step::Fail,
        }
    }

    /// Adds the current path's action to the collected ones unless it is
    /// there already (compared by marks, through the key table), with its
    /// changes, ending and resume point when the listing keeps them.
    pub(super) fn record(&mut self, found: Found) {
        self.forget_same_action();
        let s = &mut **self.s;
        if s.collected.len() * 2 >= s.table.len() {
            s.table = vec![0; s.table.len() * 2];
            for (i, a) in s.collected.iter().enumerate() {
                let at = probe(&s.table, a.parts(), |_| false);
                s.table[at] = i as u32 + 1;
            }
        }
        let (marks, collected) = (&s.marks, &s.collected);
        let at = probe(&s.table, marks, |i| {
            collected[i].parts() == marks.as_slice()
        });
        if s.table[at] == 0 {
            s.table[at] = s.collected.len() as u32 + 1;
            s.collected.push(Action::of(&s.marks));
            self.keep_effect(found);
        }
    }
}

/// How a listed action was found: at its path's ending instruction, or
/// at a point (instruction, cursor) from which the rest of the turn is
/// decided ([`Program::decided`]), to be followed from there when played.
///
/// [`Program::decided`]: super::super::program::Program::decided
#[derive(Clone, Copy)]
pub(super) enum Found {
    End(Op),
    Before(u32, u16),
}

impl Machine<'_> {
    /// Drops the ways waiting since the action's last mark that can make
    /// no mark: each could only find the action just found again (the
    /// first way found is the one kept), so a listing need not try them
    /// (`{? line} end(win) | {! line} ->next` then tests the line once).
    fn forget_same_action(&mut self) {
        let since = self
            .s
            .log
            .iter()
            .rposition(|u| matches!(u, Undo::Mark))
            .map_or(0, |i| i + 1);
        let mut first = self.s.choices.len();
        while first > 0 && self.s.choices[first - 1].log >= since {
            first -= 1;
        }
        let markless = &self.p.markless;
        let mut kept = first;
        for i in first..self.s.choices.len() {
            if !markless[self.s.choices[i].pc as usize] {
                self.s.choices[kept] = self.s.choices[i];
                kept += 1;
            }
        }
        self.s.choices.truncate(kept);
    }
}

/// The slot of `parts` in an open-addressed `table` (a power of two long,
/// never full): the one whose entry `same` says holds them, or the first
/// empty one on the way.
fn probe(table: &[u32], parts: &[u16], same: impl Fn(usize) -> bool) -> usize {
    let mut key = 0xcbf2_9ce4_8422_2325_u64 ^ parts.len() as u64;
    for &part in parts {
        key = (key ^ u64::from(part)).wrapping_mul(0x0100_0000_01b3);
    }
    let mask = table.len() - 1;
    let mut at = (key ^ key >> 29) as usize & mask;
    loop {
        match table[at] {
            0 => return at,
            i if same(i as usize - 1) => return at,
            _ => at = (at + 1) & mask,
        }
    }
}
