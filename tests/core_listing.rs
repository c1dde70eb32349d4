//! A position's kept listing (each legal action with its changes) applies
//! an action exactly as following the action's path does: every listed
//! action of positions along seeded random games of every built-in core
//! ruleset, applied on this thread (where the listing is kept) and on a
//! fresh thread (where nothing is kept, so the path is followed), gives
//! the same position, status and events. Rules that stack pieces (the
//! core forms of Moving Maze and Escape, the mixed rulesets that carry
//! stacks, a tile walk) are checked the same way: their listings keep
//! each action's stacks too.

use crate::common;

use std::sync::Arc;

use common::core_files::program;
use rand::{RngExt, SeedableRng};
use relic::contract::Game;
use relic::games::builtin_core_source;
use relic::lang::{CORE_BUILTINS, CoreGame, Program, builtin_core, parse_core_resolved};

/// The position after `action`, applied on a thread that has kept no
/// listing.
fn followed(game: &CoreGame, action: relic::lang::Action) -> (CoreGame, Vec<String>) {
    let game = game.clone();
    std::thread::spawn(move || applied(&game, action))
        .join()
        .expect("no panic")
}

fn applied(game: &CoreGame, action: relic::lang::Action) -> (CoreGame, Vec<String>) {
    let mut next = game.clone();
    let events = next.apply(&action).expect("listed actions are legal");
    let texts = events.iter().map(|e| next.event_text(e)).collect();
    (next, texts)
}

/// Checks the listed actions of the positions along a seeded game of
/// `program` (`turns` moves, at most `each` actions a position): kept
/// and followed alike. The number of actions checked.
fn listed_alike(name: &str, program: Arc<Program>, turns: usize, each: usize) -> usize {
    let mut game = CoreGame::new(program);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(28);
    let mut checked = 0;
    for _ in 0..turns {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        for &action in actions.iter().take(each) {
            let (kept, kept_events) = applied(&game, action);
            let (path, path_events) = followed(&game, action);
            assert_eq!(kept, path, "{name}: {}", game.write_action(&action));
            assert_eq!(kept.status(), path.status(), "{name}");
            assert_eq!(kept_events, path_events, "{name}");
            // Listing again here reads the kept listing back.
            assert_eq!(game.legal_actions(), actions, "{name}");
            checked += 1;
        }
        let pick = actions[rng.random_range(0..actions.len())];
        game.apply(&pick).unwrap();
    }
    checked
}

#[test]
fn kept_listings_apply_as_following_the_path_does() {
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        let turns = match common::core_files::lists_thousands(&program) {
            true => 4,
            false => 12,
        };
        assert!(
            listed_alike(name, program, turns, 40) > 0,
            "{name}: no action checked"
        );
    }
}

#[test]
fn kept_listings_of_rules_that_stack_apply_as_following_the_path_does() {
    let mut programs = Vec::new();
    for name in ["moving-maze", "escape", "escape-remove-gains"] {
        let text = builtin_core_source(name).unwrap();
        let (_, program) = parse_core_resolved(text, name, None).unwrap();
        programs.push((name.to_owned(), program));
    }
    for file in [
        "rulesets/mixed/escape-sliding-rows.toml",
        "rulesets/mixed/moving-maze-two-spares.toml",
        "rulesets/mixed/connect-four-blast.toml",
        "tests/fixtures/core-reach/tile-walk.toml",
    ] {
        programs.push((file.to_owned(), program(file)));
    }
    for (name, program) in programs {
        assert!(program.stacks(), "{name} stacks");
        let checked = listed_alike(&name, program, 30, 25);
        assert!(checked > 30, "{name}: {checked} actions checked");
    }
}
