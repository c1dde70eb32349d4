//! The generic random bot: a uniformly random legal action.

use rand::RngExt;

use super::{Agent, BotRng};
use crate::contract::Game;

/// Plays a uniformly random legal action, drawn from the seeded generator.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformRandom;

impl<G: Game> Agent<G> for UniformRandom {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        let mut actions = game.legal_actions();
        if actions.is_empty() {
            return None;
        }
        let pick = rng.random_range(0..actions.len());
        Some(actions.swap_remove(pick))
    }
}
