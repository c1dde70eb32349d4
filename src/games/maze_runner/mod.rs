//! Maze Runner's codecs: its level file format ([`levels`]) and loading a
//! game from a walker ruleset and a level file ([`load`]), and its text
//! program that asks for the level file ([`play`]). The rules
//! themselves (stats, per-step effects, items, doors, levels, outcomes,
//! messages) live in `rulesets/maze-runner.toml` and are played by the
//! general level-walking interpreter in [`crate::walker`].

pub mod levels;
pub mod load;
pub mod play;

pub use load::{level_syntax, new_game};
