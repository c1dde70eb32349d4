//! Core rulesets read from files (a core ruleset may extend a vocabulary,
//! Moving Maze or Escape built-in in its core form) and played from the
//! start.

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

/// The glyphs of the stack on `cell`, bottom first.
pub fn stack(game: &CoreGame, cell: &str) -> Vec<String> {
    let program = game.program();
    let at = usize::from(program.board.cell(cell).unwrap());
    let mut codes = game.below().get(at).cloned().unwrap_or_default();
    codes.extend((game.cells()[at] != 0).then_some(game.cells()[at]));
    codes.iter().map(|&c| program.glyph(c).to_owned()).collect()
}
