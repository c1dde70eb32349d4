//! The games relic plays, each in its own folder (its file formats, its
//! engine, its notation, its renderers), and the registry that picks one
//! at run time from the ruleset's `game` key.
//!
//! The registry is the front door of every tool: [`load_game_rules`] reads
//! a ruleset file (or a built-in name), looks at its top-level `game` key
//! *before* any game-specific parsing, and hands the file to that game's
//! loader, giving [`GameRules`]. [`with_game`] then loads the game's setup
//! and hands its initial position to a [`GameVisitor`], whose generic
//! `visit` is monomorphised for each game, so the tool's hot path runs
//! without dynamic dispatch. Each game plugs in through [`Registered`];
//! the list of games is in `registry.rs` (see ARCHITECTURE.md, "How to add
//! a game").
//!
//! ```
//! use relic::contract::Game;
//! use relic::games::{GameVisitor, Playable, Setup, builtin_game_rules, with_game};
//!
//! /// Counts the legal first actions of whatever game the ruleset names.
//! struct FirstActions;
//! impl GameVisitor for FirstActions {
//!     type Output = usize;
//!     fn visit<G: Playable>(self, game: G) -> usize {
//!         game.legal_actions().len()
//!     }
//! }
//!
//! let maze = builtin_game_rules("moving-maze").unwrap().unwrap();
//! let count = with_game(&maze, &Setup::Default, FirstActions).unwrap();
//! assert_eq!(count, 14); // r, l and twelve slides on the shipped 7x7 board
//! let four = builtin_game_rules("connect-four").unwrap().unwrap();
//! assert_eq!(with_game(&four, &Setup::Default, FirstActions).unwrap(), 7);
//! ```

pub mod boulder_dash;
mod core_form;
mod core_rules;
mod core_sources;
pub mod escape;
mod exact_text;
mod expand;
mod game_hint;
mod id;
mod inherit;
pub mod maze_runner;
pub mod moving_maze;
mod registry;
mod rules_file;
mod schema;
mod setup;
pub mod stacked_tictactoe;
mod vocabulary;
mod walker_levels;
mod walker_physics;

use std::path::Path;
use std::sync::Arc;

pub use core_form::CoreFormFailure;
pub use core_rules::{CoreCompiled, CoreRules};
pub use core_sources::builtin_core_source;
pub use exact_text::{ExactEnd, ExactIo, ExactText};
pub use expand::expanded_vocab;
pub use id::GameId;
pub use inherit::ExtendsOtherGame;
pub use registry::{GameRules, MovesFile, json_schema_of, with_game, with_game_type};
pub use rules_file::{
    UnknownGame, WrongGame, builtin_game_rules, builtin_names, builtin_source, game_key,
    load_game_rules, parse_game_rules, resolve_game_rules,
};
pub use schema::all_games_schema;
pub use setup::{NoSetupFile, Setup, SetupFailure, SetupMessages, SetupMismatch};
pub use vocabulary::{VocabRules, Vocabulary};
pub use walker_levels::WalkerLevels;
pub use walker_physics::WalkerPhysics;

use crate::bots::GameStrategies;
use crate::config::RulesetFailure;
use crate::contract::{BrowserView, Evaluate, Game, Observe, Tallies, TextView};

/// Everything the generic tools use of a game: the contract and every
/// capability (text play and `relic verify`, the browser, bots, `relic
/// sim`, the Python package's observations), and the game's own
/// strategies next to the generic bots (empty for most games: `impl
/// GameStrategies for MyGame {}`). A registered game's state must be
/// `Playable`.
pub trait Playable:
    Game + TextView + BrowserView + Evaluate + Tallies + Observe + GameStrategies
{
}

impl<G: Game + TextView + BrowserView + Evaluate + Tallies + Observe + GameStrategies> Playable
    for G
{
}

/// A tool written once for every game: `visit` is called with the initial
/// position of the game the ruleset names.
pub trait GameVisitor {
    /// What the tool returns.
    type Output;

    /// Runs the tool on `game`.
    fn visit<G: Playable>(self, game: G) -> Self::Output;
}

/// A check written once for every game that needs no position (a
/// notation's fixed part, strategy names): `visit` is called with the type
/// of the game a ruleset names, when its setup cannot give a position.
pub trait GameTypeVisitor {
    /// What the check returns.
    type Output;

    /// Runs the check on the game type `G`.
    fn visit<G: Playable>(self) -> Self::Output;
}

/// How the registry reaches one game: how its rulesets load and how a
/// setup becomes its first position. Each game implements it once, on a
/// unit type in its own folder (Moving Maze: [`moving_maze::MovingMaze`];
/// the vocabulary: [`Vocabulary`]), and is listed in `registry.rs`.
pub trait Registered {
    /// The game's `game` key.
    const ID: GameId;
    /// The built-in rulesets of this game: `(name, TOML)`, by the name
    /// `--ruleset` and `extends` use.
    const BUILTINS: &'static [(&'static str, &'static str)];
    /// The checked, compiled rules its positions share.
    type Rules: std::fmt::Debug + Send + Sync + 'static;
    /// Its position.
    type State: Playable;

    /// Reads the ruleset file at `path` (following `extends`) and checks
    /// it, reporting every problem.
    fn load_rules(path: &Path) -> Result<Arc<Self::Rules>, RulesetFailure>;

    /// Checks ruleset TOML shown as `name`; relative `extends` paths start
    /// at `base` (the working folder when `None`).
    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<Self::Rules>, RulesetFailure>;

    /// The initial position under `rules` from `setup`, or every problem
    /// with the setup.
    fn start(rules: &Arc<Self::Rules>, setup: &Setup) -> Result<Self::State, SetupFailure>;

    /// The ruleset's display name (its `name` key).
    fn name(rules: &Self::Rules) -> &str;

    /// The ruleset's description (its `description` key).
    fn description(rules: &Self::Rules) -> &str;

    /// The ruleset as it resolves after `extends`, as TOML without
    /// `extends`: what records store and `relic rules show` prints.
    /// [`Registered::parse_rules`] reads it back to the same rules.
    fn resolved_toml(rules: &Self::Rules) -> String;

    /// The resolved ruleset with every default written out: what `relic
    /// rules show --expanded` prints. The same as
    /// [`Registered::resolved_toml`] for games whose resolved TOML already
    /// lists every key; [`Registered::parse_rules`] reads it back to the
    /// same rules.
    fn expanded_toml(rules: &Self::Rules) -> String {
        Self::resolved_toml(rules)
    }

    /// The messages its course prescribes for a setup file that cannot
    /// be used (Moving Maze's specification's); `None` (the default): the
    /// diagnostics alone say it.
    const SETUP_MESSAGES: Option<SetupMessages> = None;

    /// The setup text records keep of a game started from `setup`, when
    /// the game writes its setups in a canonical form (Moving Maze: the
    /// board as GBF, the default board included); `None` (the default):
    /// the file's text as read, empty for the default.
    fn record_setup(rules: &Self::Rules, setup: &Setup) -> Option<String> {
        let _ = (rules, setup);
        None
    }

    /// The game's own plain text program, when its course prescribes one
    /// (Stacked Tic-Tac-Toe's instruction files, Maze Runner's level-file
    /// prompt): what `relic play` runs when nothing else (`gui`, bots,
    /// saves, records) is asked for. `None` (the default): the generic
    /// text session.
    fn exact_text(rules: &Arc<Self::Rules>) -> Option<Box<dyn ExactText>> {
        let _ = rules;
        None
    }

    /// The JSON Schema (draft-07) of this game's ruleset files, choices as
    /// `enum` lists (`config::consts_to_enums`): `relic rules schema GAME`.
    fn json_schema() -> serde_json::Value;
}
