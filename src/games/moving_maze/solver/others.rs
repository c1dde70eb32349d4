//! Checking an answer against the other adventurers moving: the solver
//! plays alone, so `relic solve --others random` plays its answer through
//! the engine with the others taking random turns in between.

use std::fmt;

use serde::Serialize;

use super::Solution;
use crate::bots::seeded_rng;
use crate::games::moving_maze::bots::{RandomBot, Strategy};
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::notation::write_action;

/// How an answer fared with the others moving.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The seed of the others' random turns.
    pub seed: u64,
    /// Whether every input was legal and the goal was reached.
    pub holds: bool,
    /// The player's turn (1-based) where it broke, if it did.
    pub failed_turn: Option<usize>,
    /// Why it broke.
    pub reason: Option<String>,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "With the others moving at random (seed {}): ", self.seed)?;
        match (&self.failed_turn, &self.reason) {
            (Some(turn), Some(reason)) => write!(f, "the answer breaks at turn {turn}: {reason}."),
            _ => write!(f, "the answer still holds."),
        }
    }
}

/// Plays `solution` for `seat` from `game` as it stands, the other seats
/// taking random turns (seeded with `seed`) whenever it is theirs.
///
/// ```
/// use relic::games::moving_maze::board::parse_board;
/// use relic::games::moving_maze::engine::Game;
/// use relic::rules::Rules;
/// use relic::games::moving_maze::solver::{SolveRequest, check_with_others, solve};
///
/// let rules = Rules::standard();
/// let gbf = "3 3\n1\n1111xx\n0110xx 0101y1 0011xx\n1110r1 1111g1 1011b1\n1100xx 0101xx 1001xx\n";
/// let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// let answer = solve(&game, &SolveRequest::new(0)).unwrap();
/// let check = check_with_others(&game, 0, answer.solution().unwrap(), 7);
/// assert_eq!(check.holds, check.failed_turn.is_none());
/// ```
pub fn check_with_others(game: &Game, seat: usize, solution: &Solution, seed: u64) -> Check {
    let mut game = game.clone();
    let mut rng = seeded_rng(seed);
    let before = game.players()[seat].collected;
    let failed = |turn: usize, reason: String| Check {
        seed,
        holds: false,
        failed_turn: Some(turn),
        reason: Some(reason),
    };
    for (n, turn) in solution.turns.iter().enumerate() {
        while game.current_seat() != seat && !game.is_over() {
            for action in RandomBot.choose_turn(&game, &mut rng) {
                if let Err(illegal) = game.apply(action) {
                    return failed(n + 1, format!("a random turn was refused: {illegal}"));
                }
            }
        }
        if let Some(winner) = game.winner().filter(|&w| w != seat) {
            let name = &game.rules().seats()[winner].name;
            return failed(n + 1, format!("{name} won first"));
        }
        for &action in turn {
            if let Err(illegal) = game.apply(action) {
                let typed = write_action(&action);
                return failed(n + 1, format!("`{typed}` is refused: {illegal}"));
            }
        }
    }
    let collected = game.players()[seat].collected - before;
    let home = !solution.returns_home || game.winner() == Some(seat);
    if usize::from(collected) < solution.relics.len() || !home {
        let turns = solution.turns.len();
        return failed(turns, "the goal is not reached".to_string());
    }
    Check {
        seed,
        holds: true,
        failed_turn: None,
        reason: None,
    }
}
