//! The generic Monte Carlo tree search bot (UCT): it grows a tree of
//! positions from the current one, runs short random playouts cut off
//! after a few turns, scores them with the game's [`Evaluate`] capability
//! and plays the most visited action.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::{Agent, BotRng, TurnMemory};
use crate::contract::{Evaluate, Game, Seat, Status};

/// How long MCTS thinks per action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsBudget {
    /// This many iterations: the same choice for the same seed on every
    /// machine.
    Iterations(u32),
    /// As many iterations as fit in this time (at most
    /// [`MAX_TREE_NODES`]); depends on the machine's speed.
    Time(Duration),
}

/// The most nodes a tree grows to under a time budget.
pub const MAX_TREE_NODES: usize = 1 << 20;

/// The settings of an MCTS bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The thinking budget per action.
    pub budget: MctsBudget,
    /// Turns a playout plays before it is cut off and evaluated.
    pub playout_turns: u32,
    /// The exploration constant of UCT.
    pub exploration: f64,
}

impl Default for MctsConfig {
    /// 1000 iterations, playouts of 2 turns, exploration 0.7.
    fn default() -> MctsConfig {
        MctsConfig {
            budget: MctsBudget::Iterations(1000),
            playout_turns: 2,
            exploration: 0.7,
        }
    }
}

/// Monte Carlo tree search with the UCT selection rule, for any game with
/// an evaluation and any number of seats: each node keeps the total reward
/// of the seat that moved into it, and each seat picks the child best for
/// itself. Actions that lead back to a position of the same turn are
/// never played.
#[derive(Clone, Debug)]
pub struct Mcts {
    config: MctsConfig,
    memory: TurnMemory,
}

impl Mcts {
    /// An MCTS bot with these settings.
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts {
            config,
            memory: TurnMemory::default(),
        }
    }

    /// Its settings.
    pub fn config(&self) -> MctsConfig {
        self.config
    }
}

/// One position in the tree.
struct Node<G: Game> {
    state: G,
    /// The action that led here from the parent (none at the root).
    action: Option<G::Action>,
    /// The seat that played `action`.
    mover: Seat,
    parent: Option<usize>,
    children: Vec<usize>,
    /// Actions not yet expanded into children.
    untried: Vec<G::Action>,
    visits: u32,
    /// The sum of `mover`'s rewards over the playouts through here.
    reward: f64,
}

impl<G: Game> Node<G> {
    fn new(state: G, action: Option<G::Action>, mover: Seat, parent: Option<usize>) -> Node<G> {
        let untried = state.legal_actions();
        Node {
            state,
            action,
            mover,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        }
    }
}

impl<G: Evaluate> Agent<G> for Mcts {
    fn name(&self) -> String {
        let c = &self.config;
        let budget = match c.budget {
            MctsBudget::Iterations(n) => format!("iterations={n}"),
            MctsBudget::Time(t) => format!("ms={}", t.as_millis()),
        };
        format!("mcts:{budget}:depth={}", c.playout_turns)
    }

    fn choose(&mut self, game: &G, rng: &mut BotRng) -> Option<G::Action> {
        let seat = game.status().to_move()?;
        self.memory.visit(game);
        let mut root = Node::new(game.clone(), None, seat, None);
        root.untried.retain(|action| {
            let mut next = game.clone();
            next.apply(action).is_ok() && !self.memory.is_repeat(&next)
        });
        if root.untried.len() <= 1 {
            return root.untried.into_iter().next();
        }
        let mut search = Search {
            config: self.config,
            nodes: vec![root],
            rewards: vec![0.0; game.seat_count()],
            bounds: ValueBounds::default(),
        };
        search.run(rng);
        search.best_action()
    }
}

/// One search from one root.
struct Search<G: Game> {
    config: MctsConfig,
    nodes: Vec<Node<G>>,
    /// Scratch: each seat's reward in the current playout.
    rewards: Vec<f64>,
    /// The lowest and highest mean reward of any node so far.
    bounds: ValueBounds,
}

/// The range of the nodes' mean rewards, which UCT's exploitation term is
/// scaled to: evaluations that differ by little (one square nearer a
/// target) then still steer the search, instead of drowning in the
/// exploration term.
#[derive(Clone, Copy, Debug)]
struct ValueBounds {
    low: f64,
    high: f64,
}

impl Default for ValueBounds {
    fn default() -> ValueBounds {
        ValueBounds {
            low: f64::INFINITY,
            high: f64::NEG_INFINITY,
        }
    }
}

impl ValueBounds {
    fn note(&mut self, value: f64) {
        self.low = self.low.min(value);
        self.high = self.high.max(value);
    }

    /// `value` mapped to `0.0..=1.0` by the range seen (unchanged while
    /// the range is empty).
    fn normalise(&self, value: f64) -> f64 {
        if self.high > self.low {
            (value - self.low) / (self.high - self.low)
        } else {
            value
        }
    }
}

impl<G: Evaluate> Search<G> {
    fn run(&mut self, rng: &mut BotRng) {
        match self.config.budget {
            MctsBudget::Iterations(n) => (0..n).for_each(|_| self.iterate(rng)),
            MctsBudget::Time(limit) => {
                let start = Instant::now();
                while self.nodes.len() < MAX_TREE_NODES {
                    for _ in 0..16 {
                        self.iterate(rng);
                    }
                    if start.elapsed() >= limit {
                        break;
                    }
                }
            }
        }
    }

    /// Selection, expansion, playout and backpropagation.
    fn iterate(&mut self, rng: &mut BotRng) {
        let mut node = 0;
        while self.nodes[node].untried.is_empty() && !self.nodes[node].children.is_empty() {
            node = self.select_child(node);
        }
        if !self.nodes[node].untried.is_empty() {
            node = self.expand(node, rng);
        }
        self.playout(node, rng);
        self.backpropagate(node);
    }

    /// The child with the best UCT value for the seat to move at `node`.
    fn select_child(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let uct = |child: usize| {
            let child = &self.nodes[child];
            let visits = f64::from(child.visits.max(1));
            self.bounds.normalise(child.reward / visits)
                + self.config.exploration * (log_visits / visits).sqrt()
        };
        let mut best = parent.children[0];
        let mut best_value = uct(best);
        for &child in &parent.children[1..] {
            let value = uct(child);
            if value > best_value {
                (best, best_value) = (child, value);
            }
        }
        best
    }

    /// Adds the child reached by a random untried action of `node`.
    fn expand(&mut self, node: usize, rng: &mut BotRng) -> usize {
        let parent = &mut self.nodes[node];
        let pick = rng.random_range(0..parent.untried.len());
        let action = parent.untried.swap_remove(pick);
        let mover = parent.state.status().to_move().unwrap_or(parent.mover);
        let mut state = parent.state.clone();
        if state.apply(&action).is_err() {
            return node; // the game broke its contract; score the parent again
        }
        let child = self.nodes.len();
        self.nodes[node].children.push(child);
        self.nodes
            .push(Node::new(state, Some(action), mover, Some(node)));
        child
    }

    /// Plays random actions from `node` for a few turns and fills
    /// `rewards` with every seat's score of where it stopped.
    fn playout(&mut self, node: usize, rng: &mut BotRng) {
        let start = &self.nodes[node].state;
        let stop = start.turn().saturating_add(self.config.playout_turns);
        let mut state = start.clone();
        let mut actions = Vec::new();
        let mut events = Vec::new();
        let mut played = 0u64;
        let limit = u64::from(self.config.playout_turns.max(1)) * super::ACTIONS_PER_TURN;
        while !state.status().is_over() && state.turn() < stop && played < limit {
            actions.clear();
            state.legal_actions_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            let action = &actions[rng.random_range(0..actions.len())];
            events.clear();
            if state.apply_into(action, &mut events).is_err() {
                break;
            }
            played += 1;
        }
        for (seat, reward) in self.rewards.iter_mut().enumerate() {
            *reward = match state.status() {
                Status::Over(outcome) => outcome.reward(seat),
                Status::ToMove(_) => state.evaluate(seat).clamp(0.0, 1.0),
            };
        }
    }

    fn backpropagate(&mut self, mut node: usize) {
        loop {
            let current = &mut self.nodes[node];
            current.visits += 1;
            current.reward += self.rewards[current.mover];
            self.bounds.note(current.reward / f64::from(current.visits));
            match current.parent {
                Some(parent) => node = parent,
                None => return,
            }
        }
    }

    /// The root's most visited action (the first of equals).
    fn best_action(mut self) -> Option<G::Action> {
        let root = &self.nodes[0];
        let mut best: Option<usize> = None;
        for &child in &root.children {
            if best.is_none_or(|b| self.nodes[child].visits > self.nodes[b].visits) {
                best = Some(child);
            }
        }
        best.and_then(|b| self.nodes[b].action.take())
    }
}
