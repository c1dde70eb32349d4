//! Any bytes as a FEN setup of chess and of Othello: the reader must never
//! panic; a position it accepts must start a game whose legal actions
//! apply, and write back as FEN that reads to the same text; a position it
//! rejects must come with at least one problem that renders and
//! serialises.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::contract::Game;
use relic::lang::{builtin_core, fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in ["chess", "othello"] {
        let program = builtin_core(name).expect("built in").expect("valid");
        match fen::start_from_fen(program.clone(), "fuzz.fen", text) {
            Ok(game) => {
                let written = fen::write_fen(&game);
                let again = fen::start_from_fen(program, "again.fen", &written)
                    .expect("a written position reads back");
                assert_eq!(fen::write_fen(&again), written);
                for action in game.legal_actions().into_iter().take(3) {
                    let mut copy = game.clone();
                    copy.apply(&action).expect("a listed move applies");
                }
            }
            Err(failure) => {
                assert!(!failure.is_ok(), "rejected without a problem");
                assert!(!failure.render(80).is_empty());
                assert_eq!(
                    failure.json_diagnostics().len(),
                    failure.problems.len()
                );
            }
        }
    }
});
