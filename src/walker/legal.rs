//! The legal actions of a walker position listed in canonical order, each
//! step judged by [`super::step::judge`].

use super::events::Action;
use super::schema::{DigRule, Direction, Mode, Timing};
use super::state::Walker;
use super::step::{Effect, judge};

impl<C: Clone> Walker<C> {
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
                    let judge =
                        |last| judge(def, self.program(), &action, count, last, square, beyond);
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
