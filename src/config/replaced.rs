//! The arrays a ruleset replaces whole in the one it extends: tables
//! merge key by key, but an array such as `[[kinds]]` or `[board] setup`
//! replaces every entry of the extended ruleset's. Named when the
//! extended ruleset checks on its own and not with them.

use miette::LabeledSpan;

use super::tree::{Node, NodeKind};
use crate::diagnostics::Span;

/// An array of the extending file that replaces one of the extended
/// ruleset's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// Its dotted key (`kinds`, `board.setup`).
    pub key: String,
    /// Where the extending file writes the key.
    pub at: Span,
    /// How many entries the extended ruleset's array holds.
    pub theirs: usize,
    /// How many this file's holds.
    pub ours: usize,
}

impl Replaced {
    /// The label on the extending file's key.
    pub fn label(&self) -> LabeledSpan {
        let text = format!(
            "replaces the {} of `{}` with {}",
            entries(self.theirs),
            self.key,
            self.ours
        );
        LabeledSpan::new(Some(text), self.at.start, self.at.len())
    }
}

/// The arrays of `own` (one file's tree, before merging) that replace a
/// different array at the same key of `extended` (the merged tree of what
/// it extends), in the order written.
///
/// ```
/// use relic::config::replaced_arrays;
/// use relic::config::tree::Node;
/// let tree = |text: &str| {
///     let (document, _) = toml::de::DeTable::parse_recoverable(text);
///     Node::from_document(&document, 0)
/// };
/// let extended = tree("players = [\"a\", \"b\"]\n[board]\nsetup = [\"..\"]\n");
/// let own = tree("players = [\"c\"]\n[board]\nsetup = [\"..\"]\n");
/// let replaced = replaced_arrays(&own, &extended);
/// assert_eq!(replaced.len(), 1);
/// assert_eq!((replaced[0].key.as_str(), replaced[0].theirs, replaced[0].ours), ("players", 2, 1));
/// ```
pub fn replaced_arrays(own: &Node, extended: &Node) -> Vec<Replaced> {
    let mut found = Vec::new();
    walk(own, extended, "", &mut found);
    found
}

fn walk(own: &Node, extended: &Node, path: &str, found: &mut Vec<Replaced>) {
    for entry in own.entries() {
        let Some(theirs) = extended.get(&entry.key) else {
            continue;
        };
        let key = match path {
            "" => entry.key.clone(),
            _ => format!("{path}.{}", entry.key),
        };
        match (&entry.value.kind, &theirs.kind) {
            (NodeKind::Table(_), NodeKind::Table(_)) => walk(&entry.value, theirs, &key, found),
            (NodeKind::Array(ours), NodeKind::Array(old))
                if entry.value.to_value() != theirs.to_value() =>
            {
                found.push(Replaced {
                    key,
                    at: entry.key_at.span,
                    theirs: old.len(),
                    ours: ours.len(),
                });
            }
            _ => {}
        }
    }
}

/// The help line of [`super::RulesetError::ChangedParentInvalid`].
pub fn help(name: &str, replaced: &[Replaced]) -> String {
    match replaced {
        [] => format!(
            "the problems below are in {name}'s text but come of a value this file sets (a macro, \
             a kind or a variable it changes): make this file's values fit what {name}'s text expects"
        ),
        _ => format!(
            "an array replaces the whole array of the ruleset it extends (tables merge key by \
             key): write out every entry of {name}'s that the game still needs, or leave the \
             key out to keep them"
        ),
    }
}

fn entries(n: usize) -> String {
    match n {
        1 => "1 entry".to_owned(),
        _ => format!("{n} entries"),
    }
}
