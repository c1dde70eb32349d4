//! Core rulesets that extend Moving Maze in its core form (written in
//! the core for the default 7x7 board): extending it unchanged plays the
//! engine's game (the same perft counts), and `rulesets/mixed/
//! moving-maze-two-spares.toml` (a second floating tile) counts its
//! actions as worked out by hand, slides the spare chosen and keeps every
//! law of the contract in seeded random games.

use crate::common;

use common::core_files::{Leaves, played, program, stack};
use relic::contract::Game;
use relic::games::{Setup, builtin_core_source, builtin_game_rules, with_game};
use relic::harness::{Config, check};
use relic::lang::{CoreGame, parse_core_resolved_with};
use relic::perft::perft;

const TWO_SPARES: &str = "rulesets/mixed/moving-maze-two-spares.toml";

#[test]
fn a_core_ruleset_extending_moving_maze_plays_the_engines_game() {
    let text = "game = \"core\"\nextends = \"moving-maze\"\nname = \"Maze\"\n";
    let (_, core) = parse_core_resolved_with(text, "maze.toml", None, builtin_core_source)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    let core_leaves: Vec<u64> = (perft(&CoreGame::new(core), 3, false).iter())
        .map(|r| r.leaves as u64)
        .collect();
    let engine = builtin_game_rules("moving-maze").unwrap().unwrap();
    let engine_leaves = with_game(&engine, &Setup::Default, Leaves).unwrap();
    assert_eq!(core_leaves, engine_leaves);
}

#[test]
fn two_spares_count_their_actions() {
    let game = CoreGame::new(program(TWO_SPARES));
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    // Four turns (two per spare), then twelve lines times two spares.
    assert_eq!(listed.len(), 28, "{listed:?}");
    assert_eq!(&listed[..6], ["r", "l", "r2", "l2", "N2-a", "N2-b"]);
    let rows: Vec<u64> = (perft(&game, 2, false).iter())
        .map(|r| r.leaves as u64)
        .collect();
    assert_eq!(rows, [28, 280]);
}

#[test]
fn a_slide_pushes_in_the_spare_chosen_and_the_pushed_out_tile_takes_its_place() {
    let start = CoreGame::new(program(TWO_SPARES));
    let (a1, i1, c2) = (
        stack(&start, "a1"),
        stack(&start, "i1"),
        stack(&start, "c2"),
    );
    let game = played(&program(TWO_SPARES), &["N2-b"]);
    assert_eq!(stack(&game, "c8"), i1);
    assert_eq!(stack(&game, "i1"), c2);
    assert_eq!(stack(&game, "a1"), a1);
    // The first spare; then the next player turns the second (a T open to
    // the north, east and south, `7`, turned to open east, south and
    // west, `e`) and pushes it in.
    let game = played(&program(TWO_SPARES), &["N2-a", "done", "r2", "N4-b"]);
    assert_eq!((stack(&game, "c8"), stack(&game, "a1")), (a1, c2));
    assert_eq!(stack(&game, "e8"), ["e"]);
}

#[test]
fn two_spares_keep_the_contract() {
    let game = CoreGame::new(program(TWO_SPARES));
    let config = Config {
        seed: 5,
        games: 6,
        max_actions: 40,
    };
    let report = check(&game, &config).unwrap_or_else(|v| panic!("{v}"));
    assert!(report.applied > 100, "{report:?}");
}
