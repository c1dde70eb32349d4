//! Walker games (`game = "walker-physics"`, `src/walker/`) in the registry:
//! one actor walking, digging and pushing through a grid of kinds whose
//! cells obey rewrite-pattern physics. Their rulesets compile to a
//! [`Program`], their setup is a board text (`src/games/boulder_dash/`),
//! their positions are [`Cave`]s.

use std::path::Path;
use std::sync::Arc;

use super::boulder_dash::{Cave, read_board, setup_text};
use super::{GameId, Registered, Setup, SetupFailure};
use crate::config::RulesetFailure;
use crate::diagnostics::FileReport;
use crate::walker::{Program, WALKER_BUILTINS, Walker, load_walker, parse_walker};

/// Walker games' entry in the registry: rulesets compiled by the walker
/// interpreter, a board text as the setup; Boulder Dash is one.
pub struct WalkerPhysics;

impl Registered for WalkerPhysics {
    const ID: GameId = GameId::WalkerPhysics;
    const BUILTINS: &'static [(&'static str, &'static str)] = WALKER_BUILTINS;
    type Rules = Program;
    type State = Cave;

    fn load_rules(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
        load_walker(path)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<Program>, RulesetFailure> {
        parse_walker(source, name, base)
    }

    fn start(rules: &Arc<Program>, setup: &Setup) -> Result<Cave, SetupFailure> {
        let (name, text) = setup_text(setup)?;
        let problems: Vec<Box<dyn miette::Diagnostic + Send + Sync>> =
            match read_board(rules, &text) {
                Ok(grid) => match Walker::new(rules.clone(), grid) {
                    Some(cave) => return Ok(cave),
                    None => unreachable!("read_board checks there is exactly one actor"),
                },
                Err(problems) => problems.into_iter().map(|p| Box::new(p) as _).collect(),
            };
        Err(SetupFailure {
            report: FileReport {
                path: name,
                source: text,
                problems,
            },
            unreadable: false,
        })
    }

    fn name(rules: &Program) -> &str {
        &rules.name
    }

    fn description(rules: &Program) -> &str {
        &rules.description
    }

    fn resolved_toml(rules: &Program) -> String {
        toml::to_string(&rules.resolved).expect("walker rulesets serialise to TOML")
    }

    fn json_schema() -> serde_json::Value {
        crate::walker::walker_json_schema()
    }
}
