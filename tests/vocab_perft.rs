//! The classic games written as vocabulary rulesets reproduce independently
//! published counts (`tests/fixtures/vocab-counts.toml`, with sources):
//! perft paths and distinct positions by depth (through the generic
//! `relic::perft`), and complete games.

use crate::common;

use relic::contract::Game;
use relic::perft::perft;
use relic::vocab::{VocabGame, builtin_vocab};

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

#[test]
fn classic_games_match_published_counts() {
    for count in common::fingerprint::vocab_counts().count {
        let program = builtin_vocab(&count.ruleset)
            .expect("built in")
            .expect("valid");
        let start = VocabGame::new(program);
        let found: Vec<u64> = match count.measure.as_str() {
            "paths" => (perft(&start, count.counts.len() as u32, false).iter())
                .map(|row| row.leaves as u64)
                .collect(),
            "games" => vec![games(&start)],
            "positions" => (perft(&start, count.counts.len() as u32, true).iter())
                .map(|row| row.distinct.expect("asked for"))
                .collect(),
            other => panic!("unknown measure {other}"),
        };
        assert_eq!(
            found, count.counts,
            "{} {} ({})",
            count.ruleset, count.measure, count.source
        );
    }
}
