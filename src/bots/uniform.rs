//! The generic random bot: a uniformly random legal action.

use super::{Agent, BotRng};
use crate::contract::Game;

/// Plays a uniformly random legal action, drawn from the seeded generator
/// ([`Game::random_action`]: games that can find one without listing them
/// all do).
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformRandom;

impl<G: Game> Agent<G> for UniformRandom {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        game.random_action(rng)
    }
}
