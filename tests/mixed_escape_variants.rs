//! Core rulesets that extend Escape in its core form (written in the core
//! for the default configuration, `boards/escape.egc`): extending it
//! unchanged plays the engine's game (the same perft counts), and the two
//! mixed rulesets count their actions as worked out by hand, play the
//! scenes that show the mechanic they borrow, and keep every law of the
//! contract in seeded random games:
//! `rulesets/mixed/escape-sliding-rows.toml` (Moving Maze's sliding lines)
//! and `rulesets/mixed/escape-upright.toml` (Connect Four's gravity).

use crate::common;

use common::core_files::{Leaves, played, program, stack};
use relic::contract::Game;
use relic::games::{Setup, builtin_core_source, builtin_game_rules, with_game};
use relic::harness::{Config, check};
use relic::lang::{CoreGame, parse_core_resolved_with};
use relic::perft::perft;

const SLIDING: &str = "rulesets/mixed/escape-sliding-rows.toml";
const UPRIGHT: &str = "rulesets/mixed/escape-upright.toml";

fn actions(game: &CoreGame) -> Vec<String> {
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
}

#[test]
fn a_core_ruleset_extending_escape_plays_the_engines_game() {
    for name in ["escape", "escape-later", "escape-remove-gains"] {
        let text = format!("game = \"core\"\nextends = \"{name}\"\nname = \"Race\"\n");
        let (_, core) = parse_core_resolved_with(&text, "race.toml", None, builtin_core_source)
            .unwrap_or_else(|e| panic!("{}", e.render(80)));
        let core_leaves: Vec<u64> = (perft(&CoreGame::new(core), 3, false).iter())
            .map(|r| r.leaves as u64)
            .collect();
        let engine = builtin_game_rules(name).unwrap().unwrap();
        let engine_leaves = with_game(&engine, &Setup::Default, Leaves).unwrap();
        assert_eq!(core_leaves, engine_leaves, "{name}");
    }
}

#[test]
fn sliding_rows_add_two_slides_per_row() {
    let game = CoreGame::new(program(SLIDING));
    let listed = actions(&game);
    // Escape's 43 moves from the default configuration, then each of the
    // eight rows slid east or west.
    assert_eq!(listed.len(), 43 + 16, "{listed:?}");
    assert_eq!(&listed[43..47], ["E1", "W1", "E2", "W2"]);
}

#[test]
fn a_slide_carries_a_row_round_with_its_exits() {
    let start = CoreGame::new(program(SLIDING));
    let game = played(&program(SLIDING), &["E1"]);
    // Row 1: the SNAIL on a1 and the exit on c1 move one square east.
    assert_eq!(stack(&game, "b1"), stack(&start, "a1"));
    assert_eq!(stack(&game, "d1"), ["X"]);
    assert!(stack(&game, "a1").is_empty() && stack(&game, "c1").is_empty());
    // PLAYER2 slides row 6 west: the DOG on a6 comes round to h6, and the
    // FROG on h6 moves to g6.
    let game = played(&program(SLIDING), &["E1", "W6"]);
    assert_eq!(stack(&game, "h6"), ["D2"]);
    assert_eq!(stack(&game, "g6"), ["f2"]);
    // The exit slid along row 1: the SNAIL follows it and steps in.
    let game = played(
        &program(SLIDING),
        &["E1", "h3-h2", "b1-c1", "h2-h1", "c1-d1"],
    );
    let score1 = game.program().variables.iter().find(|v| v.name == "score1");
    assert_eq!(game.values()[usize::from(score1.unwrap().slot)], 1);
}

#[test]
fn upright_pieces_fall_until_held_up() {
    let game = CoreGame::new(program(UPRIGHT));
    assert_eq!(actions(&game).len(), 43);
    // The DOG leaves a6 east along row 6 and comes to rest on the block
    // on d5; the FROG steps from a3 to c3 and falls to c2, held up by the
    // exit on c1.
    let game = played(&program(UPRIGHT), &["a6-d6"]);
    assert_eq!(stack(&game, "d6"), ["D2"]);
    let game = played(&program(UPRIGHT), &["a3-c3"]);
    assert_eq!(stack(&game, "c2"), ["F2"]);
    assert!(stack(&game, "c3").is_empty());
    // The pieces above a3 drop one square into the gap it left.
    assert_eq!(
        [stack(&game, "a3"), stack(&game, "a5")],
        [vec!["H3".to_owned()], vec!["D2".to_owned()]]
    );
}

#[test]
fn the_mixed_escapes_keep_the_contract() {
    for file in [SLIDING, UPRIGHT] {
        let game = CoreGame::new(program(file));
        let config = Config {
            seed: 7,
            games: 4,
            max_actions: 40,
        };
        let report = check(&game, &config).unwrap_or_else(|v| panic!("{file}: {v}"));
        assert!(report.applied > 100, "{file}: {report:?}");
    }
}
