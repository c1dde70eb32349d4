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
use super::program::Program;
use super::schema::{DigRule, Direction, EndOutcome, Mode, Timing};
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
/// Positions hash by what changes in play (the program is shared).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walker<C> {
    program: Arc<Program>,
    grid: Grid,
    actor: (i32, i32),
    collected: Vec<u16>,
    moves: u32,
    ended: Option<u8>,
    acknowledged: bool,
    codec: PhantomData<C>,
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

    /// Whether action `a` of `count` steps `direction` may be taken:
    /// checked on a copy, step by step.
    fn attempt(&self, action: &Action, events: &mut Vec<Event>) -> Result<Walker<C>, Reason> {
        let def = &self.program.actions[action.action as usize];
        if def.mode == Mode::End {
            return match (self.ended, self.acknowledged) {
                (Some(_), false) => {
                    let mut next = self.clone();
                    next.acknowledged = true;
                    events.push(Event::Acknowledged);
                    Ok(next)
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
        let mut next = self.clone();
        for step in 1..=action.count {
            next.step(def.mode, def.dig, action, step, events)?;
            if self.program.physics.timing == Timing::AfterStep && next.settle(events) {
                break;
            }
        }
        if self.program.physics.timing == Timing::AfterMove {
            next.settle(events);
        }
        next.moves += 1;
        Ok(next)
    }

    /// Settles the grid; returns whether an end pattern matched.
    fn settle(&mut self, events: &mut Vec<Event>) -> bool {
        let mut motions = Vec::new();
        let end = self.program.physics.settle(&mut self.grid, &mut motions);
        events.extend(motions.into_iter().map(Event::Physics));
        if let Some(end) = end {
            self.ended = Some(end as u8);
            events.push(Event::Ended { end: end as u8 });
        }
        end.is_some()
    }

    /// One step of an action.
    fn step(
        &mut self,
        mode: Mode,
        dig: DigRule,
        action: &Action,
        step: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        let (dx, dy) = action.direction.delta();
        let (x, y) = (self.actor.0 + dx, self.actor.1 + dy);
        let kind = self.grid.kind(x, y);
        let k = &self.program.kinds[kind as usize];
        let last = step == action.count;
        let at = (x, y);
        let ok = match mode {
            Mode::Walk => k.passable,
            Mode::Dig if dig == DigRule::Last && !last => k.diggable || k.passable,
            Mode::Dig => k.diggable,
            Mode::Push => return self.push(action, step, events),
            Mode::End => unreachable!("end actions take no steps"),
        };
        if !ok || !self.grid.contains(x, y) {
            let outside = !self.grid.contains(x, y);
            return Err(match mode {
                Mode::Walk => Reason::Blocked {
                    step,
                    last,
                    at,
                    kind,
                    outside,
                    name: String::new(),
                },
                _ => Reason::NotDiggable {
                    step,
                    at,
                    kind,
                    outside,
                    name: String::new(),
                },
            });
        }
        if k.collectable {
            self.collected[kind as usize] += 1;
            events.push(Event::Collected { at, kind });
        } else if k.diggable {
            events.push(Event::Dug { at, kind });
        }
        self.move_actor(at, events);
        Ok(())
    }

    fn move_actor(&mut self, to: (i32, i32), events: &mut Vec<Event>) {
        let from = self.actor;
        self.grid.set(from.0, from.1, self.program.empty, false);
        self.grid.set(to.0, to.1, self.program.actor, false);
        self.actor = to;
        events.push(Event::Stepped { from, to });
    }

    fn push(&mut self, action: &Action, step: u8, events: &mut Vec<Event>) -> Result<(), Reason> {
        let (dx, dy) = action.direction.delta();
        let at = (self.actor.0 + dx, self.actor.1 + dy);
        let beyond = (at.0 + dx, at.1 + dy);
        let kind = self.grid.kind(at.0, at.1);
        let kinds = &self.program.kinds;
        if !kinds[kind as usize].pushable[action.direction as usize]
            || !self.grid.contains(at.0, at.1)
        {
            let outside = !self.grid.contains(at.0, at.1);
            return Err(Reason::NothingToPush {
                step,
                at,
                kind,
                outside,
                name: String::new(),
            });
        }
        let behind = self.grid.kind(beyond.0, beyond.1);
        let outside = !self.grid.contains(beyond.0, beyond.1);
        if !outside && kinds[behind as usize].pushable.contains(&true) {
            return Err(Reason::PushTooMany {
                step,
                at: beyond,
                kind: behind,
                name: String::new(),
            });
        }
        if outside || behind != self.program.empty {
            return Err(Reason::PushBlocked {
                step,
                at: beyond,
                kind: behind,
                outside,
                name: String::new(),
            });
        }
        self.grid.set(beyond.0, beyond.1, kind, false);
        events.push(Event::Pushed {
            kind,
            from: at,
            to: beyond,
        });
        self.move_actor(at, events);
        Ok(())
    }

    /// Whether any action may be taken now (a quick look at one step).
    fn can_act(&self) -> bool {
        let mut scratch = Vec::new();
        (self.program.actions.iter().enumerate()).any(|(i, def)| {
            def.mode != Mode::End
                && def.directions.iter().any(|&direction| {
                    let action = Action {
                        action: i as u8,
                        direction,
                        count: 1,
                    };
                    scratch.clear();
                    self.attempt(&action, &mut scratch).is_ok()
                })
        })
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
        if self.ended.is_some() {
            if let (Some(action), false) = (self.end_action(), self.acknowledged) {
                out.push(Action {
                    action,
                    direction: Direction::N,
                    count: 0,
                });
            }
            return;
        }
        let mut scratch = Vec::new();
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
                    scratch.clear();
                    match self.attempt(&action, &mut scratch) {
                        Ok(_) => out.push(action),
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
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        if action.action as usize >= self.program.actions.len() {
            return Err(Refusal {
                action: String::new(),
                reason: Reason::Unknown,
            });
        }
        let mut happened = Vec::new();
        match self.attempt(action, &mut happened) {
            Ok(next) => {
                *self = next;
                events.extend(happened);
                Ok(())
            }
            Err(reason) => Err(Refusal {
                action: self.write_action(action),
                reason: reason.named(&self.program),
            }),
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        C::parse_action(&self.program, text)
    }

    fn write_action(&self, action: &Action) -> String {
        C::write_action(&self.program, action)
    }
}
