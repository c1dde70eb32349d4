//! Moving Maze's whole-turn strategies: the [`Strategy`] trait its turn
//! planners implement, and [`play_out`], which plays a game with one per
//! seat.

use crate::bots::BotRng;
use crate::games::moving_maze::engine::{Action, Game};

/// One strategy per seat; `None` seats are played by a person.
pub type Seats = Vec<Option<Box<dyn Strategy>>>;

/// A computer player.
pub trait Strategy: Send {
    /// A short name, like the one in a bot spec (`greedy`).
    fn name(&self) -> String;

    /// The actions of one whole turn for the player whose turn it is in
    /// `game`: each legal in turn, ending the turn (or the game). Empty
    /// when the game is over.
    fn choose_turn(&mut self, game: &Game, rng: &mut BotRng) -> Vec<Action>;
}

/// How a game played by computers ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's seat, `None` when the turn limit came first.
    pub winner: Option<usize>,
    /// Turns played.
    pub turns: u32,
}

/// Plays `game` to the end with one strategy per seat (in seat order), or
/// until `max_turns` turns have been played (no winner then).
///
/// Panics if a strategy chooses an illegal action: that is a bug in the
/// strategy, never in the input.
pub fn play_out(
    game: &mut Game,
    seats: &mut [Box<dyn Strategy>],
    rng: &mut BotRng,
    max_turns: u32,
) -> Outcome {
    while !game.is_over() && game.turn() < max_turns {
        let (seat, turn) = (game.current_seat(), game.turn());
        for action in seats[seat].choose_turn(game, rng) {
            if let Err(illegal) = game.apply(action) {
                panic!(
                    "{} chose an illegal {action}: {illegal}",
                    seats[seat].name()
                );
            }
        }
        if !game.is_over() && game.turn() == turn {
            break; // no legal way to end the turn under these rules
        }
    }
    Outcome {
        winner: game.winner(),
        turns: game.turn(),
    }
}
