//! Moving Maze: the tile-sliding maze game of the specification.
//!
//! Its board format ([`board`], GBF), its engine ([`engine`]), its one
//! notation for actions ([`notation`]), its loading step ([`load`]: a
//! ruleset and a board file become the initial position), its text mode's
//! renderer and token reading ([`text`]), its browser view ([`view`]), its
//! solver ([`solver`]), its board generator ([`boardgen`]), its
//! turn-planning strategies ([`bots`]) and the specification's test API
//! ([`cs144`]). The engine's `Game` implements [`crate::contract::Game`].

pub mod board;
pub mod boardgen;
pub mod bots;
pub mod core_form;
pub mod cs144;
pub mod engine;
mod evaluate;
mod game;
mod load;
pub mod notation;
mod observe;
pub mod rules;
pub mod solver;
pub mod text;
pub mod view;
mod wording;

pub use load::{
    DEFAULT_BOARD, DEFAULT_BOARD_NAME, INCONSISTENT_BOARD, MISSING_BOARD, MovingMaze, load,
    load_board,
};
