//! Moving Maze behind the contract: [`contract::Game`] for the engine's
//! [`Game`], its actions read and written in the one [`notation`].
//!
//! The canonical order of legal actions: in the slide phase `r`, `l`
//! (where the rules let the floating tile turn), then the slides side by
//! side (north, east, south, west), each side's lines in increasing
//! order, then `done` where the slide may be skipped; in the move phase
//! the single steps (north, east, south, west) where the rules allow
//! them, then every tile the adventurer can reach along pathways, row by
//! row from the top left (its own tile included) where the rules allow
//! pathfinding, then `done`. `quit` is accepted while play goes on but
//! never listed.
//!
//! ```
//! use relic::contract::{Game as _, Status};
//! use relic::games::moving_maze::board::parse_board;
//! use relic::games::moving_maze::engine::Game;
//! use relic::rules::Rules;
//!
//! let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
//! let rules = Rules::standard();
//! let mut game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
//! assert_eq!(game.status(), Status::ToMove(0));
//! assert_eq!(game.seat_name(0), "Green");
//! let n2 = game.parse_action("n2").unwrap();
//! assert_eq!(game.write_action(&n2), "n2");
//! // the engine's own `apply` takes the action by value; the contract's by reference
//! relic::contract::Game::apply(&mut game, &n2).unwrap();
//! assert!(game.parse_action("n2").is_err()); // moving now
//! ```

use std::hash::{Hash, Hasher};

use super::engine::{Action, Event, Game, IllegalAction};
use super::notation;
use crate::contract::{self, NotationError, Outcome, Seat, Status};

impl Hash for Game {
    /// Hashes the state; games under different rules that compare unequal
    /// may collide, which `Hash` allows.
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.state().hash(hasher);
    }
}

impl contract::Game for Game {
    type Action = Action;
    type Event = Event;
    type Refusal = IllegalAction;

    fn seat_count(&self) -> usize {
        self.players().len()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.rules().seats()[seat].name.clone()
    }

    /// A finished game was won by [`Game::winner`], or else quit by the
    /// seat whose turn it was.
    fn status(&self) -> Status {
        if !self.is_over() {
            return Status::ToMove(self.current_seat());
        }
        Status::Over(match self.winner() {
            Some(seat) => Outcome::Won(seat),
            None => Outcome::Quit(self.current_seat()),
        })
    }

    fn turn(&self) -> u32 {
        Game::turn(self)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        Game::legal_actions_into(self, out);
    }

    fn apply_into(
        &mut self,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        Game::apply_into(self, *action, events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::read_action(self, text)
    }

    fn write_action(&self, action: &Action) -> String {
        notation::write_action(action)
    }

    /// Text [`notation::parse_action`] does not read in any phase.
    fn outside_notation(text: &str) -> Option<&'static str> {
        notation::parse_action(text)
            .is_none()
            .then_some(notation::NOTATION_HELP)
    }
}
