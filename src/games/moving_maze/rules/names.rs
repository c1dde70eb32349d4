//! Names must fit on one line: no line end or tab (the loader refuses
//! every other control character in any text a ruleset defines, see
//! `config::text`, so that escape codes never reach a terminal).

use super::schema::Ruleset;
use crate::config::tree::Origin;
use crate::config::validate::source_span;
use crate::config::{Problem, RulesetError};

/// Reports each name, initial and colour of `ruleset` that holds a line
/// end or a tab; `at` says where the value at a key path was written.
/// (Descriptions may hold both.)
pub(super) fn check_control_characters(
    ruleset: &Ruleset,
    at: impl Fn(&[&str]) -> Origin,
    out: &mut Vec<Problem>,
) {
    let mut check = |key: String, path: &[&str], text: &str| {
        let Some(bad) = text.chars().find(|c| matches!(c, '\n' | '\t')) else {
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
    check("name".into(), &["name"], &ruleset.name);
    for (i, player) in ruleset.players.iter().enumerate() {
        let index = i.to_string();
        let fields = [
            ("name", player.name.clone()),
            ("colour", player.colour.clone()),
            ("initial", player.initial.to_string()),
        ];
        for (field, text) in fields {
            let key = format!("players[{i}].{field}");
            check(key, &["players", &index, field], &text);
        }
    }
}
