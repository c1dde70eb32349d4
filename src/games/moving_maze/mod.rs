//! Moving Maze: the tile-sliding maze game of the specification.
//!
//! Its board format ([`board`], GBF), its engine ([`engine`]), its text
//! mode's renderer and token parser ([`text`]), its browser view
//! ([`view`]), its solver ([`solver`]), its board generator
//! ([`boardgen`]), its turn-planning strategies ([`bots`]) and the
//! specification's test API ([`cs144`]).

pub mod board;
pub mod boardgen;
pub mod bots;
pub mod cs144;
pub mod engine;
pub mod solver;
pub mod text;
pub mod view;
