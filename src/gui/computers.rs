//! Seats played by the computer: any game's agents ([`AgentComputer`]:
//! the generic bots, and a game's own, such as Moving Maze's whole-turn
//! planners, through `bots::GameStrategies`). A leaf: the server drives
//! them (`autoplay.rs`).

use std::sync::{Arc, Mutex, PoisonError};

use crate::bots::{BotRng, BoxedAgent, seeded_rng};
use crate::contract::Game;

/// A computer player. The server asks it for one action at a time while it
/// is its seat's turn; the game still judges every action.
pub trait Computer<G: Game>: Send {
    /// The next action for the seat whose turn it is in `game`; `None`
    /// when it has none to play.
    fn choose(&mut self, game: &G) -> Option<G::Action>;
}

/// A [`Computer`] that plays any game's generic [`crate::bots::Agent`]
/// (`random`, `greedy`, `mcts`, ...), one action at a time. Every computer
/// of one game draws from one seeded generator.
pub struct AgentComputer<G: Game> {
    agent: BoxedAgent<G>,
    rng: Arc<Mutex<BotRng>>,
}

impl<G: Game> AgentComputer<G> {
    /// A computer playing `agent`, drawing from `rng`.
    pub fn new(agent: BoxedAgent<G>, rng: Arc<Mutex<BotRng>>) -> AgentComputer<G> {
        AgentComputer { agent, rng }
    }
}

impl<G: Game> Computer<G> for AgentComputer<G> {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
        self.agent.choose(game, &mut rng)
    }
}

/// The computers of `--bots` for any game: one per seat that has an agent,
/// all drawing from one generator seeded with `seed`.
pub fn agent_computers<G: Game>(agents: Vec<Option<BoxedAgent<G>>>, seed: u64) -> Computers<G> {
    let rng = Arc::new(Mutex::new(seeded_rng(seed)));
    agents
        .into_iter()
        .map(|agent| {
            agent.map(|agent| {
                Box::new(AgentComputer::new(agent, rng.clone())) as Box<dyn Computer<G>>
            })
        })
        .collect()
}

/// The computer player of each seat (`None`: a person plays that seat).
pub type Computers<G> = Vec<Option<Box<dyn Computer<G>>>>;
