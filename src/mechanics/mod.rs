//! Shared game mechanics: general rules of movement and play, each
//! implemented once, named for what it does, and configured by data (a
//! ruleset, a configuration file) rather than by the game that uses it.

pub mod capture;
pub mod landing;
pub mod lower;
pub mod movement;
pub mod race;
pub mod squares;
