//! Computer players for every game, one action at a time through the game
//! contract: uniformly random, greedy through [`Evaluate`](crate::contract::Evaluate),
//! and MCTS, chosen by spec (`mcts:iterations=2000`). A game may offer its
//! own strategies next to them ([`GameStrategies`]; Moving Maze's
//! whole-turn planners live in `games::moving_maze::bots`).
//!
//! Every strategy is deterministic given the random number generator it is
//! handed, and `Send`, so a simulator can play many seeded games on many
//! threads and get the same games whatever the number of threads.
//!
//! ```
//! use relic::bots::{PlayEnd, choose_strategy, play_agents, seeded_rng};
//! use relic::games::{Registered, Setup, Vocabulary};
//!
//! let rules = Vocabulary::parse_rules("game = \"vocabulary\"\nextends = \"tic-tac-toe\"\n", "t.toml", None).unwrap();
//! let mut game = Vocabulary::start(&rules, &Setup::Default).unwrap();
//! let mcts = choose_strategy("mcts:iterations=50").unwrap();
//! let random = choose_strategy("random").unwrap();
//! let mut seats = vec![mcts.agent(), random.agent()];
//! let end = play_agents(&mut game, &mut seats, &mut seeded_rng(7), 20, &mut |_, _, _| {});
//! assert!(matches!(end, PlayEnd::Over(_)));
//! ```

mod agent;
mod choice;
mod mcts;
mod one_ply;
mod uniform;

pub(crate) use agent::fingerprint;
pub use agent::{ACTIONS_PER_TURN, Agent, BoxedAgent, PlayEnd, TurnMemory, play_agents};
pub use choice::{
    BotChoice, GENERIC_STRATEGIES, GameStrategies, SeatChoices, SeatListError, StrategyError,
    StrategySpec, choose_strategy, parse_seat_list, seat_choices,
};
pub(crate) use mcts::prior_option;
pub use mcts::{MAX_TREE_NODES, Mcts, MctsBudget, MctsConfig};
pub use one_ply::{OnePly, position_score};

pub use uniform::{BufferedRandom, UniformRandom};

use rand::SeedableRng;

/// The random number generator every strategy draws from: PCG 64, small,
/// fast, and the same stream on every platform for a given seed.
pub type BotRng = rand_pcg::Pcg64Mcg;

/// A generator seeded with `seed`.
pub fn seeded_rng(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}
