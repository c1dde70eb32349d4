//! Single-actor grid games: one actor walks a grid of cell kinds.
//!
//! General mechanics, each usable on its own: named [`stats`] with bounds
//! and clamping; [`effects`] on stats, at once or every n steps; an
//! [`items`] inventory in order of arrival; cell [`changes`] by a rule; a
//! sequence of [`levels`]. [`journey`] composes them into a game played
//! from a ruleset and a level file.

pub mod changes;
pub mod effects;
pub mod items;
pub mod journey;
pub mod levels;
pub mod stats;
