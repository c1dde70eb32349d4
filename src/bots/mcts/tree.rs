//! The search tree of [`Mcts`](super::Mcts): nodes hold positions, edges
//! hold the statistics of the actions between them and each action's
//! prior (the evaluation of where it leads, for the seat that plays it).

use std::time::Duration;

use super::clock::Clock;
use super::{MAX_TREE_NODES, MctsBudget, MctsConfig};
use crate::bots::{BotRng, TurnMemory, fingerprint};
use crate::contract::{Evaluate, Game, Seat, Status};

/// An edge whose child position has not been made yet.
const UNMADE: u32 = u32::MAX;

/// One action out of a node.
struct Edge<A> {
    action: A,
    /// The child node, or [`UNMADE`].
    child: u32,
    visits: u32,
    /// The sum of the mover's rewards over the visits.
    reward: f64,
    /// The mover's evaluation of the position the action leads to.
    prior: f64,
}

/// One position in the tree.
struct Node<G: Game> {
    state: G,
    /// The seat to move (none once play is over).
    seat: Option<Seat>,
    /// The position's fingerprint and the turn it belongs to, so that
    /// actions leading back to a position of the same turn are pruned.
    print: u64,
    turn: (u32, Option<Seat>),
    /// Set once the edges have been listed.
    expanded: bool,
    edges: Vec<Edge<G::Action>>,
    visits: u32,
}

impl<G: Game> Node<G> {
    fn new(state: G) -> Node<G> {
        let seat = state.status().to_move();
        Node {
            print: fingerprint(&state),
            turn: (state.turn(), seat),
            seat,
            state,
            expanded: false,
            edges: Vec::new(),
            visits: 0,
        }
    }
}

/// The score of a position for `seat` in `0.0..=1.0`: the reward once
/// play is over, otherwise the game's evaluation.
fn value<G: Evaluate>(state: &G, seat: Seat) -> f64 {
    match state.status() {
        Status::Over(outcome) => outcome.reward(seat),
        Status::ToMove(_) => state.evaluate(seat).clamp(0.0, 1.0),
    }
}

/// The prior of the action that led to `next`, for `seat`: the
/// evaluation of `next`; but where the action changed nothing the
/// evaluation sees (`here`, turning a tile before placing it) and the same
/// seat goes on in the same turn (`same_turn`), the best evaluation one
/// action further, so that such preparatory actions are searched as
/// eagerly as what they prepare.
fn prior<G: Evaluate>(next: &G, seat: Seat, here: f64, same_turn: bool) -> f64 {
    let now = value(next, seat);
    if !same_turn || now != here {
        return now;
    }
    let mut best = now;
    let mut events = Vec::new();
    for action in next.legal_actions() {
        let mut after = next.clone();
        events.clear();
        if after.apply_into(&action, &mut events).is_ok() {
            best = best.max(value(&after, seat));
        }
    }
    best
}

/// One search from one root.
pub(super) struct Search<G: Game> {
    config: MctsConfig,
    nodes: Vec<Node<G>>,
    /// Scratch: the (node, edge) pairs of the current iteration.
    path: Vec<(u32, u32)>,
    /// Scratch: each seat's reward in the current iteration.
    rewards: Vec<f64>,
    bounds: ValueBounds,
    /// The node the search starts from.
    root: u32,
    /// The positions of the root's turn before the root.
    memory: TurnMemory,
}

impl<G: Evaluate> Search<G> {
    /// A search from `root`, its actions limited to those `memory` allows.
    pub fn new(config: MctsConfig, root: &G, memory: &TurnMemory) -> Search<G> {
        let mut search = Search {
            config,
            nodes: vec![Node::new(root.clone())],
            path: Vec::new(),
            rewards: vec![0.0; root.seat_count()],
            bounds: ValueBounds::default(),
            root: 0,
            memory: memory.clone(),
        };
        search.expand(0);
        search
    }

    /// This search continued from `game` when `game` is the position its
    /// last chosen action led to (the subtree below it is kept), else a
    /// new search.
    pub fn resume(self, config: MctsConfig, game: &G, memory: &TurnMemory) -> Search<G> {
        let root = &self.nodes[self.root as usize];
        if self.config != config || root.state != *game || self.nodes.len() >= MAX_TREE_NODES / 2 {
            return Search::new(config, game, memory);
        }
        let mut search = self;
        search.memory = memory.clone();
        if !search.nodes[search.root as usize].expanded {
            search.expand(search.root);
        }
        search
    }

    /// The actions the root may play.
    pub fn root_actions(&self) -> impl Iterator<Item = &G::Action> {
        self.nodes[self.root as usize]
            .edges
            .iter()
            .map(|edge| &edge.action)
    }

    /// Runs the iterations the budget allows.
    pub fn run(&mut self, rng: &mut BotRng) {
        match self.config.budget {
            MctsBudget::Iterations(n) => (0..n).for_each(|_| self.iterate(rng)),
            MctsBudget::Time(limit) => self.run_until(rng, Clock::wall(), limit),
            MctsBudget::CpuTime(limit) => self.run_until(rng, Clock::thread_cpu(), limit),
        }
    }

    /// Iterates until `clock` has run for `limit` (or the tree is full).
    fn run_until(&mut self, rng: &mut BotRng, clock: Clock, limit: Duration) {
        while self.nodes.len() < MAX_TREE_NODES {
            for _ in 0..16 {
                self.iterate(rng);
            }
            if clock.elapsed() >= limit {
                break;
            }
        }
    }

    /// Selection, expansion, evaluation and backpropagation.
    fn iterate(&mut self, rng: &mut BotRng) {
        self.path.clear();
        let leaf = self.descend();
        self.score_leaf(leaf, rng);
        self.backpropagate(leaf);
    }

    /// Walks down by UCT from the root to a position not searched yet (or
    /// one where play is over), making it on the way.
    fn descend(&mut self) -> u32 {
        let mut node = self.root;
        loop {
            let current = &self.nodes[node as usize];
            if current.seat.is_none() || (node != self.root && current.visits == 0) {
                return node;
            }
            if !current.expanded {
                self.expand(node);
            }
            if self.nodes[node as usize].edges.is_empty() {
                return node;
            }
            let edge = self.select(node);
            self.path.push((node, edge));
            let child = self.nodes[node as usize].edges[edge as usize].child;
            if child == UNMADE {
                return self.make_child(node, edge);
            }
            node = child;
        }
    }

    /// Lists the actions of `node` with their priors, leaving out those
    /// that lead back to a position of the same turn (on the path from the
    /// root, or before the root) and those the game refuses.
    fn expand(&mut self, node: u32) {
        let current = &self.nodes[node as usize];
        let Some(seat) = current.seat else { return };
        let same_turn: Vec<u64> = self
            .path
            .iter()
            .map(|&(n, _)| &self.nodes[n as usize])
            .chain(std::iter::once(current))
            .filter(|n| n.turn == current.turn)
            .map(|n| n.print)
            .collect();
        let here = value(&current.state, seat);
        let mut edges = Vec::new();
        let mut events = Vec::new();
        for action in current.state.legal_actions() {
            let mut next = current.state.clone();
            events.clear();
            let refused = next.apply_into(&action, &mut events).is_err();
            let turn = (next.turn(), next.status().to_move());
            let back = turn == current.turn && same_turn.contains(&fingerprint(&next));
            if refused || back || self.memory.is_repeat(&next) {
                continue;
            }
            let prior = match self.config.prior {
                0 => 0.0,
                _ => prior(&next, seat, here, turn == current.turn),
            };
            edges.push(Edge {
                action,
                child: UNMADE,
                visits: 0,
                reward: 0.0,
                prior,
            });
        }
        if self.config.prior > 0 {
            edges.iter().for_each(|edge| self.bounds.note(edge.prior));
        }
        let current = &mut self.nodes[node as usize];
        current.edges = edges;
        current.expanded = true;
    }

    /// The edge of `node` with the best UCT value for the seat to move.
    fn select(&self, node: u32) -> u32 {
        let current = &self.nodes[node as usize];
        let log_visits = libm::log(f64::from(current.visits + 1));
        let weight = f64::from(self.config.prior);
        let mut best = (0, f64::NEG_INFINITY);
        for (i, edge) in current.edges.iter().enumerate() {
            let visits = f64::from(edge.visits);
            let score = if weight == 0.0 && edge.visits == 0 {
                f64::INFINITY
            } else {
                let mean = (edge.reward + weight * edge.prior) / (visits + weight);
                self.bounds.normalise(mean)
                    + self.config.exploration * (log_visits / (visits + 1.0)).sqrt()
            };
            if score > best.1 {
                best = (i as u32, score);
            }
        }
        best.0
    }

    /// Makes the position edge `edge` of `node` leads to.
    fn make_child(&mut self, node: u32, edge: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let mut state = parent.state.clone();
        let action = &parent.edges[edge as usize].action;
        let _ = state.apply(action); // legal: checked when the edge was listed
        let child = self.nodes.len() as u32;
        self.nodes.push(Node::new(state));
        self.nodes[node as usize].edges[edge as usize].child = child;
        child
    }

    /// Fills `rewards` with the score of `leaf` for every seat that chooses
    /// on the path to it (the others are left unset), after a random
    /// playout of the configured number of turns.
    fn score_leaf(&mut self, leaf: u32, rng: &mut BotRng) {
        let start = &self.nodes[leaf as usize].state;
        let state = if self.config.playout_turns == 0 || start.status().is_over() {
            None
        } else {
            Some(playout(start, self.config.playout_turns, rng))
        };
        let state = state.as_ref().unwrap_or(start);
        // Only the seats that choose on the path are credited: scoring
        // the others would cost evaluations nobody reads.
        self.rewards.iter_mut().for_each(|r| *r = f64::NAN);
        for &(node, _) in &self.path {
            if let Some(seat) = self.nodes[node as usize].seat
                && self.rewards[seat].is_nan()
            {
                self.rewards[seat] = value(state, seat);
            }
        }
    }

    fn backpropagate(&mut self, leaf: u32) {
        self.nodes[leaf as usize].visits += 1;
        let weight = f64::from(self.config.prior);
        for &(node, edge) in &self.path {
            let current = &mut self.nodes[node as usize];
            current.visits += 1;
            let Some(seat) = current.seat else { continue };
            let edge = &mut current.edges[edge as usize];
            edge.visits += 1;
            edge.reward += self.rewards[seat];
            let mean = (edge.reward + weight * edge.prior) / (f64::from(edge.visits) + weight);
            self.bounds.note(mean);
        }
    }

    /// The root's most visited action (the better valued of equals, then
    /// the first); the search moves its root to where it leads, so that a
    /// later [`Search::resume`] keeps what was searched below it.
    pub fn best_action(&mut self) -> Option<G::Action> {
        let root = &self.nodes[self.root as usize];
        let key = |e: &Edge<G::Action>| (e.visits, e.reward / f64::from(e.visits.max(1)));
        let mut best: Option<usize> = None;
        for (i, edge) in root.edges.iter().enumerate() {
            if best.is_none_or(|b| key(edge) > key(&root.edges[b])) {
                best = Some(i);
            }
        }
        let edge = &root.edges[best?];
        let action = edge.action.clone();
        if edge.child != UNMADE {
            self.root = edge.child;
        }
        Some(action)
    }
}

/// Random actions from `start` until `turns` turns have passed (or play
/// is over); the position where it stopped.
fn playout<G: Game>(start: &G, turns: u32, rng: &mut BotRng) -> G {
    let stop = start.turn().saturating_add(turns);
    let mut state = start.clone();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let limit = u64::from(turns.max(1)) * crate::bots::ACTIONS_PER_TURN;
    let mut played = 0u64;
    while !state.status().is_over() && state.turn() < stop && played < limit {
        let Some(action) = state.random_action_with(rng, &mut actions) else {
            break;
        };
        events.clear();
        state.apply_legal_into(&action, &mut events);
        played += 1;
    }
    state
}

/// The range of the edges' mean rewards, which UCT's exploitation term is
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
