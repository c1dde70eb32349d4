//! The simulator on a game it knows nothing about: the test game, 3x3
//! tic-tac-toe written against the contract in `tests/common`.

use crate::common;

use common::tictactoe::TicTacToe;
use relic::sim::{Lineup, Shard, SimConfig, Totals, simulate};

fn seats() -> Vec<String> {
    vec!["X".to_string(), "O".to_string()]
}

fn study(bots: &str, games: u64, opening: u32, shard: Shard) -> Totals {
    let lineup = Lineup::<TicTacToe>::parse(bots, &seats()).unwrap();
    let config = SimConfig {
        games,
        seed: 5,
        max_turns: 20,
        shard,
        opening,
    };
    let setup = |_: u64, _: u64| Ok(TicTacToe::default());
    simulate(&setup, &lineup, &config, &|| {}).unwrap()
}

#[test]
fn mcts_never_loses_to_random() {
    let totals = study("x=mcts:iterations=300,o=random", 20, 0, Shard::ALL);
    assert_eq!(totals.games, 20);
    assert_eq!(totals.seats[1].wins, 0, "{totals:?}");
    assert!(totals.seats[0].wins >= 15, "{totals:?}");
    let totals = study("o=mcts:iterations=300", 20, 0, Shard::ALL);
    assert_eq!(totals.seats[0].wins, 0, "{totals:?}");
}

#[test]
fn totals_add_up_and_tallies_are_summed() {
    let totals = study("random", 50, 0, Shard::ALL);
    let wins: u64 = totals.seats.iter().map(|s| s.wins).sum();
    assert_eq!(wins + totals.draws + totals.stopped + totals.undecided, 50);
    assert_eq!(totals.tally_names, ["marks"]);
    // Every turn places one mark.
    let marks: i64 = totals.seats.iter().map(|s| s.tallies[0]).sum();
    assert_eq!(marks as u64, totals.turns);
    assert!(totals.turn_histogram.len() <= 10);
    assert!(totals.turn_histogram.len() >= 6);
}

#[test]
fn shards_merge_into_the_whole_study() {
    let whole = study("random", 30, 2, Shard::ALL);
    let parts = (0..3).map(|index| study("random", 30, 2, Shard { index, count: 3 }));
    let merged = parts.reduce(|a, b| a.merge(b).unwrap()).unwrap();
    assert_eq!(merged, whole);
}

#[test]
fn an_opening_makes_deterministic_games_differ() {
    let lineup = Lineup::<TicTacToe>::parse("greedy", &seats()).unwrap();
    assert_eq!(lineup.fixed_seat(), Some(0));
    let with_opening = study("greedy", 40, 2, Shard::ALL);
    let lengths = with_opening
        .turn_histogram
        .iter()
        .filter(|&&n| n > 0)
        .count();
    assert!(lengths > 1, "{with_opening:?}");
}

#[test]
fn unknown_strategies_and_options_are_refused() {
    let seats = seats();
    for (spec, code) in [
        ("x=genius", "no strategy `genius`"),
        ("x=mcts:iterations=0", "not a valid option"),
        ("x=mcts:width=3", "not a valid option"),
        ("x=random:depth=3", "not a valid option"),
        ("z=random", "no seat `z`"),
        ("x=random,X=greedy", "given twice"),
    ] {
        let error = Lineup::<TicTacToe>::parse(spec, &seats).unwrap_err();
        assert!(error.to_string().contains(code), "{spec}: {error}");
    }
}
