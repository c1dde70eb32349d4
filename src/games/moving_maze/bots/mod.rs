//! Moving Maze's own strategies: turn planners that choose a whole turn
//! (rotation, slide, path) at once.

mod agents;
mod greedy;
mod search;
pub(crate) mod turn;

pub use agents::TurnAgent;
pub use greedy::{Greedy, Score};
pub(crate) use greedy::{score_of, target_set};
pub use search::{DEFAULT_SEARCH_NODES, Search};
pub use turn::{TurnPlan, plan_actions, rotation_options, steps_between};
