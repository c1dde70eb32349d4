//! The browser keys of action rules: one lowercase letter each, not one
//! the page already uses, and no two rules with the same key.

use super::{Checker, Step::At, Step::Key};
use crate::vocab::error::VocabError;
use crate::vocab::schema::ActionSpec;

/// Keys the page keeps for itself: the focus box and quitting.
const RESERVED: [char; 5] = ['w', 'a', 's', 'd', 'q'];

impl Checker<'_> {
    /// Checks the `key` of action `a`.
    pub(super) fn browser_key(&mut self, a: usize, action: &ActionSpec) {
        let Some(key) = action.key.as_deref() else {
            return;
        };
        let mut chars = key.chars();
        let label = match (chars.next(), chars.next()) {
            (Some(c), None) if RESERVED.contains(&c) => "the page uses this key",
            (Some(c), None) if c.is_ascii_lowercase() => {
                let earlier = &self.ruleset.actions[..a];
                if !earlier.iter().any(|b| b.key.as_deref() == Some(key)) {
                    return;
                }
                "another action has this key"
            }
            _ => "not one lowercase letter",
        };
        let (file, span) = self.at(&[Key("actions"), At(a), Key("key")]);
        let help = "use one lowercase letter other than `w`, `a`, `s`, `d` (the focus box) and `q` (quit), different for each action".into();
        self.push(
            file,
            VocabError::BadKey {
                key: key.to_owned(),
                span,
                label: label.into(),
                help,
            },
        );
    }
}
