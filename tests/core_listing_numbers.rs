//! A core game finds its position's kept listing by the listing's number
//! (`src/lang/listing.rs`, `CoreGame::known`): a copy of a game knows the
//! same listing, a move forgets it, and another thread keeps listings of
//! its own. On every built-in core ruleset whose pieces do not stack,
//! seeded random games check at every position that a game whose copy
//! has moved still lists its own actions, that the moved copy lists what
//! a game made afresh from its position lists (a second copy of the
//! program, so that it shares no kept listing), and that the game lists
//! the same on another thread.

use std::sync::Arc;

use relic::contract::{Game, Status};
use relic::lang::{CORE_BUILTINS, CoreGame, Program, builtin_core};

/// Seeded games per ruleset and moves per game.
const GAMES: u64 = 3;
const MOVES: usize = 40;

/// The actions of a game made afresh from `game`'s position under
/// `program`, written out.
fn afresh(game: &CoreGame, program: &Arc<Program>) -> Vec<String> {
    let Status::ToMove(seat) = game.status() else {
        return Vec::new();
    };
    let fresh = CoreGame::from_position(
        Arc::clone(program),
        game.cells().to_vec(),
        game.values().to_vec(),
        seat as u8,
        game.turn(),
    );
    written(&fresh)
}

fn written(game: &CoreGame) -> Vec<String> {
    let actions = game.legal_actions();
    actions.iter().map(|a| game.write_action(a)).collect()
}

/// The first position of `name`'s seeded games where a listing found by
/// number differs from the one a search gives.
fn first_difference(name: &str, program: Arc<Program>) -> Option<String> {
    let apart = Arc::new((*program).clone());
    let moves = match crate::common::core_files::lists_thousands(&program) {
        true => 6,
        false => MOVES,
    };
    for seed in 0..GAMES {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = CoreGame::new(Arc::clone(&program));
        for step in 0..moves {
            if game.status().is_over() {
                break;
            }
            let listed = written(&game);
            let actions = game.legal_actions();
            let mut copy = game.clone();
            let chosen = actions[rng.usize(..actions.len())];
            copy.apply(&chosen).expect("a listed action applies");
            let at = format!("{name}, seed {seed}, move {step}");
            if written(&game) != listed {
                return Some(format!(
                    "{at}: the game's actions changed when its copy moved"
                ));
            }
            let elsewhere = std::thread::scope(|s| s.spawn(|| written(&game)).join().unwrap());
            if elsewhere != listed {
                return Some(format!("{at}: another thread lists other actions"));
            }
            if written(&copy) != afresh(&copy, &apart) {
                return Some(format!("{at}: after the move, other actions than afresh"));
            }
            game = copy;
        }
    }
    None
}

#[test]
fn listings_found_by_number_are_the_positions_own() {
    let mut checked = 0;
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        // A game made afresh has no history: under `forbid_repeat` it
        // may list repeats the game itself refuses.
        if program.stacks() || program.forbid_repeat.is_some() {
            continue;
        }
        if let Some(difference) = first_difference(name, program) {
            panic!("{difference}");
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} rulesets checked");
}
