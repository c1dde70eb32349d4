//! A position of a core game and the game contract on it: whose turn, the
//! legal actions (one search of [`super::machine`]), applying an action
//! (the search following its marks), and the one notation
//! ([`super::action`]).

use std::rc::Rc;
use std::sync::Arc;

use super::action::Action;
use super::beneath::Beneath;
use super::listing::{self, Change, Listing};
use super::machine::{Fault, Machine};
use super::program::{Ending, Op, Program};
use super::schema::NoMove;
use crate::config::quit::Left;
use crate::contract::{Game, NotationError, Outcome, Seat, Status};

mod leave;
mod repeats;
mod spelling;

/// A position of a core game.
#[derive(Clone, Debug)]
pub struct CoreGame {
    program: Arc<Program>,
    cells: Vec<u8>,
    /// The pieces beneath each cell's top, bottom first; empty when no
    /// cell holds more than one piece.
    below: Beneath,
    vars: Vec<i32>,
    player: u8,
    /// The players who have left the game (`quit = "leave"`), a bit each.
    left: Left,
    status: Status,
    turn: u32,
    fault: Option<Fault>,
    /// The positions so far, when the rules draw on repetition.
    history: Option<Arc<repeats::Trail>>,
    /// Whether this game's positions are listed as play goes on.
    listed: Listed,
    /// The serial of this position's kept listing, once known
    /// ([`listing::by_serial`]); 0 when not known.
    known: Known,
    /// Why listing this position's actions stopped, when it did after the
    /// move that reached it was made (a listing asked for later).
    late: LateFault,
}

/// [`CoreGame::late`]: a fault met by a search made through `&self`.
#[derive(Debug, Default)]
struct LateFault(std::sync::atomic::AtomicU8);

impl Clone for LateFault {
    fn clone(&self) -> LateFault {
        let late = LateFault::default();
        if let Some(fault) = self.get() {
            late.set(fault);
        }
        late
    }
}

impl LateFault {
    fn set(&self, fault: Fault) {
        let code = match fault {
            Fault::Runaway => 1,
            Fault::TooManyParts => 2,
        };
        self.0.store(code, std::sync::atomic::Ordering::Relaxed);
    }

    fn get(&self) -> Option<Fault> {
        match self.0.load(std::sync::atomic::Ordering::Relaxed) {
            1 => Some(Fault::Runaway),
            2 => Some(Fault::TooManyParts),
            _ => None,
        }
    }
}

/// [`CoreGame::known`]: a copy of a game is the same position, so it
/// knows the same listing.
#[derive(Debug, Default)]
struct Known(std::sync::atomic::AtomicU64);

impl Clone for Known {
    fn clone(&self) -> Known {
        Known(std::sync::atomic::AtomicU64::new(self.get()))
    }
}

impl Known {
    fn set(&self, serial: u64) {
        self.0.store(serial, std::sync::atomic::Ordering::Relaxed);
    }

    fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Whether a game's actions have been asked for (a copy starts without
/// it). Settling after a move then lists the new position at once and
/// keeps the listing for the question that follows, instead of first
/// asking only whether there is an action: one search instead of two in
/// a playout, while positions that are reached and never listed (perft's
/// leaves, made on copies) still cost only the shorter search.
#[derive(Debug, Default)]
struct Listed(std::sync::atomic::AtomicBool);

impl Clone for Listed {
    fn clone(&self) -> Listed {
        Listed::default()
    }
}

impl Listed {
    fn note(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn get(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl PartialEq for CoreGame {
    fn eq(&self, other: &CoreGame) -> bool {
        self.cells == other.cells
            && self.below == other.below
            && self.vars == other.vars
            && self.player == other.player
            && self.left == other.left
            && self.status == other.status
            && self.turn == other.turn
    }
}

impl Eq for CoreGame {}

impl std::hash::Hash for CoreGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
        self.below.hash(state);
        self.vars.hash(state);
        self.player.hash(state);
        self.left.hash(state);
        self.status.hash(state);
        self.turn.hash(state);
    }
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreEvent {
    /// A player made an action.
    Played {
        /// Who.
        seat: Seat,
        /// What (written in the notation by [`CoreGame::event_text`]).
        action: Action,
    },
    /// A player resigned.
    Quit {
        /// Who.
        seat: Seat,
    },
    /// Play ended.
    Ended(Outcome),
    /// The rules' search stopped (a runaway); play stopped.
    Fault(String),
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CoreRefusal {
    /// The reason, in words.
    pub message: String,
}

impl CoreGame {
    /// The position at the start of `program`.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::lang::{CoreGame, builtin_core};
    /// let game = CoreGame::new(builtin_core("hex").unwrap().unwrap());
    /// assert_eq!(game.legal_actions().len(), 121);
    /// ```
    pub fn new(program: Arc<Program>) -> CoreGame {
        let (cells, vars) = (program.start.clone(), program.start_values());
        let below = Beneath::from_lists(&program.start_below);
        let first = program.first;
        CoreGame::with_stacks(program, (cells, below), vars, first, 0)
    }

    /// The position of `program` with these cells, variables, player to
    /// move and count of actions made (a setup read from FEN, say); play
    /// goes on from there as from the start.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::lang::{CoreGame, builtin_core};
    /// let hex = builtin_core("hex").unwrap().unwrap();
    /// let (cells, vars) = (hex.start.clone(), hex.start_values());
    /// let game = CoreGame::from_position(hex, cells, vars, 1, 7);
    /// assert_eq!((game.turn(), game.status()), (7, relic::contract::Status::ToMove(1)));
    /// ```
    pub fn from_position(
        program: Arc<Program>,
        cells: Vec<u8>,
        vars: Vec<i32>,
        player: u8,
        turn: u32,
    ) -> CoreGame {
        CoreGame::with_stacks(program, (cells, Beneath::default()), vars, player, turn)
    }

    /// [`CoreGame::from_position`] with the pieces beneath the tops
    /// (empty for no stacks): a position file's setup.
    ///
    /// ```
    /// use relic::lang::{CoreGame, beneath::Beneath, builtin_core};
    /// let kalah = builtin_core("kalah").unwrap().unwrap();
    /// let below = Beneath::from_lists(&kalah.start_below);
    /// let game = CoreGame::with_stacks(kalah.clone(), (kalah.start.clone(), below), kalah.start_values(), 1, 3);
    /// assert_eq!((game.mover(), game.stack(0).len()), (1, game.height(0)));
    /// ```
    pub fn with_stacks(
        program: Arc<Program>,
        (cells, below): (Vec<u8>, Beneath),
        vars: Vec<i32>,
        player: u8,
        turn: u32,
    ) -> CoreGame {
        let mut game = CoreGame {
            cells,
            below,
            vars,
            player,
            left: Left::default(),
            status: Status::ToMove(usize::from(player)),
            turn,
            fault: None,
            history: None,
            listed: Listed::default(),
            known: Known::default(),
            late: LateFault::default(),
            program,
        };
        game.remember();
        game.settle();
        game
    }

    /// The compiled rules.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The cell codes (0 empty, else piece `code - 1`).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The pieces beneath each cell's top, bottom first (empty when every
    /// cell holds at most one piece).
    pub fn below(&self) -> &Beneath {
        &self.below
    }

    /// The pieces on `cell`, bottom first (empty for an empty cell).
    pub fn stack(&self, cell: usize) -> Vec<u8> {
        match self.cells[cell] {
            0 => Vec::new(),
            top => [self.below.of(cell), &[top]].concat(),
        }
    }

    /// The player whose turn it is (at the end of the game, the one who
    /// would have moved next).
    pub fn mover(&self) -> u8 {
        self.player
    }

    /// The number of pieces on `cell` (its stack's height).
    pub fn height(&self, cell: usize) -> usize {
        match self.cells[cell] {
            0 => 0,
            _ => 1 + self.below.of(cell).len(),
        }
    }

    /// The variables' slots.
    pub fn values(&self) -> &[i32] {
        &self.vars
    }

    /// Why the rules' search stopped play, if it did.
    pub fn fault(&self) -> Option<Fault> {
        self.fault
    }

    /// The legal actions of this position with their changes: kept from
    /// an earlier search of it on this thread, or searched now and kept.
    fn listing(&self) -> Result<Rc<Listing>, Fault> {
        if let Some(l) = self.known_listing() {
            return Ok(l);
        }
        let key = self.position().key();
        if let Some(l) = self.found_listing(key) {
            return Ok(l);
        }
        let mut l = listing::blank(&self.program, self.position(), key);
        let mut m = self.machine();
        m.list(Rc::make_mut(&mut l));
        match m.fault {
            Some(fault) => Err(fault),
            None => {
                let l = listing::keep(l);
                self.known.set(l.serial());
                Ok(l)
            }
        }
    }

    /// This position's listing if this thread keeps one: found by its
    /// serial when this game knows it, else by comparing positions.
    fn kept_listing(&self) -> Option<Rc<Listing>> {
        (self.known_listing()).or_else(|| self.found_listing(self.position().key()))
    }

    /// The listing this game knows for its position, by serial.
    fn known_listing(&self) -> Option<Rc<Listing>> {
        match self.known.get() {
            0 => None,
            serial => listing::by_serial(serial),
        }
    }

    /// The listing of this position (whose [`listing::Position::key`] is
    /// `key`) this thread keeps, found by comparing positions.
    fn found_listing(&self, key: u64) -> Option<Rc<Listing>> {
        let l = listing::lookup(&self.program, self.position(), key)?;
        self.known.set(l.serial());
        Some(l)
    }

    /// This position, as listings are keyed.
    fn position(&self) -> listing::Position<'_> {
        listing::Position {
            cells: &self.cells,
            below: &self.below,
            vars: &self.vars,
            player: self.player,
            turn: self.program.reads_turn.then_some(self.turn),
        }
    }

    fn machine(&self) -> Machine<'_> {
        self.machine_on(&self.program)
    }

    /// A search from this position under `program` (this position's own,
    /// borrowed apart from the position so that it can change).
    fn machine_on<'p>(&self, program: &'p Program) -> Machine<'p> {
        self.machine_for(program, self.player)
    }

    /// [`CoreGame::machine_on`] with the rules acting for `player`.
    fn machine_for<'p>(&self, program: &'p Program, player: u8) -> Machine<'p> {
        let mut m = Machine::new(program, &self.cells, &self.vars, player);
        m.turn = i64::from(self.turn);
        if !self.below.is_empty() {
            m.set_below(&self.below);
        }
        m
    }

    /// After a move: the player to move has an action, or play is over.
    fn settle(&mut self) {
        if self.status.is_over() {
            return;
        }
        // Only whether there is an action, unless this game's positions
        // are listed ([`Listed`]): a listing, kept for the moves from
        // here, is searched when the actions are asked for.
        let eager = self.listed.get();
        let kept = match eager {
            true => self.listing().map(Some),
            false => Ok(self.kept_listing()),
        };
        let (mut any, fault) = match kept {
            Ok(Some(l)) => (!l.actions.is_empty(), None),
            Err(fault) => (false, Some(fault)),
            Ok(None) => {
                let mut m = self.machine();
                (m.any(), m.fault)
            }
        };
        if let Some(fault) = fault {
            self.fault = Some(fault);
            self.status = Status::Over(Outcome::Stopped);
            return;
        }
        if any && self.program.forbid_repeat.is_some() {
            any = (self.listing()).is_ok_and(|l| self.allowed(&l.actions).next().is_some());
        }
        if !any {
            if let Some(ending) = self.rules_ending(self.program.no_move_start, 0) {
                self.status = Status::Over(self.ending(ending));
                return;
            }
            let me = usize::from(self.player);
            self.status = Status::Over(match self.program.no_move {
                NoMove::Draw => Outcome::Draw,
                NoMove::Win => Outcome::Won(me),
                NoMove::Lose => self.loser(me),
            });
        }
    }

    /// The ending that rules which only end the game (`no_move_rules`,
    /// `repetition_rules`), starting at `start`, reach from here, if any,
    /// with the changes of the way that reaches it made (the last seeds
    /// swept into the stores show in the final position).
    fn rules_ending(&mut self, start: Option<u32>, cycle: u32) -> Option<Ending> {
        let start = start?;
        let program = Arc::clone(&self.program);
        let mut m = self.machine_on(&program);
        m.cycle = i64::from(cycle);
        let (true, Some(Op::End(ending))) = (m.first_from(start), m.ending) else {
            return None;
        };
        self.cells.copy_from_slice(m.cells());
        m.below_into(&mut self.below);
        self.vars.copy_from_slice(m.vars());
        // The listing known for the position before is not this one's.
        self.known.set(0);
        Some(ending)
    }

    /// How a position occurring `repetition` times ends the game: as
    /// `repetition_rules` end it, else in a draw.
    fn repetition_outcome(&mut self) -> Outcome {
        let cycle = self.cycle();
        match self.rules_ending(self.program.repetition_start, cycle) {
            Some(ending) => self.ending(ending),
            None => Outcome::Draw,
        }
    }

    fn ending(&self, ending: Ending) -> Outcome {
        let p = &self.program;
        match ending {
            Ending::Win(who) => Outcome::Won(usize::from(self.in_play(p.who(who, self.player)))),
            Ending::Lose(who) => self.loser(usize::from(self.in_play(p.who(who, self.player)))),
            Ending::Draw => Outcome::Draw,
            Ending::Stop => Outcome::Stopped,
        }
    }

    /// Makes `action`'s changes (no more: the turn and the status are the
    /// caller's): its ending instruction, or the refusal.
    fn effect(&mut self, action: &Action) -> Result<Op, CoreRefusal> {
        match self.listed_effect(action) {
            Some(ending) => Ok(ending),
            None => self.follow(action),
        }
    }

    /// Applies `action` from this position's kept listing, if there is
    /// one and it lists the action: its ending instruction. An action
    /// listed before its path's end goes on from there.
    fn listed_effect(&mut self, action: &Action) -> Option<Op> {
        let l = self.kept_listing()?;
        let (i, changes, ending) = l.effect(action)?;
        if ending == Op::Fail {
            return self.resume(&l, i, changes);
        }
        let into = (&mut self.cells[..], &mut self.below);
        listing::make(changes, &l.beneath, into, &mut self.vars);
        Some(ending)
    }

    /// Applies listed action `i`, whose path was left at a point from
    /// which the rest of the turn is decided, by going on from there with
    /// its `changes` made: its ending instruction (`None`: the path is
    /// followed from the start instead, as for an action not listed).
    fn resume(&mut self, l: &Listing, i: usize, changes: &[Change]) -> Option<Op> {
        let program = Arc::clone(&self.program);
        let (at, registers) = l.resume(i, usize::from(program.registers));
        if at == listing::Resume::FOLLOW {
            return None;
        }
        let mut m = self.machine_for(&program, at.player);
        m.make(changes, &l.beneath);
        match (m.resume(at.pc, at.cur, registers), m.ending) {
            (true, Some(ending)) => {
                self.cells.copy_from_slice(m.cells());
                m.below_into(&mut self.below);
                self.vars.copy_from_slice(m.vars());
                Some(ending)
            }
            _ => None,
        }
    }

    /// Applies `action` by a search following its path: its ending
    /// instruction, or the refusal (the position left as it was: the
    /// search runs on its own copy, the thread's buffers).
    fn follow(&mut self, action: &Action) -> Result<Op, CoreRefusal> {
        let program = Arc::clone(&self.program);
        let mut m = self.machine_on(&program);
        match (m.find(action), m.ending) {
            (true, Some(ending)) => {
                self.cells.copy_from_slice(m.cells());
                m.below_into(&mut self.below);
                self.vars.copy_from_slice(m.vars());
                Ok(ending)
            }
            // An action listed at its last mark whose rest ran away: play
            // stops with the fault, as a listing that ran away does.
            (false, _) if m.fault.is_some() => {
                self.fault = m.fault;
                self.status = Status::Over(Outcome::Stopped);
                Ok(Op::Fail)
            }
            _ => {
                drop(m);
                Err(self.refuse(action))
            }
        }
    }

    /// The message of the first refusal whose rules list `action` here.
    fn refusal_reason(&self, action: &Action) -> Option<&str> {
        let p = &self.program;
        (p.refusals.iter())
            .find(|(start, _)| self.machine().find_from(*start, action))
            .map(|(_, message)| message.trim_end_matches('.'))
    }

    fn refuse(&self, action: &Action) -> CoreRefusal {
        let message = match self.status() {
            Status::Over(_) => "The game is over.".to_owned(),
            Status::ToMove(_) => {
                let written = action.write(&self.program);
                match self.refusal_reason(action) {
                    Some(reason) => format!("{written} is not a legal move here: {reason}."),
                    None => format!("{written} is not a legal move here."),
                }
            }
        };
        CoreRefusal { message }
    }
}

impl Game for CoreGame {
    type Action = Action;
    type Event = CoreEvent;
    type Refusal = CoreRefusal;

    fn stopped_by_rules(&self) -> Option<String> {
        self.fault
            .or(self.late.get())
            .map(|f| f.message(self.program.step_limit))
    }

    fn seat_count(&self) -> usize {
        self.program.players.len()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.program.players[seat].clone()
    }

    fn status(&self) -> Status {
        match self.late.get() {
            Some(_) => Status::Over(Outcome::Stopped),
            None => self.status,
        }
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if self.status().is_over() {
            return;
        }
        self.listed.note();
        match self.listing() {
            Ok(l) => match self.program.forbid_repeat {
                None => out.extend_from_slice(&l.actions),
                Some(_) => out.extend(self.allowed(&l.actions)),
            },
            Err(fault) => self.late.set(fault),
        }
    }

    fn apply_into(
        &mut self,
        action: &Action,
        events: &mut Vec<CoreEvent>,
    ) -> Result<(), CoreRefusal> {
        let Status::ToMove(me) = self.status() else {
            return Err(self.refuse(action));
        };
        if action.is_quit() {
            self.quit(me, events);
            return Ok(());
        }
        if self.repeats(action) {
            let message = format!(
                "{} would remake a position seen before, which the rules forbid.",
                action.write(&self.program)
            );
            return Err(CoreRefusal { message });
        }
        let ending = self.effect(action)?;
        self.known.set(0);
        events.push(CoreEvent::Played {
            seat: me,
            action: *action,
        });
        self.turn += 1;
        match ending {
            Op::End(e) => self.status = Status::Over(self.ending(e)),
            Op::Switch(who) => {
                self.player = self.in_play(self.program.who(who, self.player));
                self.status = Status::ToMove(usize::from(self.player));
                match self.remember() {
                    true => self.status = Status::Over(self.repetition_outcome()),
                    false => self.settle(),
                }
            }
            _ => {}
        }
        if let Some(fault) = self.fault {
            events.push(CoreEvent::Fault(fault.message(self.program.step_limit)));
        }
        if let Status::Over(outcome) = self.status {
            events.push(CoreEvent::Ended(outcome));
        }
        Ok(())
    }

    /// A legal action written exactly as `text` first (so that whatever
    /// the game prints reads back, even where its marks could be cut into
    /// parts in more than one way), else `text` cut into parts.
    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        let text = text.trim();
        let read = Action::read(&self.program, text);
        if let Some(action) = read.filter(|a| self.lists_as_written(a, text)) {
            return Ok(action);
        }
        let mut legal = Vec::new();
        self.legal_actions_into(&mut legal);
        if let Some(action) = legal.into_iter().find(|a| a.write(&self.program) == text) {
            return Ok(action);
        }
        if let Some(action) = read.as_ref().and_then(|a| self.respelled(a)) {
            return Ok(action);
        }
        read.ok_or_else(|| {
            if let Some(why) = super::action::unknown_part(&self.program, text) {
                return NotationError::new(format!("`{text}` is not an action: {why}."));
            }
            NotationError::new(format!(
                "`{text}` is not an action: actions are cell names (such as `{}`) or words, {}, or `quit`.",
                self.program.board.names.first().map_or("a1", String::as_str),
                super::action::joined_by(&self.program.separator)
            ))
        })
    }

    /// Joins when the words begin (or are) one of the turn's actions, or
    /// one its `spellings` list: `e2 e4` in chess, `a3 c5 e7` in
    /// draughts; never in Othello, where `e3 f5` is two moves.
    fn joins_next(&self, word: &str, next: &str) -> bool {
        let Some(typed) = Action::read(&self.program, &format!("{word} {next}")) else {
            return false;
        };
        let parts = typed.parts();
        let begins = |a: &Action| !a.is_quit() && a.parts().starts_with(parts);
        !typed.is_quit()
            && !self.status().is_over()
            && (self.legal_actions().iter().any(begins) || self.spelling_begins_with(parts))
    }

    fn write_action(&self, action: &Action) -> String {
        action.write(&self.program)
    }

    /// Under `[[penalty]]`, what a refused action costs instead
    /// ([`CoreGame::penalty_for`]).
    fn penalty(&self, refused: &Action) -> Option<Action> {
        self.penalty_for(refused)
    }
}
