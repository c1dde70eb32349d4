//! The list of games: the one file a new game is added to (see
//! ARCHITECTURE.md, "How to add a game"). Each game appears once in
//! [`GameRules`] and once in each `match` below; the compiler points at
//! every arm a new [`GameId`] still lacks.

use std::path::Path;
use std::sync::Arc;

use super::core_rules::CoreRules;
use super::escape::Escape;
use super::moving_maze::MovingMaze;
use super::{
    ExactText, GameId, GameTypeVisitor, GameVisitor, Registered, Setup, SetupFailure,
    SetupMessages, Vocabulary, WalkerLevels, WalkerPhysics,
};
use crate::config::RulesetFailure;

/// A checked ruleset, compiled by the game its `game` key names: what
/// [`with_game`] starts a game from.
#[derive(Clone, Debug)]
pub enum GameRules {
    /// Moving Maze's rules.
    MovingMaze(Arc<<MovingMaze as Registered>::Rules>),
    /// A vocabulary game's resolved ruleset and compiled program.
    Vocabulary(Arc<<Vocabulary as Registered>::Rules>),
    /// A walker game's compiled program (Boulder Dash is one).
    WalkerPhysics(Arc<<WalkerPhysics as Registered>::Rules>),
    /// Escape's rules (the readings; the configuration is the setup).
    Escape(Arc<<Escape as Registered>::Rules>),
    /// A level-walking game's compiled program.
    WalkerLevels(Arc<<WalkerLevels as Registered>::Rules>),
    /// A core-language game's resolved ruleset and compiled program.
    Core(Arc<<CoreRules as Registered>::Rules>),
}

impl GameRules {
    /// The game these rules are for.
    pub fn id(&self) -> GameId {
        match self {
            GameRules::MovingMaze(_) => GameId::MovingMaze,
            GameRules::Vocabulary(_) => GameId::Vocabulary,
            GameRules::WalkerPhysics(_) => GameId::WalkerPhysics,
            GameRules::Escape(_) => GameId::Escape,
            GameRules::WalkerLevels(_) => GameId::WalkerLevels,
            GameRules::Core(_) => GameId::Core,
        }
    }

    /// The ruleset's display name (its `name` key).
    pub fn name(&self) -> &str {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::name(rules),
            GameRules::Vocabulary(rules) => Vocabulary::name(rules),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::name(rules),
            GameRules::Escape(rules) => Escape::name(rules),
            GameRules::WalkerLevels(rules) => WalkerLevels::name(rules),
            GameRules::Core(rules) => CoreRules::name(rules),
        }
    }

    /// The ruleset's description (its `description` key).
    pub fn description(&self) -> &str {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::description(rules),
            GameRules::Vocabulary(rules) => Vocabulary::description(rules),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::description(rules),
            GameRules::Escape(rules) => Escape::description(rules),
            GameRules::WalkerLevels(rules) => WalkerLevels::description(rules),
            GameRules::Core(rules) => CoreRules::description(rules),
        }
    }

    /// The ruleset as it resolves after `extends`, as TOML (what records
    /// store and `relic rules show` prints).
    pub fn resolved_toml(&self) -> String {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::resolved_toml(rules),
            GameRules::Vocabulary(rules) => Vocabulary::resolved_toml(rules),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::resolved_toml(rules),
            GameRules::Escape(rules) => Escape::resolved_toml(rules),
            GameRules::WalkerLevels(rules) => WalkerLevels::resolved_toml(rules),
            GameRules::Core(rules) => CoreRules::resolved_toml(rules),
        }
    }

    /// The core form of the rules (`relic rules show --expanded`): a core
    /// ruleset's expanded form, and a vocabulary ruleset lowered into the
    /// core ([`crate::vocab::lower`]) and expanded; it reads back as a
    /// core ruleset that plays the same game. `Err`: why not (a game
    /// outside the two, or the vocabulary mechanics that do not lower).
    ///
    /// ```
    /// let rules = relic::games::builtin_game_rules("tic-tac-toe").unwrap().unwrap();
    /// assert!(rules.core_toml().unwrap().contains("game = \"core\""));
    /// let gobblet = relic::games::builtin_game_rules("gobblet-gobblers").unwrap().unwrap();
    /// assert!(gobblet.core_toml().unwrap().contains("[push large]"));
    /// let stacked = relic::games::builtin_game_rules("stacked-tic-tac-toe").unwrap().unwrap();
    /// assert!(stacked.core_toml().unwrap().contains("[become grey_large_1]"));
    /// let maze = relic::games::builtin_game_rules("moving-maze").unwrap().unwrap();
    /// assert!(maze.core_toml().is_err());
    /// ```
    pub fn core_toml(&self) -> Result<String, String> {
        match self {
            GameRules::Core(_) | GameRules::Vocabulary(_) => {
                Ok(CoreRules::expanded_toml(&*self.core_compiled()?))
            }
            GameRules::WalkerPhysics(_) => Err(
                "a walker-physics game is written in the core for a cave: add `--setup CAVE`"
                    .to_owned(),
            ),
            GameRules::WalkerLevels(_) => Err(
                "a level-walking game is written in the core for a level file: add `--setup LEVELS`"
                    .to_owned(),
            ),
            _ => Err(format!("{} rules have no core form", self.id().name())),
        }
    }

    /// The same game on the core interpreter: a vocabulary ruleset lowered
    /// into the core ([`crate::vocab::lower`]), a core ruleset as it is;
    /// `Err`: why not (`--core` of `relic perft` and `relic sim`).
    ///
    /// ```
    /// use relic::games::{GameId, builtin_game_rules};
    /// let gobblet = builtin_game_rules("gobblet-gobblers").unwrap().unwrap();
    /// assert_eq!(gobblet.in_core().unwrap().id(), GameId::Core);
    /// let maze = builtin_game_rules("moving-maze").unwrap().unwrap();
    /// assert!(maze.in_core().is_err());
    /// ```
    pub fn in_core(&self) -> Result<GameRules, String> {
        self.core_compiled().map(GameRules::Core)
    }

    /// The compiled core form of [`GameRules::in_core`].
    fn core_compiled(&self) -> Result<Arc<super::core_rules::CoreCompiled>, String> {
        match self {
            GameRules::Core(rules) => Ok(Arc::clone(rules)),
            GameRules::Vocabulary(rules) => {
                let (program, ruleset) =
                    crate::vocab::lower::lower_compiled(&rules.ruleset, &rules.program)
                        .map_err(|why| why.to_string())?;
                let core = super::core_rules::CoreCompiled { ruleset, program };
                Ok(Arc::new(core))
            }
            _ => Err(format!(
                "{} rules are not written in the core language yet",
                self.id().name()
            )),
        }
    }

    /// The resolved ruleset with every default written out (`relic rules
    /// show --expanded`); it reads back to the same rules.
    ///
    /// ```
    /// let rules = relic::games::builtin_game_rules("tic-tac-toe").unwrap().unwrap();
    /// assert!(!rules.resolved_toml().contains("forward"));
    /// assert!(rules.expanded_toml().contains("forward = \"south\""));
    /// ```
    pub fn expanded_toml(&self) -> String {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::expanded_toml(rules),
            GameRules::Vocabulary(rules) => Vocabulary::expanded_toml(rules),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::expanded_toml(rules),
            GameRules::Escape(rules) => Escape::expanded_toml(rules),
            GameRules::WalkerLevels(rules) => WalkerLevels::expanded_toml(rules),
            GameRules::Core(rules) => CoreRules::expanded_toml(rules),
        }
    }
}

impl GameRules {
    /// The messages the game's course prescribes for a setup file that
    /// cannot be used ([`Registered::SETUP_MESSAGES`]).
    ///
    /// ```
    /// use relic::games::builtin_game_rules;
    /// let maze = builtin_game_rules("moving-maze").unwrap().unwrap();
    /// assert!(maze.setup_messages().is_some());
    /// let four = builtin_game_rules("connect-four").unwrap().unwrap();
    /// assert!(four.setup_messages().is_none());
    /// ```
    pub fn setup_messages(&self) -> Option<SetupMessages> {
        match self {
            GameRules::MovingMaze(_) => MovingMaze::SETUP_MESSAGES,
            GameRules::Vocabulary(_) => Vocabulary::SETUP_MESSAGES,
            GameRules::WalkerPhysics(_) => WalkerPhysics::SETUP_MESSAGES,
            GameRules::Escape(_) => Escape::SETUP_MESSAGES,
            GameRules::WalkerLevels(_) => WalkerLevels::SETUP_MESSAGES,
            GameRules::Core(_) => CoreRules::SETUP_MESSAGES,
        }
    }

    /// The setup text records keep of a game started from `setup`
    /// ([`Registered::record_setup`]).
    pub fn record_setup(&self, setup: &Setup) -> Option<String> {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::record_setup(rules, setup),
            GameRules::Vocabulary(rules) => Vocabulary::record_setup(rules, setup),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::record_setup(rules, setup),
            GameRules::Escape(rules) => Escape::record_setup(rules, setup),
            GameRules::WalkerLevels(rules) => WalkerLevels::record_setup(rules, setup),
            GameRules::Core(rules) => CoreRules::record_setup(rules, setup),
        }
    }

    /// The game's own plain text program, if it has one
    /// ([`Registered::exact_text`]).
    ///
    /// ```
    /// use relic::games::builtin_game_rules;
    /// let maze = builtin_game_rules("maze-runner").unwrap().unwrap();
    /// assert!(maze.exact_text().is_some());
    /// let four = builtin_game_rules("connect-four").unwrap().unwrap();
    /// assert!(four.exact_text().is_none());
    /// ```
    pub fn exact_text(&self) -> Option<Box<dyn ExactText>> {
        match self {
            GameRules::MovingMaze(rules) => MovingMaze::exact_text(rules),
            GameRules::Vocabulary(rules) => Vocabulary::exact_text(rules),
            GameRules::WalkerPhysics(rules) => WalkerPhysics::exact_text(rules),
            GameRules::Escape(rules) => Escape::exact_text(rules),
            GameRules::WalkerLevels(rules) => WalkerLevels::exact_text(rules),
            GameRules::Core(rules) => CoreRules::exact_text(rules),
        }
    }
}

/// What `relic verify` reads as the moves file of a game: its actions in
/// its notation, or a file format of its course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesFile {
    /// The game's actions in its one notation (one per token or line, as
    /// text mode reads them).
    Notation,
    /// A Stacked Tic-Tac-Toe instruction file (`text = "instructions"`).
    Instructions,
    /// A Boulder Dash game file (`COUNT W,H`, then the moves).
    GameFile,
}

impl GameRules {
    /// What `relic verify` reads as this game's moves file.
    ///
    /// ```
    /// use relic::games::{MovesFile, builtin_game_rules};
    /// let rules = builtin_game_rules("connect-four").unwrap().unwrap();
    /// assert_eq!(rules.moves_file(), MovesFile::Notation);
    /// ```
    pub fn moves_file(&self) -> MovesFile {
        match self {
            GameRules::Vocabulary(rules)
                if rules.program.text == crate::vocab::schema::TextFormat::Instructions =>
            {
                MovesFile::Instructions
            }
            GameRules::WalkerPhysics(_) => MovesFile::GameFile,
            _ => MovesFile::Notation,
        }
    }
}

impl From<Arc<crate::games::moving_maze::rules::Rules>> for GameRules {
    fn from(rules: Arc<crate::games::moving_maze::rules::Rules>) -> GameRules {
        GameRules::MovingMaze(rules)
    }
}

/// Loads the game `rules` names from `setup` and runs `visitor` on its
/// initial position; a setup that cannot be used is reported with every
/// problem found.
pub fn with_game<V: GameVisitor>(
    rules: &GameRules,
    setup: &Setup,
    visitor: V,
) -> Result<V::Output, SetupFailure> {
    match rules {
        GameRules::MovingMaze(rules) => Ok(visitor.visit(MovingMaze::start(rules, setup)?)),
        GameRules::Vocabulary(rules) => Ok(visitor.visit(Vocabulary::start(rules, setup)?)),
        GameRules::WalkerPhysics(rules) => Ok(visitor.visit(WalkerPhysics::start(rules, setup)?)),
        GameRules::Escape(rules) => Ok(visitor.visit(Escape::start(rules, setup)?)),
        GameRules::WalkerLevels(rules) => Ok(visitor.visit(WalkerLevels::start(rules, setup)?)),
        GameRules::Core(rules) => Ok(visitor.visit(CoreRules::start(rules, setup)?)),
    }
}

/// Runs `visitor` on the type of game `id`, without a position.
pub fn with_game_type<V: GameTypeVisitor>(id: GameId, visitor: V) -> V::Output {
    match id {
        GameId::MovingMaze => visitor.visit::<<MovingMaze as Registered>::State>(),
        GameId::Vocabulary => visitor.visit::<<Vocabulary as Registered>::State>(),
        GameId::WalkerPhysics => visitor.visit::<<WalkerPhysics as Registered>::State>(),
        GameId::Escape => visitor.visit::<<Escape as Registered>::State>(),
        GameId::WalkerLevels => visitor.visit::<<WalkerLevels as Registered>::State>(),
        GameId::Core => visitor.visit::<<CoreRules as Registered>::State>(),
    }
}

/// The built-in rulesets of game `id`.
pub(super) fn builtins_of(id: GameId) -> &'static [(&'static str, &'static str)] {
    match id {
        GameId::MovingMaze => MovingMaze::BUILTINS,
        GameId::Vocabulary => Vocabulary::BUILTINS,
        GameId::WalkerPhysics => WalkerPhysics::BUILTINS,
        GameId::Escape => Escape::BUILTINS,
        GameId::WalkerLevels => WalkerLevels::BUILTINS,
        GameId::Core => CoreRules::BUILTINS,
    }
}

/// The JSON Schema of game `id`'s ruleset files.
///
/// ```
/// use relic::games::{GameId, json_schema_of};
/// let schema = json_schema_of(GameId::Vocabulary);
/// assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
/// ```
pub fn json_schema_of(id: GameId) -> serde_json::Value {
    match id {
        GameId::MovingMaze => MovingMaze::json_schema(),
        GameId::Vocabulary => Vocabulary::json_schema(),
        GameId::WalkerPhysics => WalkerPhysics::json_schema(),
        GameId::Escape => Escape::json_schema(),
        GameId::WalkerLevels => WalkerLevels::json_schema(),
        GameId::Core => CoreRules::json_schema(),
    }
}

/// Game `id`'s loader on the file at `path`.
pub(super) fn load_as(id: GameId, path: &Path) -> Result<GameRules, RulesetFailure> {
    match id {
        GameId::MovingMaze => MovingMaze::load_rules(path).map(GameRules::MovingMaze),
        GameId::Vocabulary => Vocabulary::load_rules(path).map(GameRules::Vocabulary),
        GameId::WalkerPhysics => WalkerPhysics::load_rules(path).map(GameRules::WalkerPhysics),
        GameId::Escape => Escape::load_rules(path).map(GameRules::Escape),
        GameId::WalkerLevels => WalkerLevels::load_rules(path).map(GameRules::WalkerLevels),
        GameId::Core => CoreRules::load_rules(path).map(GameRules::Core),
    }
}

/// Game `id`'s loader on TOML text.
pub(super) fn parse_as(
    id: GameId,
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<GameRules, RulesetFailure> {
    match id {
        GameId::MovingMaze => {
            MovingMaze::parse_rules(source, name, base).map(GameRules::MovingMaze)
        }
        GameId::Vocabulary => {
            Vocabulary::parse_rules(source, name, base).map(GameRules::Vocabulary)
        }
        GameId::WalkerPhysics => {
            WalkerPhysics::parse_rules(source, name, base).map(GameRules::WalkerPhysics)
        }
        GameId::Escape => Escape::parse_rules(source, name, base).map(GameRules::Escape),
        GameId::WalkerLevels => {
            WalkerLevels::parse_rules(source, name, base).map(GameRules::WalkerLevels)
        }
        GameId::Core => CoreRules::parse_rules(source, name, base).map(GameRules::Core),
    }
}
