//! The one interpreter of core rules: a depth-first search over (program
//! point, cursor, changes) with an undo log. Legal actions are the distinct
//! notations (marks) of the paths from the turn's start to a player switch
//! or a game end; applying an action follows the path with its marks.
//!
//! A repetition head seen again at the same cursor with nothing changed
//! since (the same *epoch*: every change starts a new one) is not followed
//! again, so loops over cells terminate; a run that takes more than
//! [`STEP_LIMIT`] steps stops with [`Fault::Runaway`].

use std::cell::RefCell;

mod reach;
mod stack;

use super::action::{Action, MAX_PARTS, WORD};
use super::listing::{Change, Listing};
use super::occupancy::Occupancy;
use super::program::{Op, Program, Value};

/// The most instructions one search runs before it is stopped.
pub const STEP_LIMIT: u64 = 20_000_000;

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// It ran past [`STEP_LIMIT`] steps.
    Runaway,
    /// An action had more than [`MAX_PARTS`] marks.
    TooManyParts,
}

impl Fault {
    /// The message text views print.
    pub fn message(self) -> String {
        match self {
            Fault::Runaway => format!(
                "The rules ran more than {STEP_LIMIT} steps looking for moves; play was stopped."
            ),
            Fault::TooManyParts => format!(
                "An action of the rules marks more than {MAX_PARTS} parts; play was stopped."
            ),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Record every path's action.
    Collect,
    /// Stop at the first path's end.
    First,
    /// Stop at the first path whose marks are the target's.
    Find,
    /// Stop at the end of a pattern's or greedy body.
    Exists,
}

#[derive(Clone, Copy, Debug)]
enum Undo {
    Cell(u16, u8),
    Var(u16, i32),
    Player(u8),
    Mark,
    Register(u8, u16),
    /// A piece pushed on a cell whose top was this code.
    Pushed(u16, u8),
    /// The top piece, this code, popped from a cell.
    Popped(u16, u8),
    /// A piece taken into the hand at this index.
    HandIn(u16),
    /// This piece taken out of the hand at this index.
    HandOut(u16, u8),
}

/// A search over one position.
pub struct Machine<'p> {
    p: &'p Program,
    /// The cells, changed as the search goes.
    pub cells: Vec<u8>,
    /// The variables' slots.
    pub vars: Vec<i32>,
    /// The pieces beneath each cell's top, bottom first (empty when no
    /// cell has one): see the `stack` module.
    below: Vec<Vec<u8>>,
    /// The pieces lifted and not yet dropped in this action.
    hand: Vec<u8>,
    /// The cursor where a value is evaluated (`height`).
    here: u16,
    /// The player the rules act for.
    pub player: u8,
    /// Where each code stands, kept with `cells`.
    occ: Occupancy,
    log: Vec<Undo>,
    choices: Vec<Choice>,
    marks: Vec<u16>,
    registers: Vec<u16>,
    visited: Vec<u32>,
    epoch: u32,
    epochs: u32,
    steps: u64,
    mode: Mode,
    at: u16,
    target: Action,
    /// Open-addressed table of indices (plus one) into `collected`, by the
    /// action's key: the distinct-result check without hashing states.
    table: Vec<u32>,
    collected: Vec<Action>,
    /// Whether collecting keeps each action's changes ([`Machine::list`]).
    keep: Option<Listing>,
    /// The ways a probe has still to try.
    ways: Vec<(u32, u16)>,
    /// The ends of `reach` steps found and not yet taken in.
    reached: Vec<u16>,
    /// A `reach`'s cells seen (a bit set) and found (in order): see the
    /// `reach` module.
    reach: ReachBuffers,
    /// Whether an action is taken as found at its last mark when the
    /// rest of the turn is decided ([`Program::decided`]): when listing
    /// actions or asking whether there is one, not when following one.
    early: bool,
    /// The ending instruction of the path found ([`Machine::find`]).
    pub ending: Option<Op>,
    /// Why the search stopped early, if it did.
    pub fault: Option<Fault>,
}

impl<'p> Machine<'p> {
    /// A search of `program` from `cells` and `vars` for `player`. Its
    /// buffers (the undo log, the choice stack, the visited table, ...) are
    /// the thread's, reused from one search to the next.
    pub fn new(p: &'p Program, cells: &[u8], vars: &[i32], player: u8) -> Machine<'p> {
        let mut s = SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_default();
        s.cells.clear();
        s.cells.extend_from_slice(cells);
        s.occ.fill(cells, p.pieces.len() + 1);
        s.vars.clear();
        s.vars.extend_from_slice(vars);
        s.registers.clear();
        s.registers.resize(usize::from(p.registers), 0);
        let visited = p.loops as usize * p.board.cells();
        if s.visited.len() < visited {
            s.visited.resize(visited, 0);
        }
        let mut m = Machine {
            p,
            cells: s.cells,
            vars: s.vars,
            below: Vec::new(),
            hand: Vec::new(),
            here: 0,
            player,
            occ: s.occ,
            log: s.log,
            choices: s.choices,
            marks: s.marks,
            registers: s.registers,
            visited: s.visited,
            epoch: s.epochs,
            epochs: s.epochs,
            steps: 0,
            mode: Mode::Collect,
            at: 0,
            target: Action::default(),
            table: s.table,
            collected: s.collected,
            keep: None,
            ways: s.ways,
            reached: s.reached,
            reach: s.reach,
            early: false,
            ending: None,
            fault: None,
        };
        // Entries of earlier searches hold older epochs: none matches.
        m.fresh();
        m
    }

    /// Appends every legal action, in the order the search finds them.
    pub fn collect(&mut self, out: &mut Vec<Action>) {
        self.mode = Mode::Collect;
        self.early = true;
        self.collected.clear();
        self.table.clear();
        self.table.resize(64, 0);
        self.run(0, 0);
        if self.fault.is_none() && self.keep.is_none() {
            out.append(&mut self.collected);
        }
    }

    /// Fills `listing` with every legal action, its changes and its
    /// ending instruction (unless the search stops with a fault).
    pub fn list(&mut self, listing: &mut Listing) {
        self.keep = Some(std::mem::take(listing));
        self.collect(&mut Vec::new());
        *listing = self.keep.take().expect("kept");
        listing.actions.append(&mut self.collected);
    }

    /// Whether there is any legal action.
    pub fn any(&mut self) -> bool {
        self.mode = Mode::First;
        self.early = true;
        self.run(0, 0)
    }

    /// Whether some way from instruction `start` reaches a switch or a
    /// game end ([`Machine::ending`] says which).
    pub fn first_from(&mut self, start: u32) -> bool {
        self.mode = Mode::First;
        self.run(start as usize, 0)
    }

    /// Follows the path of `action`; on success the cells, variables and
    /// [`Machine::ending`] are those at its end.
    pub fn find(&mut self, action: &Action) -> bool {
        self.mode = Mode::Find;
        self.target = *action;
        self.run(0, 0)
    }

    fn fresh(&mut self) {
        self.epochs = self.epochs.wrapping_add(1);
        if self.epochs == 0 {
            self.visited.fill(0);
            self.epochs = 1;
        }
        self.epoch = self.epochs;
    }

    fn undo_to(&mut self, base: usize) {
        while self.log.len() > base {
            match self.log.pop().expect("above base") {
                Undo::Cell(c, old) => {
                    self.occ.set(c, self.cells[usize::from(c)], old);
                    self.cells[usize::from(c)] = old;
                }
                Undo::Var(s, old) => self.vars[usize::from(s)] = old,
                Undo::Player(old) => self.player = old,
                Undo::Mark => {
                    self.marks.pop();
                }
                Undo::Register(r, old) => self.registers[usize::from(r)] = old,
                Undo::Pushed(c, old) => self.unpush(c, old),
                Undo::Popped(c, old) => self.unpop(c, old),
                Undo::HandIn(at) => drop(self.hand.remove(usize::from(at))),
                Undo::HandOut(at, code) => self.hand.insert(usize::from(at), code),
            }
        }
    }

    /// Runs from `pc` at `cur`; true when the mode's goal was reached (its
    /// changes kept), false with every change undone. Choice points wait
    /// on a stack (not the call stack), so long walks cannot overflow it;
    /// only patterns and `*!` bodies nest calls, as deep as the rules do.
    /// The step limit is checked where a run can turn back (a choice
    /// point, a failure, a `*!` round), a fault at the failure every
    /// fault ends in.
    fn run(&mut self, mut pc: usize, mut cur: u16) -> bool {
        let (base, epoch, waiting) = (self.log.len(), self.epoch, self.choices.len());
        loop {
            self.steps += 1;
            let mut step = self.step(pc, cur);
            if matches!(step, Step::Branch(..) | Step::Fail)
                && (self.steps > STEP_LIMIT || self.fault.is_some())
            {
                self.fault.get_or_insert(Fault::Runaway);
                self.choices.truncate(waiting);
                step = Step::Fail;
            }
            match step {
                Step::Next(next, at) => (pc, cur) = (next, at),
                Step::Branch(first, then) => {
                    self.wait(then, cur);
                    pc = first;
                }
                Step::Done => {
                    self.choices.truncate(waiting);
                    return true;
                }
                Step::Fail if self.choices.len() > waiting => {
                    let c = self.choices.pop().expect("waiting");
                    self.undo_to(c.log);
                    (self.epoch, pc, cur) = (c.epoch, c.pc as usize, c.cur);
                }
                Step::Fail => {
                    self.undo_to(base);
                    self.epoch = epoch;
                    return false;
                }
            }
        }
    }

    /// Leaves a choice point: continue at `pc`, `cur` if this way fails.
    fn wait(&mut self, pc: usize, cur: u16) {
        let (log, epoch) = (self.log.len(), self.epoch);
        self.choices.push(Choice {
            pc: pc as u32,
            cur,
            log,
            epoch,
        });
    }
}

/// The buffers of a search, kept between searches.
#[derive(Default)]
struct Scratch {
    cells: Vec<u8>,
    vars: Vec<i32>,
    occ: Occupancy,
    log: Vec<Undo>,
    choices: Vec<Choice>,
    marks: Vec<u16>,
    registers: Vec<u16>,
    visited: Vec<u32>,
    epochs: u32,
    table: Vec<u32>,
    collected: Vec<Action>,
    ways: Vec<(u32, u16)>,
    reached: Vec<u16>,
    reach: ReachBuffers,
}

/// The work vectors of a `reach` flood fill, kept between searches.
#[derive(Default)]
struct ReachBuffers {
    seen: Vec<u64>,
    found: Vec<u16>,
}

thread_local! {
    /// Buffers of finished searches (a search inside a search takes its
    /// own, so this is a stack).
    static SCRATCH: RefCell<Vec<Scratch>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Machine<'_> {
    fn drop(&mut self) {
        let mut s = Scratch {
            cells: std::mem::take(&mut self.cells),
            vars: std::mem::take(&mut self.vars),
            occ: std::mem::take(&mut self.occ),
            log: std::mem::take(&mut self.log),
            choices: std::mem::take(&mut self.choices),
            marks: std::mem::take(&mut self.marks),
            registers: std::mem::take(&mut self.registers),
            visited: std::mem::take(&mut self.visited),
            epochs: self.epochs,
            table: std::mem::take(&mut self.table),
            collected: std::mem::take(&mut self.collected),
            ways: std::mem::take(&mut self.ways),
            reached: std::mem::take(&mut self.reached),
            reach: std::mem::take(&mut self.reach),
        };
        s.log.clear();
        s.reached.clear();
        s.choices.clear();
        s.marks.clear();
        let _ = SCRATCH.try_with(|pool| {
            if let Ok(mut pool) = pool.try_borrow_mut()
                && pool.len() < 4
            {
                pool.push(s);
            }
        });
    }
}

/// A way not yet tried: where, and the changes and epoch to return to.
#[derive(Clone, Copy, Debug)]
struct Choice {
    pc: u32,
    cur: u16,
    log: usize,
    epoch: u32,
}

/// What one instruction leads to.
enum Step {
    Next(usize, u16),
    Branch(usize, usize),
    Fail,
    Done,
}

impl Machine<'_> {
    /// Writes `code` as the top of cell `cur`, logged for undo.
    fn set_cell(&mut self, cur: u16, code: u8) {
        let old = self.cells[usize::from(cur)];
        if old != code {
            self.log.push(Undo::Cell(cur, old));
            self.occ.set(cur, old, code);
            self.cells[usize::from(cur)] = code;
            self.fresh();
        }
    }

    fn step(&mut self, pc: usize, cur: u16) -> Step {
        let p = self.p;
        let players = p.players.len();
        let player = usize::from(self.player);
        match p.ops[pc] {
            Op::Shift(d) => self.shift(pc, cur, d),
            Op::ShiftAlias(a) => self.shift(pc, cur, p.aliases[usize::from(a) * players + player]),
            Op::Test(m) => {
                let code = self.cells[usize::from(cur)];
                match p.masks[usize::from(m) * players + player] >> code & 1 {
                    1 => Step::Next(pc + 1, cur),
                    _ => Step::Fail,
                }
            }
            Op::Put(s) => {
                self.set_cell(cur, p.puts[usize::from(s) * players + player]);
                Step::Next(pc + 1, cur)
            }
            Op::Goto(cell) => Step::Next(pc + 1, cell),
            Op::Hop(h) => {
                let hop = &p.fused.hops[h as usize];
                match hop.to[player * p.board.cells() + usize::from(cur)] {
                    super::board::OFF => Step::Fail,
                    to => Step::Next(pc + hop.len as usize, to),
                }
            }
            Op::Slide(s) => self.slide(cur, s, true),
            Op::Any => self.any_cell(pc, u128::MAX),
            Op::AnyOf(m) => self.any_cell(pc, p.masks[usize::from(m) * players + player]),
            Op::Mark => self.mark(pc, cur, cur),
            Op::Word(w) => self.mark(pc, cur, WORD | w),
            Op::Assign(v, value) => {
                self.here = cur;
                self.assign(pc, cur, v, value)
            }
            Op::Compare(a, cmp, b) => {
                self.here = cur;
                match cmp.holds(self.eval(a), self.eval(b)) {
                    true => Step::Next(pc + 1, cur),
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
                let old = self.cells[usize::from(cur)];
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
                    self.log.push(Undo::Player(self.player));
                    self.player = to;
                    self.fresh();
                }
                Step::Next(pc + 1, cur)
            }
            // A first way that fails its first test leaves no choice
            // point: the same as trying it and coming back.
            Op::Split(then) => match p.ops[pc + 1] {
                Op::Test(m)
                    if p.masks[usize::from(m) * players + player]
                        >> self.cells[usize::from(cur)]
                        & 1
                        == 0 =>
                {
                    Step::Next(then as usize, cur)
                }
                _ => Step::Branch(pc + 1, then as usize),
            },
            Op::Loop(id, exit) => {
                let key = id as usize * p.board.cells() + usize::from(cur);
                if self.visited[key] == self.epoch {
                    return Step::Fail;
                }
                self.visited[key] = self.epoch;
                Step::Branch(pc + 1, exit as usize)
            }
            Op::Jump(to) => Step::Next(to as usize, cur),
            Op::Pattern(positive, end) => match self.pattern(pc + 1, cur) == positive {
                true if self.fault.is_none() => Step::Next(end as usize, cur),
                _ => Step::Fail,
            },
            Op::Probe(positive, end) => match self.probe(pc + 1, cur) == positive {
                true if self.fault.is_none() => Step::Next(end as usize, cur),
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
                for &cell in &p.scans[usize::from(order)] {
                    self.once(pc + 1, cell);
                }
                match self.fault {
                    None => Step::Next(end as usize, cur),
                    Some(_) => Step::Fail,
                }
            }
            Op::Reach(end) => self.reach(pc, cur, end),
            Op::Reached => {
                self.reached.push(cur);
                Step::Fail
            }
            Op::Save(r) => {
                let old = self.registers[usize::from(r)];
                if old != cur {
                    self.log.push(Undo::Register(r, old));
                    self.registers[usize::from(r)] = cur;
                    self.fresh();
                }
                Step::Next(pc + 1, cur)
            }
            Op::Restore(r) => Step::Next(pc + 1, self.registers[usize::from(r)]),
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
    fn slide(&mut self, cur: u16, s: u32, run: bool) -> Step {
        let p = self.p;
        let (players, player) = (p.players.len(), usize::from(self.player));
        let slide = &p.fused.slides[s as usize];
        let (d, exit) = (slide.dirs[player], slide.exit);
        let mask = p.masks[usize::from(slide.test) * players + player];
        let rows = slide.id as usize * p.board.cells();
        if self.visited[rows + usize::from(cur)] == self.epoch {
            return Step::Fail;
        }
        let mut at = cur;
        loop {
            self.visited[rows + usize::from(at)] = self.epoch;
            self.steps += 1;
            let next = p.board.neighbour(at, d);
            if next == super::board::OFF
                || mask >> self.cells[usize::from(next)] & 1 == 0
                || self.visited[rows + usize::from(next)] == self.epoch
            {
                return Step::Next(exit as usize, at);
            }
            if !slide.last_only {
                match run {
                    true => self.wait(exit as usize, at),
                    false => self.ways.push((exit, at)),
                }
            }
            at = next;
        }
    }

    fn shift(&self, pc: usize, cur: u16, d: u8) -> Step {
        match self.p.board.neighbour(cur, d) {
            super::board::OFF => Step::Fail,
            next => Step::Next(pc + 1, next),
        }
    }

    /// `any`: continue at `pc + 1` from every cell whose code is in
    /// `mask` in turn, the first now and the others as choice points.
    fn any_cell(&mut self, pc: usize, mask: u128) -> Step {
        let mut first = None;
        let occ = std::mem::take(&mut self.occ);
        occ.each_down(mask, |cell| {
            if let Some(later) = first.replace(cell) {
                self.wait(pc + 1, later);
            }
        });
        self.occ = occ;
        match first {
            Some(cell) => Step::Next(pc + 1, cell),
            None => Step::Fail,
        }
    }

    fn mark(&mut self, pc: usize, cur: u16, part: u16) -> Step {
        let n = self.marks.len();
        if n >= MAX_PARTS {
            self.fault = Some(Fault::TooManyParts);
            return Step::Fail;
        }
        if self.mode == Mode::Find && self.target.parts().get(n) != Some(&part) {
            return Step::Fail;
        }
        self.marks.push(part);
        self.log.push(Undo::Mark);
        self.fresh();
        match (self.early, self.mode) {
            (true, Mode::Collect) if self.p.decided[pc + 1] => {
                self.record(None);
                Step::Fail
            }
            (true, Mode::First) if self.p.decided[pc + 1] => Step::Done,
            _ => Step::Next(pc + 1, cur),
        }
    }

    fn assign(&mut self, pc: usize, cur: u16, v: u16, value: u16) -> Step {
        let var = &self.p.variables[usize::from(v)];
        let slot = var.slot
            + if var.per_player {
                u16::from(self.player)
            } else {
                0
            };
        let new = self.eval(value);
        if new < i64::from(var.min) || new > i64::from(var.max) {
            return Step::Fail;
        }
        let old = self.vars[usize::from(slot)];
        if i64::from(old) != new {
            self.log.push(Undo::Var(slot, old));
            self.vars[usize::from(slot)] = new as i32;
            self.fresh();
        }
        Step::Next(pc + 1, cur)
    }

    fn terminal(&mut self, pc: usize) -> Step {
        match self.mode {
            Mode::Collect => {
                self.record(Some(self.p.ops[pc]));
                Step::Fail
            }
            Mode::Find if self.marks.as_slice() != self.target.parts() => Step::Fail,
            Mode::Find | Mode::First => {
                self.ending = Some(self.p.ops[pc]);
                Step::Done
            }
            Mode::Exists => Step::Fail,
        }
    }

    /// Adds the current path's action to the collected ones unless it is
    /// there already (compared by marks, through the key table), with its
    /// changes and `ending` when the listing keeps them; `None`: found at
    /// its last mark with the rest of the turn decided, its changes left
    /// to applying it (kept as no changes and the ending [`Op::Fail`]).
    fn record(&mut self, ending: Option<Op>) {
        if self.collected.len() * 2 >= self.table.len() {
            self.table = vec![0; self.table.len() * 2];
            for (i, a) in self.collected.iter().enumerate() {
                let at = probe(&self.table, a.parts(), |_| false);
                self.table[at] = i as u32 + 1;
            }
        }
        let (marks, collected) = (&self.marks, &self.collected);
        let at = probe(&self.table, marks, |i| {
            collected[i].parts() == marks.as_slice()
        });
        if self.table[at] == 0 {
            self.table[at] = self.collected.len() as u32 + 1;
            self.collected.push(Action::of(&self.marks));
            if let Some(l) = &mut self.keep {
                let Some(ending) = ending else {
                    l.ends.push((l.changes.len() as u32, Op::Fail));
                    return;
                };
                for undo in &self.log {
                    match *undo {
                        Undo::Cell(c, _) => {
                            l.changes.push(Change::Cell(c, self.cells[usize::from(c)]))
                        }
                        Undo::Var(v, _) => {
                            l.changes.push(Change::Var(v, self.vars[usize::from(v)]))
                        }
                        _ => {}
                    }
                }
                l.ends.push((l.changes.len() as u32, ending));
            }
        }
    }

    /// Whether the body at `start` matches at `cur`; nothing changes.
    fn pattern(&mut self, start: usize, cur: u16) -> bool {
        let (mode, epoch, base) = (self.mode, self.epoch, self.log.len());
        self.mode = Mode::Exists;
        self.fresh();
        let ok = self.run(start, cur);
        self.undo_to(base);
        (self.mode, self.epoch) = (mode, epoch);
        ok
    }

    /// Whether the pure body at `start` (moves and tests only, see
    /// [`Op::Probe`]) matches at `cur`: a depth-first search of its own on
    /// a stack of (instruction, cursor) with no undo log.
    fn probe(&mut self, start: usize, cur: u16) -> bool {
        let p = self.p;
        let (players, player) = (p.players.len(), usize::from(self.player));
        self.fresh();
        let mut ways = std::mem::take(&mut self.ways);
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
                    Op::Test(m) => match p.masks[usize::from(m) * players + player]
                        >> self.cells[usize::from(cur)]
                        & 1
                    {
                        1 => cur,
                        _ => super::board::OFF,
                    },
                    Op::Goto(cell) => cell,
                    Op::Hop(h) => {
                        let hop = &p.fused.hops[h as usize];
                        match hop.to[player * p.board.cells() + usize::from(cur)] {
                            super::board::OFF => continue 'ways,
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
                        self.ways = ways;
                        let step = self.slide(cur, s, false);
                        ways = std::mem::take(&mut self.ways);
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
                        if self.visited[key] == self.epoch {
                            continue 'ways;
                        }
                        self.visited[key] = self.epoch;
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
                    super::board::OFF => continue 'ways,
                    next => (pc, cur) = (pc + 1, next),
                }
            }
        }
        self.ways = ways;
        self.steps += steps;
        if self.steps > STEP_LIMIT {
            self.fault.get_or_insert(Fault::Runaway);
        }
        found
    }

    /// Runs the body at `start` while it matches, keeping its changes;
    /// the cursor where it stopped.
    fn greedy(&mut self, start: usize, mut cur: u16) -> u16 {
        let mode = self.mode;
        self.mode = Mode::Exists;
        loop {
            let base = self.log.len();
            self.fresh();
            if self.steps > STEP_LIMIT {
                self.fault.get_or_insert(Fault::Runaway);
            }
            if self.fault.is_some() || !self.run(start, cur) {
                break;
            }
            let moved = self.at != cur;
            cur = self.at;
            if !moved && self.log.len() == base {
                break;
            }
        }
        self.mode = mode;
        cur
    }

    /// The first way of the body at `start` from `cur` (its changes
    /// kept): where it ended, or `None` with nothing changed.
    fn once(&mut self, start: usize, cur: u16) -> Option<u16> {
        let (mode, epoch, base) = (self.mode, self.epoch, self.log.len());
        self.mode = Mode::Exists;
        self.fresh();
        let ok = self.run(start, cur);
        self.mode = mode;
        if self.log.len() == base {
            // Nothing changed: the loops' marks of the way in still hold.
            self.epoch = epoch;
        }
        ok.then_some(self.at)
    }

    fn eval(&self, node: u16) -> i64 {
        let p = self.p;
        match p.values[usize::from(node)] {
            Value::Int(n) => n,
            Value::Var(v) => {
                let var = &p.variables[usize::from(v)];
                let slot = var.slot
                    + if var.per_player {
                        u16::from(self.player)
                    } else {
                        0
                    };
                i64::from(self.vars[usize::from(slot)])
            }
            Value::Count(m) => {
                let mask = p.masks[usize::from(m) * p.players.len() + usize::from(self.player)];
                self.occ.count(mask) as i64
            }
            Value::Me => i64::from(self.player),
            Value::Height => self.height(self.here) as i64,
            Value::Add(a, plus, b) => match plus {
                true => self.eval(a).saturating_add(self.eval(b)),
                false => self.eval(a).saturating_sub(self.eval(b)),
            },
        }
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
