//! Moves of one square found by shifting sets of squares (the vocabulary's
//! fast path for step rules onto empty or opponent's squares) are exactly
//! the moves the rules accept: over seeded random games of Breakthrough,
//! Tic-tac-toe with moves and a hex board's stepping game, the listed
//! moves are every (from, to) pair that a copy of the position accepts,
//! and Breakthrough's perft is the published one (their order, rule by
//! rule and square by square, is what `tests/vocab_same_games.rs`'s
//! seeded games keep).

use relic::bots::seeded_rng;
use relic::contract::Game;
use relic::perft::perft;
use relic::vocab::{Action, VocabGame, builtin_vocab, parse_vocab};

/// Pieces stepping to any of the six neighbouring hexes, capturing.
const HEX_STEPS: &str = r#"
game = "vocabulary"
name = "Hex steps"
description = "Step a piece to a neighbouring hex, capturing."

[board]
width = 4
height = 4
shape = "hex"
setup = ["bbbb", "....", "....", "wwww"]

[[players]]
name = "White"

[[players]]
name = "Black"

[[kinds]]
name = "stone"
glyphs = ["w", "b"]
reserve = 0

[[actions]]
name = "step"
mechanic = "move"
directions = ["north-east", "east", "south-east", "south-west", "west", "north-west"]
onto = "empty-or-opponent"

[outcomes]
no_actions = "loss"

[outcomes.turn_limit]
turns = 40
"#;

fn games() -> Vec<(String, VocabGame)> {
    let mut games: Vec<(String, VocabGame)> = ["breakthrough", "tic-tac-toe-moves"]
        .iter()
        .map(|name| {
            let program = builtin_vocab(name).unwrap().unwrap();
            (name.to_string(), VocabGame::new(program))
        })
        .collect();
    let hex = parse_vocab(HEX_STEPS, "hex-steps.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    games.push(("hex steps".into(), VocabGame::new(hex)));
    games
}

/// The moves a copy of `game` accepts, ordered by square moved from,
/// then to.
fn accepted(game: &VocabGame, cells: u8) -> Vec<(u8, u8)> {
    let mut found = Vec::new();
    for from in 0..cells {
        for to in 0..cells {
            if game.clone().apply(&Action::Move { from, to }).is_ok() {
                found.push((from, to));
            }
        }
    }
    found
}

#[test]
fn listed_step_moves_are_the_moves_accepted() {
    for (name, start) in games() {
        let cells = (start.program().geometry.cells()) as u8;
        let mut checked = 0;
        for seed in 0..6 {
            let (mut game, mut rng) = (start.clone(), seeded_rng(seed));
            while !game.status().is_over() && checked < 400 {
                let listed: Vec<(u8, u8)> = (game.legal_actions().into_iter())
                    .filter_map(|a| match a {
                        Action::Move { from, to } => Some((from, to)),
                        _ => None,
                    })
                    .collect();
                let mut sorted = listed;
                sorted.sort();
                assert_eq!(sorted, accepted(&game, cells), "{name}, seed {seed}");
                let action = game.random_action(&mut rng).unwrap();
                game.apply(&action).unwrap();
                checked += 1;
            }
        }
        assert!(checked > 50, "{name}: {checked} positions");
    }
}

#[test]
fn breakthrough_counts_as_published() {
    let game = VocabGame::new(builtin_vocab("breakthrough").unwrap().unwrap());
    let counts: Vec<u64> = perft(&game, 3, false)
        .iter()
        .map(|r| r.leaves as u64)
        .collect();
    assert_eq!(counts, [22, 484, 11132]);
}
