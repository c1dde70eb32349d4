//! What can be checked of a position file without its ruleset (the
//! language server's diagnostics as an author types): that it is TOML,
//! that its keys are a position file's and that each holds the right kind
//! of value.

use super::Problems;
use super::error::PositionError;
use super::read::KEYS;
use crate::config::tree::{Entry, Node, NodeKind};
use crate::config::validate::{source_span, suggestion_help};

/// The problems of position file `text` that show without its ruleset.
///
/// ```
/// let problems = relic::lang::position::shape_problems("to_move = 1\nturns = 2\n");
/// assert_eq!(problems.len(), 2);
/// assert!(relic::lang::position::shape_problems("turn = 3\n[variables]\nx = { a = 1 }\n").is_empty());
/// ```
pub fn shape_problems(text: &str) -> Problems {
    let document = match toml::de::DeTable::parse(text) {
        Ok(document) => document,
        Err(e) => return vec![Box::new(super::read::syntax_error(text, &e))],
    };
    let root = Node::from_document(&document, 0);
    (root.entries().iter())
        .flat_map(entry_problems)
        .map(|p| Box::new(p) as _)
        .collect()
}

/// The problems of one top-level entry.
fn entry_problems(entry: &Entry) -> Vec<PositionError> {
    let (key, value) = (entry.key.as_str(), &entry.value);
    match (key, &value.kind) {
        ("board", NodeKind::Array(rows)) => (rows.iter())
            .filter(|row| !matches!(row.kind, NodeKind::Str(_)))
            .map(|row| wrong("board", "a string", row, "each row is a string"))
            .collect(),
        ("board", _) => vec![wrong(
            key,
            "an array of strings",
            value,
            "one string per row",
        )],
        ("to_move", NodeKind::Str(_)) | ("turn", NodeKind::Int(_)) => Vec::new(),
        ("to_move", _) => vec![wrong(
            key,
            "a player's name",
            value,
            "`to_move = \"white\"`",
        )],
        ("turn", _) => vec![wrong(key, "an integer", value, "`turn = 12`")],
        ("variables", NodeKind::Table(vars)) => (vars.iter())
            .filter(|var| !plain_or_per_player(&var.value))
            .map(|var| {
                let help = "`score = 3`, or `captured = { white = 2, black = 5 }`";
                wrong(
                    &var.key,
                    "an integer or a table of integers",
                    &var.value,
                    help,
                )
            })
            .collect(),
        ("variables", _) => vec![wrong(
            key,
            "a table",
            value,
            "`[variables]` then `score = 3`",
        )],
        _ => vec![PositionError::Key {
            key: key.to_owned(),
            help: suggestion_help(key, "the keys are", &KEYS),
            span: source_span(entry.key_at),
        }],
    }
}

fn wrong(key: &str, expected: &'static str, node: &Node, help: &str) -> PositionError {
    PositionError::Type {
        key: key.to_owned(),
        expected,
        found: node.kind.type_name(),
        help: help.to_owned(),
        span: source_span(node.at),
    }
}

/// An integer, or a table of integers (one per player).
fn plain_or_per_player(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Int(_) => true,
        NodeKind::Table(entries) => {
            (entries.iter()).all(|e| matches!(e.value.kind, NodeKind::Int(_)))
        }
        _ => false,
    }
}
