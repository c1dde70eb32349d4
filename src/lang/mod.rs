//! The core rules language (`game = "core"`): a game is a board (a square
//! or hex grid, or a graph of named points), players, kinds of pieces,
//! bounded variables, and the rules of a turn as one regular expression
//! over elementary actions, in the spirit of Regular Boardgames: shift a
//! cursor along named directions, test and set the cell under it, compare
//! and assign variables, pattern tests, repetition, a choice marker that
//! makes the action's notation, a player switch, a game end.
//!
//! The ruleset is read (`schema`), its tables checked (`check`), its rules
//! and macros read with a pest grammar (`parse`) and compiled to an
//! instruction array (`lower`, [`program`]); one interpreter
//! ([`machine`]) finds the legal actions of every game, and
//! [`CoreGame`] is the game contract on a position. The language is
//! documented in rulesets/README.md, "The core language".
//!
//! ```
//! use relic::contract::Game;
//! use relic::lang::{CoreGame, builtin_core};
//! let mut game = CoreGame::new(builtin_core("hex").unwrap().unwrap());
//! let first = game.parse_action("f6").unwrap();
//! game.apply(&first).unwrap();
//! assert_eq!(game.legal_actions().len(), 120);
//! ```

pub mod action;
pub mod anchor;
pub mod ast;
pub mod beneath;
pub mod board;
mod check;
mod compile;
pub mod decided;
pub mod error;
mod expand;
pub mod fen;
pub mod fen_spec;
pub mod flood;
pub mod footprint;
pub mod fuse;
pub mod fused;
mod game;
pub mod guards;
pub mod keywords;
mod listing;
pub mod listing_note;
mod load;
mod locate;
pub mod look;
pub mod look_spec;
mod lower;
mod lower_cell;
mod lower_count;
mod lower_flow;
mod lower_macro;
mod lower_put;
mod lower_stack;
mod lower_test;
mod lower_turn;
mod lower_value;
pub mod machine;
mod observe;
pub mod occupancy;
pub mod parse;
mod penalty;
pub mod position;
pub mod program;
mod progress;
pub mod quiet;
pub mod scan;
pub mod scan_guard;
pub mod schema;
pub mod select;
pub mod setup_rows;
pub mod setwise;
pub mod setwise_plan;
pub mod shapes;
pub mod stops;
mod view;

pub use action::{Action, joined_by};
pub use expand::expanded_toml;
pub use game::{CoreEvent, CoreGame, CoreRefusal};
pub use listing::forget_listings;
pub use load::{
    CORE_BUILTINS, CoreForms, CoreResolved, builtin_core, load_core_resolved,
    load_core_resolved_with, parse_core_resolved, parse_core_resolved_with,
};
pub use lower::{MAX_BOUND, MAX_OPS};
pub use program::Program;
pub use schema::{CoreRuleset, core_json_schema};

/// `rules` printed back in the rules language.
///
/// ```
/// let e = relic::lang::parse::parse_rules("any {empty} [stone] mark ->next", 0).unwrap();
/// assert_eq!(relic::lang::print_rules(&e), "any {empty} [stone] mark ->next");
/// ```
pub fn print_rules(rules: &ast::Expr) -> String {
    expand::print(rules, 0)
}
