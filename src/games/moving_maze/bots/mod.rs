//! Moving Maze's own strategies: turn planners that choose a whole turn
//! (rotation, slide, path) at once.
//!
//! ```
//! use relic::games::moving_maze::board::parse_board;
//! use relic::bots::{BotRng, seeded_rng};
//! use relic::games::moving_maze::bots::{Greedy, Strategy};
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

mod agents;
mod generic;
mod greedy;
mod random;
mod search;
mod spec;
mod strategy;
pub(crate) mod turn;

pub use agents::TurnAgent;
pub use generic::AgentTurns;
pub(crate) use greedy::target_set;
pub use greedy::{Greedy, Score};
pub use random::RandomBot;
pub use search::{DEFAULT_SEARCH_NODES, Search};
pub use spec::{BotKind, BotSpecError, SeatBots, parse_bot_specs};
pub use strategy::{Outcome, Seats, Strategy, play_out};
pub use turn::{TurnPlan, plan_actions, rotation_options, steps_between};
