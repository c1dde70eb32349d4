//! Bots that play any game through [`crate::contract`], one action at a
//! time: the [`Agent`] trait and the loop that plays a game with one agent
//! per seat.

use crate::contract::{Game, Outcome, Status};

use super::BotRng;

/// A computer player for any game `G`: it chooses one action at a time.
///
/// Agents are deterministic given the generator they are handed (and, for
/// budgets measured in time, the machine's speed), and `Send`, so a
/// simulator can play seeded games on many threads.
pub trait Agent<G: Game>: Send {
    /// The spec text of this agent (`mcts:iterations=2000`).
    fn name(&self) -> String;

    /// One legal action for the seat to move in `game`; `None` when play
    /// is over or no action is legal.
    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action>;

    /// Whether every action this agent chooses is one the game itself gave
    /// as legal in that position (listed, or drawn by
    /// [`Game::random_action_with`]), so that [`play_agents`] may apply it
    /// without the checks that only refuse ([`Game::apply_legal_into`]).
    /// The default, `false`, applies with the checks.
    fn gives_listed_actions(&self) -> bool {
        false
    }
}

/// A boxed agent, as bot specs build them.
pub type BoxedAgent<G> = Box<dyn Agent<G>>;

/// How a game played by agents ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEnd {
    /// Play is over with this outcome.
    Over(Outcome),
    /// The turn limit came first.
    TurnLimit,
    /// The action limit came first (an agent kept acting without ending
    /// turns).
    ActionLimit,
    /// An agent found no action although play was not over.
    Stuck,
}

/// The most actions [`play_agents`] plays per turn of its turn limit
/// before stopping a game: no game's turn needs anywhere near this many,
/// and an agent that never ends its turn must not hang a simulation.
pub const ACTIONS_PER_TURN: u64 = 256;

/// Plays `game` with one agent per seat until it is over or `max_turns`
/// turns have been completed, calling `after(seat, action, game)` after
/// every action. Panics if an agent chooses an illegal action: that is a
/// bug in the agent, never in the input.
///
/// ```
/// # use relic::bots::{Agent, PlayEnd, UniformRandom, play_agents, seeded_rng};
/// # fn demo<G: relic::contract::Game>(game: &mut G) {
/// let mut agents: Vec<Box<dyn Agent<G>>> =
///     (0..game.seat_count()).map(|_| Box::new(UniformRandom) as Box<dyn Agent<G>>).collect();
/// let end = play_agents(game, &mut agents, &mut seeded_rng(1), 100, &mut |_, _, _| {});
/// assert_ne!(end, PlayEnd::Stuck);
/// # }
/// ```
pub fn play_agents<G: Game>(
    game: &mut G,
    agents: &mut [BoxedAgent<G>],
    rng: &mut BotRng,
    max_turns: u32,
    after: &mut dyn FnMut(usize, &G::Action, &G),
) -> PlayEnd {
    let action_limit = u64::from(max_turns) * ACTIONS_PER_TURN;
    let mut events = Vec::new();
    let mut actions = 0u64;
    loop {
        let seat = match game.status() {
            Status::Over(outcome) => return PlayEnd::Over(outcome),
            Status::ToMove(_) if game.turn() >= max_turns => return PlayEnd::TurnLimit,
            Status::ToMove(_) if actions >= action_limit => return PlayEnd::ActionLimit,
            Status::ToMove(seat) => seat,
        };
        let Some(action) = agents[seat].choose(game, rng) else {
            return PlayEnd::Stuck;
        };
        events.clear();
        if agents[seat].gives_listed_actions() {
            game.apply_legal_into(&action, &mut events);
        } else if let Err(refusal) = game.apply_into(&action, &mut events) {
            panic!(
                "{} chose an illegal action {}: {refusal}",
                agents[seat].name(),
                game.write_action(&action)
            );
        }
        actions += 1;
        after(seat, &action, game);
    }
}

/// The positions one seat has been in during its current turn, so that a
/// bot never plays an action that leads back to one of them (turning a
/// tile four times, or back and forth): a turn then always moves on.
#[derive(Clone, Debug, Default)]
pub struct TurnMemory {
    turn: Option<(u32, usize)>,
    seen: Vec<u64>,
}

impl TurnMemory {
    /// Notes `game` as visited, forgetting earlier turns.
    pub fn visit<G: Game>(&mut self, game: &G) {
        let now = (game.turn(), game.status().to_move().unwrap_or(usize::MAX));
        if self.turn != Some(now) {
            self.turn = Some(now);
            self.seen.clear();
        }
        self.seen.push(fingerprint(game));
    }

    /// Whether `next` is a position already visited this turn.
    pub fn is_repeat<G: Game>(&self, next: &G) -> bool {
        self.turn == Some((next.turn(), next.status().to_move().unwrap_or(usize::MAX)))
            && self.seen.contains(&fingerprint(next))
    }
}

/// A position's hash with fixed keys (the same on every run).
pub(crate) fn fingerprint<G: Game>(game: &G) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(game)
}
