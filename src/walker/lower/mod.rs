//! Walker rulesets written in the core language (`game = "core"`,
//! src/lang/), driven by the compiled walker program's data, never by its
//! name. [`physics_core`] writes a core ruleset whose one action settles a
//! cave as the walker's `[physics]` does (its rules, `then` chains, scan
//! order, end patterns and falling marks), with the core's deterministic
//! operations `scan`, `once` and `*!`; [`walker_core`] writes a whole
//! walker-physics game on a cave: the moves (`M(d;n)`, `D(d;n)`,
//! `P(d;n)`, `0`, in the walker's notation by quoted marks), the physics
//! after each step or after the move, and the end patterns.

mod moves;
mod physics;

pub(crate) use moves::core_quoted;
pub use moves::walker_core;
pub(crate) use physics::ident;
pub use physics::{PHYSICS_WORD_STILL, physics_core};
