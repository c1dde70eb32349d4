//! Stacked Tic-Tac-Toe played by the generic computer players (random,
//! greedy through the vocabulary's ruleset-independent `Evaluate`, MCTS)
//! in the simulator, and `relic sim --ruleset stacked-tic-tac-toe`
//! through the registry.

use crate::common;

use relic::sim::{Lineup, Shard, SimConfig, Totals, simulate};
use relic::vocab::{VocabGame, builtin_vocab};

fn study(bots: &str, games: u64, seed: u64) -> Totals {
    let program = builtin_vocab("stacked-tic-tac-toe")
        .expect("built in")
        .expect("valid");
    let seats = vec!["Blue".to_string(), "Green".to_string()];
    let lineup = Lineup::<VocabGame>::parse(bots, &seats).expect("a lineup");
    let config = SimConfig {
        games,
        seed,
        max_turns: 400,
        shard: Shard::ALL,
        opening: 0,
    };
    let setup = |_: u64, _: u64| Ok(VocabGame::new(program.clone()));
    simulate(&setup, &lineup, &config, &|| {}).expect("a study")
}

#[test]
fn random_play_always_ends_with_a_result() {
    let totals = study("random", 100, 3);
    assert_eq!(totals.games, 100);
    let wins: u64 = totals.seats.iter().map(|s| s.wins).sum();
    assert_eq!(wins + totals.draws, 100, "{totals:?}");
    assert_eq!(totals.stopped + totals.undecided, 0, "{totals:?}");
}

#[test]
fn greedy_beats_random_in_either_seat() {
    let first = study("blue=greedy", 20, 1);
    assert!(first.seats[0].wins >= 18, "{first:?}");
    let second = study("green=greedy", 20, 1);
    assert!(second.seats[1].wins >= 18, "{second:?}");
}

#[test]
fn mcts_beats_random_in_either_seat() {
    let first = study("blue=mcts:iterations=300", 12, 2);
    assert!(first.seats[0].wins >= 10, "{first:?}");
    let second = study("green=mcts:iterations=300", 12, 2);
    assert!(second.seats[1].wins >= 10, "{second:?}");
}

#[test]
fn relic_sim_reports_both_seats_with_intervals() {
    let out = common::run_relic(
        [
            "sim",
            "--ruleset",
            "stacked-tic-tac-toe",
            "--games",
            "40",
            "--bots",
            "blue=greedy",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Stacked Tic-Tac-Toe"), "{text}");
    let blue = text.lines().find(|l| l.starts_with("Blue (greedy) wins"));
    let green = text.lines().find(|l| l.starts_with("Green (random) wins"));
    for line in [blue, green] {
        let line = line.unwrap_or_else(|| panic!("a line per seat: {text}"));
        assert!(
            line.contains('[') && line.contains(" - ") && line.ends_with("%]"),
            "{line}"
        );
    }
}

/// The first player's advantage, as `relic sim` reports it: each seat's
/// win rate with its 95% Wilson interval (Blue moves first), which holds
/// the rate; under random play the first player's edge is small.
#[test]
fn relic_sim_reports_the_first_player_s_advantage_with_an_interval() {
    let out = common::run_relic(
        [
            "sim",
            "--ruleset",
            "stacked-tic-tac-toe",
            "--games",
            "2000",
            "--seed",
            "7",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let blue = (text.lines())
        .find_map(|l| l.strip_prefix("Blue (random) wins"))
        .unwrap_or_else(|| panic!("Blue's line: {text}"));
    let numbers: Vec<f64> = (blue.split(['%', '[', ']', ' ']))
        .filter_map(|w| w.parse().ok())
        .collect();
    let [rate, low, high] = numbers[..] else {
        panic!("a rate and its interval: {blue}");
    };
    assert!(low <= rate && rate <= high, "{blue}");
    assert!(
        high - low < 5.0,
        "2000 games give a narrow interval: {blue}"
    );
    assert!((40.0..=60.0).contains(&rate), "{blue}");
}
