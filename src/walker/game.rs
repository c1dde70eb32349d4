//! The [`Game`] contract over walker positions: the status, legal actions
//! ([`super::legal`]), taking an action ([`super::state`]) and the
//! notation of the game's [`Codec`].

use super::codec::Codec;
use super::events::{Action, Event, Reason, Refusal};
use super::schema::EndOutcome;
use super::state::Walker;
use crate::contract::{Game, NotationError, Outcome, Seat, Status};

impl<C: Codec> Game for Walker<C> {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        1
    }

    fn seat_name(&self, _seat: Seat) -> String {
        self.program().kinds[self.program().actor as usize]
            .name
            .clone()
    }

    fn status(&self) -> Status {
        match self.ended {
            Some(_) if !self.acknowledged && self.end_action().is_some() => Status::ToMove(0),
            Some(end) => Status::Over(match self.program().physics.ends[end as usize].outcome {
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
        if action.action as usize >= self.program().actions.len() {
            return Err(Refusal {
                action: String::new(),
                reason: Reason::Unknown,
            });
        }
        self.take(action, events).map_err(|reason| Refusal {
            action: self.write_action(action),
            reason: reason.named(self.program()),
        })
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        C::parse_action(self.program(), text)
    }

    fn write_action(&self, action: &Action) -> String {
        C::write_action(self.program(), action)
    }
}
