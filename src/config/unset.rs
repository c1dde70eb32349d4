//! `unset = ["points", "board.links"]`: the keys of the ruleset extended
//! that a variant removes before its own keys merge over it (a variant on
//! a grid of a parent on a graph, a rule the parent has and the variant
//! has not). A key unset and written again starts afresh: its table does
//! not merge with the parent's.

use super::error::RulesetError;
use super::tree::{Node, NodeKind, Origin};
use super::validate::{source_span, suggestion_help};

/// The `unset` list of a file: each key path with where it is written.
pub(super) struct Unset {
    /// Where the `unset` key is written.
    pub key_at: Origin,
    /// The key paths, split at dots.
    pub paths: Vec<(Vec<String>, Origin)>,
}

/// Takes `unset` out of `node`: the list read, and a problem for each
/// entry that is not a string.
pub(super) fn take_unset(node: &mut Node) -> (Option<Unset>, Vec<RulesetError>) {
    let Some(entry) = node.take("unset") else {
        return (None, Vec::new());
    };
    let mut problems = Vec::new();
    let items: Vec<Node> = match entry.value.kind {
        NodeKind::Array(items) => items,
        ref other => {
            problems.push(wrong_type("unset", LIST, other, entry.value.at));
            Vec::new()
        }
    };
    let mut paths = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        match &item.kind {
            NodeKind::Str(path) => {
                paths.push((path.split('.').map(str::to_owned).collect(), item.at))
            }
            other => problems.push(wrong_type(&format!("unset[{i}]"), KEY, other, item.at)),
        }
    }
    let unset = Unset {
        key_at: entry.key_at,
        paths,
    };
    (Some(unset), problems)
}

/// Removes each of `unset`'s paths from `parent`, the merged tree of what
/// the file extends; a path it does not have is a problem.
pub(super) fn remove_unset(parent: &mut Node, unset: &Unset) -> Vec<RulesetError> {
    let mut problems = Vec::new();
    for (path, at) in &unset.paths {
        let steps: Vec<&str> = path.iter().map(String::as_str).collect();
        if let Err(found) = parent.remove_path(&steps) {
            let table = parent.find_named(&steps[..found]);
            let keys: Vec<&str> = table.map_or(Vec::new(), |t| {
                t.entries().iter().map(|e| e.key.as_str()).collect()
            });
            let written = &steps[found];
            let what = match found {
                0 => "the keys there are".to_owned(),
                _ => format!("the keys of `{}` there are", steps[..found].join(".")),
            };
            problems.push(RulesetError::UnsetUnknown {
                key: path.join("."),
                span: source_span(*at),
                help: suggestion_help(written, &what, &keys),
            });
        }
    }
    problems
}

/// The problem of an `unset` in a file that extends nothing.
pub(super) fn nothing_to_unset(unset: &Unset) -> RulesetError {
    RulesetError::UnsetWithoutParent {
        span: source_span(unset.key_at),
    }
}

const LIST: &str = "a list of keys (`[\"points\", \"board.links\"]`)";
const KEY: &str = "a key path (a string such as `\"board.links\"`)";

fn wrong_type(key: &str, expected: &str, found: &NodeKind, at: Origin) -> RulesetError {
    RulesetError::WrongType {
        key: key.into(),
        expected: expected.into(),
        found: found.type_name().into(),
        span: source_span(at),
        about: "The keys of the ruleset extended that this one removes.".into(),
    }
}
