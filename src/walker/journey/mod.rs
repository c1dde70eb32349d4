//! Level-walking games: one actor steps through a sequence of levels read
//! from a level file, with stats ([`crate::walker::stats`]), per-step and
//! cell effects ([`crate::walker::effects`]), an inventory of items used by
//! name ([`crate::walker::items`]), cells that change state by a rule
//! ([`crate::walker::changes`]) and levels completed by stepping off the
//! board from an exit ([`crate::walker::levels`]).
//!
//! A ruleset says `game = "walker-levels"`. Loading goes: TOML -> spanned
//! tree (merged across `extends`) -> schema check ([`schema`]) -> semantic
//! check and compilation ([`compile`]) -> [`Journey`] positions.
//! `rulesets/maze-runner.toml` is the example; `rulesets/README.md`
//! documents every key.

mod bound;
mod browser;
pub mod compile;
pub mod error;
mod load;
mod lower;
mod observe;
pub mod schema;
mod state;
mod text;
mod view;

pub use bound::{StepBound, solve};
pub use compile::Program;
pub use error::JourneyError;
pub use load::{
    JOURNEY_BUILTINS, is_journey, journey_builtin_source, journey_ruleset, load_journey,
    parse_journey,
};
pub use lower::{MAX_WRITTEN, TooLarge, journey_core};
pub use state::{Action, Event, Journey, Refusal};
pub use text::kind_notes;
