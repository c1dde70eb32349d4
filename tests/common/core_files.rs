//! Core rulesets read from files (a core ruleset may extend a vocabulary,
//! Moving Maze or Escape built-in in its core form) and played from the
//! start.

use std::collections::BTreeSet;
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

/// The legal actions of `game` in its notation, in the order listed.
pub fn names(game: &CoreGame) -> Vec<String> {
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
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

/// The glyphs of the stack on the cell named `cell`, bottom first.
pub fn stack(game: &CoreGame, cell: &str) -> Vec<String> {
    stack_on(game, game.program().board.cell(cell).unwrap())
}

/// The glyphs of the stack on the cell drawn at column `x`, row `y`
/// (from 0, south-west), bottom first.
pub fn stack_at(game: &CoreGame, x: u16, y: u16) -> Vec<String> {
    stack_on(game, game.program().board.at_xy(x, y).unwrap())
}

fn stack_on(game: &CoreGame, cell: u16) -> Vec<String> {
    let program = game.program();
    let at = usize::from(cell);
    let mut codes = game.below().of(at).to_vec();
    codes.extend((game.cells()[at] != 0).then_some(game.cells()[at]));
    codes.iter().map(|&c| program.glyph(c).to_owned()).collect()
}

/// How a game's own engine and its core form differ in what they list
/// (the engine's actions written in the core's notation; the core's
/// actions in `besides` left out) or in their status, if they do.
pub fn listing_differs<S: std::fmt::Debug>(
    engine: BTreeSet<String>,
    engine_status: S,
    core: &CoreGame,
    besides: &[&str],
) -> Option<String> {
    let listed: BTreeSet<String> = (core.legal_actions().iter())
        .map(|a| core.write_action(a))
        .filter(|a| !besides.contains(&a.as_str()))
        .collect();
    if engine != listed {
        return Some(format!("actions: engine {engine:?}, core {listed:?}"));
    }
    let (es, cs) = (format!("{engine_status:?}"), format!("{:?}", core.status()));
    (es != cs).then(|| format!("status: engine {es}, core {cs}"))
}

/// The perft leaves to depth 3 of a game of any family.
pub struct Leaves;

impl relic::games::GameVisitor for Leaves {
    type Output = Vec<u64>;
    fn visit<G: relic::games::Playable>(self, game: G) -> Vec<u64> {
        let rows = relic::perft::perft(&game, 3, false);
        rows.iter().map(|r| r.leaves as u64).collect()
    }
}

/// An engine and its core form played side by side.
pub trait Alike {
    /// The engine's actions.
    type Action: Copy;
    /// How the two differ now, if they do.
    fn difference(&self) -> Option<String>;
    /// The engine's actions now (none once play is over).
    fn actions(&self) -> Vec<Self::Action>;
    /// Plays `action` on the engine, and its text on the core form.
    fn play(&mut self, action: Self::Action);
}

/// Plays a seeded random game of at most `moves` actions on `pair`,
/// comparing the two before every action; the positions compared, or the
/// first difference as "seed S, action A: ...".
pub fn seeded_alike<P: Alike>(pair: &mut P, seed: u64, moves: usize) -> Result<usize, String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    for step in 0..moves {
        if let Some(problem) = pair.difference() {
            return Err(format!("seed {seed}, action {step}: {problem}"));
        }
        let actions = pair.actions();
        if actions.is_empty() {
            return Ok(step + 1);
        }
        pair.play(actions[rng.usize(..actions.len())]);
    }
    Ok(moves)
}

/// Plays the action written `words` on `core`, which must take it.
pub fn play_core(core: &mut CoreGame, words: &str) {
    let action = (core.parse_action(words)).unwrap_or_else(|e| panic!("{words}: {e:?}"));
    core.apply(&action).expect("legal in the core");
}

/// Whether a turn of `program` in its first two plies lists more than
/// 4,096 actions (Connect6's 64,620 pairs of stones): tests that play every
/// core game play such a game for fewer turns, as each costs thousands of
/// times more than a turn of chess.
pub fn lists_thousands(program: &Arc<Program>) -> bool {
    let game = CoreGame::new(program.clone());
    let first = game.legal_actions();
    let second = first.first().map_or(0, |action| {
        let mut next = game.clone();
        next.apply(action).map_or(0, |_| next.legal_actions().len())
    });
    first.len().max(second) > 4096
}
