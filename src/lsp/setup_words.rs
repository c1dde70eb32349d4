//! Reading setup files for the language server: where a character or a
//! field is, and the built-in rulesets' reference entries (a leaf shared
//! by the GBF, `.egc` and FEN lookups).

use crate::config::tree::{Node, NodeKind};
use std::sync::Mutex;

use crate::games::{GameId, GameRules};
use crate::rulebook::schema_doc::{SchemaDoc, Step};

/// `offset` moved back to the start of the character it falls in (and
/// into `text`).
pub(super) fn boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The TOML tree of the built-in ruleset `name`.
pub(super) fn builtin_tree(name: &str) -> Option<Node> {
    Some(crate::rulebook::tree(crate::games::builtin_source(name)?))
}

/// The built-in ruleset `name` loaded and compiled, once per process: the
/// server reads caves and level files against them at every keystroke.
/// `None` where it does not load (never, for a shipped build).
pub(super) fn builtin_rules(name: &'static str) -> Option<GameRules> {
    static LOADED: Mutex<Vec<(&str, Option<GameRules>)>> = Mutex::new(Vec::new());
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, rules)) = loaded.iter().find(|(loaded, _)| *loaded == name) {
        return rules.clone();
    }
    let rules = crate::games::builtin_game_rules(name).and_then(Result::ok);
    loaded.push((name, rules.clone()));
    rules
}

/// The string value of `key` in `node`.
pub(super) fn string(node: &Node, key: &str) -> Option<String> {
    match &node.get(key)?.kind {
        NodeKind::Str(s) => Some(s.clone()),
        _ => None,
    }
}

/// The key path `keys` as schema steps.
pub(super) fn steps(keys: &[&str]) -> Vec<Step> {
    keys.iter().map(|k| Step::Key((*k).to_owned())).collect()
}

/// The reference entry of the key at `keys` of `game`'s rulesets, with
/// the meaning of the word `value` it is set to when it takes words.
pub(super) fn reference(game: GameId, keys: &[&str], value: Option<&str>) -> String {
    let doc = SchemaDoc::of(game);
    let path = steps(keys);
    let mut out = format!(
        "`{}`: {}",
        keys.join("."),
        doc.description(&path).unwrap_or_default()
    );
    if let Some(word) = value {
        let meaning = doc.value_description(&path, word).unwrap_or_default();
        out = format!("`{} = \"{word}\"`: {meaning}\n\n{out}", keys.join("."));
    }
    out
}

/// The whitespace-separated field of `line` holding byte `at` (of the
/// line): its index and its bytes.
pub(super) fn field_at(line: &str, at: usize) -> Option<(usize, usize, usize)> {
    let mut start = None;
    let mut index = 0;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                if s <= at && at <= i {
                    return Some((index, s, i));
                }
                index += 1;
                start = None;
            }
            _ => {}
        }
    }
    None
}

/// The line of `text` holding byte `offset`: its number (from 0), its
/// first byte and its text.
pub(super) fn line_at(text: &str, offset: usize) -> (usize, usize, &str) {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let number = text[..start].matches('\n').count();
    (number, start, text[start..end].trim_end_matches('\r'))
}
