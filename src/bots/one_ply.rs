//! The generic greedy bot: one action of lookahead scored by the game's
//! [`Evaluate`] capability.

use rand::RngExt;

use super::{Agent, BotRng, TurnMemory};
use crate::contract::{Evaluate, Seat, Status};

/// Applies each legal action to a copy of the position and plays the one
/// whose result is best for the seat to move: a win above everything, a
/// loss below everything, otherwise the game's evaluation. Ties are broken
/// by the seeded generator.
/// Actions that lead back to a position of the same turn are never played.
#[derive(Clone, Debug, Default)]
pub struct OnePly {
    memory: TurnMemory,
}

/// The score of `game` for `seat` on one scale: evaluations lie in
/// `0.0..=1.0`, a finished game scores its reward stretched to `-1.0..=2.0`
/// so that a win beats and a loss trails every unfinished position.
pub fn position_score<G: Evaluate>(game: &G, seat: Seat) -> f64 {
    match game.status() {
        Status::Over(outcome) => outcome.reward(seat) * 3.0 - 1.0,
        Status::ToMove(_) => game.evaluate(seat),
    }
}

impl<G: Evaluate> Agent<G> for OnePly {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        let seat = game.status().to_move()?;
        self.memory.visit(game);
        let mut best: Vec<G::Action> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        let mut events = Vec::new();
        for action in game.legal_actions() {
            let mut next = game.clone();
            events.clear();
            if next.apply_into(&action, &mut events).is_err() || self.memory.is_repeat(&next) {
                continue; // a broken contract, or back to where this turn was
            }
            let score = position_score(&next, seat);
            let score = if score.is_nan() {
                f64::NEG_INFINITY
            } else {
                score
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(action);
            }
        }
        if best.is_empty() {
            return None;
        }
        let pick = rng.random_range(0..best.len());
        Some(best.swap_remove(pick))
    }
}
