//! Completion in a ruleset: the keys a table takes (after a table header,
//! or at the start of a line), the words a key takes (after `=`), from
//! the game's JSON Schema, and the names defined in the file (kinds,
//! actions, players, ...) where a key takes a name.

use crate::config::tree::Node;
use crate::rulebook::schema_doc::{SchemaDoc, Step};

/// One completion: the text inserted, a short label of what it is, and
/// its documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// What is inserted.
    pub insert: String,
    /// Shown beside it: `key`, `value` or `name`.
    pub kind: &'static str,
    /// Its reference entry.
    pub about: String,
}

/// The completions at byte `offset` of ruleset `text`.
///
/// ```
/// use relic::lsp::complete::completions;
/// let text = "game = \"vocabulary\"\n[board]\nwi";
/// let keys = completions(text, text.len());
/// assert!(keys.iter().any(|c| c.insert == "width"));
/// let text = "game = \"vocabulary\"\n[[actions]]\nmechanic = ";
/// let words = completions(text, text.len());
/// assert!(words.iter().any(|c| c.insert == "\"place\""));
/// ```
pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    let offset = offset.min(text.len());
    let doc = SchemaDoc::of(super::lookup::game_of(text));
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..offset];
    if line.trim_start().starts_with('[') {
        return keys(&doc, &[]);
    }
    let table = table_at(&text[..line_start]);
    match line.split_once('=') {
        None => keys(&doc, &table),
        Some((key, after)) => {
            let mut path = table;
            path.push(Step::Key(key.trim().trim_matches('"').to_owned()));
            let quoted = after.contains('"');
            values(&doc, &path, text, quoted)
        }
    }
}

fn keys(doc: &SchemaDoc, table: &[Step]) -> Vec<Completion> {
    (doc.keys(table).into_iter())
        .map(|(key, about)| Completion {
            insert: key,
            kind: "key",
            about,
        })
        .collect()
}

fn values(doc: &SchemaDoc, path: &[Step], text: &str, quoted: bool) -> Vec<Completion> {
    let quote = |word: &str| match quoted {
        true => word.to_owned(),
        false => format!("\"{word}\""),
    };
    let mut out: Vec<Completion> = (doc.choices_at(path).into_iter())
        .map(|(word, about)| Completion {
            insert: quote(&word),
            kind: "value",
            about,
        })
        .collect();
    if out.is_empty() {
        out = (defined_names(&crate::rulebook::tree(text)).into_iter())
            .map(|(name, table)| Completion {
                insert: quote(&name),
                kind: "name",
                about: format!("defined in `[[{table}]]`"),
            })
            .collect();
    }
    out
}

/// Every `name` of an item of an array of tables in `root`, with the
/// array's key.
fn defined_names(root: &Node) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in root.entries() {
        for item in entry.value.items() {
            if let Some(name) = item.name() {
                out.push((name.to_owned(), entry.key.clone()));
            }
        }
    }
    out
}

/// The table the text `before` ends in: its last table header's path
/// (`[[actions]]`: `actions`, item 0, which has every item's keys).
fn table_at(before: &str) -> Vec<Step> {
    let Some(header) = before
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
    else {
        return Vec::new();
    };
    let array = header.starts_with("[[");
    let inner = header.trim_start_matches('[');
    let inner = &inner[..inner.find(']').unwrap_or(inner.len())];
    let mut path: Vec<Step> = (inner.split('.'))
        .map(|part| Step::Key(part.trim().trim_matches('"').to_owned()))
        .collect();
    if array {
        path.push(Step::Index(0));
    }
    path
}
