//! Two core games played side by side on the same seeded random actions:
//! the check that an optimisation of the interpreter changes nothing a
//! player sees (the same legal actions in the same order, the same cells,
//! values and status after every action, the same events).

use std::sync::Arc;

use relic::contract::Game;
use relic::lang::{CoreGame, Program};

/// How the two games are played.
pub struct Sides<'a> {
    /// The first game's program (it chooses the actions) and the second's.
    pub programs: (Arc<Program>, Arc<Program>),
    /// Whether the second game's actions are listed at every turn; when
    /// not, each action is followed from the turn's start.
    pub list_second: bool,
    /// Runs a call for game 0 or 1 (setting the thread up for that game).
    pub around: &'a dyn Fn(usize, &mut dyn FnMut()),
}

/// Runs `f` for game `side` through [`Sides::around`].
fn on<T>(sides: &Sides, side: usize, f: impl FnOnce() -> T) -> T {
    let (mut f, mut out) = (Some(f), None);
    (sides.around)(side, &mut || out = f.take().map(|f| f()));
    out.expect("run")
}

/// The first difference over `games` seeded games of at most `moves`
/// actions, as "seed S, turn T".
pub fn first_difference(sides: &Sides, games: u64, moves: usize) -> Option<String> {
    (0..games).find_map(|seed| difference_in(sides, seed, moves))
}

fn difference_in(sides: &Sides, seed: u64, moves: usize) -> Option<String> {
    let mut a = CoreGame::new(sides.programs.0.clone());
    let mut b = CoreGame::new(sides.programs.1.clone());
    let mut rng = fastrand::Rng::with_seed(seed);
    for turn in 0..moves {
        let actions = on(sides, 0, || a.legal_actions());
        let listed = sides.list_second && on(sides, 1, || b.legal_actions()) != actions;
        let same = !listed
            && a.cells() == b.cells()
            && a.values() == b.values()
            && format!("{:?}", a.status()) == format!("{:?}", b.status());
        if !same {
            return Some(format!("seed {seed}, turn {turn}"));
        }
        if actions.is_empty() {
            return None;
        }
        let action = actions[rng.usize(..actions.len())];
        let ea = on(sides, 0, || a.apply(&action));
        let eb = on(sides, 1, || b.apply(&action));
        if format!("{ea:?}") != format!("{eb:?}") {
            return Some(format!("seed {seed}, turn {turn}: events differ"));
        }
    }
    None
}

/// Runs a call as it is, for either game.
pub fn plainly(_: usize, f: &mut dyn FnMut()) {
    f()
}
