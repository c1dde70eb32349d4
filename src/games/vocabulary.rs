//! The vocabulary (`game = "vocabulary"`, `src/vocab/`) in the registry:
//! its rulesets compile to a [`Program`] and its positions are
//! [`VocabGame`]s. A vocabulary game takes no setup file: the ruleset
//! says how it starts.

use std::path::Path;
use std::sync::Arc;

use super::{GameId, Registered, Setup, SetupFailure};
use crate::bots::GameStrategies;
use crate::rules::RulesetFailure;
use crate::vocab::{Program, VOCAB_BUILTINS, VocabGame, load_vocab, parse_vocab};

/// The vocabulary's entry in the registry.
///
/// ```
/// use relic::games::{Registered, Setup, Vocabulary};
/// use relic::contract::Game;
/// let program = Vocabulary::parse_rules("game = \"vocabulary\"\nextends = \"connect-four\"\n", "c4.toml", None).unwrap();
/// assert_eq!(Vocabulary::start(&program, &Setup::Default).unwrap().legal_actions().len(), 7);
/// assert!(Vocabulary::start(&program, &Setup::file("board.gbf")).is_err());
/// ```
pub struct Vocabulary;

impl Registered for Vocabulary {
    const ID: GameId = GameId::Vocabulary;
    const BUILTINS: &'static [(&'static str, &'static str)] = VOCAB_BUILTINS;
    type Rules = Program;
    type State = VocabGame;

    fn load_rules(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
        load_vocab(path)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<Program>, RulesetFailure> {
        parse_vocab(source, name, base)
    }

    fn start(rules: &Arc<Program>, setup: &Setup) -> Result<VocabGame, SetupFailure> {
        match SetupFailure::no_setup_file(&rules.name, setup) {
            Some(failure) => Err(failure),
            None => Ok(VocabGame::new(rules.clone())),
        }
    }
}

/// The vocabulary's games have no strategies of their own: the generic
/// bots (random, greedy, MCTS) play them.
impl GameStrategies for VocabGame {}
