//! Names and descriptions that text mode prints must hold no control
//! characters: a ruleset (or the ruleset inside a game record) could
//! otherwise retitle the terminal or clear the screen with escape codes.

use super::schema::Ruleset;
use crate::config::tree::Origin;
use crate::config::validate::source_span;
use crate::config::{Problem, RulesetError};

/// Reports each name, initial and description of `ruleset` that holds a
/// control character; `at` says where the value at a key path was written.
/// Descriptions may hold line ends and tabs.
pub(super) fn check_control_characters(
    ruleset: &Ruleset,
    at: impl Fn(&[&str]) -> Origin,
    out: &mut Vec<Problem>,
) {
    let mut check = |key: String, path: &[&str], text: &str, allowed: &[char]| {
        let Some(bad) = text
            .chars()
            .find(|c| c.is_control() && !allowed.contains(c))
        else {
            return;
        };
        let origin = at(path);
        let error = RulesetError::ControlCharacter {
            key,
            character: format!("U+{:04X}", u32::from(bad)),
            span: source_span(origin),
        };
        out.push((origin.file, Box::new(error)));
    };
    check("name".into(), &["name"], &ruleset.name, &[]);
    let description = &ruleset.description;
    check(
        "description".into(),
        &["description"],
        description,
        &['\n', '\t'],
    );
    for (i, player) in ruleset.players.iter().enumerate() {
        let index = i.to_string();
        let fields = [
            ("name", player.name.clone()),
            ("colour", player.colour.clone()),
            ("initial", player.initial.to_string()),
        ];
        for (field, text) in fields {
            let key = format!("players[{i}].{field}");
            check(key, &["players", &index, field], &text, &[]);
        }
    }
}
