//! Walker rulesets written in the core language (`game = "core"`,
//! src/lang/), driven by the compiled walker program's data, never by its
//! name. So far the physics: [`physics_core`] writes a core ruleset whose
//! one action settles a cave as the walker's `[physics]` does (its rules,
//! `then` chains, scan order, end patterns and falling marks), with the
//! core's deterministic operations `scan`, `once` and `*!`. The moves
//! (`M`, `D`, `P`, ...) and caves as core setups are not lowered yet.

mod physics;

pub use physics::{PHYSICS_WORD_STILL, physics_core};
