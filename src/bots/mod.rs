//! Computer players: strategies that choose whole turns from the engine's
//! legal actions, under any ruleset.
//!
//! Every strategy is deterministic given the random number generator it is
//! handed, and `Send`, so a simulator can play many seeded games on many
//! threads and get the same games whatever the number of threads.
//!
//! ```
//! use relic::games::moving_maze::board::parse_board;
//! use relic::bots::{BotRng, Greedy, Strategy, seeded_rng};
//! use relic::games::moving_maze::engine::Game;
//! use relic::rules::Rules;
//!
//! let rules = Rules::standard();
//! let gbf = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/boards/classic-7x7.gbf")).unwrap();
//! let board = parse_board(&gbf, &rules.limits()).unwrap();
//! let mut game = Game::new(rules, &board).unwrap();
//! let mut rng: BotRng = seeded_rng(7);
//! for action in Greedy.choose_turn(&game, &mut rng) {
//!     game.apply(action).unwrap();
//! }
//! assert_eq!(game.current_seat(), 1);
//! ```

mod agent;
mod choice;
mod mcts;
mod one_ply;
mod random;
mod spec;
mod uniform;

pub use agent::{ACTIONS_PER_TURN, Agent, BoxedAgent, PlayEnd, TurnMemory, play_agents};
pub use choice::{
    BotChoice, GENERIC_STRATEGIES, GameStrategies, StrategyError, StrategySpec, choose_strategy,
    parse_seat_list,
};
pub use mcts::{MAX_TREE_NODES, Mcts, MctsBudget, MctsConfig};
pub use one_ply::{OnePly, position_score};

pub use crate::games::moving_maze::bots::{DEFAULT_SEARCH_NODES, Search};
pub use crate::games::moving_maze::bots::{Greedy, Score};
pub use crate::games::moving_maze::bots::{
    TurnPlan, plan_actions, rotation_options, steps_between,
};
pub use random::RandomBot;
pub use spec::{BotKind, BotSpecError, SeatBots, parse_bot_specs};
pub use uniform::UniformRandom;

use rand::SeedableRng;

use crate::games::moving_maze::engine::{Action, Game};

/// The random number generator every strategy draws from: PCG 64, small,
/// fast, and the same stream on every platform for a given seed.
pub type BotRng = rand_pcg::Pcg64Mcg;

/// A generator seeded with `seed`.
pub fn seeded_rng(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}

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
