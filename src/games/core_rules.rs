//! The core rules language (`game = "core"`, `src/lang/`) in the registry:
//! its rulesets compile to a [`Program`] and its positions are
//! [`CoreGame`]s. A core game starts as its ruleset says, from a position
//! file ([`crate::lang::position`]) or from FEN ([`crate::lang::fen`]).

use std::path::Path;
use std::sync::Arc;

use super::{GameId, Registered, Setup, SetupFailure};
use crate::bots::GameStrategies;
use crate::config::RulesetFailure;
use crate::lang::{
    CORE_BUILTINS, CoreGame, CoreResolved, CoreRuleset, Program, core_json_schema,
    load_core_resolved_with, parse_core_resolved_with, position,
};

/// The core language's entry in the registry.
///
/// ```
/// use relic::games::{CoreRules, Registered, Setup};
/// use relic::contract::Game;
/// let rules = CoreRules::parse_rules("game = \"core\"\nextends = \"hex\"\n", "hex.toml", None).unwrap();
/// assert_eq!(CoreRules::start(&rules, &Setup::Default).unwrap().legal_actions().len(), 121);
/// let again = CoreRules::parse_rules(&CoreRules::resolved_toml(&rules), "record", None).unwrap();
/// assert_eq!(again.program, rules.program);
/// ```
pub struct CoreRules;

/// A core ruleset as it resolved after `extends`, and its program.
#[derive(Debug)]
pub struct CoreCompiled {
    /// The resolved ruleset (its `extends` cleared).
    pub ruleset: CoreRuleset,
    /// What the interpreter runs.
    pub program: Arc<Program>,
}

impl CoreCompiled {
    fn new((mut ruleset, program): CoreResolved) -> Arc<CoreCompiled> {
        ruleset.extends = None;
        Arc::new(CoreCompiled { ruleset, program })
    }
}

impl Registered for CoreRules {
    const ID: GameId = GameId::Core;
    const BUILTINS: &'static [(&'static str, &'static str)] = CORE_BUILTINS;
    type Rules = CoreCompiled;
    type State = CoreGame;

    fn load_rules(path: &Path) -> Result<Arc<CoreCompiled>, RulesetFailure> {
        load_core_resolved_with(path, super::core_sources::builtin_core_source)
            .map(CoreCompiled::new)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<CoreCompiled>, RulesetFailure> {
        parse_core_resolved_with(source, name, base, super::core_sources::builtin_core_source)
            .map(CoreCompiled::new)
    }

    fn start(rules: &Arc<CoreCompiled>, setup: &Setup) -> Result<CoreGame, SetupFailure> {
        let program = rules.program.clone();
        let failure = |unreadable| move |report| SetupFailure { report, unreadable };
        match setup {
            Setup::Default => Ok(CoreGame::new(program)),
            Setup::Text { name, text } => {
                position::start_from_setup(program, name, text).map_err(failure(false))
            }
            Setup::File(path) => {
                let text = position::read_setup_file(path).map_err(failure(true))?;
                let name = path.display().to_string();
                position::start_from_setup(program, &name, &text).map_err(failure(false))
            }
        }
    }

    fn name(rules: &CoreCompiled) -> &str {
        &rules.program.name
    }

    fn description(rules: &CoreCompiled) -> &str {
        &rules.program.description
    }

    fn resolved_toml(rules: &CoreCompiled) -> String {
        toml::to_string(&rules.ruleset).expect("core rulesets serialise to TOML")
    }

    fn expanded_toml(rules: &CoreCompiled) -> String {
        crate::lang::expanded_toml(&rules.ruleset, &rules.program)
    }

    fn json_schema() -> serde_json::Value {
        core_json_schema()
    }
}

/// Core games have no strategies of their own: the generic bots (random,
/// greedy, MCTS) play them.
impl GameStrategies for CoreGame {}
