//! Moving Maze's rulesets at their old path: everything here lives in
//! [`crate::games::moving_maze::rules`] (the configuration loading all
//! games share is [`crate::config`]).
//!
//! ```
//! use relic::rules::Rules;
//! assert_eq!(Rules::standard().seats().len(), 4);
//! ```

pub use crate::games::moving_maze::rules::*;
