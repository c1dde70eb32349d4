//! The caves shipped in `boards/` (`cave-*.board`): each reads under the
//! Boulder Dash ruleset and every variant that knows its squares, is
//! written back byte for byte, and keeps the game contract on random play
//! (the invariant harness).

use relic::games::boulder_dash::{Cave, read_board, write_board};
use relic::harness::{Config, check};
use relic::walker::{Walker, builtin_walker};

fn caves() -> Vec<(String, String)> {
    let mut caves: Vec<(String, String)> = std::fs::read_dir("boards")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "board"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    caves.sort();
    caves
}

#[test]
fn at_least_three_caves_are_shipped_one_8x8_and_one_40x22() {
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let sizes: Vec<(usize, usize)> = caves()
        .iter()
        .map(|(name, text)| {
            let grid = read_board(&program, text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(write_board(&program, &grid), text.trim_end(), "{name}");
            (grid.width(), grid.height())
        })
        .collect();
    assert!(sizes.len() >= 3, "{sizes:?}");
    assert!(
        sizes.contains(&(8, 8)) && sizes.contains(&(40, 22)),
        "{sizes:?}"
    );
}

#[test]
fn the_contract_holds_on_random_play_in_every_cave_and_variant() {
    for ruleset in [
        "boulder-dash",
        "boulder-dash-after-step",
        "boulder-dash-dig-last",
        "boulder-dash-arcade",
    ] {
        let program = builtin_walker(ruleset).unwrap().unwrap();
        for (name, text) in caves() {
            let cave: Cave =
                Walker::new(program.clone(), read_board(&program, &text).unwrap()).unwrap();
            let config = Config {
                games: 5,
                ..Config::default()
            };
            let report = check(&cave, &config).unwrap_or_else(|e| panic!("{ruleset} {name}: {e}"));
            assert!(report.applied > 20, "{ruleset} {name}: {report:?}");
        }
    }
}
