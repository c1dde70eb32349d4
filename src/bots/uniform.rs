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

    fn gives_listed_actions(&self) -> bool {
        true
    }
}

/// [`UniformRandom`] that keeps the list of actions it draws from between
/// choices ([`Game::random_action_with`]), so a game of many moves lists
/// them without allocating: the same actions from the same seeds. The
/// random seats of `relic sim` and of play use it.
///
/// ```
/// use relic::bots::{Agent, BufferedRandom, UniformRandom, seeded_rng};
/// use relic::contract::Game;
/// use relic::vocab::{VocabGame, builtin_vocab};
/// let game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
/// let mut buffered = BufferedRandom::default();
/// assert_eq!(
///     buffered.choose(&game, &mut seeded_rng(3)),
///     UniformRandom.choose(&game, &mut seeded_rng(3))
/// );
/// ```
#[derive(Clone, Debug)]
pub struct BufferedRandom<A> {
    scratch: Vec<A>,
}

impl<A> Default for BufferedRandom<A> {
    /// Room for a typical position's actions from the start: a list grown
    /// from empty reallocated a few times in every game a seat played.
    fn default() -> Self {
        BufferedRandom {
            scratch: Vec::with_capacity(32),
        }
    }
}

impl<G: Game> Agent<G> for BufferedRandom<G::Action> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        game.random_action_with(rng, &mut self.scratch)
    }

    fn gives_listed_actions(&self) -> bool {
        true
    }
}
