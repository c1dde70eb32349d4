//! Escape (seed 002): a two-player game configured by a game-configuration
//! file (`.egc`): a square or hex board with finite or infinite axes,
//! locations (clear, block, exit), piece types with movement patterns and
//! attributes, and rules (score, turn limit, point conflict, remove).
//! Players move pieces onto exits to score.

pub mod config;
pub mod core_form;
pub use crate::mechanics::capture as conflict;
mod game;
pub mod notation;
mod observe;
mod play;
mod state;
mod variant;

pub use play::{Action, Event, Refusal, player_name};
pub use state::{EscapeGame, Piece, Table};
pub use variant::{CountRule, IllegalMove, Variant};
mod manager;

pub use manager::GameManager;
mod registered;
pub mod ruleset;
mod view;
mod window;

pub use registered::Escape;
