//! A ruleset without a `game` key is read as Moving Maze's; when it fails
//! there and its top-level keys are another game's, the first problem
//! reported says so (`rules::game::missing`), instead of leaving the
//! author with Moving Maze's complaints about keys it does not know.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::GameId;
use super::registry::json_schema_of;
use crate::config::RulesetFailure;

/// A file without a `game` key whose keys are another game's.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("this file has no `game` key, so it is read as a Moving Maze ruleset")]
#[diagnostic(code(rules::game::missing), help("{help}"))]
pub struct MissingGame {
    /// The game whose keys the file has.
    pub game: &'static str,
    /// The first key Moving Maze does not know.
    #[label("a key of `{game}` rulesets")]
    pub at: SourceSpan,
    /// What to add.
    pub help: String,
}

/// `failure` of ruleset `source` (loaded as `name`) with the problem of a
/// missing `game` key first, when the file has neither `game` nor
/// `extends` and its keys Moving Maze does not know are another game's.
pub(super) fn with_game_hint(
    mut failure: RulesetFailure,
    name: &str,
    source: &str,
) -> RulesetFailure {
    let Some(hint) = missing_game(source) else {
        return failure;
    };
    if let Some(report) = failure.reports.iter_mut().find(|r| r.path == name) {
        report.problems.insert(0, Box::new(hint));
    }
    failure
}

/// The problem of `source` having another game's keys and no `game` key.
fn missing_game(source: &str) -> Option<MissingGame> {
    let keys = top_keys(source)?;
    let schemas = Schemas::new();
    let unknown: Vec<&Key> = (keys.iter())
        .filter(|(key, _)| !schemas.knows(GameId::MovingMaze, key))
        .collect();
    // The game that knows most of them; on a tie the first in `ALL`.
    let (_, _, game) = (GameId::ALL.iter().enumerate().skip(1))
        .map(|(i, &id)| {
            (
                unknown
                    .iter()
                    .filter(|(key, _)| schemas.knows(id, key))
                    .count(),
                i,
                id,
            )
        })
        .filter(|(count, _, _)| *count > 0)
        .max_by_key(|(count, i, _)| (*count, std::cmp::Reverse(*i)))?;
    let theirs: Vec<&&Key> = unknown
        .iter()
        .filter(|(key, _)| schemas.knows(game, key))
        .collect();
    let names: Vec<String> = theirs.iter().map(|(key, _)| format!("`{key}`")).collect();
    let verb = if names.len() == 1 {
        "is one of the"
    } else {
        "are"
    };
    let at = &theirs.first()?.1;
    Some(MissingGame {
        game: game.name(),
        at: (at.start, at.len()).into(),
        help: format!(
            "add `game = \"{}\"` at the top: {} {verb} keys of `{}` rulesets",
            game.name(),
            crate::prose::listed(&names),
            game.name()
        ),
    })
}

/// A top-level key and where it is written.
type Key = (String, std::ops::Range<usize>);

/// The top-level keys of `source`; `None` when it has `game` or
/// `extends` (its game is then said, or the extended ruleset's).
fn top_keys(source: &str) -> Option<Vec<Key>> {
    let (document, _) = toml::de::DeTable::parse_recoverable(source);
    let keys: Vec<Key> = (document.get_ref().iter())
        .map(|(key, _)| (key.get_ref().to_string(), key.span()))
        .collect();
    let said = keys
        .iter()
        .any(|(key, _)| matches!(key.as_str(), "game" | "extends"));
    (!said).then_some(keys)
}

/// Each game's top-level keys, from its JSON Schema, in the order of
/// [`GameId::ALL`].
struct Schemas(Vec<serde_json::Value>);

impl Schemas {
    fn new() -> Schemas {
        Schemas(
            GameId::ALL
                .iter()
                .map(|&id| json_schema_of(id)["properties"].clone())
                .collect(),
        )
    }

    fn knows(&self, id: GameId, key: &str) -> bool {
        let i = GameId::ALL.iter().position(|&g| g == id).unwrap_or(0);
        self.0[i].get(key).is_some()
    }
}
