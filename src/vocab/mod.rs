//! Rules as data: a shared vocabulary of typed grid-game mechanics that a
//! TOML ruleset composes, compiled at load into tables and run by one
//! interpreter behind [`crate::contract::Game`].
//!
//! A vocabulary ruleset says `game = "vocabulary"` at its top level, which
//! is how relic tells it from a Moving Maze ruleset. Loading goes: TOML ->
//! spanned tree (merged across `extends`) -> schema check ([`schema`]) ->
//! semantic check across tables ([`check`], [`error`]) -> [`compile`]d
//! [`Program`] -> [`VocabGame`] positions. The hot path sees only integers
//! and bit masks. `rulesets/README.md` documents every key.
//!
//! ```
//! use relic::contract::{Game, Outcome, Status};
//! use relic::vocab::{VocabGame, builtin_vocab};
//!
//! let program = builtin_vocab("tic-tac-toe").unwrap().unwrap();
//! let mut game = VocabGame::new(program);
//! assert_eq!(game.legal_actions().len(), 9);
//! for square in ["a1", "b1", "a2", "b2", "a3"] {
//!     let action = game.parse_action(square).unwrap();
//!     game.apply(&action).unwrap();
//! }
//! assert_eq!(game.status(), Status::Over(Outcome::Won(0)));
//! ```

mod action_spec;
pub mod appearance;
mod bits;
#[cfg(test)]
mod bookkeeping_tests;
mod check;
mod choose;
pub mod compile;
mod effects;
mod end;
pub mod error;
mod flow;
pub mod flow_spec;
pub mod flow_table;
mod game;
mod generate;
pub mod geometry;
mod grid_view;
pub mod hints;
mod lines16;
mod load;
pub mod lower;
pub mod messages;
mod moves;
pub mod notation;
mod observe;
mod outcome_spec;
mod piece_view;
mod play;
mod reserve;
mod rings;
mod scan;
pub mod schema;
mod sink;
mod state;
mod tools;
mod turns;
mod view;

pub use compile::Program;
pub use error::VocabError;
pub use load::{
    Resolved, VOCAB_BUILTINS, builtin_vocab, is_vocabulary, load_vocab, load_vocab_resolved,
    parse_vocab, parse_vocab_resolved, vocab_builtin_source,
};
pub use state::{Action, Event, NO_RULE, Reason, Refusal, VocabGame};
