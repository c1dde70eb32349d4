//! The vocabulary (`game = "vocabulary"`, `src/vocab/`) in the registry:
//! its rulesets compile to a [`Program`] and its positions are
//! [`VocabGame`]s. A vocabulary game takes no setup file: the ruleset
//! says how it starts.

use std::path::Path;
use std::sync::Arc;

use super::{ExactText, GameId, Registered, Setup, SetupFailure};
use crate::bots::GameStrategies;
use crate::config::RulesetFailure;
use crate::vocab::schema::VocabRuleset;
use crate::vocab::{
    Program, Resolved, VOCAB_BUILTINS, VocabGame, load_vocab_resolved, parse_vocab_resolved,
};

/// The vocabulary's entry in the registry.
///
/// ```
/// use relic::games::{Registered, Setup, Vocabulary};
/// use relic::contract::Game;
/// let rules = Vocabulary::parse_rules("game = \"vocabulary\"\nextends = \"connect-four\"\n", "c4.toml", None).unwrap();
/// assert_eq!(Vocabulary::start(&rules, &Setup::Default).unwrap().legal_actions().len(), 7);
/// assert!(Vocabulary::start(&rules, &Setup::file("board.gbf")).is_err());
/// let again = Vocabulary::parse_rules(&Vocabulary::resolved_toml(&rules), "record", None).unwrap();
/// assert_eq!(again.program, rules.program);
/// ```
pub struct Vocabulary;

/// A vocabulary ruleset as it resolved after `extends`, and its program.
#[derive(Debug)]
pub struct VocabRules {
    /// The resolved ruleset (its `extends` cleared).
    pub ruleset: VocabRuleset,
    /// What the interpreter runs.
    pub program: Arc<Program>,
}

impl VocabRules {
    fn new((mut ruleset, program): Resolved) -> Arc<VocabRules> {
        ruleset.extends = None;
        Arc::new(VocabRules { ruleset, program })
    }
}

impl Registered for Vocabulary {
    const ID: GameId = GameId::Vocabulary;
    const BUILTINS: &'static [(&'static str, &'static str)] = VOCAB_BUILTINS;
    type Rules = VocabRules;
    type State = VocabGame;

    fn load_rules(path: &Path) -> Result<Arc<VocabRules>, RulesetFailure> {
        load_vocab_resolved(path).map(VocabRules::new)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<VocabRules>, RulesetFailure> {
        parse_vocab_resolved(source, name, base).map(VocabRules::new)
    }

    fn start(rules: &Arc<VocabRules>, setup: &Setup) -> Result<VocabGame, SetupFailure> {
        match SetupFailure::no_setup_file(&rules.program.name, setup) {
            Some(failure) => Err(failure),
            None => Ok(VocabGame::new(rules.program.clone())),
        }
    }

    fn name(rules: &VocabRules) -> &str {
        &rules.program.name
    }

    fn description(rules: &VocabRules) -> &str {
        &rules.program.description
    }

    fn resolved_toml(rules: &VocabRules) -> String {
        toml::to_string(&rules.ruleset).expect("vocabulary rulesets serialise to TOML")
    }

    fn expanded_toml(rules: &VocabRules) -> String {
        let full = super::expanded_vocab(&rules.ruleset, &rules.program);
        toml::to_string(&full).expect("vocabulary rulesets serialise to TOML")
    }

    /// Rulesets with `text = "instructions"` play the course's
    /// instruction files.
    fn exact_text(rules: &Arc<VocabRules>) -> Option<Box<dyn ExactText>> {
        let instructions = rules.program.text == crate::vocab::schema::TextFormat::Instructions;
        let file = super::stacked_tictactoe::InstructionFile(rules.program.clone());
        instructions.then(|| Box::new(file) as Box<dyn ExactText>)
    }

    fn json_schema() -> serde_json::Value {
        crate::vocab::schema::vocab_json_schema()
    }
}

/// The vocabulary's games have no strategies of their own: the generic
/// bots (random, greedy, MCTS) play them.
impl GameStrategies for VocabGame {}
