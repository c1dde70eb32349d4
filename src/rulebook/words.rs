//! Wording a ruleset's values: the heading of each top-level table, a
//! value in words, and one line per key with its meaning from the schema.

use super::schema_doc::{SchemaDoc, Step};
use crate::config::tree::{Node, NodeKind};
use crate::games::GameId;

/// The heading of the top-level key `key` of a `game` ruleset.
pub(super) fn heading(game: GameId, key: &str) -> String {
    let text = match (game, key) {
        (GameId::WalkerPhysics, "kinds") => "The kinds of square",
        (_, "kinds") => "The pieces",
        (_, "board") => "The board",
        (_, "players") => "The players",
        (_, "turn_order") => "The order of play",
        (_, "actions") => "The actions",
        (_, "outcomes" | "win") => "How a game ends",
        (_, "lose") => "How a game is lost",
        (_, "goal") => "The goal (for `relic solve`)",
        (_, "physics") => "What happens after a move",
        (_, "roles") => "Roles of the kinds",
        (_, "slide") => "Sliding the floating tile",
        (_, "movement") => "Moving the adventurer",
        (_, "relics") => "Relics",
        (_, "turn" | "turns") => "The turn",
        (_, "tiles") => "The tiles of a random board",
        (_, "stacking") => "Stacking",
        (_, "reserve") => "The reserve",
        (_, "counters") => "Counters",
        (_, "messages") => "Messages",
        (_, "glyphs" | "text") => "Text mode",
        (_, "locations") => "Locations",
        (_, "rules") => "Rule words of the configuration",
        (_, "stats") => "Stats",
        (_, "cells") => "Cells",
        (_, "items") => "Items",
        (_, "level") => "Levels",
        (_, "step") => "Each step",
        (_, "changes") => "Changes of cells",
        _ => return format!("`{key}`"),
    };
    text.to_owned()
}

/// Whether `node` is a table or an array of tables.
pub(super) fn holds_tables(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Table(_) => true,
        NodeKind::Array(items) => items.iter().any(|i| matches!(i.kind, NodeKind::Table(_))),
        _ => false,
    }
}

/// A scalar or an array of scalars in words; `None` for tables and arrays
/// of tables.
pub(super) fn scalar(node: &Node) -> Option<String> {
    Some(match &node.kind {
        NodeKind::Str(text) if text.contains('\n') => {
            format!("\n\n```\n{}\n```\n", text.trim_end())
        }
        NodeKind::Str(text) => format!("`{text}`"),
        NodeKind::Int(Some(n)) => n.to_string(),
        NodeKind::Int(None) => "a very large number".to_owned(),
        NodeKind::Float(f) => f.to_string(),
        NodeKind::Bool(true) => "yes".to_owned(),
        NodeKind::Bool(false) => "no".to_owned(),
        NodeKind::Datetime(d) => d.clone(),
        NodeKind::Array(items) if items.is_empty() => "none".to_owned(),
        NodeKind::Array(items) => {
            let words: Option<Vec<String>> = items.iter().map(inline).collect();
            words?.join(", ")
        }
        NodeKind::Table(_) => return None,
    })
}

/// A value written on one line: a scalar, or an inline table as `key =
/// value` pairs.
fn inline(node: &Node) -> Option<String> {
    match &node.kind {
        NodeKind::Table(entries) => {
            let pairs: Option<Vec<String>> = (entries.iter())
                .map(|e| Some(format!("{} {}", e.key, inline(&e.value)?)))
                .collect();
            Some(format!("({})", pairs?.join(", ")))
        }
        NodeKind::Array(items) if items.iter().any(|i| matches!(i.kind, NodeKind::Table(_))) => {
            let parts: Option<Vec<String>> = items.iter().map(inline).collect();
            Some(parts?.join("; "))
        }
        _ => scalar(node),
    }
}

/// What a value means: the description of a choice word, else the key's
/// summary.
pub(super) fn meaning(doc: &SchemaDoc, path: &[Step], node: &Node) -> Option<String> {
    if let NodeKind::Str(word) = &node.kind
        && let Some(about) = doc.value_description(path, word)
    {
        return Some(about);
    }
    doc.summary(path).filter(|s| !s.is_empty())
}

/// Writes the entries of a ruleset's tables, explaining each key the
/// first time it appears (a choice word's meaning every time).
pub(super) struct Writer<'a> {
    /// The game's schema.
    pub doc: &'a SchemaDoc,
    /// The keys explained so far (their paths without array indices).
    pub seen: std::collections::HashSet<String>,
}

impl Writer<'_> {
    /// The lines (Markdown) of the entries of `table` at `path`, indented
    /// `depth` levels: one line per key, and below it the entries of each
    /// table or each item of an array of tables; a named item's `name` is
    /// its heading, not a line.
    pub(super) fn entries(
        &mut self,
        path: &mut Vec<Step>,
        table: &Node,
        depth: usize,
        out: &mut String,
    ) {
        let named = item_name(table).is_some() && matches!(path.last(), Some(Step::Index(_)));
        for entry in table.entries() {
            if named && entry.key == "name" {
                continue;
            }
            path.push(Step::Key(entry.key.clone()));
            self.value_lines(path, &entry.key, &entry.value, depth, out);
            path.pop();
        }
    }

    /// What to say a value means: a choice word's description, else the
    /// key's summary the first time the key appears.
    fn about(&mut self, path: &[Step], node: &Node) -> String {
        if let NodeKind::Str(word) = &node.kind
            && let Some(about) = self.doc.value_description(path, word)
        {
            return format!(" — {about}");
        }
        let key: Vec<&str> = (path.iter())
            .filter_map(|s| match s {
                Step::Key(k) => Some(k.as_str()),
                Step::Index(_) => None,
            })
            .collect();
        if !self.seen.insert(key.join(".")) {
            return String::new();
        }
        (self.doc.summary(path).filter(|s| !s.is_empty()))
            .map(|m| format!(" — {m}"))
            .unwrap_or_default()
    }

    /// The line of one key (and the lines of what it holds).
    pub(super) fn value_lines(
        &mut self,
        path: &mut Vec<Step>,
        label: &str,
        node: &Node,
        depth: usize,
        out: &mut String,
    ) {
        let indent = "  ".repeat(depth);
        let about = self.about(path, node);
        let named_items = match &node.kind {
            NodeKind::Array(items) => items.iter().any(|i| item_name(i).is_some()),
            _ => false,
        };
        if let Some(words) = inline(node).filter(|_| !named_items) {
            out.push_str(&format!("{indent}- {label}: {words}{about}\n"));
            return;
        }
        out.push_str(&format!("{indent}- {label}{about}\n"));
        match &node.kind {
            NodeKind::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    let name = item_name(item).unwrap_or_else(|| format!("{}", i + 1));
                    out.push_str(&format!("{indent}  - {name}:\n"));
                    self.entries(path, item, depth + 2, out);
                    path.pop();
                }
            }
            _ => self.entries(path, node, depth + 1, out),
        }
    }
}

/// An item's `name` (or `colour`) key, for labels.
pub(super) fn item_name(item: &Node) -> Option<String> {
    ["name", "colour", "stat"]
        .iter()
        .find_map(|key| match &item.get(key)?.kind {
            NodeKind::Str(name) => Some(name.clone()),
            _ => None,
        })
}
