//! The game contract on top of a vocabulary position: whose turn, the
//! legal actions ([`super::generate`]), applying an action (through the
//! counters and phases of [`super::flow`] when the ruleset has them) and
//! the one notation ([`super::notation`]). Kept apart from
//! [`super::state`] so that the position does not depend on the notation.

use super::notation;
use super::state::{Action, Event, Refusal, VocabGame};
use crate::contract::{Game, NotationError, Seat, Status};

impl Game for VocabGame {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        self.program.players.len()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.program.players[seat].name.clone()
    }

    fn status(&self) -> Status {
        self.status
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.generate(out);
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        if self.program.flow.active() {
            return self.play_flow(*action, events);
        }
        self.play(*action, events)
    }

    fn apply_legal_into(&mut self, action: &Action, events: &mut Vec<Event>) {
        if self.program.flow.active() {
            let _ = self.play_flow(*action, events);
        } else {
            self.play_legal(*action, events);
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::parse(self, text).map_err(|error| {
            let how = super::hints::how_to_act(self);
            match how.is_empty() {
                true => error,
                false => NotationError::new(format!("{} Type {how}.", error.message)),
            }
        })
    }

    fn write_action(&self, action: &Action) -> String {
        notation::write(&self.program, action)
    }

    /// A lone square, where pieces only move: the start of a move written
    /// with a space (`a2 a4`).
    fn joins_next(&self, word: &str, next: &str) -> bool {
        let square = |w: &str| self.program.geometry.parse(w).is_some();
        super::notation::moves_only(&self.program) && square(word) && square(next)
    }

    /// Under `[turns] illegal = "lose-turn"`, the lost turn
    /// ([`VocabGame::forfeit_for`]: a use of the effect tried, if any is
    /// left); otherwise nothing.
    fn penalty(&self, refused: &Action) -> Option<Action> {
        let lose_turn = self.program.illegal == super::schema::Illegal::LoseTurn;
        (lose_turn && self.status.to_move().is_some()).then(|| self.forfeit_for(refused))
    }

    fn random_action_with<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        if !self.program.chooses_from_list {
            return self.random_legal_action(rng);
        }
        scratch.clear();
        self.generate(scratch);
        (!scratch.is_empty()).then(|| scratch[rand::RngExt::random_range(rng, 0..scratch.len())])
    }
}
