//! The interpreter's hot path may change for speed, never the games it
//! plays: seeded random games of every classic ruleset and of Stacked
//! Tic-Tac-Toe (obstacles included) give the same actions, in canonical
//! order, and the same results as when the fingerprints below were
//! recorded (24 November 2026, before the speed work of issue 12).

use crate::common;

use relic::vocab::{VocabGame, builtin_vocab};

/// The fingerprint of `games` seeded random games of built-in `name`.
fn fingerprint(name: &str, games: u64) -> (u64, u64) {
    let start = VocabGame::new(builtin_vocab(name).expect("built in").expect("valid"));
    common::fingerprint::fingerprint(&start, games)
}

#[test]
fn seeded_random_games_are_unchanged() {
    let recorded: &[(&str, u64, u64)] = &[
        ("tic-tac-toe", 0x72cc6f447780cc9b, 1535),
        ("connect-four", 0xde986b7e37d20151, 4171),
        ("gobblet-gobblers", 0x896b122fadde8ace, 2542),
        ("breakthrough", 0xc5ce6a20528b4c36, 12527),
        ("hex-tic-tac-toe", 0x3a1c2d980ffa5ffc, 2081),
        ("stacked-tic-tac-toe", 0xed9de399ca000f45, 14274),
        ("stacked-no-obstacles", 0xec4c2c7dca8ffa47, 7312),
        ("stacked-bombs-no-wrap", 0x63779913e12e6657, 12853),
    ];
    let mut found = Vec::new();
    for &(name, _, _) in recorded {
        found.push((name, fingerprint(name, 200)));
    }
    for (&(name, hash, turns), (_, got)) in recorded.iter().zip(&found) {
        assert_eq!(
            *got,
            (hash, turns),
            "{name}: the same seeds play other games"
        );
    }
}
