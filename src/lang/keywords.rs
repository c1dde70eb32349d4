//! The words of the core rules language that a generated name (a kind, a
//! player, a variable written by a lowering) must avoid: the grammar's
//! keywords (`grammar/core-rules.pest`) and the words the checker gives a
//! meaning (tests, outcomes, directions). One list, used by every lowering.
//!
//! ```
//! use relic::lang::keywords::is_keyword;
//! assert!(is_keyword("once") && is_keyword("empty") && !is_keyword("pawn"));
//! assert!(is_keyword("become") && is_keyword("reach"));
//! ```

/// Every reserved word of the core language.
pub const KEYWORDS: &[&str] = &[
    // grammar/core-rules.pest
    "become",
    "cells",
    "core",
    "cost",
    "count",
    "drop",
    "end",
    "lift",
    "mark",
    "once",
    "pop",
    "push",
    "reach",
    "scan",
    // tests and owners
    "empty",
    "own",
    "enemy",
    "neutral",
    "any",
    "me",
    "next",
    "height",
    "all",
    "threat",
    // counters, phases and outcomes
    "turns",
    "phase",
    "win",
    "loss",
    "lose",
    "draw",
    "actions",
    "line",
    "line_anywhere",
    // directions
    "forward",
    "n",
    "ne",
    "e",
    "se",
    "s",
    "sw",
    "w",
    "nw",
];

/// The words no name of a core ruleset may take (`core::name::duplicate`
/// reports one), besides the board's directions: the tests, owners and
/// outcomes a bare word in a rules string would be read as.
pub const REFUSED_NAMES: &[&str] = &[
    "any", "mark", "end", "next", "empty", "own", "enemy", "neutral", "count", "win", "lose",
    "draw", "me",
];

/// Whether `word` is reserved by the core language.
pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::{KEYWORDS, REFUSED_NAMES};

    /// A word refused as a name is one every lowering avoids too.
    #[test]
    fn every_refused_name_is_a_keyword() {
        for word in REFUSED_NAMES {
            assert!(KEYWORDS.contains(word), "{word}");
        }
    }

    /// Every quoted word of the core grammar's rules (its comments left
    /// out) is in the list.
    #[test]
    fn every_grammar_keyword_is_listed() {
        let grammar = include_str!("../../grammar/core-rules.pest");
        let rules = grammar.lines().map(|l| l.split("//").next().unwrap_or(""));
        let words: Vec<&str> = rules
            .flat_map(|line| line.split('"').skip(1).step_by(2))
            .filter(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect();
        assert!(words.contains(&"once"), "the grammar's keywords were read");
        for w in words {
            assert!(KEYWORDS.contains(&w), "{w} is a grammar keyword");
        }
    }
}
