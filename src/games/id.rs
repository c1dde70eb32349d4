//! [`GameId`], the names of the games relic knows: the one list a new
//! game's name is added to. It depends on nothing else in the crate, so
//! every ruleset schema can name it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The game a ruleset is for: its top-level `game` key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    /// Moving Maze: slide tiles into a shifting maze, collect relics,
    /// return home. Its setup is a board file (GBF).
    #[default]
    MovingMaze,
    /// A game written in the shared vocabulary of grid-game mechanics
    /// (`src/vocab/`, `rulesets/README.md`): the ruleset is the whole game.
    Vocabulary,
    /// One actor walking, digging and pushing through a grid of kinds whose
    /// cells obey rewrite-pattern physics (`src/walker/`); Boulder Dash is
    /// one. Its setup is a board text.
    WalkerPhysics,
    /// One actor walking through a sequence of levels read from a level
    /// file, with stats, items and cells that change state
    /// (`src/walker/journey/`); Maze Runner is one. Its setup is a level
    /// file.
    WalkerLevels,
    /// Escape: move pieces onto exits to score. Its setup is a game
    /// configuration file (`.egc`).
    Escape,
    /// A game written in the core rules language (`src/lang/`,
    /// rulesets/README.md, "The core language"): a board, pieces and the
    /// rules as a regular expression; the ruleset is the whole game.
    Core,
}

impl GameId {
    /// Every game relic knows, in the order help texts list them.
    pub const ALL: [GameId; 6] = [
        GameId::MovingMaze,
        GameId::Vocabulary,
        GameId::Core,
        GameId::WalkerLevels,
        GameId::WalkerPhysics,
        GameId::Escape,
    ];

    /// The name the ruleset's `game` key uses.
    ///
    /// ```
    /// assert_eq!(relic::games::GameId::MovingMaze.name(), "moving-maze");
    /// assert_eq!(relic::games::GameId::Vocabulary.name(), "vocabulary");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            GameId::MovingMaze => "moving-maze",
            GameId::Vocabulary => "vocabulary",
            GameId::WalkerPhysics => "walker-physics",
            GameId::Escape => "escape",
            GameId::WalkerLevels => "walker-levels",
            GameId::Core => "core",
        }
    }

    /// What the game's setup is called in messages about it, such as a
    /// record's diagnostics: Moving Maze's is a `board` (GBF); every other
    /// game's a `setup`.
    ///
    /// ```
    /// assert_eq!(relic::games::GameId::MovingMaze.setup_noun(), "board");
    /// assert_eq!(relic::games::GameId::Escape.setup_noun(), "setup");
    /// ```
    pub fn setup_noun(self) -> &'static str {
        match self {
            GameId::MovingMaze => "board",
            _ => "setup",
        }
    }

    /// The game whose `game` key value is `name`.
    ///
    /// ```
    /// use relic::games::GameId;
    /// assert_eq!(GameId::from_name("vocabulary"), Some(GameId::Vocabulary));
    /// assert_eq!(GameId::from_name("chess"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|id| id.name() == name)
    }
}
