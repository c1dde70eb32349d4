//! Shared mechanics lowered into the core rules language
//! ([`crate::lang`]): each mechanic written out as core rules from its
//! data (a board, a mover), never from a game's name.
//!
//! - [`movement`]: movement patterns (orthogonal, diagonal, omni, linear;
//!   fly, jump, unblock; a step budget; falling into exits) as core routes
//!   that walk the cursor from a piece to each square it can reach,
//!   proven against [`crate::mechanics::movement::Search`] by
//!   `tests/movement_lowered.rs`.

pub mod movement;

pub use movement::{Routes, Unlowered, Words, board_spec, cell_name, direction_name};
