//! Core rulesets read from files (a core ruleset may extend a vocabulary
//! or Moving Maze built-in in its core form) and played from the start.

use std::path::Path;
use std::sync::Arc;

use relic::contract::Game;
use relic::lang::{CoreGame, Program, load_core_resolved_with};

/// The compiled program of the core ruleset `file`; panics with the
/// rendered problems if it does not load.
pub fn program(file: &str) -> Arc<Program> {
    let (_, program) = load_core_resolved_with(Path::new(file), relic::games::builtin_core_source)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    program
}

/// Plays `moves` (in the game's notation) from the start.
pub fn played(program: &Arc<Program>, moves: &[&str]) -> CoreGame {
    let mut game = CoreGame::new(program.clone());
    for text in moves {
        let action = game.parse_action(text).unwrap();
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    }
    game
}
