//! Escape (seed 002): a two-player game configured by a game-configuration
//! file (`.egc`): a square or hex board with finite or infinite axes,
//! locations (clear, block, exit), piece types with movement patterns and
//! attributes, and rules (score, turn limit, point conflict, remove).
//! Players move pieces onto exits to score.

pub mod config;
