//! The games relic plays, each in its own folder: its file formats, its
//! engine (the fast kernels behind its mechanics), its notation and its
//! renderers. Tools reach a game only through [`crate::contract`].

pub mod moving_maze;
