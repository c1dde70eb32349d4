//! A small, deterministic strength check of the generic MCTS bot on Moving
//! Maze, with an iteration budget (the timed experiment against greedy
//! players is `cargo run --release --example strength`, recorded in
//! docs/PERFORMANCE.md): on the 5x5 learner board, one MCTS seat against
//! three random ones wins far more than its fair quarter.

use relic::games::{Setup, moving_maze};
use relic::rules::Rules;
use relic::sim::{Lineup, Shard, SimConfig, simulate};

const GAMES: u64 = 24;

#[test]
fn mcts_beats_three_random_players_on_the_learner_board() {
    let rules = Rules::standard();
    let start = moving_maze::load(&rules, &Setup::file("boards/learner-5x5.gbf")).unwrap();
    let seats: Vec<String> = ["Green", "Yellow", "Red", "Blue"]
        .map(String::from)
        .to_vec();
    let lineup = Lineup::parse("green=mcts:iterations=300:depth=1", &seats).unwrap();
    let config = SimConfig {
        games: GAMES,
        seed: 3,
        max_turns: 400,
        shard: Shard::ALL,
        opening: 0,
    };
    let setup = |_: u64, _: u64| Ok(start.clone());
    let totals = simulate(&setup, &lineup, &config, &|| {}).unwrap();
    let rate = totals.seats[0].wins as f64 / GAMES as f64;
    println!("mcts vs 3 random: {:.1}% of {GAMES} games", rate * 100.0);
    assert!(
        rate >= 0.75,
        "mcts won only {:.1}%: {totals:?}",
        rate * 100.0
    );
}
