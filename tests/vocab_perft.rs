//! The classic games written as vocabulary rulesets reproduce independently
//! published counts (`tests/fixtures/vocab-counts.toml`, with sources):
//! perft paths, complete games, and distinct positions by depth.

use std::collections::HashSet;

use relic::contract::Game;
use relic::vocab::{VocabGame, builtin_vocab};

/// Move sequences of exactly `depth` actions from `game`.
fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for action in game.legal_actions() {
        let mut next = game.clone();
        next.apply(&action).expect("a listed action applies");
        total += if depth == 1 {
            1
        } else {
            perft(&next, depth - 1)
        };
    }
    total
}

/// Every path from `game` to a finished position.
fn games<G: Game>(game: &G) -> u64 {
    if game.status().is_over() {
        return 1;
    }
    (game.legal_actions().iter())
        .map(|action| {
            let mut next = game.clone();
            next.apply(action).expect("a listed action applies");
            games(&next)
        })
        .sum()
}

/// Distinct positions (board and player to move) after each depth.
fn positions(game: &VocabGame, depth: usize) -> Vec<u64> {
    let mut layer: HashSet<VocabGame> = HashSet::from([game.clone()]);
    let mut counts = Vec::new();
    for _ in 0..depth {
        let mut next = HashSet::new();
        for position in &layer {
            for action in position.legal_actions() {
                let mut child = position.clone();
                child.apply(&action).expect("a listed action applies");
                next.insert(child);
            }
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    counts
}

#[derive(serde::Deserialize)]
struct Expected {
    count: Vec<Count>,
}

#[derive(serde::Deserialize)]
struct Count {
    ruleset: String,
    measure: String,
    source: String,
    counts: Vec<u64>,
}

#[test]
fn classic_games_match_published_counts() {
    let text = include_str!("fixtures/vocab-counts.toml");
    let expected: Expected = toml::from_str(text).expect("perft.toml reads");
    for count in expected.count {
        let program = builtin_vocab(&count.ruleset)
            .expect("built in")
            .expect("valid");
        let start = VocabGame::new(program);
        let found: Vec<u64> = match count.measure.as_str() {
            "paths" => (1..=count.counts.len() as u32)
                .map(|d| perft(&start, d))
                .collect(),
            "games" => vec![games(&start)],
            "positions" => positions(&start, count.counts.len()),
            other => panic!("unknown measure {other}"),
        };
        assert_eq!(
            found, count.counts,
            "{} {} ({})",
            count.ruleset, count.measure, count.source
        );
    }
}
