//! The generic bots on a game they know nothing about: the test game,
//! 3x3 tic-tac-toe written against the contract in `tests/common`.

use crate::common;

use common::tictactoe::{Action, TicTacToe};
use relic::bots::{
    Agent, BoxedAgent, Mcts, MctsBudget, MctsConfig, OnePly, PlayEnd, UniformRandom, play_agents,
    seeded_rng,
};
use relic::contract::{Game, Outcome};

use Action::Place;

fn mcts(iterations: u32) -> BoxedAgent<TicTacToe> {
    Box::new(Mcts::new(MctsConfig {
        budget: MctsBudget::Iterations(iterations),
        ..MctsConfig::default()
    }))
}

fn play(x: BoxedAgent<TicTacToe>, o: BoxedAgent<TicTacToe>, seed: u64) -> Outcome {
    let mut game = TicTacToe::default();
    let mut agents = vec![x, o];
    match play_agents(
        &mut game,
        &mut agents,
        &mut seeded_rng(seed),
        100,
        &mut |_, _, _| {},
    ) {
        PlayEnd::Over(outcome) => outcome,
        other => panic!("tic-tac-toe always ends, got {other:?}"),
    }
}

#[test]
fn mcts_never_loses_to_random_in_either_seat() {
    for seed in 0..10 {
        let first = play(mcts(400), Box::new(UniformRandom), seed);
        assert_ne!(first, Outcome::Won(1), "seed {seed}: mcts as x lost");
        let second = play(Box::new(UniformRandom), mcts(400), seed);
        assert_ne!(second, Outcome::Won(0), "seed {seed}: mcts as o lost");
    }
}

#[test]
fn mcts_against_itself_draws() {
    for seed in 0..3 {
        assert_eq!(
            play(mcts(2000), mcts(2000), seed),
            Outcome::Draw,
            "seed {seed}"
        );
    }
}

#[test]
fn mcts_takes_a_win_and_blocks_a_loss() {
    // x: 1 2, o: 4 5 -> x to move wins at 3.
    let mut game = TicTacToe::default();
    for cell in [0, 3, 1, 4] {
        game.apply(&Place(cell)).unwrap();
    }
    let mut bot = mcts(300);
    assert_eq!(bot.choose(&game, &mut seeded_rng(1)), Some(Place(2)));
    // x: 1 2 7, o: 4 5, o to move: winning at 6 beats blocking at 3.
    game.apply(&Place(6)).unwrap();
    assert_eq!(bot.choose(&game, &mut seeded_rng(1)), Some(Place(5)));
}

#[test]
fn mcts_is_deterministic_given_the_seed_and_an_iteration_budget() {
    let mut game = TicTacToe::default();
    game.apply(&Place(4)).unwrap();
    let choices: Vec<_> = (0..2)
        .map(|_| mcts(500).choose(&game, &mut seeded_rng(9)))
        .collect();
    assert_eq!(choices[0], choices[1]);
}

#[test]
fn greedy_takes_an_immediate_win() {
    let mut game = TicTacToe::default();
    for cell in [0, 3, 1, 4] {
        game.apply(&Place(cell)).unwrap();
    }
    for seed in 0..5 {
        assert_eq!(
            OnePly::default().choose(&game, &mut seeded_rng(seed)),
            Some(Place(2))
        );
    }
}

#[test]
fn random_plays_only_legal_actions_and_varies_with_the_seed() {
    let game = TicTacToe::default();
    let legal = game.legal_actions();
    let picks: Vec<Action> = (0..40)
        .filter_map(|seed| UniformRandom.choose(&game, &mut seeded_rng(seed)))
        .collect();
    assert!(picks.iter().all(|a| legal.contains(a)), "{picks:?}");
    let distinct: std::collections::HashSet<_> = picks.iter().collect();
    assert!(distinct.len() > 3, "{picks:?}");
}

#[test]
fn nobody_moves_once_play_is_over() {
    let mut game = TicTacToe::default();
    for cell in [0, 3, 1, 4, 2] {
        game.apply(&Place(cell)).unwrap();
    }
    let mut rng = seeded_rng(1);
    assert_eq!(UniformRandom.choose(&game, &mut rng), None);
    assert_eq!(OnePly::default().choose(&game, &mut rng), None);
    assert_eq!(mcts(10).choose(&game, &mut rng), None);
}
