//! Seats played by the computer: any game's generic agents
//! ([`AgentComputer`]) and Moving Maze's whole-turn planners
//! ([`StrategyComputer`]). A leaf: the server drives them (`autoplay.rs`).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use crate::bots::{BotRng, BoxedAgent, seeded_rng};
use crate::contract::Game;
use crate::games::moving_maze::bots::{BotKind, Strategy};
use crate::games::moving_maze::engine::{Action, Game as MovingMaze};

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

/// A [`Computer`] that plays a Moving Maze [`crate::games::moving_maze::bots::Strategy`]: it
/// plans a whole turn, then hands the server one action of it at a time.
/// Every computer of one game draws from one seeded generator, as in text
/// mode, so the same seed and the same human actions give the same game.
pub struct StrategyComputer {
    strategy: Box<dyn Strategy>,
    rng: Arc<Mutex<BotRng>>,
    planned: VecDeque<Action>,
    /// The game the next planned action was planned for.
    expected: Option<MovingMaze>,
}

impl StrategyComputer {
    /// Plays `strategy`, drawing from `rng`.
    pub fn new(strategy: Box<dyn Strategy>, rng: Arc<Mutex<BotRng>>) -> StrategyComputer {
        StrategyComputer {
            strategy,
            rng,
            planned: VecDeque::new(),
            expected: None,
        }
    }
}

impl Computer<MovingMaze> for StrategyComputer {
    fn choose(&mut self, game: &MovingMaze) -> Option<Action> {
        if self.expected.as_ref() != Some(game) || self.planned.is_empty() {
            let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
            self.planned = self.strategy.choose_turn(game, &mut rng).into();
        }
        let action = self.planned.pop_front().unwrap_or(Action::Done);
        let mut next = game.clone();
        self.expected = MovingMaze::apply(&mut next, action).is_ok().then_some(next);
        Some(action)
    }
}

/// The computers of `relic play gui --bots` and `relic serve --bots`: one
/// per seat that `bots` names, all drawing from one generator seeded with
/// `seed`.
pub fn seat_computers(bots: &[Option<BotKind>], seed: u64) -> Computers<MovingMaze> {
    let rng = Arc::new(Mutex::new(seeded_rng(seed)));
    bots.iter()
        .map(|kind| {
            kind.map(|kind| {
                Box::new(StrategyComputer::new(kind.strategy(), rng.clone()))
                    as Box<dyn Computer<MovingMaze>>
            })
        })
        .collect()
}
