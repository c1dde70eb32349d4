//! A position's kept listing (each legal action with its changes) applies
//! an action exactly as following the action's path does: every listed
//! action of positions along seeded random games of every built-in core
//! ruleset, applied on this thread (where the listing is kept) and on a
//! fresh thread (where nothing is kept, so the path is followed), gives
//! the same position, status and events.

use rand::{RngExt, SeedableRng};
use relic::contract::Game;
use relic::lang::{CORE_BUILTINS, CoreGame, builtin_core};

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

#[test]
fn kept_listings_apply_as_following_the_path_does() {
    for (name, _) in CORE_BUILTINS {
        let mut game = CoreGame::new(builtin_core(name).unwrap().unwrap());
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(28);
        let mut checked = 0;
        for _ in 0..12 {
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            for &action in actions.iter().take(40) {
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
        assert!(checked > 0, "{name}: no action checked");
    }
}
