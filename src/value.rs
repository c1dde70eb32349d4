//! The value of a position with best play, for one seat: whether it wins
//! whatever the others do, can only be held to a draw, or loses whatever
//! it does, and in how many actions. Written once against the [`Game`]
//! contract, so `relic solve` answers it for every game that has no
//! solver of its own (Tic-Tac-Toe, Hex on small boards, a puzzle written
//! as a core ruleset).
//!
//! The search is minimax with alpha-beta pruning, remembering each
//! position's value (a transposition table keyed by a 128-bit hash of
//! the position), deepened one action at a time: it looks 1, 2, 3, ...
//! actions ahead until a win or a loss is forced within the horizon
//! (then it is the game's value: a quicker win or a longer defence would
//! have been found at a nearer horizon) or no line reaches it (a draw). The seat asked about maximises;
//! every other seat minimises its result, so with more than two seats the
//! others are taken to play together against it (the answer is what it
//! can force). A win counts for more the sooner it comes and a loss the
//! later, so the line found is the quickest win or the longest defence.
//!
//! A position that repeats one already on the line is scored a draw:
//! play could go round forever (games whose rules end repetitions keep
//! the history in their positions, and never repeat). Values that depend
//! on such a repetition are not remembered, as they depend on the line.
//! With a horizon (`within`), deepening stops there: positions that many
//! actions away count as undecided, and the answer is a win or a loss
//! only if one is forced before it. The search gives up after `budget`
//! positions, saying how far ahead it had looked.
//!
//! ```
//! use relic::games::{GameVisitor, Playable, Setup, resolve_game_rules, with_game};
//! use relic::value::{Question, Verdict, solve};
//! use std::path::Path;
//!
//! struct Solve;
//! impl GameVisitor for Solve {
//!     type Output = Verdict;
//!     fn visit<G: Playable>(self, game: G) -> Verdict {
//!         solve(&game, &Question::new(0, 1_000_000), |_| {}).verdict
//!     }
//! }
//! let rules = resolve_game_rules(Path::new("tic-tac-toe")).unwrap();
//! let verdict = with_game(&rules, &Setup::Default, Solve).unwrap();
//! assert_eq!(verdict, Verdict::Draw);
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hash, RandomState};

use serde::Serialize;

use crate::contract::{Game, Outcome, Seat, Status};

/// What to ask about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// The seat whose result is asked about.
    pub seat: Seat,
    /// Only wins and losses forced within this many actions count
    /// (`None`: to the end of the game).
    pub within: Option<u32>,
    /// The most positions to search before giving up.
    pub budget: u64,
}

impl Question {
    /// The value for `seat` to the end of the game, within `budget`
    /// positions.
    pub fn new(seat: Seat, budget: u64) -> Question {
        Question {
            seat,
            within: None,
            budget,
        }
    }
}

/// The answer's verdict for the seat asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum Verdict {
    /// It wins whatever the others do; the win comes `actions` actions
    /// from the position at the latest.
    Wins {
        /// Actions (everyone's) until the win with best play.
        actions: u32,
    },
    /// Neither side can force a win: best play is a draw (or goes on
    /// forever).
    Draw,
    /// The others can force its loss, `actions` actions away at the
    /// latest.
    Loses {
        /// Actions (everyone's) until the loss with best play.
        actions: u32,
    },
    /// Neither a win nor a loss is forced within the horizon.
    Undecided,
    /// The budget ran out first.
    OverBudget,
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<A> {
    /// The verdict.
    pub verdict: Verdict,
    /// A line of best play from the position (empty over budget): to the
    /// end of the game for a win or a loss, at most [`DRAW_LINE`] actions
    /// of a draw.
    pub line: Vec<A>,
    /// Positions searched.
    pub nodes: u64,
    /// How many actions ahead the last search that ran to its end looked
    /// (0 when none did): over budget, neither a win nor a loss is forced
    /// within them.
    pub searched: u32,
}

/// How many actions of a drawn (or undecided) line are shown.
pub const DRAW_LINE: usize = 60;

/// The deepest line searched: positions further away are undecided.
pub const MAX_PLY: u32 = 10_000;

/// The value of a win at the position itself; one less for each action
/// before it.
const WIN: i32 = 1 << 24;
const INFINITY: i32 = WIN + 1;

/// The most positions remembered (about 40 bytes each): beyond it the
/// search goes on, remembering nothing new.
const TABLE_CAP: usize = 1 << 23;

/// How many positions are searched between two progress reports.
const REPORT_EVERY: u64 = 1 << 14;

/// Solves `game` for `question.seat`, calling `progress` with the number
/// of positions searched every few thousand of them.
pub fn solve<G: Game>(
    game: &G,
    question: &Question,
    progress: impl FnMut(u64) + Send,
) -> Answer<G::Action> {
    // Deep games recurse deeply: search on a thread with room for it.
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("solve".into())
            .stack_size(256 << 20)
            .spawn_scoped(scope, || Search::new(question, progress).answer(game));
        match worker.map(|handle| handle.join()) {
            Ok(Ok(answer)) => answer,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => Search::new(question, |_| {}).answer(game),
        }
    })
}

/// Which side of the true value a remembered value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    AtLeast,
    AtMost,
}

/// A remembered position: its value (wins and losses counted from the
/// position itself), how far ahead it was searched, and the index of
/// its best action.
#[derive(Clone, Copy, Debug)]
struct Entry {
    value: i32,
    bound: Bound,
    ahead: u32,
    best: u32,
}

/// A value and whether it depends on a repetition of the line.
type Scored = (i32, bool);

/// The search ran out of budget.
struct OutOfBudget;

struct Search<P> {
    seat: Seat,
    horizon: u32,
    budget: u64,
    nodes: u64,
    progress: P,
    table: HashMap<u128, Entry>,
    line: HashSet<u128>,
    /// How often each action (by its hash) cut a search short.
    cutoffs: HashMap<u64, u64>,
    hashers: (RandomState, RandomState),
    reached_horizon: bool,
}

impl<P: FnMut(u64)> Search<P> {
    fn new(question: &Question, progress: P) -> Search<P> {
        Search {
            seat: question.seat,
            horizon: question.within.unwrap_or(MAX_PLY).min(MAX_PLY),
            budget: question.budget,
            nodes: 0,
            progress,
            table: HashMap::new(),
            line: HashSet::new(),
            cutoffs: HashMap::new(),
            hashers: (RandomState::new(), RandomState::new()),
            reached_horizon: false,
        }
    }

    /// Searches `game` to a horizon one action further each time (the
    /// remembered best actions tried first), until a win or a loss is
    /// forced within it, no line reaches it, or it is the one asked
    /// about; then follows a best line.
    fn answer<G: Game>(mut self, game: &G) -> Answer<G::Action> {
        let last = self.horizon;
        let mut horizon = last.min(1);
        loop {
            (self.horizon, self.reached_horizon) = (horizon, false);
            let Ok((value, _)) = self.search(game, 0, -INFINITY, INFINITY) else {
                return self.over_budget(horizon.saturating_sub(1));
            };
            if value != 0 || !self.reached_horizon || horizon == last {
                return self.decided(game, value);
            }
            horizon += 1;
        }
    }

    /// The answer once the search at the current horizon gave `value`.
    fn decided<G: Game>(&mut self, game: &G, value: i32) -> Answer<G::Action> {
        let verdict = match value {
            v if v > 0 => Verdict::Wins {
                actions: (WIN - v) as u32,
            },
            v if v < 0 => Verdict::Loses {
                actions: (WIN + v) as u32,
            },
            _ if self.reached_horizon => Verdict::Undecided,
            _ => Verdict::Draw,
        };
        let line = self.best_line(game, value);
        Answer {
            verdict,
            line,
            nodes: self.nodes,
            searched: self.horizon,
        }
    }

    fn over_budget<A>(&self, searched: u32) -> Answer<A> {
        Answer {
            verdict: Verdict::OverBudget,
            line: Vec::new(),
            nodes: self.nodes,
            searched,
        }
    }

    fn key<G: Game>(&self, game: &G) -> u128 {
        let (a, b) = &self.hashers;
        u128::from(a.hash_one(game)) << 64 | u128::from(b.hash_one(game))
    }

    /// The value of `game`, `ply` actions from the start, for the seat
    /// asked about, within the window `alpha..beta`: exact inside it, a
    /// bound outside.
    fn search<G: Game>(
        &mut self,
        game: &G,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<Scored, OutOfBudget> {
        let mover = match game.status() {
            Status::Over(outcome) => return Ok((self.outcome_value(game, outcome, ply), false)),
            Status::ToMove(mover) => mover,
        };
        if ply >= self.horizon {
            self.reached_horizon = true;
            return Ok((0, false));
        }
        let key = self.key(game);
        if self.line.contains(&key) {
            return Ok((0, true));
        }
        let remembered = self.table.get(&key).copied();
        if let Some(value) = remembered.and_then(|e| self.settled(e, ply, alpha, beta)) {
            return Ok((value, false));
        }
        self.count()?;
        self.line.insert(key);
        let searched = self.children(game, (ply, mover), (alpha, beta), remembered);
        self.line.remove(&key);
        let (value, best, repeated) = searched?;
        if !repeated {
            self.remember(key, (value, best), ply, (alpha, beta));
        }
        Ok((value, repeated))
    }

    /// The order to try `actions` in: the remembered best first, then
    /// those that cut the search short most often elsewhere (the history
    /// heuristic: in many games a good action is good in many positions).
    fn order<A: Hash>(&self, actions: &[A], best: Option<usize>) -> Vec<usize> {
        let mut order: Vec<(u64, usize)> = (actions.iter().enumerate())
            .map(|(at, action)| {
                let cutoffs = self.cutoffs.get(&self.action_key(action)).copied();
                let score = match Some(at) == best {
                    true => u64::MAX,
                    false => cutoffs.unwrap_or(0),
                };
                (score, at)
            })
            .collect();
        order.sort_by_key(|&(score, at)| (std::cmp::Reverse(score), at));
        order.into_iter().map(|(_, at)| at).collect()
    }

    fn action_key<A: Hash>(&self, action: &A) -> u64 {
        self.hashers.0.hash_one(action)
    }

    /// Counts one more position searched.
    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(REPORT_EVERY) {
            (self.progress)(self.nodes);
        }
        match self.nodes > self.budget {
            true => Err(OutOfBudget),
            false => Ok(()),
        }
    }

    /// The best value among `game`'s actions for `mover`, the index of
    /// the action giving it and whether it depends on a repetition.
    fn children<G: Game>(
        &mut self,
        game: &G,
        (ply, mover): (u32, Seat),
        (mut alpha, mut beta): (i32, i32),
        remembered: Option<Entry>,
    ) -> Result<(i32, u32, bool), OutOfBudget> {
        let actions = game.legal_actions();
        if actions.is_empty() {
            // Nobody can act and play is not over: it goes no further.
            return Ok((0, 0, false));
        }
        let maximising = mover == self.seat;
        let (mut best, mut best_at, mut repeated) =
            (if maximising { -INFINITY } else { INFINITY }, 0, false);
        let mut events = Vec::new();
        let order = self.order(&actions, remembered.map(|e| e.best as usize));
        for at in order {
            let mut child = game.clone();
            events.clear();
            child.apply_legal_into(&actions[at], &mut events);
            let (value, loops) = self.search(&child, ply + 1, alpha, beta)?;
            repeated |= loops;
            if (maximising && value > best) || (!maximising && value < best) {
                (best, best_at) = (value, at as u32);
            }
            match maximising {
                true => alpha = alpha.max(value),
                false => beta = beta.min(value),
            }
            if alpha >= beta {
                let weight = 1 << (16u32.saturating_sub(ply / 4));
                *self
                    .cutoffs
                    .entry(self.action_key(&actions[at]))
                    .or_default() += weight;
                break;
            }
        }
        Ok((best, best_at, repeated))
    }

    /// The value of a finished game for the seat asked about: a win or a
    /// loss counts for less the further away it is.
    fn outcome_value<G: Game>(&self, game: &G, outcome: Outcome, ply: u32) -> i32 {
        let two = game.seat_count() == 2;
        let won = match outcome {
            Outcome::Won(winner) => Some(winner == self.seat),
            Outcome::Lost(loser) | Outcome::Quit(loser) if loser == self.seat => Some(false),
            Outcome::Lost(_) | Outcome::Quit(_) if two => Some(true),
            _ => None,
        };
        match won {
            Some(true) => WIN - ply as i32,
            Some(false) => ply as i32 - WIN,
            None => 0,
        }
    }

    /// A remembered value that settles the window at `ply`, if it was
    /// searched far enough ahead.
    fn settled(&self, entry: Entry, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
        // A value searched further ahead holds here too, unless it is a
        // win or a loss further away than the horizon lets this one see.
        let needed = self.horizon - ply;
        if entry.ahead < needed || distance(entry.value).is_some_and(|d| d > needed) {
            return None;
        }
        let value = from_position(entry.value, ply);
        match entry.bound {
            Bound::Exact => Some(value),
            Bound::AtLeast if value >= beta => Some(value),
            Bound::AtMost if value <= alpha => Some(value),
            _ => None,
        }
    }

    fn remember(&mut self, key: u128, (value, best): (i32, u32), ply: u32, window: (i32, i32)) {
        let bound = match value {
            v if v <= window.0 => Bound::AtMost,
            v if v >= window.1 => Bound::AtLeast,
            _ => Bound::Exact,
        };
        let entry = Entry {
            value: to_position(value, ply),
            bound,
            ahead: self.horizon - ply,
            best,
        };
        if self.table.len() < TABLE_CAP || self.table.contains_key(&key) {
            self.table.insert(key, entry);
        }
    }

    /// A line of best play from `game`, whose value is `value`: at each
    /// position the first action that keeps the value.
    fn best_line<G: Game>(&mut self, game: &G, value: i32) -> Vec<G::Action> {
        let mut line = Vec::new();
        let mut at = game.clone();
        let limit = match value {
            0 => DRAW_LINE.min(self.horizon as usize),
            _ => self.horizon as usize,
        };
        while line.len() < limit {
            let Some(next) = self.keeping(&at, line.len() as u32, value) else {
                break;
            };
            self.line.insert(self.key(&at));
            at.apply_legal_into(&next, &mut Vec::new());
            line.push(next);
        }
        line
    }

    /// The first action of `game` (at `ply`) whose value is `value`.
    fn keeping<G: Game>(&mut self, game: &G, ply: u32, value: i32) -> Option<G::Action> {
        let mover = game.status().to_move()?;
        let budget = self.budget;
        self.budget = self.nodes.saturating_add(budget);
        let found = game.legal_actions().into_iter().find(|action| {
            let mut child = game.clone();
            child.apply_legal_into(action, &mut Vec::new());
            let window = match mover == self.seat {
                true => (value - 1, value),
                false => (value, value + 1),
            };
            let searched = self.search(&child, ply + 1, window.0, window.1);
            searched.is_ok_and(|(v, _)| match mover == self.seat {
                true => v >= value,
                false => v <= value,
            })
        });
        self.budget = budget;
        found
    }
}

/// How many actions away the win or the loss a value counted from its
/// position is, `None` for a draw or an undecided value.
fn distance(value: i32) -> Option<u32> {
    match value {
        v if v > WIN / 2 => Some((WIN - v) as u32),
        v if v < -WIN / 2 => Some((WIN + v) as u32),
        _ => None,
    }
}

/// A value counted from the start, `ply` actions in, as counted from the
/// position itself (wins and losses nearer by `ply`).
fn to_position(value: i32, ply: u32) -> i32 {
    match value {
        v if v > WIN / 2 => v + ply as i32,
        v if v < -WIN / 2 => v - ply as i32,
        v => v,
    }
}

/// The inverse of [`to_position`].
fn from_position(value: i32, ply: u32) -> i32 {
    match value {
        v if v > WIN / 2 => v - ply as i32,
        v if v < -WIN / 2 => v + ply as i32,
        v => v,
    }
}
