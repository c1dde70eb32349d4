//! relic: a declarative game-rules interpreter.
//!
//! A pest grammar reads board files ([`board`]), a TOML ruleset says what
//! the rules are ([`rules`]), and one generic turn engine ([`engine`]) plays
//! any ruleset. Front ends ([`text`]) turn user input into actions and
//! render the engine's events.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod boardgen;
pub mod bots;
pub mod cli;
pub mod contract;
pub mod cs144;
pub mod diagnostics;
pub mod engine;
pub mod gui;
pub mod output;
pub mod rules;
pub mod save;
pub mod sim;
pub mod solver;
pub mod text;
