//! A position of a level-walking game and its contract implementation.
//!
//! Canonical order of legal actions: the steps in the order of their keys
//! (`a d s w` for the usual keys) that enter a cell that does not block or
//! leave the board from an exit; then the use of each item held, in the
//! inventory's order.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::compile::{Bound, Program};
use crate::contract::{Game, NotationError, Outcome, Seat, Status};
use crate::walker::changes::apply_changes;
use crate::walker::effects::{apply_all, apply_due};
use crate::walker::items::Inventory;
use crate::walker::levels::{Board, Level};

/// Something the actor can do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A step, by its index in [`Program::steps`].
    Step(u8),
    /// The use of an item kind.
    Use(u8),
    /// The use of a name that is no item's.
    UseUnknown(Box<str>),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The actor stepped to this cell.
    Stepped(usize),
    /// An item was picked up.
    PickedUp(u8),
    /// Cells changed state (doors opened).
    CellsChanged,
    /// An item was used.
    Used(u8),
    /// The level was completed; this level starts.
    LevelStarted(usize),
    /// The last level was completed.
    Won,
    /// A stat reached a losing bound.
    Lost,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The step enters a blocking cell or leaves the board elsewhere than
    /// from an exit.
    #[error("blocked")]
    Blocked,
    /// The name is no item's.
    #[error("no item is called {0}")]
    NoSuchItem(Box<str>),
    /// No item of that kind is held.
    #[error("no {0} is held")]
    NotHeld(String),
    /// Play is over.
    #[error("the game is over")]
    Over,
}

/// A position: the program and levels (shared), the board of the level
/// being played, stats, inventory, the step counter and the status.
#[derive(Clone, Debug)]
pub struct Journey {
    program: Arc<Program>,
    levels: Arc<[Level]>,
    board: Board,
    stats: Vec<i32>,
    inventory: Inventory,
    steps: u32,
    turns: u32,
    status: Status,
}

impl PartialEq for Journey {
    fn eq(&self, other: &Journey) -> bool {
        Arc::ptr_eq(&self.program, &other.program)
            && Arc::ptr_eq(&self.levels, &other.levels)
            && self.board == other.board
            && self.stats == other.stats
            && self.inventory == other.inventory
            && self.steps == other.steps
            && self.turns == other.turns
            && self.status == other.status
    }
}

impl Eq for Journey {}

impl Hash for Journey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.stats.hash(state);
        self.inventory.hash(state);
        self.steps.hash(state);
        self.status.hash(state);
    }
}

impl Journey {
    /// The start of play on `levels` (at least one) under `program`.
    pub fn new(program: Arc<Program>, levels: Arc<[Level]>) -> Journey {
        let board = Board::enter(&levels[0], 0, program.items.len());
        Journey {
            stats: program.stats.start_values(),
            program,
            levels,
            board,
            inventory: Inventory::new(),
            steps: 0,
            turns: 0,
            status: Status::ToMove(0),
        }
    }

    /// The compiled rules.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The board of the level being played.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of levels.
    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    /// The levels as they were at the start of play.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// The stats' values, by index.
    pub fn stats(&self) -> &[i32] {
        &self.stats
    }

    /// The inventory.
    pub fn inventory(&self) -> &Inventory {
        &self.inventory
    }

    /// Successful steps so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Where step `step` leads: `Ok(Some(cell))` into a cell, `Ok(None)`
    /// off the board from an exit, or the refusal.
    fn destination(&self, step: u8) -> Result<Option<usize>, Refusal> {
        let offset = self.program.steps[usize::from(step)].1;
        match self.board.target(offset) {
            Some(cell)
                if !self.program.kinds[usize::from(self.board.kinds.kind_at(cell))].blocks =>
            {
                Ok(Some(cell))
            }
            None if self.program.kinds[usize::from(self.board.kinds.kind_at(self.board.at))]
                .exit =>
            {
                Ok(None)
            }
            _ => Err(Refusal::Blocked),
        }
    }

    /// The level is done: the next one starts, or the game is won.
    fn leave_level(&mut self, events: &mut Vec<Event>) {
        let next = self.board.level + 1;
        if next == self.levels.len() {
            self.status = Status::Over(Outcome::Won(0));
            events.push(Event::Won);
        } else {
            self.board = Board::enter(&self.levels[next], next, self.program.items.len());
            events.push(Event::LevelStarted(next));
        }
    }

    /// A successful step into `cell`, in the rules' order.
    fn step_into(&mut self, cell: usize, events: &mut Vec<Event>) {
        let program = &*self.program;
        self.steps += 1;
        apply_due(
            &program.stats,
            &program.step_effects,
            self.steps,
            &mut self.stats,
        );
        let kind = &program.kinds[usize::from(self.board.kinds.kind_at(cell))];
        apply_all(&program.stats, &kind.on_enter, &mut self.stats);
        self.board.at = cell;
        events.push(Event::Stepped(cell));
        if let Some(item) = self.board.pick_up() {
            self.inventory.add(item);
            events.push(Event::PickedUp(item));
        }
        let left = &self.board.left;
        if apply_changes(
            &program.changes,
            self.board.kinds.kinds_mut(),
            left,
            &self.inventory,
        ) {
            events.push(Event::CellsChanged);
        }
        if self.has_lost() {
            self.status = Status::Over(Outcome::Lost(0));
            events.push(Event::Lost);
        }
    }

    fn has_lost(&self) -> bool {
        self.program.lose.iter().any(|&(stat, bound)| match bound {
            Bound::AtMost(value) => self.stats[stat] <= value,
            Bound::AtLeast(value) => self.stats[stat] >= value,
        })
    }

    fn use_item(&mut self, item: u8, events: &mut Vec<Event>) -> Result<(), Refusal> {
        if !self.inventory.take(item) {
            let name = self.program.items[usize::from(item)].name.clone();
            return Err(Refusal::NotHeld(name));
        }
        let program = &*self.program;
        apply_all(
            &program.stats,
            &program.items[usize::from(item)].on_use,
            &mut self.stats,
        );
        events.push(Event::Used(item));
        Ok(())
    }
}

impl Game for Journey {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        1
    }

    fn seat_name(&self, _seat: Seat) -> String {
        "player".to_owned()
    }

    fn status(&self) -> Status {
        self.status
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if self.status.is_over() {
            return;
        }
        for step in 0..self.program.steps.len() as u8 {
            if self.destination(step).is_ok() {
                out.push(Action::Step(step));
            }
        }
        out.extend(
            self.inventory
                .held()
                .iter()
                .map(|&(item, _)| Action::Use(item)),
        );
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        if self.status.is_over() {
            return Err(Refusal::Over);
        }
        match action {
            Action::Step(step) if usize::from(*step) < self.program.steps.len() => {
                match self.destination(*step)? {
                    Some(cell) => self.step_into(cell, events),
                    None => self.leave_level(events),
                }
            }
            Action::Step(_) => return Err(Refusal::Blocked),
            Action::Use(item) if usize::from(*item) < self.program.items.len() => {
                self.use_item(*item, events)?
            }
            Action::Use(item) => return Err(Refusal::NoSuchItem(item.to_string().into())),
            Action::UseUnknown(name) => return Err(Refusal::NoSuchItem(name.clone())),
        }
        self.turns += 1;
        Ok(())
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        let program = &*self.program;
        if let Some(step) = program.steps.iter().position(|(key, _)| key == text) {
            return Ok(Action::Step(step as u8));
        }
        let name = text
            .strip_prefix(program.use_word.as_str())
            .and_then(|rest| rest.strip_prefix(' '));
        match name {
            Some(name) => Ok(match program.item_named(name) {
                Some(item) => Action::Use(item),
                None => Action::UseUnknown(name.into()),
            }),
            None => Err(NotationError::new(format!("`{text}` is no action"))),
        }
    }

    fn write_action(&self, action: &Action) -> String {
        let program = &*self.program;
        match action {
            Action::Step(step) => (program.steps.get(usize::from(*step)))
                .map_or_else(|| "?".to_owned(), |(key, _)| key.clone()),
            Action::Use(item) => {
                let name = program
                    .items
                    .get(usize::from(*item))
                    .map_or("?", |i| i.name.as_str());
                format!("{} {name}", program.use_word)
            }
            Action::UseUnknown(name) => format!("{} {name}", program.use_word),
        }
    }
}
