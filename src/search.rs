//! A generic best-first search for one seat playing alone: the cheapest
//! sequence of actions from a position to that seat's win, written once
//! against the [`Game`] contract.
//!
//! The game supplies two measures: `cost`, what the position has cost so
//! far (never less than its parent's: actions may be free), and `bound`, a
//! lower bound on what winning from the position still costs, or `None`
//! when no win can come from it. The search is A*: with a bound that never
//! overestimates, the first win taken from the queue is a cheapest one, and
//! a queue that runs dry proves that no win exists. Positions are kept
//! once (the contract's `Eq + Hash`); the search gives up after `budget`
//! positions instead of exhausting memory.
//!
//! ```
//! use relic::search::{Found, cheapest_win};
//! use relic::walker::journey::journey_ruleset;
//! use relic::games::maze_runner::{level_syntax, new_game, levels::parse_levels};
//! use std::path::Path;
//!
//! let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
//! let (file, _) = parse_levels("Maze 1 - 3 4\n####\nP  D\n####\n", &level_syntax(&program)).unwrap();
//! let start = new_game(program, &file);
//! // Each step costs 1; a bound of 0 is weak but never overestimates.
//! let found = cheapest_win(&start, 0, |g| g.steps(), |_| Some(0), 1000);
//! let Found::Won { actions, cost, .. } = found else { panic!() };
//! assert_eq!(cost, 3);
//! assert_eq!(actions.len(), 4); // three steps and the free one off the board
//! ```

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasher, RandomState};

use crate::contract::{Game, Outcome, Seat, Status};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<A> {
    /// A cheapest win: its actions in order and its cost.
    Won {
        /// The actions from the start to the win.
        actions: Vec<A>,
        /// What they cost (`cost` of the won position minus the start's).
        cost: u32,
        /// Positions kept.
        nodes: u64,
    },
    /// No win can be reached (proven: every position was ruled out).
    NoWin {
        /// Positions kept.
        nodes: u64,
    },
    /// The budget ran out before an answer.
    OverBudget {
        /// Positions kept.
        nodes: u64,
    },
}

/// How far a search has got, for a progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions kept so far.
    pub nodes: u64,
    /// Positions waiting to be expanded.
    pub queued: usize,
    /// The least cost a win can still have: it only grows, and a win
    /// costs at least this much.
    pub bound: u32,
}

/// How many positions are expanded between two progress reports.
const REPORT_EVERY: u32 = 4096;

/// A kept position: the state, its parent and the action from it.
struct Node<G: Game> {
    game: G,
    parent: u32,
    action: Option<G::Action>,
}

/// The positions kept so far, each once.
struct Kept<G: Game> {
    nodes: Vec<Node<G>>,
    by_hash: HashMap<u64, Vec<u32>>,
    hasher: RandomState,
}

impl<G: Game> Kept<G> {
    /// Keeps `game` and returns its index, or `None` if it was kept before.
    fn insert(&mut self, game: G, parent: u32, action: Option<G::Action>) -> Option<u32> {
        let hash = self.hasher.hash_one(&game);
        let same = self.by_hash.entry(hash).or_default();
        if same.iter().any(|&i| self.nodes[i as usize].game == game) {
            return None;
        }
        let index = self.nodes.len() as u32;
        same.push(index);
        self.nodes.push(Node {
            game,
            parent,
            action,
        });
        Some(index)
    }

    /// The actions from the start to node `index`.
    fn path(&self, mut index: u32) -> Vec<G::Action> {
        let mut actions = Vec::new();
        while let Some(action) = &self.nodes[index as usize].action {
            actions.push(action.clone());
            index = self.nodes[index as usize].parent;
        }
        actions.reverse();
        actions
    }
}

/// The cheapest win for `seat` from `start` (see the module's notes),
/// keeping at most `budget` positions.
pub fn cheapest_win<G: Game>(
    start: &G,
    seat: Seat,
    cost: impl Fn(&G) -> u32,
    bound: impl Fn(&G) -> Option<u32>,
    budget: u64,
) -> Found<G::Action> {
    cheapest_win_reporting(start, seat, cost, bound, budget, |_| {})
}

/// [`cheapest_win`], calling `progress` every few thousand positions
/// expanded (a front end shows it; the search itself never prints).
///
/// ```
/// use relic::search::{Found, cheapest_win_reporting};
/// # use relic::contract::*;
/// # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// # struct Line(u32);
/// # #[derive(Debug, Clone, thiserror::Error)] #[error("no")] struct No;
/// # impl Game for Line {
/// #   type Action = u32; type Event = (); type Refusal = No;
/// #   fn seat_count(&self) -> usize { 1 }
/// #   fn seat_name(&self, _: Seat) -> String { "one".into() }
/// #   fn status(&self) -> Status { if self.0 == 20_000 { Status::Over(Outcome::Won(0)) } else { Status::ToMove(0) } }
/// #   fn turn(&self) -> u32 { self.0 }
/// #   fn legal_actions_into(&self, out: &mut Vec<u32>) { if self.0 < 20_000 { out.push(1) } }
/// #   fn apply_into(&mut self, a: &u32, _: &mut Vec<()>) -> Result<(), No> { self.0 += a; Ok(()) }
/// #   fn parse_action(&self, t: &str) -> Result<u32, NotationError> { t.parse().map_err(|_| NotationError::new("no")) }
/// #   fn write_action(&self, a: &u32) -> String { a.to_string() }
/// # }
/// // A line of 20,000 steps to the win: a few reports on the way.
/// let mut reports = Vec::new();
/// let found = cheapest_win_reporting(&Line(0), 0, |g| g.0, |_| Some(0), 1_000_000, |p| reports.push(p));
/// assert!(matches!(found, Found::Won { cost: 20_000, .. }));
/// assert!(reports.len() >= 4 && reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
/// ```
pub fn cheapest_win_reporting<G: Game>(
    start: &G,
    seat: Seat,
    cost: impl Fn(&G) -> u32,
    bound: impl Fn(&G) -> Option<u32>,
    budget: u64,
    progress: impl FnMut(Progress),
) -> Found<G::Action> {
    let estimate = |game: &G| match game.status() {
        Status::Over(Outcome::Won(winner)) if winner == seat => Some(0),
        Status::Over(_) => None,
        Status::ToMove(_) => bound(game),
    };
    let mut search = AStar {
        kept: Kept {
            nodes: Vec::new(),
            by_hash: HashMap::new(),
            hasher: RandomState::new(),
        },
        queue: BinaryHeap::new(),
        base: cost(start),
        cost,
        estimate,
    };
    if let Some(h) = (search.estimate)(start) {
        search.kept.insert(start.clone(), 0, None);
        search.queue.push((Reverse(h), 0, Reverse(0u32)));
    }
    search.run(budget, progress)
}

/// The state of one A* search: the positions kept and the queue, ordered
/// by estimate, then the costliest first (nearest the goal), then the
/// oldest first.
struct AStar<G: Game, C, E> {
    kept: Kept<G>,
    queue: BinaryHeap<(Reverse<u32>, u32, Reverse<u32>)>,
    base: u32,
    cost: C,
    estimate: E,
}

impl<G, C, E> AStar<G, C, E>
where
    G: Game,
    C: Fn(&G) -> u32,
    E: Fn(&G) -> Option<u32>,
{
    /// Takes positions from the queue until a win, an empty queue or the
    /// budget.
    fn run(&mut self, budget: u64, mut progress: impl FnMut(Progress)) -> Found<G::Action> {
        let mut actions = Vec::new();
        let mut expanded = 0u32;
        while let Some((Reverse(bound), spent, Reverse(index))) = self.queue.pop() {
            expanded = expanded.wrapping_add(1);
            if expanded.is_multiple_of(REPORT_EVERY) {
                let nodes = self.kept.nodes.len() as u64;
                let queued = self.queue.len();
                progress(Progress {
                    nodes,
                    queued,
                    bound,
                });
            }
            let game = self.kept.nodes[index as usize].game.clone();
            let nodes = self.kept.nodes.len() as u64;
            if game.status().is_over() {
                let actions = self.kept.path(index);
                return Found::Won {
                    actions,
                    cost: spent,
                    nodes,
                };
            }
            actions.clear();
            game.legal_actions_into(&mut actions);
            if !self.expand(&game, index, &actions, budget) {
                let nodes = self.kept.nodes.len() as u64;
                return Found::OverBudget { nodes };
            }
        }
        let nodes = self.kept.nodes.len() as u64;
        Found::NoWin { nodes }
    }

    /// Keeps and queues every new position one of `actions` leads to from
    /// `game` (node `index`); false once `budget` positions are kept.
    fn expand(&mut self, game: &G, index: u32, actions: &[G::Action], budget: u64) -> bool {
        let mut events = Vec::new();
        for action in actions {
            let mut next = game.clone();
            events.clear();
            if next.apply_into(action, &mut events).is_err() {
                continue;
            }
            let Some(h) = (self.estimate)(&next) else {
                continue;
            };
            let spent = (self.cost)(&next).saturating_sub(self.base);
            if let Some(child) = self.kept.insert(next, index, Some(action.clone())) {
                self.queue
                    .push((Reverse(spent.saturating_add(h)), spent, Reverse(child)));
            }
            if self.kept.nodes.len() as u64 >= budget {
                return false;
            }
        }
        true
    }
}
