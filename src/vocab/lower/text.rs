//! The pieces of core rules text the lowering writes with: choices,
//! sequences, pattern negation, and the tests of what a target may hold.

use crate::vocab::schema::Onto;

/// What a rule is written as: an action (marks, changes and what follows
/// them) or the test that it has an action (no mark, no change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Act,
    Can,
}

/// `alts` as one choice (`None` when there is none).
pub(super) fn choice(alts: Vec<String>) -> Option<String> {
    match alts.len() {
        0 => None,
        1 => alts.into_iter().next(),
        _ => Some(format!("({})", alts.join(" | "))),
    }
}

/// A test that never holds: a choice with no way.
pub(super) const NEVER: &str = "{$ 0 > 0}";

/// Where lines and targets are looked for after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Board {
    /// Nowhere (a pass).
    None,
    /// Through the cursor, where a piece of this kind has just landed.
    At(usize),
    /// On the whole board.
    Global,
}

/// What the target may hold, each with whether it is a capture: `enemy`
/// lists the opponent's pieces (`enemy a, enemy b`).
pub(super) fn targets(onto: Onto, enemy: &str) -> Vec<(String, bool)> {
    let empty = ("{empty}".to_owned(), false);
    let enemy = (format!("{{{enemy}}}"), true);
    match onto {
        Onto::Opponent => vec![enemy],
        Onto::EmptyOrOpponent => vec![empty, enemy],
        _ => vec![empty],
    }
}

/// One test for every thing the target may hold (`enemy` as in
/// [`targets`]).
pub(super) fn onto_test(onto: Onto, enemy: &str) -> String {
    let targets = targets(onto, enemy);
    let tests: Vec<&str> = (targets.iter())
        .map(|t| t.0.trim_matches(['{', '}']))
        .collect();
    format!("{{{}}}", tests.join(", "))
}

/// `{! X}` for a pattern `{? X}`.
pub(super) fn negate(pattern: &str) -> String {
    pattern.replacen("{?", "{!", 1)
}

/// The non-empty parts, joined by spaces.
pub(super) fn join(parts: &[&str]) -> String {
    let parts: Vec<&str> = parts.iter().copied().filter(|s| !s.is_empty()).collect();
    parts.join(" ")
}
