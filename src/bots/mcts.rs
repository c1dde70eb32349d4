//! The generic Monte Carlo tree search bot (UCT): it grows a tree of
//! positions from the current one, scores each new position with the
//! game's [`Evaluate`] capability (after a short random playout when asked
//! to), and plays the most visited action. Every action's first visits
//! follow the evaluation of where it leads (a prior worth a few visits),
//! so the search is never blinder than one-action greedy play.

mod clock;
mod tree;

use std::any::Any;
use std::time::Duration;

use super::{Agent, BotRng, TurnMemory};
use crate::contract::Evaluate;
use tree::Search;

/// How long MCTS thinks per action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsBudget {
    /// This many iterations: the same choice for the same seed on every
    /// machine.
    Iterations(u32),
    /// As many iterations as fit in this time (at most
    /// [`MAX_TREE_NODES`]); depends on the machine's speed and load.
    Time(Duration),
    /// As many iterations as fit in this much CPU time of the thinking
    /// thread: on a machine shared with other work, the same thinking as
    /// [`MctsBudget::Time`] gets on an idle one (where the platform has no
    /// thread CPU clock, wall-clock time).
    CpuTime(Duration),
}

/// The most nodes a tree grows to under a time budget.
pub const MAX_TREE_NODES: usize = 1 << 20;

/// The settings of an MCTS bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The thinking budget per action.
    pub budget: MctsBudget,
    /// Turns a random playout plays before the position it reaches is
    /// evaluated; 0 evaluates each new position as it is.
    pub playout_turns: u32,
    /// The exploration constant of UCT.
    pub exploration: f64,
    /// How many visits each action's prior (the evaluation of the position
    /// it leads to) is worth; 0 turns priors off (plain UCT, every action
    /// tried once first).
    pub prior: u32,
}

impl Default for MctsConfig {
    /// 1000 iterations, playouts of 2 turns, exploration 0.7, priors worth
    /// 2 visits.
    fn default() -> MctsConfig {
        MctsConfig {
            budget: MctsBudget::Iterations(1000),
            playout_turns: 2,
            exploration: 0.7,
            prior: 2,
        }
    }
}

/// Monte Carlo tree search with the UCT selection rule, for any game with
/// an evaluation and any number of seats: each edge keeps the total reward
/// of the seat that plays it, and each seat picks the action best for
/// itself (max^n). Actions that lead back to a position of the same turn
/// are never played nor searched.
///
/// The tree below the action chosen is kept for the next decision when
/// that comes straight after it (the next action of the same turn, as in
/// a turn of several actions).
pub struct Mcts {
    config: MctsConfig,
    memory: TurnMemory,
    /// The last search (a `Search<G>` for the game played).
    tree: Option<Box<dyn Any + Send>>,
}

impl Clone for Mcts {
    /// The same settings and memory; the kept tree is not copied.
    fn clone(&self) -> Mcts {
        Mcts {
            config: self.config,
            memory: self.memory.clone(),
            tree: None,
        }
    }
}

impl std::fmt::Debug for Mcts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mcts")
            .field("config", &self.config)
            .field("memory", &self.memory)
            .finish_non_exhaustive()
    }
}

impl Mcts {
    /// An MCTS bot with these settings.
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts {
            config,
            memory: TurnMemory::default(),
            tree: None,
        }
    }

    /// Its settings.
    pub fn config(&self) -> MctsConfig {
        self.config
    }
}

/// The `:prior=P` option of a spec, empty for the default.
pub(crate) fn prior_option(prior: u32) -> String {
    match prior == MctsConfig::default().prior {
        true => String::new(),
        false => format!(":prior={prior}"),
    }
}

impl<G: Evaluate> Agent<G> for Mcts {
    fn name(&self) -> String {
        let c = &self.config;
        let budget = match c.budget {
            MctsBudget::Iterations(n) => format!("iterations={n}"),
            MctsBudget::Time(t) => format!("ms={}", t.as_millis()),
            MctsBudget::CpuTime(t) => format!("cpu-ms={}", t.as_millis()),
        };
        format!(
            "mcts:{budget}:depth={}{}",
            c.playout_turns,
            prior_option(c.prior)
        )
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        game.status().to_move()?;
        self.memory.visit(game);
        let kept = self
            .tree
            .take()
            .and_then(|tree| tree.downcast::<Search<G>>().ok());
        let mut search = match kept {
            Some(kept) => kept.resume(self.config, game, &self.memory),
            None => Search::new(self.config, game, &self.memory),
        };
        if search.root_actions().nth(1).is_none() {
            return search.root_actions().next().cloned();
        }
        search.run(rng);
        let action = search.best_action();
        self.tree = Some(Box::new(search));
        action
    }
}
