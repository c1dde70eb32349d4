//! Any bytes as a Maze Runner level file: the reader must never panic; a
//! file it rejects must come with problems that render; a file it accepts
//! must start a game that plays (actions chosen by the same bytes) and
//! renders without panicking.

#![no_main]

use std::path::Path;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use relic::contract::{Game, TextView};
use relic::games::maze_runner::levels::parse_levels;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::walker::journey::{Program, journey_ruleset};

/// The built-in ruleset, compiled once.
fn program() -> Arc<Program> {
    static PROGRAM: OnceLock<Arc<Program>> = OnceLock::new();
    let compiled =
        PROGRAM.get_or_init(|| journey_ruleset(Path::new("maze-runner")).unwrap().unwrap());
    compiled.clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let program = program();
    match parse_levels(text, &level_syntax(&program)) {
        Ok((file, _)) => {
            let mut game = new_game(program, &file);
            let mut out = String::new();
            for &byte in data.iter().take(64) {
                let actions = game.legal_actions();
                if actions.is_empty() {
                    break;
                }
                let action = &actions[usize::from(byte) % actions.len()];
                let events = game.apply(action).expect("a listed action applies");
                game.write_events(&events, &mut out);
            }
        }
        Err(problems) => assert!(!problems.is_empty()),
    }
});
