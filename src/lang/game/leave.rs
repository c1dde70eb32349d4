//! Quitting, and the players who have left: under `quit = "leave"` a
//! player who quits leaves and the others play on, the turn passing over
//! the players who have left, until one is left in and wins.

use super::{CoreEvent, CoreGame};
use crate::contract::{Outcome, Seat, Status};
use crate::lang::schema::QuitResult;

impl CoreGame {
    /// Whether `seat` has left the game (quit under `quit = "leave"`).
    ///
    /// ```
    /// use relic::contract::{Game, Status};
    /// use relic::lang::{CoreGame, parse_core_resolved};
    /// let rules = "game = \"core\"\nname = \"Three\"\nplayers = [\"a\", \"b\", \"c\"]\n\
    ///     quit = \"leave\"\nrules = \"any {empty} [stone] mark ->next\"\n\
    ///     [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\", \"C\"]\n";
    /// let (_, program) = parse_core_resolved(rules, "three.toml", None).unwrap();
    /// let mut game = CoreGame::new(program);
    /// game.apply(&game.parse_action("quit").unwrap()).unwrap();
    /// assert!(game.has_left(0));
    /// assert_eq!(game.status(), Status::ToMove(1));
    /// ```
    pub fn has_left(&self, seat: Seat) -> bool {
        self.left.has(seat)
    }

    /// Whether a player who quits leaves and the others play on: `quit =
    /// "leave"` with three players or more.
    pub(crate) fn leaving(&self) -> bool {
        self.program.quit == QuitResult::Leave && self.program.players.len() > 2
    }

    /// `player`, or where they have left, the next player after them who
    /// has not.
    pub(super) fn in_play(&self, player: u8) -> u8 {
        let players = self.program.players.len();
        self.left.next_in(usize::from(player), players) as u8
    }

    /// The outcome of `seat` losing: where one other player is still in,
    /// that player wins.
    pub(super) fn loser(&self, seat: Seat) -> Outcome {
        match self.left.sole_other(seat, self.program.players.len()) {
            Some(other) => Outcome::Won(other),
            None => Outcome::Lost(seat),
        }
    }

    /// `me` quits: play ends as `quit` says, or under `leave` with three
    /// or more players still in, `me` leaves and the next player still in
    /// moves.
    pub(super) fn quit(&mut self, me: Seat, events: &mut Vec<CoreEvent>) {
        events.push(CoreEvent::Quit { seat: me });
        let players = self.program.players.len();
        let in_play = self.left.in_play(players);
        let outcome = match self.program.quit {
            QuitResult::Loss => Outcome::Quit(me),
            QuitResult::Draw => Outcome::Draw,
            QuitResult::Leave if players <= 2 => Outcome::Quit(me),
            QuitResult::Leave if in_play <= 2 => self.loser(me),
            QuitResult::Leave => {
                self.left.add(me);
                self.player = self.in_play(me as u8);
                self.status = Status::ToMove(usize::from(self.player));
                self.known.set(0);
                self.settle();
                match self.status {
                    Status::Over(outcome) => outcome,
                    Status::ToMove(_) => return,
                }
            }
        };
        self.status = Status::Over(outcome);
        events.push(CoreEvent::Ended(outcome));
    }
}
