//! Positions of a walker game: the grid, the actor, what it has taken,
//! and how play ended; and the [`Game`] contract over them.
//!
//! Legal actions come in canonical order: the ruleset's actions in order,
//! each direction in the action's order, counts from 1 up. An `end`
//! action (`0`) is legal exactly when an end pattern has matched and play
//! waits for it; a ruleset without one ends play at once.

use std::marker::PhantomData;
use std::sync::Arc;

use super::events::{Action, Event, Reason};
use super::grid::Grid;
use super::program::{ActionDef, Program};
use super::schema::{Mode, Timing};
use super::settle::Work;
use super::step::{Effect, Square, judge};

/// A position of a walker game, with `C` its codec (notation, exact text).
/// Positions compare and hash by what changes in play (the program is
/// shared; `stable` and `work` are caches).
#[derive(Clone, Debug)]
pub struct Walker<C> {
    program: Arc<Program>,
    grid: Grid,
    actor: (i32, i32),
    collected: Vec<u16>,
    pub(super) moves: u32,
    pub(super) ended: Option<u8>,
    pub(super) acknowledged: bool,
    /// Whether no physics rule fires anywhere on the grid (a start board
    /// may not be settled; every settled one is).
    stable: bool,
    work: Work,
    codec: PhantomData<C>,
}

impl<C> PartialEq for Walker<C> {
    fn eq(&self, other: &Self) -> bool {
        (Arc::ptr_eq(&self.program, &other.program) || self.program == other.program)
            && self.grid == other.grid
            && self.actor == other.actor
            && self.collected == other.collected
            && self.moves == other.moves
            && self.ended == other.ended
            && self.acknowledged == other.acknowledged
    }
}

impl<C> Eq for Walker<C> {}

impl<C> Walker<C> {
    /// Whether `other` has the same board: grid, actor and end of play
    /// (what was taken and how many moves were made aside).
    pub fn same_board(&self, other: &Self) -> bool {
        self.grid == other.grid
            && self.actor == other.actor
            && self.ended == other.ended
            && self.acknowledged == other.acknowledged
    }

    /// Hashes what [`Walker::same_board`] compares.
    pub fn hash_board<H: std::hash::Hasher>(&self, state: &mut H) {
        use std::hash::Hash;
        self.grid.hash(state);
        self.actor.hash(state);
        self.ended.hash(state);
        self.acknowledged.hash(state);
    }
}

impl<C> std::hash::Hash for Walker<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.grid.hash(state);
        self.actor.hash(state);
        self.collected.hash(state);
        self.moves.hash(state);
        self.ended.hash(state);
        self.acknowledged.hash(state);
    }
}

/// What an action may change, kept to undo it.
struct Saved {
    actor: (i32, i32),
    ended: Option<u8>,
    acknowledged: bool,
    stable: bool,
    pub(super) moves: u32,
}

impl<C> Walker<C> {
    /// The position with `grid` (holding exactly one actor) under
    /// `program`; `None` when the grid holds no actor or several.
    pub fn new(program: Arc<Program>, grid: Grid) -> Option<Walker<C>> {
        let actors: Vec<(i32, i32)> = grid.find(program.actor).take(2).collect();
        let [actor] = actors[..] else {
            return None;
        };
        Some(Walker {
            collected: vec![0; program.kinds.len()],
            program,
            grid,
            actor,
            moves: 0,
            ended: None,
            acknowledged: false,
            stable: false,
            work: Work::default(),
            codec: PhantomData,
        })
    }

    /// The compiled ruleset.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Where the actor stands.
    pub fn actor(&self) -> (i32, i32) {
        self.actor
    }

    /// How many squares of `kind` the actor has taken.
    pub fn collected(&self, kind: u8) -> u16 {
        self.collected[kind as usize]
    }

    /// The end pattern that matched, if one has.
    pub fn ended(&self) -> Option<&str> {
        self.ended
            .map(|e| self.program.physics.ends[e as usize].name.as_str())
    }

    pub(super) fn end_action(&self) -> Option<u8> {
        (self.program.actions.iter())
            .position(|a| a.mode == Mode::End)
            .map(|i| i as u8)
    }

    pub(super) fn look(&self, at: (i32, i32)) -> Square {
        Square {
            at,
            kind: self.grid.kind(at.0, at.1),
            outside: !self.grid.contains(at.0, at.1),
        }
    }

    fn save(&self) -> Saved {
        Saved {
            actor: self.actor,
            ended: self.ended,
            acknowledged: self.acknowledged,
            stable: self.stable,
            moves: self.moves,
        }
    }

    /// Undoes everything since `saved` was taken (the grid by its log).
    fn restore(&mut self, saved: &Saved) {
        self.grid.undo(&self.work.log);
        self.work.log.clear();
        self.actor = saved.actor;
        self.ended = saved.ended;
        self.acknowledged = saved.acknowledged;
        self.stable = saved.stable;
        self.moves = saved.moves;
    }

    /// Takes `action` in place, logging every write; on a refusal the
    /// caller undoes it ([`Walker::restore`]).
    fn attempt(
        &mut self,
        action: &Action,
        events: &mut Vec<Event>,
        taken: &mut Vec<u8>,
    ) -> Result<(), Reason> {
        let program = Arc::clone(&self.program);
        let def = &program.actions[action.action as usize];
        self.work.log.clear();
        if def.mode == Mode::End {
            return self.acknowledge(events);
        }
        self.admit(def, action)?;
        let timing = program.physics.timing;
        let mut from = 0;
        for step in 1..=action.count {
            self.step(def, action, step, events, taken)?;
            if timing == Timing::AfterStep {
                if self.settle(from, events) {
                    break;
                }
                from = self.work.log.len();
            }
        }
        if timing == Timing::AfterMove {
            self.settle(0, events);
        }
        self.moves += 1;
        Ok(())
    }

    /// The `end` action: acknowledges an end of play that waits for it.
    fn acknowledge(&mut self, events: &mut Vec<Event>) -> Result<(), Reason> {
        match (self.ended, self.acknowledged) {
            (Some(_), false) => {
                self.acknowledged = true;
                events.push(Event::Acknowledged);
                Ok(())
            }
            _ => Err(Reason::EndNotDue),
        }
    }

    /// Whether an action of `def` may start at all: play goes on, and its
    /// direction and count are the action's.
    fn admit(&self, def: &ActionDef, action: &Action) -> Result<(), Reason> {
        if self.ended.is_some() {
            return Err(Reason::OnlyEnd);
        }
        if !def.directions.contains(&action.direction) {
            return Err(Reason::Direction(action.direction));
        }
        if action.count == 0 || action.count > def.max_count {
            return Err(Reason::Count(def.max_count));
        }
        Ok(())
    }

    /// Settles the grid after the writes logged from `from` on; returns
    /// whether an end pattern matched.
    fn settle(&mut self, from: usize, events: &mut Vec<Event>) -> bool {
        let physics = &self.program.physics;
        let end = physics.settle_logged(&mut self.grid, &mut self.work, from, self.stable, |m| {
            events.push(Event::Physics(m))
        });
        self.stable = true;
        if let Some(end) = end {
            self.ended = Some(end as u8);
            events.push(Event::Ended { end: end as u8 });
        }
        end.is_some()
    }

    /// One step of an action.
    fn step(
        &mut self,
        def: &ActionDef,
        action: &Action,
        step: u8,
        events: &mut Vec<Event>,
        taken: &mut Vec<u8>,
    ) -> Result<(), Reason> {
        let (dx, dy) = action.direction.delta();
        let at = (self.actor.0 + dx, self.actor.1 + dy);
        let (square, beyond) = (self.look(at), self.look((at.0 + dx, at.1 + dy)));
        let last = step == action.count;
        match judge(def, &self.program, action, step, last, square, beyond)? {
            Effect::Enter => {
                let (kind, k) = (square.kind, &self.program.kinds[square.kind as usize]);
                if k.collectable {
                    self.collected[kind as usize] += 1;
                    taken.push(kind);
                    events.push(Event::Collected { at, kind });
                } else if k.diggable {
                    events.push(Event::Dug { at, kind });
                }
            }
            Effect::Push(kind) => {
                let to = beyond.at;
                let index = self.grid.index(to.0, to.1);
                self.grid.write(index, kind, &mut self.work.log);
                events.push(Event::Pushed { kind, from: at, to });
            }
        }
        self.move_actor(at, events);
        Ok(())
    }

    fn move_actor(&mut self, to: (i32, i32), events: &mut Vec<Event>) {
        let from = self.actor;
        let (empty, actor) = (self.program.empty, self.program.actor);
        let (i, j) = (self.grid.index(from.0, from.1), self.grid.index(to.0, to.1));
        self.grid.write(i, empty, &mut self.work.log);
        self.grid.write(j, actor, &mut self.work.log);
        self.actor = to;
        events.push(Event::Stepped { from, to });
    }

    /// Takes `action` in place, or undoes what it did and says why not.
    pub(super) fn take(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Reason> {
        let saved = self.save();
        let mark = events.len();
        let mut taken = Vec::new();
        let result = self.attempt(action, events, &mut taken);
        if result.is_err() {
            self.restore(&saved);
            taken.iter().for_each(|&k| self.collected[k as usize] -= 1);
            events.truncate(mark);
        }
        result
    }
}
