//! What a ruleset changes in the game it extends: its resolved tree
//! compared key by key with the resolved tree of its parent.

use super::schema_doc::{SchemaDoc, Step};
use super::words::{meaning, scalar};
use crate::config::tree::{Node, NodeKind};

/// One difference: the key's path as written in TOML (array items by
/// name), the value before and after (`None`: absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// `slide.forbid_reverse`, `actions[bomb].wrap`.
    pub path: String,
    /// The line (Markdown) that words it.
    pub line: String,
}

/// Every difference between `child` and `parent` (resolved trees), in the
/// child's order; the keys that only name and describe a ruleset (`name`,
/// `description`, `extends`, `game`) are left out.
pub fn differences(doc: &SchemaDoc, child: &Node, parent: &Node) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    let skip = ["name", "description", "extends", "game"];
    let child = without(child, &skip);
    let parent = without(parent, &skip);
    compare(doc, &mut path, "", Some(&child), Some(&parent), &mut out);
    out
}

fn without(table: &Node, keys: &[&str]) -> Node {
    let mut copy = table.clone();
    copy.retain_entries(|e| !keys.contains(&e.key.as_str()));
    copy
}

fn compare(
    doc: &SchemaDoc,
    path: &mut Vec<Step>,
    label: &str,
    now: Option<&Node>,
    was: Option<&Node>,
    out: &mut Vec<Difference>,
) {
    let empty = Node {
        kind: NodeKind::Table(Vec::new()),
        at: Default::default(),
    };
    let was = match (now.map(|n| &n.kind), was) {
        (Some(NodeKind::Table(_)), None) => Some(&empty),
        _ => was,
    };
    match (now.map(|n| &n.kind), was.map(|n| &n.kind)) {
        (Some(NodeKind::Table(_)), Some(NodeKind::Table(_))) => {
            let (now, was) = (now.expect("table"), was.expect("table"));
            let mut keys: Vec<&str> = now.entries().iter().map(|e| e.key.as_str()).collect();
            let only_was = was.entries().iter().map(|e| e.key.as_str());
            keys.extend(
                only_was
                    .filter(|k| now.get(k).is_none())
                    .collect::<Vec<_>>(),
            );
            for key in keys {
                path.push(Step::Key(key.to_owned()));
                let label = join(label, key);
                compare(doc, path, &label, now.get(key), was.get(key), out);
                path.pop();
            }
        }
        (Some(NodeKind::Array(a)), Some(NodeKind::Array(b))) if tables(a) && tables(b) => {
            for (i, now, was) in pairs(a, b) {
                let item = now.or(was).expect("one side has the item");
                let name = identity(item).unwrap_or_else(|| (i + 1).to_string());
                path.push(Step::Index(i));
                compare(doc, path, &format!("{label}[{name}]"), now, was, out);
                path.pop();
            }
        }
        _ if same(now, was) => {}
        _ => out.push(Difference {
            path: label.to_owned(),
            line: worded(doc, path, label, now, was),
        }),
    }
}

fn worded(
    doc: &SchemaDoc,
    path: &[Step],
    label: &str,
    now: Option<&Node>,
    was: Option<&Node>,
) -> String {
    let words = |node: &Node| scalar(node).unwrap_or_else(|| "a table".to_owned());
    let change = match (now, was) {
        (Some(now), Some(was)) => format!("{} (was {})", words(now), words(was)),
        (Some(now), None) => format!("{} (new)", words(now)),
        (None, Some(was)) if matches!(was.kind, NodeKind::Bool(true)) => "no (was yes)".to_owned(),
        (None, Some(was)) => format!("left out (was {})", words(was)),
        (None, None) => String::new(),
    };
    let about = now
        .and_then(|n| meaning(doc, path, n))
        .or_else(|| doc.summary(path))
        .map(|m| format!(" — {m}"))
        .unwrap_or_default();
    format!("- `{label}`: {change}{about}")
}

fn join(label: &str, key: &str) -> String {
    match label.is_empty() {
        true => key.to_owned(),
        false => format!("{label}.{key}"),
    }
}

/// The items of two arrays of tables paired: by name when every item has
/// one (the child's in order, then those only the parent has), else by
/// position; each with its index for the schema.
fn pairs<'a>(now: &'a [Node], was: &'a [Node]) -> Vec<(usize, Option<&'a Node>, Option<&'a Node>)> {
    let named = |items: &[Node]| items.iter().all(|i| identity(i).is_some());
    if !(named(now) && named(was)) {
        let n = now.len().max(was.len());
        return (0..n).map(|i| (i, now.get(i), was.get(i))).collect();
    }
    let find =
        |items: &'a [Node], name: &Option<String>| items.iter().find(|i| &identity(i) == name);
    let mut out: Vec<_> = (now.iter().enumerate())
        .map(|(i, item)| (i, Some(item), find(was, &identity(item))))
        .collect();
    for (i, item) in was.iter().enumerate() {
        if find(now, &identity(item)).is_none() {
            out.push((i, None, Some(item)));
        }
    }
    out
}

/// What names an item of an array of tables across two rulesets: its
/// `colour` (a Moving Maze player), else its `name` (or `stat`).
fn identity(item: &Node) -> Option<String> {
    ["colour", "name", "stat"]
        .iter()
        .find_map(|key| match &item.get(key)?.kind {
            NodeKind::Str(name) => Some(name.clone()),
            _ => None,
        })
}

fn tables(items: &[Node]) -> bool {
    items.iter().all(|i| matches!(i.kind, NodeKind::Table(_)))
}

/// Whether two values are equal, origins aside.
fn same(a: Option<&Node>, b: Option<&Node>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.to_value() == b.to_value(),
        (None, None) => true,
        _ => false,
    }
}
