//! How one step of a walker action is judged, and the legal actions
//! listed: [`Walker::judge`] is the one place a step's legality is
//! decided, for taking actions ([`super::state`]) and for listing them.

use super::codec::Codec;
use super::events::Reason;
use super::program::{ActionDef, Program};
use super::schema::{DigRule, Direction, Mode, Timing};
use super::state::{Action, Walker};

/// A square as a step sees it.
#[derive(Clone, Copy)]
pub(super) struct Square {
    pub(super) at: (i32, i32),
    pub(super) kind: u8,
    pub(super) outside: bool,
}

/// What a step does, once judged possible.
#[derive(Clone, Copy)]
pub(super) enum Effect {
    /// The actor enters the square, taking or digging what is there.
    Enter,
    /// The actor pushes the piece there one square on and follows it.
    Push(u8),
}

impl<C: Codec> Walker<C> {
    /// Whether step `step` of `action` may go from where the actor stands
    /// into `at` (with `beyond` the square after it), and what it does: the
    /// one place a step is judged, for taking actions and for listing them.
    pub(super) fn judge(
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

    /// Calls `f` with each legal action in canonical order until it
    /// returns false.
    pub(super) fn each_legal(&self, mut f: impl FnMut(Action) -> bool) {
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
        match self.program().physics.timing {
            Timing::AfterMove => self.each_legal_straight(&mut f),
            Timing::AfterStep => self.each_legal_by_trying(&mut f),
        };
    }

    /// With physics after the move, a step sees the board as it was
    /// (squares ahead are untouched, a pushed piece is carried ahead), so
    /// each direction is judged in one walk along it, read-only.
    fn each_legal_straight(&self, f: &mut impl FnMut(Action) -> bool) -> bool {
        for (i, def) in self.program().actions.iter().enumerate() {
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
                    let at = (self.actor().0 + n * dx, self.actor().1 + n * dy);
                    let mut square = self.look(at);
                    if let Some(kind) = carried {
                        (square.kind, square.outside) = (kind, false);
                    }
                    let beyond = self.look((at.0 + dx, at.1 + dy));
                    let judge = |last| {
                        Self::judge(def, self.program(), &action, count, last, square, beyond)
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
        for (i, def) in self.program().actions.iter().enumerate() {
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
    pub(super) fn can_act(&self) -> bool {
        let mut any = false;
        self.each_legal(|action| {
            any = self.program().actions[action.action as usize].mode != Mode::End;
            !any
        });
        any
    }
}
