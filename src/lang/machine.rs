//! The one interpreter of core rules: a depth-first search over (program
//! point, cursor, changes) with an undo log. Legal actions are the distinct
//! notations (marks) of the paths from the turn's start to a player switch
//! or a game end; applying an action follows the path with its marks.
//!
//! A repetition head seen again at the same cursor with nothing changed
//! since (the same *epoch*: every change starts a new one) is not followed
//! again, so loops over cells terminate; a run that takes more than
//! [`STEP_LIMIT`] steps stops with [`Fault::Runaway`].

use std::collections::HashSet;

use super::action::{Action, MAX_PARTS, WORD};
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
}

/// A search over one position.
pub struct Machine<'p> {
    p: &'p Program,
    /// The cells, changed as the search goes.
    pub cells: Vec<u8>,
    /// The variables' slots.
    pub vars: Vec<i32>,
    /// The player the rules act for.
    pub player: u8,
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
    found: HashSet<Action>,
    collected: Vec<Action>,
    /// The ending instruction of the path found ([`Machine::find`]).
    pub ending: Option<Op>,
    /// Why the search stopped early, if it did.
    pub fault: Option<Fault>,
}

impl<'p> Machine<'p> {
    /// A search of `program` from `cells` and `vars` for `player`.
    pub fn new(p: &'p Program, cells: Vec<u8>, vars: Vec<i32>, player: u8) -> Machine<'p> {
        Machine {
            p,
            cells,
            vars,
            player,
            log: Vec::new(),
            choices: Vec::new(),
            marks: Vec::new(),
            registers: vec![0; usize::from(p.registers)],
            visited: vec![0; p.loops as usize * p.board.cells()],
            epoch: 1,
            epochs: 1,
            steps: 0,
            mode: Mode::Collect,
            at: 0,
            target: Action::default(),
            found: HashSet::new(),
            collected: Vec::new(),
            ending: None,
            fault: None,
        }
    }

    /// Appends every legal action, in the order the search finds them.
    pub fn collect(&mut self, out: &mut Vec<Action>) {
        self.mode = Mode::Collect;
        self.run(0, 0);
        if self.fault.is_none() {
            out.append(&mut self.collected);
        }
    }

    /// Whether there is any legal action.
    pub fn any(&mut self) -> bool {
        self.first_from(0)
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
                Undo::Cell(c, old) => self.cells[usize::from(c)] = old,
                Undo::Var(s, old) => self.vars[usize::from(s)] = old,
                Undo::Player(old) => self.player = old,
                Undo::Mark => {
                    self.marks.pop();
                }
                Undo::Register(r, old) => self.registers[usize::from(r)] = old,
            }
        }
    }

    /// Runs from `pc` at `cur`; true when the mode's goal was reached (its
    /// changes kept), false with every change undone. Choice points wait
    /// on a stack (not the call stack), so long walks cannot overflow it;
    /// only patterns and `*!` bodies nest calls, as deep as the rules do.
    fn run(&mut self, mut pc: usize, mut cur: u16) -> bool {
        let (base, epoch, waiting) = (self.log.len(), self.epoch, self.choices.len());
        loop {
            self.steps += 1;
            let step = match self.steps > STEP_LIMIT || self.fault.is_some() {
                true => {
                    self.fault.get_or_insert(Fault::Runaway);
                    self.choices.truncate(waiting);
                    Step::Fail
                }
                false => self.step(pc, cur),
            };
            match step {
                Step::Next(next, at) => (pc, cur) = (next, at),
                Step::Branch(first, then) => {
                    self.wait(then, cur);
                    pc = first;
                }
                Step::Fan(next) => {
                    let cells = self.p.board.cells() as u16;
                    for cell in (1..cells).rev() {
                        self.wait(next, cell);
                    }
                    (pc, cur) = (next, 0);
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
    /// Continue at this instruction from every cell in turn.
    Fan(usize),
    Fail,
    Done,
}

impl Machine<'_> {
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
                let code = p.puts[usize::from(s) * players + player];
                let old = self.cells[usize::from(cur)];
                if old != code {
                    self.log.push(Undo::Cell(cur, old));
                    self.cells[usize::from(cur)] = code;
                    self.fresh();
                }
                Step::Next(pc + 1, cur)
            }
            Op::Goto(cell) => Step::Next(pc + 1, cell),
            Op::Any => self.any_cell(pc, cur),
            Op::Mark => self.mark(pc, cur, cur),
            Op::Word(w) => self.mark(pc, cur, WORD | w),
            Op::Assign(v, value) => self.assign(pc, cur, v, value),
            Op::Compare(a, cmp, b) => match cmp.holds(self.eval(a), self.eval(b)) {
                true => Step::Next(pc + 1, cur),
                false => Step::Fail,
            },
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
            Op::Split(then) => Step::Branch(pc + 1, then as usize),
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
            Op::Greedy(end) => {
                let at = self.greedy(pc + 1, cur);
                Step::Next(end as usize, at)
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

    fn shift(&self, pc: usize, cur: u16, d: u8) -> Step {
        match self.p.board.neighbour(cur, d) {
            super::board::OFF => Step::Fail,
            next => Step::Next(pc + 1, next),
        }
    }

    fn any_cell(&mut self, pc: usize, _cur: u16) -> Step {
        match self.p.board.cells() {
            0 => Step::Fail,
            _ => Step::Fan(pc + 1),
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
        Step::Next(pc + 1, cur)
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
                let action = Action::of(&self.marks);
                if self.found.insert(action) {
                    self.collected.push(action);
                }
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

    /// Runs the body at `start` while it matches, keeping its changes;
    /// the cursor where it stopped.
    fn greedy(&mut self, start: usize, mut cur: u16) -> u16 {
        let mode = self.mode;
        self.mode = Mode::Exists;
        loop {
            let base = self.log.len();
            self.fresh();
            if !self.run(start, cur) {
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
                self.cells.iter().filter(|&&c| mask >> c & 1 == 1).count() as i64
            }
            Value::Me => i64::from(self.player),
            Value::Add(a, plus, b) => match plus {
                true => self.eval(a).saturating_add(self.eval(b)),
                false => self.eval(a).saturating_sub(self.eval(b)),
            },
        }
    }
}
