//! relic: a declarative game-rules interpreter.
//!
//! Every game is a [`contract::Game`]; each lives in its own folder under
//! [`games`] (today [`games::moving_maze`]). A TOML ruleset says what the
//! rules are ([`rules`]). Tools are written once against the contract:
//! text mode ([`text`]), the browser ([`gui`]), bots ([`bots`]), the
//! simulator ([`sim`]) and saved games ([`save`]).
#![warn(clippy::print_stdout, clippy::print_stderr)]
// Without the front ends (`native`), what only they use is unused.
#![cfg_attr(not(feature = "native"), allow(unused))]

pub mod bots;
#[cfg(feature = "native")]
pub mod cli;
pub mod config;
pub mod contract;
pub mod diagnostics;
pub mod files;
#[cfg(feature = "native")]
pub mod fmt;
pub mod games;
#[cfg(feature = "native")]
pub mod gui;
pub mod harness;
pub mod lang;
#[cfg(feature = "native")]
pub mod lsp;
pub mod mechanics;
pub mod mix;
pub mod output;
pub mod perft;
pub mod prose;
pub mod rulebook;
pub mod rules;
pub mod save;
pub mod search;
#[cfg(feature = "native")]
pub mod sim;
pub mod text;
pub mod value;
pub mod verify;
pub mod vocab;
pub mod walker;

/// Moving Maze's modules at the paths they had before the games moved
/// into [`games`], so that existing code and tests keep working.
pub use games::moving_maze::{board, boardgen, cs144, engine, solver};

/// Escape's game-manager API (the specification's test interface) and
/// the rest of the game, at a short path.
pub use games::escape;
