//! The games relic plays, each in its own folder (its file formats, its
//! engine, its notation, its renderers), and the registry that picks one
//! at run time from the ruleset's `game` key.
//!
//! Tools are written once against [`crate::contract::Game`] and reach a
//! game through [`with_game`]: the registry loads the game the ruleset
//! names from a setup file and hands its initial position to a
//! [`GameVisitor`], whose generic `visit` is monomorphised for each game,
//! so the tool's hot path runs without dynamic dispatch.
//!
//! ```
//! use relic::contract::Game;
//! use relic::games::{GameVisitor, Setup, with_game};
//! use relic::rules::Rules;
//!
//! /// Counts the legal first actions of whatever game the ruleset names.
//! struct FirstActions;
//! impl GameVisitor for FirstActions {
//!     type Output = usize;
//!     fn visit<G: Game>(self, game: G) -> usize {
//!         game.legal_actions().len()
//!     }
//! }
//!
//! let count = with_game(&Rules::standard(), &Setup::Default, FirstActions).unwrap();
//! assert_eq!(count, 14); // r, l and twelve slides on the shipped 7x7 board
//! ```

pub mod escape;
pub mod moving_maze;
mod setup;

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use setup::{Setup, SetupFailure, SetupMismatch};

use crate::contract::{Game, TextView};
use crate::rules::Rules;

/// The game a ruleset is for: its top-level `game` key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    /// Moving Maze: slide tiles into a shifting maze, collect relics,
    /// return home. Its setup is a board file (GBF).
    #[default]
    MovingMaze,
}

impl GameId {
    /// Every game relic knows.
    pub const ALL: [GameId; 1] = [GameId::MovingMaze];

    /// The name the ruleset's `game` key uses.
    ///
    /// ```
    /// assert_eq!(relic::games::GameId::MovingMaze.name(), "moving-maze");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            GameId::MovingMaze => "moving-maze",
        }
    }
}

/// A tool written once for every game: `visit` is called with the initial
/// position of the game the ruleset names.
///
/// Tools that need a capability beyond the contract (text rendering, a
/// browser view, an evaluation) add it to the bound here once every game
/// has it.
pub trait GameVisitor {
    /// What the tool returns.
    type Output;

    /// Runs the tool on `game`.
    fn visit<G: Game + TextView>(self, game: G) -> Self::Output;
}

/// Loads the game `rules` names from `setup` and runs `visitor` on its
/// initial position; a setup that cannot be used is reported with every
/// problem found.
pub fn with_game<V: GameVisitor>(
    rules: &Arc<Rules>,
    setup: &Setup,
    visitor: V,
) -> Result<V::Output, SetupFailure> {
    match rules.ruleset().game {
        GameId::MovingMaze => Ok(visitor.visit(moving_maze::load(rules, setup)?)),
    }
}
