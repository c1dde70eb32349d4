//! Escape in the registry: its rulesets ([`ruleset`](super::ruleset))
//! compile to [`EscapeRules`], and a setup is a configuration file
//! (`boards/escape.egc` by default).

use std::path::Path;
use std::sync::Arc;

use super::config::{read_config_bytes, read_config_file};
use super::ruleset::{ESCAPE_BUILTINS, EscapeRules, load_escape, parse_escape, resolved_escape};
use super::state::EscapeGame;
use crate::config::RulesetFailure;
use crate::games::{GameId, Registered, Setup, SetupFailure};

/// The configuration played when none is given (`boards/escape.egc`).
pub const DEFAULT_CONFIGURATION: &str = include_str!("../../../boards/escape.egc");

/// Escape's entry in the registry.
///
/// ```
/// use relic::games::{Registered, Setup};
/// use relic::games::escape::Escape;
/// use relic::contract::Game;
/// let rules = Escape::parse_rules("game = \"escape\"\n", "e.toml", None).unwrap();
/// let setup = Setup::Text {
///     name: "g.egc".into(),
///     text: "Coordinate type : SQUARE xMax : 3 yMax : 3
///            Locations : (1, 1) player1 dog (3, 3) player2 dog
///            Piece descriptors : DOG omni [distance 1]".into(),
/// };
/// assert_eq!(Escape::start(&rules, &setup).unwrap().legal_actions().len(), 3);
/// assert_eq!(Escape::start(&rules, &Setup::Default).unwrap().seat_count(), 2);
/// ```
pub struct Escape;

impl Registered for Escape {
    const ID: GameId = GameId::Escape;
    const BUILTINS: &'static [(&'static str, &'static str)] = ESCAPE_BUILTINS;
    type Rules = EscapeRules;
    type State = EscapeGame;

    fn load_rules(path: &Path) -> Result<Arc<EscapeRules>, RulesetFailure> {
        load_escape(path)
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<EscapeRules>, RulesetFailure> {
        parse_escape(source, name, base)
    }

    fn start(rules: &Arc<EscapeRules>, setup: &Setup) -> Result<EscapeGame, SetupFailure> {
        let config = match setup {
            Setup::Default => read_config_bytes(
                "escape.egc (built-in)",
                DEFAULT_CONFIGURATION.as_bytes().to_vec(),
            )?,
            Setup::File(path) => read_config_file(path)?,
            Setup::Text { name, text } => read_config_bytes(name, text.as_bytes().to_vec())?,
        };
        Ok(EscapeGame::new(config, rules.variant).with_colours(&rules.colours))
    }

    fn name(rules: &EscapeRules) -> &str {
        &rules.name
    }

    fn description(rules: &EscapeRules) -> &str {
        &rules.description
    }

    fn resolved_toml(rules: &EscapeRules) -> String {
        resolved_escape(rules)
    }

    fn json_schema() -> serde_json::Value {
        super::ruleset::escape_json_schema()
    }
}

/// No strategies of its own: the generic bots play it.
impl crate::bots::GameStrategies for EscapeGame {}
