//! The one interpreter of core rules: a depth-first search over (program
//! point, cursor, changes) with an undo log. Legal actions are the distinct
//! notations (marks) of the paths from the turn's start to a player switch
//! or a game end; applying an action follows the path with its marks.
//!
//! A repetition head seen again at the same cursor with nothing changed
//! since (the same *epoch*: every change starts a new one) is not followed
//! again, so loops over cells terminate; a run that takes more than
//! [`Program::step_limit`] steps stops with [`Fault::Runaway`].

use std::cell::RefCell;

mod keep;
mod memo;
mod pattern;
mod quiet;
mod reach;
mod setwise;
mod stack;
mod step;

pub use memo::remember_probes;
pub use quiet::keep_quiet_cells;
pub use setwise::work_out_sets;

use super::action::{Action, MAX_PARTS};
use super::listing::Listing;
use super::occupancy::Occupancy;
use super::program::{Op, Program};

/// The most instructions one search runs before it is stopped, unless the
/// ruleset's `step_limit` says otherwise ([`Program::step_limit`]).
pub const DEFAULT_STEP_LIMIT: u64 = 20_000_000;

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// It ran past [`Program::step_limit`] steps.
    Runaway,
    /// An action had more than [`MAX_PARTS`] marks.
    TooManyParts,
}

impl Fault {
    /// The message text views print, for a game whose searches run at
    /// most `step_limit` steps.
    pub fn message(self, step_limit: u64) -> String {
        match self {
            Fault::Runaway => format!(
                "The rules ran more than {step_limit} steps looking for moves; play was stopped."
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
    /// The step's cost in a `reach` body was this.
    Cost(u16),
}

/// A search over one position.
pub struct Machine<'p> {
    p: &'p Program,
    /// The buffers of the search (the cells and variables as they change,
    /// the undo log, the choice stack, ...), the thread's, reused from one
    /// search to the next and moved as one pointer (given back to the
    /// thread when the search is dropped, leaving nothing in its place).
    s: std::mem::ManuallyDrop<Box<Scratch>>,
    /// The pieces lifted and not yet dropped in this action.
    hand: Vec<u8>,
    /// The cursor where a value is evaluated (`height`).
    here: u16,
    /// What the step being run in a `reach` body counts (`cost(k)`).
    cost: u16,
    /// The player the rules act for.
    pub player: u8,
    epoch: u32,
    epochs: u32,
    steps: u64,
    mode: Mode,
    at: u16,
    target: Action,
    /// Whether collecting keeps each action's changes ([`Machine::list`]).
    keep: Option<Listing>,
    /// Whether an action is taken as found after its last mark (or a
    /// test passed after it) when the rest of the turn is decided ([`Program::decided`]): when listing
    /// actions or asking whether there is one, not when following one.
    early: bool,
    /// The ending instruction of the path found ([`Machine::find`]).
    pub ending: Option<Op>,
    /// Why the search stopped early, if it did.
    pub fault: Option<Fault>,
    /// What the value `cycle` reads: in `repetition_rules`, the actions
    /// since the repeated position first occurred; else 0.
    pub cycle: i64,
    /// What the value `turn` reads: the number of actions played before
    /// the one being made.
    pub turn: i64,
}

impl<'p> Machine<'p> {
    /// A search of `program` from `cells` and `vars` for `player`. Its
    /// buffers (the undo log, the choice stack, the visited table, ...) are
    /// the thread's, reused from one search to the next.
    pub fn new(p: &'p Program, cells: &[u8], vars: &[i32], player: u8) -> Machine<'p> {
        let mut s = SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_default();
        // The sets of where each code stands follow the cells when they
        // were filled for the last search's (a near position, mostly).
        s.quiet.begin(p);
        s.sets.begin();
        let (quiet, scans) = (&mut s.quiet, !p.quiet_readers.is_empty());
        let kept = (s.occ).update_to(&mut s.cells, cells, p.pieces.len() + 1, |c| {
            if scans {
                quiet.touched(c);
            }
        });
        if !kept {
            s.quiet.forget();
        }
        s.below.clear();
        s.origin.clear();
        s.origin_below.clear();
        if p.reads_start {
            s.origin.extend_from_slice(cells);
        }
        s.vars.clear();
        s.vars.extend_from_slice(vars);
        s.registers.clear();
        s.registers.resize(usize::from(p.registers), 0);
        let visited = p.loops as usize * p.board.cells();
        if s.visited.len() < visited {
            s.visited.resize(visited, 0);
        }
        let epochs = s.epochs;
        let mut m = Machine {
            p,
            s: std::mem::ManuallyDrop::new(s),
            hand: Vec::new(),
            here: 0,
            cost: 1,
            player,
            epoch: epochs,
            epochs,
            steps: 0,
            mode: Mode::Collect,
            at: 0,
            target: Action::default(),
            keep: None,
            early: false,
            ending: None,
            fault: None,
            cycle: 0,
            turn: 0,
        };
        // Entries of earlier searches hold older epochs: none matches.
        m.fresh();
        m.s.memo.begin(p.serial.0);
        m
    }

    /// The cells as the search has left them.
    pub fn cells(&self) -> &[u8] {
        &self.s.cells
    }

    /// The variables' slots as the search has left them.
    pub fn vars(&self) -> &[i32] {
        &self.s.vars
    }

    /// Appends every legal action, in the order the search finds them.
    pub fn collect(&mut self, out: &mut Vec<Action>) {
        self.early = true;
        self.collect_at(0, out);
    }

    /// Appends every action the rules that start at instruction `start`
    /// list (a `spellings`' rules), in the order the search finds them.
    pub fn collect_from(&mut self, start: u32, out: &mut Vec<Action>) {
        self.early = false;
        self.collect_at(start as usize, out);
    }

    fn collect_at(&mut self, start: usize, out: &mut Vec<Action>) {
        self.mode = Mode::Collect;
        self.s.collected.clear();
        self.s.table.clear();
        self.s.table.resize(64, 0);
        self.run(start, 0);
        if self.fault.is_none() && self.keep.is_none() {
            out.append(&mut self.s.collected);
        }
    }

    /// Fills `listing` with every legal action, its changes and its
    /// ending instruction (unless the search stops with a fault).
    pub fn list(&mut self, listing: &mut Listing) {
        self.keep = Some(std::mem::take(listing));
        self.collect(&mut Vec::new());
        *listing = self.keep.take().expect("kept");
        listing.actions.append(&mut self.s.collected);
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

    /// Makes a listed action's `changes` before the search starts (the
    /// sets of where each code stands follow them).
    pub fn make(&mut self, changes: &[super::listing::Change], beneath: &[u8]) {
        self.s.sets.forget();
        for change in changes {
            if let super::listing::Change::Cell(c, code) = *change {
                self.write_top(c, code);
            }
        }
        let s = &mut **self.s;
        super::listing::make(changes, beneath, (&mut s.cells, &mut s.below), &mut s.vars);
    }

    /// Goes on from a point where a listed action's path was left
    /// ([`super::listing::Resume`]), this search's cells and variables
    /// being those there, to the first ending: whether one is reached
    /// ([`Machine::ending`] says which).
    pub fn resume(&mut self, pc: u32, cur: u16, registers: &[u16]) -> bool {
        self.mode = Mode::First;
        self.s.registers.copy_from_slice(registers);
        self.run(pc as usize, cur)
    }

    /// Follows the path of `action`; on success the cells, variables and
    /// [`Machine::ending`] are those at its end.
    pub fn find(&mut self, action: &Action) -> bool {
        self.find_from(0, action)
    }

    /// [`Machine::find`] in the rules that start at instruction `start`
    /// (a refusal's).
    pub fn find_from(&mut self, start: u32, action: &Action) -> bool {
        self.mode = Mode::Find;
        self.target = *action;
        self.run(start as usize, 0)
    }

    fn fresh(&mut self) {
        self.epochs = self.epochs.wrapping_add(1);
        if self.epochs == 0 {
            self.s.visited.fill(0);
            self.s.sets.forget();
            self.epochs = 1;
        }
        self.epoch = self.epochs;
    }

    fn undo_to(&mut self, base: usize) {
        while self.s.log.len() > base {
            match self.s.log.pop().expect("above base") {
                Undo::Cell(c, old) => self.write_top(c, old),
                Undo::Var(s, old) => self.s.vars[usize::from(s)] = old,
                Undo::Player(old) => self.player = old,
                Undo::Mark => {
                    self.s.marks.pop();
                }
                Undo::Register(r, old) => self.s.registers[usize::from(r)] = old,
                Undo::Pushed(c, old) => self.unpush(c, old),
                Undo::Popped(c, old) => self.unpop(c, old),
                Undo::HandIn(at) => drop(self.hand.remove(usize::from(at))),
                Undo::HandOut(at, code) => self.hand.insert(usize::from(at), code),
                Undo::Cost(old) => self.cost = old,
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
        let (base, epoch, waiting) = (self.s.log.len(), self.epoch, self.s.choices.len());
        loop {
            self.steps += 1;
            let mut step = self.step(pc, cur);
            if matches!(step, Step::Branch(..) | Step::Fail)
                && (self.steps > self.p.step_limit || self.fault.is_some())
            {
                self.fault.get_or_insert(Fault::Runaway);
                self.s.choices.truncate(waiting);
                step = Step::Fail;
            }
            match step {
                Step::Next(next, at) => (pc, cur) = (next, at),
                Step::Branch(first, then) => {
                    self.wait(then, cur);
                    pc = first;
                }
                Step::Done => {
                    self.s.choices.truncate(waiting);
                    return true;
                }
                Step::Fail if self.s.choices.len() > waiting => {
                    let c = self.s.choices.pop().expect("waiting");
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

    /// Makes `code` the top of `cell`. Every change of a top, made or
    /// undone, goes through here, so that the sets of where each code
    /// stands and the quiet cells of the scans follow it.
    #[inline]
    fn write_top(&mut self, cell: u16, code: u8) {
        let s = &mut **self.s;
        let c = usize::from(cell);
        s.occ.set(cell, s.cells[c], code);
        s.cells[c] = code;
        self.touched(cell);
    }

    /// Fills the sets of where each code stands, if this search has not
    /// yet (most searches that only follow a path never need them).
    fn occupancy_ready(&mut self) {
        if !self.s.occ.filled() {
            let s = &mut **self.s;
            s.occ.fill(&s.cells, self.p.pieces.len() + 1);
        }
    }

    /// Leaves a choice point: continue at `pc`, `cur` if this way fails.
    fn wait(&mut self, pc: usize, cur: u16) {
        let (log, epoch) = (self.s.log.len(), self.epoch);
        self.s.choices.push(Choice {
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
    /// The cells and stacks where the search began, kept only for rules
    /// that ask whether they changed ([`Program::reads_start`]).
    origin: Vec<u8>,
    origin_below: super::beneath::Beneath,
    /// The pieces beneath each cell's top, bottom first (empty when no
    /// cell has one): see the `stack` module. Its buffers keep their
    /// room from one search to the next.
    below: super::beneath::Beneath,
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
    /// The ends of a `reach` step's ways, with what each step counts.
    reached: Vec<(u16, u16)>,
    reach: ReachBuffers,
    memo: memo::Memo,
    /// The cells the scans know quiet.
    quiet: quiet::QuietCells,
    /// The sets of the patterns worked out for every cell at once.
    sets: setwise::SetBuffers,
    /// The slots (cells, stacks, variables) an action's changes already
    /// name, while a listing keeps them.
    kept: keep::Stamps,
    /// The cells a `cells(e)` value has counted.
    counted: keep::Stamps,
    /// The cells where the rounds of the `*!` repetitions being run
    /// started since their last change, innermost last.
    rounds: Vec<u16>,
}

/// The work vectors of a `reach` flood fill, kept between searches.
#[derive(Default)]
struct ReachBuffers {
    /// The least count of steps to each cell found (`u32::MAX`: not yet).
    best: Vec<u32>,
    found: Vec<u16>,
    /// `buckets[d]`: the cells found `d` steps out, in the order found.
    buckets: Vec<Vec<u16>>,
}

thread_local! {
    /// Buffers of finished searches (a search inside a search takes its
    /// own, so this is a stack).
    // Boxed so that a search takes and returns its buffers as a pointer.
    #[allow(clippy::vec_box)]
    static SCRATCH: RefCell<Vec<Box<Scratch>>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Machine<'_> {
    fn drop(&mut self) {
        // SAFETY: `self.s` is not used again: this is the search's end.
        let mut s = unsafe { std::mem::ManuallyDrop::take(&mut self.s) };
        s.epochs = self.epochs;
        s.log.clear();
        s.reached.clear();
        s.choices.clear();
        s.marks.clear();
        s.rounds.clear();
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
