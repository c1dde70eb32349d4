//! Maze Runner through the invariant harness: random play on the fixture
//! level files keeps every law of the contract.

use std::path::Path;

use relic::games::maze_runner::levels::read_level_file;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::harness::{Config, check};
use relic::walker::journey::journey_ruleset;

#[test]
fn maze_runner_keeps_every_law_of_the_contract() {
    for ruleset in [
        "maze-runner",
        "maze-runner-hardcore",
        "maze-runner-fog",
        "maze-runner-keys",
    ] {
        let program = journey_ruleset(Path::new(ruleset)).unwrap().unwrap();
        for name in [
            "two-levels.txt",
            "carry.txt",
            "lava-corridor.txt",
            "keys.txt",
        ] {
            let path = Path::new("tests/fixtures/maze-runner/levels").join(name);
            let (file, _) = read_level_file(&path, &level_syntax(&program)).unwrap();
            let game = new_game(program.clone(), &file);
            let config = Config {
                seed: 5,
                games: 30,
                max_actions: 300,
            };
            let report = check(&game, &config).unwrap_or_else(|v| panic!("{name}: {v}"));
            assert!(report.applied > 500, "{name}: {report:?}");
            assert!(report.refused > 50, "{name}: {report:?}");
            assert!(report.finished > 0, "{name}: {report:?}");
        }
    }
}
