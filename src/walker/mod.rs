//! Single-actor grid games: one actor walks a grid of kinds of square.
//!
//! The interpreter ([`Walker`]): each kind has flags (passable,
//! collectable, diggable, pushable and which way); actions move the actor
//! a number of steps (walk, dig, push), checked square by square, each
//! refusal with its own reason; cell physics are two-dimensional rewrite
//! patterns ([`physics`]) run to a fixed point after every action or every
//! step; end patterns end play (a rock falling on the actor). A ruleset is
//! TOML with a `game` key naming the game it is for (whose codec,
//! [`Codec`], gives the exact text); loading goes TOML -> spanned tree
//! (merged across `extends`) -> schema check -> check across tables while
//! compiling ([`program`]) -> [`Program`] -> [`Walker`] positions.
//! Boulder Dash is played on it.
//!
//! General mechanics, each usable on its own: named [`stats`] with bounds
//! and clamping; [`effects`] on stats, at once or every n steps; an
//! [`items`] inventory in order of arrival; cell [`changes`] by a rule; a
//! sequence of [`levels`]. [`journey`] composes them into a game played
//! from a ruleset and a level file (Maze Runner).
//!
//! ```
//! use relic::contract::Game;
//! use relic::walker::{Grid, Walker, builtin_walker};
//! use relic::games::boulder_dash::BoardText;
//!
//! let program = builtin_walker("boulder-dash").unwrap().unwrap();
//! let player = program.kind_of_glyph('X').unwrap();
//! let empty = program.kind_of_glyph('_').unwrap();
//! let mut grid = Grid::new(3, 1, empty, program.outside);
//! grid.set(0, 0, player, false);
//! let mut game: Walker<BoardText> = Walker::new(program, grid).unwrap();
//! let action = game.parse_action("M(E;2)").unwrap();
//! game.apply(&action).unwrap();
//! assert_eq!(game.actor(), (2, 0));
//! ```

pub mod changes;
mod codec;
pub mod effects;
pub mod error;
mod events;
mod game;
mod grid;
pub mod items;
pub mod journey;
mod legal;
pub mod levels;
mod load;
pub mod lower;
mod observe;
pub mod physics;
pub mod program;
pub mod schema;
mod settle;
mod solve;
mod state;
pub mod stats;
mod step;
pub mod table;
mod view;

pub use codec::{Codec, parse_bracketed, write_bracketed};
pub use error::WalkerError;
pub use events::{Action, Event, Reason, Refusal};
pub use grid::{Grid, Offset};
pub use load::{WALKER_BUILTINS, builtin_walker, load_walker, parse_walker, walker_builtin_source};
pub use program::Program;
pub use schema::{Direction, walker_json_schema};
pub use settle::Work;
pub use solve::{Seeking, solve, solve_reporting};
pub use state::Walker;
