//! Configuration loading shared by every game's rulesets: reading files,
//! the spanned TOML tree, checking it against a JSON Schema generated from
//! the game's serde types (with "did you mean"), one `extends` loader, and
//! the problems any ruleset can have. Each game adds its own semantic
//! checks and compilation on the merged tree.
//!
//! ```
//! use relic::config::{Builtins, Loader};
//! let builtins = Builtins { list: &[], what: "the built-in rulesets are", more: None };
//! let mut loader = Loader::new("x.toml", "size = [", builtins);
//! assert!(loader.merged_tree(None, "x".into()).is_none());
//! assert!(loader.finish(None::<()>).unwrap_err().render(80).contains("invalid TOML"));
//! ```

pub mod colour;
pub mod draw;
mod error;
mod extends;
pub mod quit;
mod replaced;
mod ruleset_source;
mod schema;
mod source;
mod text;
pub mod tree;
mod unset;
pub mod validate;

pub use error::RulesetError;
pub use extends::{Builtins, Loader, MAX_DEPTH, Problem, drop_bad, origin_of};
pub use replaced::{Replaced, replaced_arrays};
pub use ruleset_source::RulesetSource;
pub use schema::consts_to_enums;
pub use source::{
    MAX_PROBLEMS, MAX_RULESET_BYTES, RulesetFailure, identity_of, read_ruleset, read_source,
};
