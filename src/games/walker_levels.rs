//! Level-walking games (`game = "walker-levels"`, `src/walker/journey/`) in
//! the registry: their rulesets compile to a [`Program`], their setup is a
//! level file (`src/games/maze_runner/levels/`), their positions are
//! [`Journey`]s.

use std::path::Path;
use std::sync::Arc;

use super::maze_runner::levels::{
    LevelFileFailure, check_level_text, no_level_file, read_level_file,
};
use super::maze_runner::play::LevelPrompt;
use super::maze_runner::{level_syntax, new_game};
use super::{ExactText, GameId, Registered, Setup, SetupFailure};
use crate::config::RulesetFailure;
use crate::walker::journey::{JOURNEY_BUILTINS, Journey, Program, load_journey, parse_journey};

/// Level-walking games' entry in the registry.
///
/// ```
/// use relic::games::{Registered, Setup, WalkerLevels};
/// use relic::contract::Game;
/// let source = relic::walker::journey::journey_builtin_source("maze-runner").unwrap();
/// let program = WalkerLevels::parse_rules(source, "maze-runner", None).unwrap();
/// let level = Setup::Text { name: "l.txt".into(), text: "Maze 1 - 1 3\nP D\n".into() };
/// assert_eq!(WalkerLevels::start(&program, &level).unwrap().legal_actions().len(), 1);
/// // Without a level file: the ruleset's default levels.
/// assert!(WalkerLevels::start(&program, &Setup::Default).is_ok());
/// ```
pub struct WalkerLevels;

impl Registered for WalkerLevels {
    const ID: GameId = GameId::WalkerLevels;
    const BUILTINS: &'static [(&'static str, &'static str)] = JOURNEY_BUILTINS;
    type Rules = Program;
    type State = Journey;

    fn load_rules(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
        load_journey(path)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<Program>, RulesetFailure> {
        parse_journey(source, name, base)
    }

    fn start(rules: &Arc<Program>, setup: &Setup) -> Result<Journey, SetupFailure> {
        let syntax = level_syntax(rules);
        let read = match setup {
            Setup::Default => match &rules.default_levels {
                Some(text) => {
                    let name = format!("{} (default levels)", rules.name);
                    check_level_text(&name, text.clone(), &syntax)
                }
                None => Err(no_level_file(&rules.name)),
            },
            Setup::File(path) => read_level_file(path, &syntax),
            Setup::Text { name, text } => check_level_text(name, text.clone(), &syntax),
        };
        match read {
            Ok((file, _warnings)) => Ok(new_game(rules.clone(), &file)),
            Err(LevelFileFailure { report, unreadable }) => {
                Err(SetupFailure { report, unreadable })
            }
        }
    }

    fn name(rules: &Program) -> &str {
        &rules.name
    }

    fn description(rules: &Program) -> &str {
        &rules.description
    }

    fn resolved_toml(rules: &Program) -> String {
        toml::to_string(&rules.resolved).expect("level-walking rulesets serialise to TOML")
    }

    /// The level file is named or asked for, then played line by line.
    fn exact_text(rules: &Arc<Program>) -> Option<Box<dyn ExactText>> {
        Some(Box::new(LevelPrompt(rules.clone())))
    }

    fn json_schema() -> serde_json::Value {
        crate::walker::journey::schema::journey_json_schema()
    }
}
