//! Positions of a walker game: the grid, the actor, what it has taken,
//! and how play ended; and the [`Game`] contract over them.
//!
//! Legal actions come in canonical order: the ruleset's actions in order,
//! each direction in the action's order, counts from 1 up. An `end`
//! action (`0`) is legal exactly when an end pattern has matched and play
//! waits for it; a ruleset without one ends play at once.

use std::marker::PhantomData;
use std::sync::Arc;

use super::codec::Codec;
use super::events::{Event, Reason, Refusal};
use super::grid::Grid;
use super::program::{ActionDef, Program};
use super::schema::{DigRule, Direction, EndOutcome, Mode, Timing};
use super::settle::Work;
use crate::contract::{Game, NotationError, Outcome, Seat, Status};

/// One action: which of the ruleset's actions, which way, how many steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The index of the ruleset's action.
    pub action: u8,
    /// The direction (ignored by `end` actions).
    pub direction: Direction,
    /// The number of steps (0 for `end` actions).
    pub count: u8,
}

/// A position of a walker game, with `C` its codec (notation, exact text).
/// Positions compare and hash by what changes in play (the program is
/// shared; `stable` and `work` are caches).
#[derive(Clone, Debug)]
pub struct Walker<C> {
    program: Arc<Program>,
    grid: Grid,
    actor: (i32, i32),
    collected: Vec<u16>,
    moves: u32,
    ended: Option<u8>,
    acknowledged: bool,
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

/// A square as a step sees it.
#[derive(Clone, Copy)]
struct Square {
    at: (i32, i32),
    kind: u8,
    outside: bool,
}

/// What a step does, once judged possible.
#[derive(Clone, Copy)]
enum Effect {
    /// The actor enters the square, taking or digging what is there.
    Enter,
    /// The actor pushes the piece there one square on and follows it.
    Push(u8),
}

/// What an action may change, kept to undo it.
struct Saved {
    actor: (i32, i32),
    ended: Option<u8>,
    acknowledged: bool,
    stable: bool,
    moves: u32,
}

impl<C: Codec> Walker<C> {
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

    fn end_action(&self) -> Option<u8> {
        (self.program.actions.iter())
            .position(|a| a.mode == Mode::End)
            .map(|i| i as u8)
    }

    fn look(&self, at: (i32, i32)) -> Square {
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
            return match (self.ended, self.acknowledged) {
                (Some(_), false) => {
                    self.acknowledged = true;
                    events.push(Event::Acknowledged);
                    Ok(())
                }
                _ => Err(Reason::EndNotDue),
            };
        }
        if self.ended.is_some() {
            return Err(Reason::OnlyEnd);
        }
        if !def.directions.contains(&action.direction) {
            return Err(Reason::Direction(action.direction));
        }
        if action.count == 0 || action.count > def.max_count {
            return Err(Reason::Count(def.max_count));
        }
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

    /// Whether step `step` of `action` may go from where the actor stands
    /// into `at` (with `beyond` the square after it), and what it does: the
    /// one place a step is judged, for taking actions and for listing them.
    fn judge(
        def: &ActionDef,
        program: &Program,
        action: &Action,
        step: u8,
        last: bool,
        at: Square,
        beyond: Square,
    ) -> Result<Effect, Reason> {
        let k = &program.kinds[at.kind as usize];
        let (kind, outside) = (at.kind, at.outside);
        let name = String::new();
        let ok = match def.mode {
            Mode::Walk => k.passable,
            Mode::Dig if def.dig == DigRule::Last && !last => k.diggable || k.passable,
            Mode::Dig => k.diggable,
            Mode::Push => return Self::judge_push(program, action, step, at, beyond),
            Mode::End => unreachable!("end actions take no steps"),
        };
        match (ok && !outside, def.mode) {
            (true, _) => Ok(Effect::Enter),
            (false, Mode::Walk) => Err(Reason::Blocked {
                step,
                last,
                at: at.at,
                kind,
                outside,
                name,
            }),
            (false, _) => Err(Reason::NotDiggable {
                step,
                at: at.at,
                kind,
                outside,
                name,
            }),
        }
    }

    fn judge_push(
        program: &Program,
        action: &Action,
        step: u8,
        at: Square,
        beyond: Square,
    ) -> Result<Effect, Reason> {
        let kinds = &program.kinds;
        let name = String::new();
        if at.outside || !kinds[at.kind as usize].pushable[action.direction as usize] {
            let (kind, outside) = (at.kind, at.outside);
            return Err(Reason::NothingToPush {
                step,
                at: at.at,
                kind,
                outside,
                name,
            });
        }
        let (kind, outside) = (beyond.kind, beyond.outside);
        if !outside && kinds[kind as usize].pushable.contains(&true) {
            return Err(Reason::PushTooMany {
                step,
                at: beyond.at,
                kind,
                name,
            });
        }
        if outside || kind != program.empty {
            return Err(Reason::PushBlocked {
                step,
                at: beyond.at,
                kind,
                outside,
                name,
            });
        }
        Ok(Effect::Push(at.kind))
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
        match Self::judge(def, &self.program, action, step, last, square, beyond)? {
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
    fn take(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Reason> {
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

    /// Calls `f` with each legal action in canonical order until it
    /// returns false.
    fn each_legal(&self, mut f: impl FnMut(Action) -> bool) {
        if self.ended.is_some() {
            if let (Some(action), false) = (self.end_action(), self.acknowledged) {
                f(Action {
                    action,
                    direction: Direction::N,
                    count: 0,
                });
            }
            return;
        }
        match self.program.physics.timing {
            Timing::AfterMove => self.each_legal_straight(&mut f),
            Timing::AfterStep => self.each_legal_by_trying(&mut f),
        };
    }

    /// With physics after the move, a step sees the board as it was
    /// (squares ahead are untouched, a pushed piece is carried ahead), so
    /// each direction is judged in one walk along it, read-only.
    fn each_legal_straight(&self, f: &mut impl FnMut(Action) -> bool) -> bool {
        for (i, def) in self.program.actions.iter().enumerate() {
            if def.mode == Mode::End {
                continue;
            }
            for &direction in &def.directions {
                let (dx, dy) = direction.delta();
                let mut carried = None;
                for count in 1..=def.max_count {
                    let action = Action {
                        action: i as u8,
                        direction,
                        count,
                    };
                    let n = i32::from(count);
                    let at = (self.actor.0 + n * dx, self.actor.1 + n * dy);
                    let mut square = self.look(at);
                    if let Some(kind) = carried {
                        (square.kind, square.outside) = (kind, false);
                    }
                    let beyond = self.look((at.0 + dx, at.1 + dy));
                    let judge = |last| {
                        Self::judge(def, &self.program, &action, count, last, square, beyond)
                    };
                    if judge(true).is_ok() && !f(action) {
                        return false;
                    }
                    match judge(false) {
                        Ok(Effect::Push(kind)) => carried = Some(kind),
                        Ok(Effect::Enter) => {}
                        Err(_) => break,
                    }
                }
            }
        }
        true
    }

    /// With physics after every step, each action is tried on a copy.
    fn each_legal_by_trying(&self, f: &mut impl FnMut(Action) -> bool) -> bool {
        let mut copy = self.clone();
        let mut events = Vec::new();
        for (i, def) in self.program.actions.iter().enumerate() {
            if def.mode == Mode::End {
                continue;
            }
            for &direction in &def.directions {
                for count in 1..=def.max_count {
                    let action = Action {
                        action: i as u8,
                        direction,
                        count,
                    };
                    events.clear();
                    match copy.take(&action, &mut events) {
                        Ok(()) => {
                            copy.clone_from(self);
                            if !f(action) {
                                return false;
                            }
                        }
                        // With the dig rule `last`, a longer dig may end on earth.
                        Err(reason)
                            if def.dig == DigRule::Last
                                && def.mode == Mode::Dig
                                && reason.step() == Some(count) => {}
                        Err(_) => break,
                    }
                }
            }
        }
        true
    }

    /// Whether any action but `end` may be taken now.
    fn can_act(&self) -> bool {
        let mut any = false;
        self.each_legal(|action| {
            any = self.program.actions[action.action as usize].mode != Mode::End;
            !any
        });
        any
    }
}

impl<C: Codec> Game for Walker<C> {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        1
    }

    fn seat_name(&self, _seat: Seat) -> String {
        self.program.kinds[self.program.actor as usize].name.clone()
    }

    fn status(&self) -> Status {
        match self.ended {
            Some(_) if !self.acknowledged && self.end_action().is_some() => Status::ToMove(0),
            Some(end) => Status::Over(match self.program.physics.ends[end as usize].outcome {
                EndOutcome::Won => Outcome::Won(0),
                EndOutcome::Lost => Outcome::Lost(0),
            }),
            None if self.can_act() => Status::ToMove(0),
            None => Status::Over(Outcome::Stopped),
        }
    }

    fn turn(&self) -> u32 {
        self.moves
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.each_legal(|action| {
            out.push(action);
            true
        });
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        if action.action as usize >= self.program.actions.len() {
            return Err(Refusal {
                action: String::new(),
                reason: Reason::Unknown,
            });
        }
        self.take(action, events).map_err(|reason| Refusal {
            action: self.write_action(action),
            reason: reason.named(&self.program),
        })
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        C::parse_action(&self.program, text)
    }

    fn write_action(&self, action: &Action) -> String {
        C::write_action(&self.program, action)
    }
}
