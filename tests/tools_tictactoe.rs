//! The test game (3x3 tic-tac-toe, `tests/common/tictactoe.rs`) through the
//! generic tools: the invariant harness and perft.

mod common;

use common::tictactoe::TicTacToe;
use relic::harness::{Config, check};
use relic::perft::{perft, write_table};

#[test]
fn tictactoe_keeps_every_law_of_the_contract() {
    let config = Config {
        seed: 7,
        games: 200,
        max_actions: 20,
    };
    let report = check(&TicTacToe::new(), &config).unwrap();
    assert_eq!(
        report.finished, 200,
        "every game of tic-tac-toe ends: {report:?}"
    );
    assert!(report.transpositions > 0, "{report:?}");
    assert!(report.refused > 0, "{report:?}");
}

#[test]
fn tictactoe_perft_matches_the_published_counts() {
    let text = std::fs::read_to_string("tests/fixtures/tictactoe/perft.txt").unwrap();
    let expected: String = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    let depth = expected.lines().count() as u32 - 1;
    assert_eq!(
        write_table(&perft(&TicTacToe::new(), depth, true)),
        expected
    );
    let leaves = perft(&TicTacToe::new(), depth, false);
    let by_levels = perft(&TicTacToe::new(), depth, true);
    let counts =
        |rows: &[relic::perft::PerftRow]| rows.iter().map(|r| r.leaves).collect::<Vec<_>>();
    assert_eq!(counts(&leaves), counts(&by_levels));
}
