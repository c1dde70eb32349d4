//! Any bytes as an Escape configuration file: the reader must never panic;
//! a configuration it accepts must start a game whose first legal moves
//! apply; a file it rejects must come with at least one problem that
//! renders and serialises.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::contract::Game;
use relic::escape::config::read_config_bytes;
use relic::escape::{EscapeGame, Variant};

fuzz_target!(|data: &[u8]| {
    match read_config_bytes("fuzz.egc", data.to_vec()) {
        Ok(config) => {
            let mut game = EscapeGame::new(config, Variant::default());
            for action in game.legal_actions().into_iter().take(3) {
                let mut copy = game.clone();
                copy.apply(&action).expect("a listed move applies");
            }
            if let Some(action) = game.legal_actions().first().cloned() {
                game.apply(&action).expect("a listed move applies");
            }
        }
        Err(failure) => {
            assert!(!failure.report.is_ok(), "rejected without a problem");
            assert!(!failure.render(80).is_empty());
            assert_eq!(failure.report.json_diagnostics().len(), failure.report.problems.len());
        }
    }
});
