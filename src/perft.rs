//! Perft: the number of action sequences of each length from a position,
//! the standard correctness check of move generators, for any game.
//!
//! Leaves at depth `d` count every sequence of `d` legal actions from the
//! start (a game that ends earlier ends its sequences there); distinct
//! positions count the different positions those sequences reach.
//!
//! ```
//! # use relic::contract::*;
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! # struct Count(u8);
//! # #[derive(Debug, Clone, thiserror::Error)] #[error("no")] struct No;
//! # impl Game for Count {
//! #   type Action = u8; type Event = (); type Refusal = No;
//! #   fn seat_count(&self) -> usize { 1 }
//! #   fn seat_name(&self, _: Seat) -> String { "one".into() }
//! #   fn status(&self) -> Status { if self.0 >= 3 { Status::Over(Outcome::Won(0)) } else { Status::ToMove(0) } }
//! #   fn turn(&self) -> u32 { self.0.into() }
//! #   fn legal_actions_into(&self, out: &mut Vec<u8>) { if self.0 < 3 { out.extend([1, 2]) } }
//! #   fn apply_into(&mut self, a: &u8, _: &mut Vec<()>) -> Result<(), No> { self.0 += a; Ok(()) }
//! #   fn parse_action(&self, t: &str) -> Result<u8, NotationError> { t.parse().map_err(|_| NotationError::new("no")) }
//! #   fn write_action(&self, a: &u8) -> String { a.to_string() }
//! # }
//! use relic::perft::perft;
//! // From 0, add 1 or 2 until the count reaches 3 or more.
//! let rows = perft(&Count(0), 3, true);
//! assert_eq!(rows.iter().map(|r| r.leaves).collect::<Vec<_>>(), [2, 4, 2]);
//! assert_eq!(rows.iter().map(|r| r.distinct).collect::<Vec<_>>(), [Some(2), Some(3), Some(2)]);
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{BuildHasher, RandomState};

use crate::contract::Game;

/// The counts at one depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// The number of actions from the start.
    pub depth: u32,
    /// Action sequences of this length (beyond 2^64 in long counts of
    /// distinct positions, whose sequences multiply).
    pub leaves: u128,
    /// Different positions they reach, when asked for.
    pub distinct: Option<u64>,
}

/// The counts for every depth from 1 to `depth`; with `distinct`, the
/// number of different positions too (which keeps a compact key of every
/// position met). Counts of sequences go past 2^64 where positions are
/// met again and again:
///
/// ```
/// use relic::lang::{CoreGame, parse_core_resolved};
/// // Two ways to pass, to the same position: 2^d sequences of d passes.
/// let toml = "game = \"core\"\nname = \"Pass\"\nplayers = [\"a\", \"b\"]\n\
///     rules = \"mark(x) ->next | mark(y) ->next\"\n[board]\nwidth = 1\nheight = 1\n\
///     [[kinds]]\nname = \"p\"\nglyphs = [\"A\", \"B\"]\n";
/// let (_, program) = parse_core_resolved(toml, "pass.toml", None).unwrap();
/// let rows = relic::perft::perft(&CoreGame::new(program), 70, true);
/// assert_eq!((rows[69].leaves, rows[69].distinct), (1 << 70, Some(1)));
/// ```
pub fn perft<G: Game>(start: &G, depth: u32, distinct: bool) -> Vec<PerftRow> {
    perft_report(start, depth, distinct).rows
}

/// What [`perft_report`] found: the counts, and the first action after
/// which the rules' interpreter stopped play ([`Game::stopped_by_rules`]),
/// below which nothing was counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftReport {
    /// The counts at each depth.
    pub rows: Vec<PerftRow>,
    /// The first stop met, if any.
    pub stopped: Option<Stopped>,
}

/// A game the rules' interpreter stopped during a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The depth of the action after which play stopped (0: at the
    /// start, before any).
    pub depth: u32,
    /// That action, in the game's notation (empty at the start).
    pub action: String,
    /// Why ([`Game::stopped_by_rules`]).
    pub message: String,
}

/// [`perft`], also saying whether the rules stopped play somewhere (a
/// count that would otherwise look like a game ending there).
///
/// ```
/// use relic::lang::{CoreGame, parse_core_resolved};
/// use relic::perft::perft_report;
/// let toml = "game = \"core\"\nname = \"Loop\"\nplayers = [\"a\", \"b\"]\n\
///     rules = \"any {empty} [p] mark ([$ k = 1 - k])*! ->next\"\n\
///     [board]\nwidth = 2\nheight = 1\n[[kinds]]\nname = \"p\"\nglyphs = [\"A\", \"B\"]\n\
///     [[variables]]\nname = \"k\"\nmax = 1\n";
/// let (_, program) = parse_core_resolved(toml, "loop.toml", None).unwrap();
/// let report = perft_report(&CoreGame::new(program), 2, false);
/// let stopped = report.stopped.unwrap();
/// assert_eq!((stopped.depth, stopped.action.as_str()), (1, "a1"));
/// ```
pub fn perft_report<G: Game>(start: &G, depth: u32, distinct: bool) -> PerftReport {
    let mut stopped = (start.stopped_by_rules()).map(|message| Stopped {
        depth: 0,
        action: String::new(),
        message,
    });
    if distinct {
        let rows = by_levels(start, depth, &mut stopped);
        listing_stopped(start, &mut stopped);
        return PerftReport { rows, stopped };
    }
    let mut leaves = vec![0; depth as usize];
    let mut actions = Vec::new();
    count(start, depth, &mut leaves, &mut actions, &mut stopped);
    listing_stopped(start, &mut stopped);
    let rows = (leaves.into_iter().zip(1..))
        .map(|(leaves, depth)| PerftRow {
            depth,
            leaves,
            distinct: None,
        })
        .collect();
    PerftReport { rows, stopped }
}

/// Perft's "divide": for each legal action of `start`, in the game's
/// notation, the action sequences of length `depth` that begin with it
/// (to find where two move generators part), and the first stop met.
///
/// ```
/// use relic::lang::{CoreGame, builtin_core};
/// let hex = CoreGame::new(builtin_core("hex").unwrap().unwrap());
/// let (split, stopped) = relic::perft::divide(&hex, 2);
/// assert_eq!((split.len(), split[0].1, stopped.is_none()), (121, 120, true));
/// ```
pub fn divide<G: Game>(start: &G, depth: u32) -> (Vec<(String, u128)>, Option<Stopped>) {
    let mut actions = Vec::new();
    start.legal_actions_into(&mut actions);
    let mut stopped = None;
    listing_stopped(start, &mut stopped);
    let split = (actions.iter())
        .filter_map(|action| {
            let mut next = start.clone();
            next.apply(action).ok()?;
            note(&mut stopped, (start, action, &next), 0);
            let leaves = match depth {
                0 | 1 => 1,
                _ => {
                    let report = perft_report(&next, depth - 1, false);
                    if let Some(mut below) = report.stopped.filter(|_| stopped.is_none()) {
                        if below.depth == 0 {
                            below.action = start.write_action(action);
                        }
                        below.depth += 1;
                        stopped = Some(below);
                    }
                    report.rows.last().map_or(0, |row| row.leaves)
                }
            };
            Some((start.write_action(action), leaves))
        })
        .collect();
    (split, stopped)
}

/// Notes the start stopped by its rules while its actions were listed
/// (when nothing deeper stopped first).
fn listing_stopped<G: Game>(start: &G, stopped: &mut Option<Stopped>) {
    if stopped.is_none()
        && let Some(message) = start.stopped_by_rules()
    {
        *stopped = Some(Stopped {
            depth: 0,
            action: String::new(),
            message,
        });
    }
}

/// Notes the first game stopped by its rules: `next`, reached from `game`
/// by `action` at depth `depth` (from 0).
fn note<G: Game>(
    stopped: &mut Option<Stopped>,
    (game, action, next): (&G, &G::Action, &G),
    depth: usize,
) {
    if stopped.is_none()
        && let Some(message) = next.stopped_by_rules()
    {
        *stopped = Some(Stopped {
            depth: depth as u32 + 1,
            action: game.write_action(action),
            message,
        });
    }
}

/// Depth-first counting; the last depth is counted from the number of
/// legal actions without applying them.
fn count<G: Game>(
    game: &G,
    left: u32,
    leaves: &mut [u128],
    actions: &mut Vec<G::Action>,
    stopped: &mut Option<Stopped>,
) {
    let base = actions.len();
    game.legal_actions_into(actions);
    let depth = leaves.len() - left as usize;
    leaves[depth] += (actions.len() - base) as u128;
    if left > 1 {
        for index in base..actions.len() {
            let mut next = game.clone();
            let action = actions[index].clone();
            if next.apply(&action).is_ok() {
                note(stopped, (game, &action, &next), depth);
                count(&next, left - 1, leaves, actions, stopped);
                // Listing `next`'s actions may have stopped too.
                note(stopped, (game, &action, &next), depth);
            }
        }
    }
    actions.truncate(base);
}

/// Depth-first counting that meets each position of a depth once: the
/// positions seen at each depth are kept as compact keys (128-bit
/// fingerprints, two independent 64-bit hashes), each with the leaves
/// below it, so a position reached again is not searched again. Memory is
/// the key and the counts instead of the position itself (Connect Four
/// 5x4 to depth 20: 420 MB at the peak, 1.82 GB before). Two different
/// positions with the same fingerprint would be counted as one; with a
/// million positions that has a chance of about one in 2^88.
fn by_levels<G: Game>(start: &G, depth: u32, stopped: &mut Option<Stopped>) -> Vec<PerftRow> {
    let mut search = Distinct {
        seen: (0..depth).map(|_| HashMap::new()).collect(),
        hashers: (RandomState::new(), RandomState::new()),
        depth: depth as usize,
        stopped: None,
    };
    let leaves = search.below(start, 0);
    *stopped = search.stopped.take();
    (leaves.into_iter().zip(search.seen).zip(1..))
        .map(|((leaves, seen), depth)| PerftRow {
            depth,
            leaves,
            distinct: Some(seen.len() as u64),
        })
        .collect()
}

/// The state of a distinct-positions count.
struct Distinct {
    /// `seen[d]`: each position at depth `d + 1` by its key, with the
    /// leaves below it at each deeper depth.
    seen: Vec<HashMap<u128, Box<[u128]>>>,
    hashers: (RandomState, RandomState),
    depth: usize,
    stopped: Option<Stopped>,
}

impl Distinct {
    fn key<G: Game>(&self, game: &G) -> u128 {
        let high = u128::from(self.hashers.0.hash_one(game));
        (high << 64) | u128::from(self.hashers.1.hash_one(game))
    }

    /// The leaves below `game` (at depth `at`), at each depth from
    /// `at + 1` to the last.
    fn below<G: Game>(&mut self, game: &G, at: usize) -> Vec<u128> {
        let mut leaves = vec![0; self.depth - at];
        if leaves.is_empty() {
            return leaves;
        }
        let mut actions = Vec::new();
        game.legal_actions_into(&mut actions);
        for action in &actions {
            let mut next = game.clone();
            if next.apply(action).is_err() {
                continue;
            }
            note(&mut self.stopped, (game, action, &next), at);
            leaves[0] += 1;
            let key = self.key(&next);
            if let Some(known) = self.seen[at].get(&key) {
                add(&mut leaves[1..], known);
                continue;
            }
            let deeper = self.below(&next, at + 1);
            note(&mut self.stopped, (game, action, &next), at);
            add(&mut leaves[1..], &deeper);
            self.seen[at].insert(key, deeper.into_boxed_slice());
        }
        leaves
    }
}

fn add(into: &mut [u128], counts: &[u128]) {
    for (sum, count) in into.iter_mut().zip(counts) {
        *sum += count;
    }
}

/// The table `relic perft` prints: a header, then one line per depth.
///
/// ```
/// use relic::perft::{PerftRow, write_table};
/// let rows = [PerftRow { depth: 1, leaves: 9, distinct: None }];
/// assert_eq!(write_table(&rows), "depth leaves\n1 9\n");
/// ```
pub fn write_table(rows: &[PerftRow]) -> String {
    let distinct = rows.iter().any(|r| r.distinct.is_some());
    let mut out = String::from(if distinct {
        "depth leaves distinct\n"
    } else {
        "depth leaves\n"
    });
    for row in rows {
        let _ = write!(out, "{} {}", row.depth, row.leaves);
        if let Some(distinct) = row.distinct {
            let _ = write!(out, " {distinct}");
        }
        out.push('\n');
    }
    out
}
