//! Moving Maze through the invariant harness, on the shipped boards.

use relic::games::{Setup, moving_maze};
use relic::harness::{Config, check};
use relic::rules::Rules;

#[test]
fn moving_maze_keeps_every_law_of_the_contract() {
    for board in [
        "boards/learner-5x5.gbf",
        "boards/classic-7x7.gbf",
        "boards/grand-9x9.gbf",
    ] {
        let game = moving_maze::load(&Rules::standard(), &Setup::file(board)).unwrap();
        let config = Config {
            seed: 3,
            games: 4,
            max_actions: 120,
        };
        let report = check(&game, &config).unwrap_or_else(|v| panic!("{board}: {v}"));
        assert!(report.applied > 1000, "{board}: {report:?}");
        assert!(report.refused > 100, "{board}: {report:?}");
        assert!(report.transpositions > 0, "{board}: {report:?}");
    }
}
