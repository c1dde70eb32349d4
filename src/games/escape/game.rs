//! Escape behind the contract. Canonical order of the legal actions: the
//! mover's pieces by coordinate (`x`, then `y`), and for each its
//! destinations by coordinate.

use crate::contract::{Game, NotationError, Seat, Status};

use super::notation;
use super::play::{Action, Event, Refusal, player_name};
use super::state::EscapeGame;
use super::variant::IllegalMove;

impl Game for EscapeGame {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        player_name(seat)
    }

    fn status(&self) -> Status {
        self.status
    }

    /// Each move is one seat's turn.
    fn turn(&self) -> u32 {
        self.moves
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Status::ToMove(seat) = self.status else {
            return;
        };
        for (from, piece) in self.tops() {
            if piece.owner == seat {
                self.each_destination(from, piece, |to| {
                    out.push(Action::Move { from, to });
                    true
                });
            }
        }
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        match *action {
            Action::Move { from, to } => {
                let (piece, reach, landing) = self.judge(from, to)?;
                self.make(from, to, piece, (reach, landing), events);
            }
            Action::Resign | Action::Forfeit => {
                let seat = self.seat_to_move()?;
                let strict = self.table().variant.illegal_move == IllegalMove::Loses;
                if *action == Action::Forfeit && !strict {
                    return Err(Refusal::NoForfeit);
                }
                let outcome = crate::contract::Outcome::Won(1 - seat);
                self.status = Status::Over(outcome);
                events.push(match action {
                    Action::Forfeit => Event::Forfeited(seat),
                    _ => Event::Resigned(seat),
                });
                events.push(Event::Ended(outcome));
            }
        }
        Ok(())
    }

    /// Under `illegal-move = "loses"`, a refused move is followed by
    /// [`Action::Forfeit`]: the mover loses.
    fn penalty(&self, action: &Action) -> Option<Action> {
        let strict = self.table().variant.illegal_move == IllegalMove::Loses;
        let playing = !self.status.is_over();
        (strict && playing && matches!(action, Action::Move { .. })).then_some(Action::Forfeit)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::read(text)
    }

    fn write_action(&self, action: &Action) -> String {
        notation::write(action)
    }
}
