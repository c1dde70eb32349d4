//! A game on the core interpreter from its setup ([`GameRules::in_core_on`]):
//! the walker families and Moving Maze are written in the core for one
//! setup (a cave, a level file, a board), so their core form is a ruleset
//! whose board is that setup.

use std::sync::Arc;

use super::core_rules::CoreCompiled;
use super::escape::Escape;
use super::moving_maze::MovingMaze;
use super::{GameRules, Registered, Setup, SetupFailure, WalkerLevels, WalkerPhysics};

/// Why a game cannot run on the core interpreter from a setup.
#[derive(Debug)]
pub enum CoreFormFailure {
    /// The setup does not read as the game reads it.
    Setup(SetupFailure),
    /// The rules (or this setup) have no core form: why.
    NoCoreForm(String),
}

impl GameRules {
    /// The same game on the core interpreter, and the setup to start it
    /// from: a vocabulary or core ruleset as [`GameRules::in_core`] with
    /// `setup` unchanged; a walker-physics game written in the core for
    /// the cave `setup` reads as, a level-walking game for its levels
    /// (`relic::walker::lower::walker_core`,
    /// `relic::walker::journey::journey_core`), each then started from
    /// its core form's own board ([`Setup::Default`]).
    ///
    /// ```
    /// use relic::games::{GameId, Setup, builtin_game_rules};
    /// let maze_runner = builtin_game_rules("maze-runner").unwrap().unwrap();
    /// let (core, setup) = maze_runner.in_core_on(&Setup::Default).unwrap();
    /// assert_eq!((core.id(), setup), (GameId::Core, Setup::Default));
    /// ```
    pub fn in_core_on(&self, setup: &Setup) -> Result<(GameRules, Setup), CoreFormFailure> {
        let Some(toml) = self.core_toml_on(setup)? else {
            let core = self.in_core().map_err(CoreFormFailure::NoCoreForm)?;
            return Ok((core, setup.clone()));
        };
        let name = format!("{} (core form)", self.name());
        let (ruleset, program) = crate::lang::parse_core_resolved(&toml, &name, None)
            .map_err(|failure| CoreFormFailure::NoCoreForm(failure.render(80)))?;
        let core = GameRules::Core(Arc::new(CoreCompiled { ruleset, program }));
        Ok((core, Setup::Default))
    }

    /// The core ruleset (TOML) a walker game is written as for `setup`
    /// (what `relic rules show --expanded --setup` prints); `None` for a
    /// game whose core form does not depend on its setup.
    pub fn core_toml_on(&self, setup: &Setup) -> Result<Option<String>, CoreFormFailure> {
        match self {
            GameRules::WalkerPhysics(rules) => {
                let cave = WalkerPhysics::start(rules, setup).map_err(CoreFormFailure::Setup)?;
                Ok(Some(crate::walker::lower::walker_core(rules, cave.grid())))
            }
            GameRules::WalkerLevels(rules) => {
                let walk = WalkerLevels::start(rules, setup).map_err(CoreFormFailure::Setup)?;
                crate::walker::journey::journey_core(rules, walk.levels())
                    .map(Some)
                    .map_err(|too_large| CoreFormFailure::NoCoreForm(too_large.to_string()))
            }
            GameRules::MovingMaze(rules) => {
                let game = MovingMaze::start(rules, setup).map_err(CoreFormFailure::Setup)?;
                crate::games::moving_maze::core_form::maze_core(&game)
                    .map(Some)
                    .map_err(|no| CoreFormFailure::NoCoreForm(no.to_string()))
            }
            GameRules::Escape(rules) => {
                let game = Escape::start(rules, setup).map_err(CoreFormFailure::Setup)?;
                let titles = (rules.name.as_str(), rules.description.as_str());
                crate::games::escape::core_form::escape_core_titled(&game, titles)
                    .map(Some)
                    .map_err(|no| CoreFormFailure::NoCoreForm(no.to_string()))
            }
            _ => Ok(None),
        }
    }
}
