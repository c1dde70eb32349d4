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
    let (document, _) = toml::de::DeTable::parse_recoverable(source);
    let keys: Vec<(&str, std::ops::Range<usize>)> = (document.get_ref().iter())
        .map(|(key, _)| (key.get_ref().as_ref(), key.span()))
        .collect();
    if keys
        .iter()
        .any(|(key, _)| matches!(*key, "game" | "extends"))
    {
        return None;
    }
    let known = |id: GameId, key: &str| json_schema_of(id)["properties"].get(key).is_some();
    let unknown: Vec<&(&str, std::ops::Range<usize>)> = keys
        .iter()
        .filter(|(key, _)| !known(GameId::MovingMaze, key))
        .collect();
    // The game that knows most of them; on a tie the first in `ALL`.
    let (_, _, game) = (GameId::ALL.iter().enumerate().skip(1))
        .map(|(i, &id)| {
            (
                unknown.iter().filter(|(key, _)| known(id, key)).count(),
                i,
                id,
            )
        })
        .filter(|(count, _, _)| *count > 0)
        .max_by_key(|(count, i, _)| (*count, std::cmp::Reverse(*i)))?;
    let first = unknown.iter().find(|(key, _)| known(game, key))?;
    let theirs: Vec<String> = (unknown.iter())
        .filter(|(key, _)| known(game, key))
        .map(|(key, _)| format!("`{key}`"))
        .collect();
    Some(MissingGame {
        game: game.name(),
        at: (first.1.start, first.1.len()).into(),
        help: format!(
            "add `game = \"{}\"` at the top: {} {} keys of `{}` rulesets",
            game.name(),
            crate::prose::listed(&theirs),
            if theirs.len() == 1 {
                "is one of the"
            } else {
                "are"
            },
            game.name()
        ),
    })
}
