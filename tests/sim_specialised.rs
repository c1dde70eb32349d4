//! The hand-specialised Moving Maze of `benches/throughput.rs` plays
//! exactly the games the generic engine plays from the same seeds (a small
//! sample; the benchmark checks every game it times).

use crate::{random_turns, specialised};

use relic::board::{Board, BoardLimits, parse_board};
use relic::boardgen::{BoardSpec, generate};
use relic::engine::Game;
use relic::rules::Rules;
use specialised::{Specialised, generic_outcome};

fn play_both(board: &Board, seed: u64, max_turns: u32) -> bool {
    let mut generic = Game::new(Rules::standard(), board).unwrap();
    let mut special = Specialised::new(board);
    let (mut a, mut b) = (
        fastrand::Rng::with_seed(seed),
        fastrand::Rng::with_seed(seed),
    );
    let mut events = Vec::new();
    while !generic.is_over() && generic.turn() < max_turns {
        let x = random_turns::random_turn(&mut generic, &mut a, &mut events);
        let y = special.random_turn(&mut b);
        assert_eq!(x, y, "seed {seed}, turn {}", generic.turn());
        assert_eq!(generic_outcome(&generic), special.outcome(), "seed {seed}");
    }
    assert_eq!(special.is_over(), generic.is_over());
    generic.winner().is_some()
}

#[test]
fn specialised_and_generic_play_identical_games() {
    let rules = Rules::standard();
    let classic = parse_board(
        include_str!("../boards/classic-7x7.gbf"),
        &BoardLimits::default(),
    )
    .unwrap();
    let mut won = 0;
    for seed in 0..3 {
        won += u32::from(play_both(&classic, seed, 3000));
    }
    for (seed, (w, h, k)) in [(5, 5, 1), (7, 7, 6), (9, 7, 3), (3, 9, 1), (9, 9, 9)]
        .into_iter()
        .enumerate()
    {
        let spec = BoardSpec {
            width: w,
            height: h,
            relics: k,
        };
        let board = generate(&rules, &spec, seed as u64).unwrap();
        won += u32::from(play_both(&board, seed as u64 + 100, 3000));
    }
    assert!(
        won >= 4,
        "only {won} of 8 games were won: the win path is barely tested"
    );
}
