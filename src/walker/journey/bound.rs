//! Lower bounds on the steps a level-walking game still needs to be won,
//! for the generic search ([`crate::search`]): `relic solve` on a level
//! file.
//!
//! Read from the compiled rules, not from any one game: on every level the
//! actor must reach a cell that is or can become an exit, on the board's
//! edge; when every change that makes exits waits for "no X left", every X
//! still on the board must be visited first; each later level needs its
//! own start's bound. A stat with a losing bound that only ever moves
//! towards it by the step's periodic effects (relief coming only from
//! items) caps the steps left: items held, on this board and on later
//! levels are counted as if all were used at no loss, so the cap is never
//! too low. A position whose bound reaches the cap cannot be won.

use super::compile::{Bound, Program};
use super::state::{Action, Journey};
use crate::contract::{Game, Outcome, Status};
use crate::search::{Found, cheapest_win};
use crate::walker::Grid;
use crate::walker::changes::{Change, Condition};
use crate::walker::levels::{Level, NO_ITEM};

/// Unreachable.
const FAR: u32 = u32::MAX;

/// One level's distances.
struct LevelTable {
    /// Steps from each cell to an exit-capable edge cell.
    to_exit: Vec<u32>,
    /// For each cell holding a required item at the start: steps from
    /// every cell to it.
    to_item: Vec<Option<Vec<u32>>>,
    /// Items whose absence opens the exits (empty: none required).
    required: Vec<u8>,
}

/// The bounds of one game's levels under its program.
pub struct StepBound {
    levels: Vec<LevelTable>,
    /// The start bound of every level after level `i` (index `i + 1`).
    later: Vec<u32>,
    /// How many of each item the levels after level `i` hold.
    later_items: Vec<Vec<u32>>,
}

/// The fewest steps that win `game`, keeping at most `budget` positions.
///
/// ```
/// use relic::games::{Registered, Setup, WalkerLevels};
/// use relic::search::Found;
/// use relic::walker::journey::solve;
/// let source = relic::walker::journey::journey_builtin_source("maze-runner").unwrap();
/// let program = WalkerLevels::parse_rules(source, "maze-runner", None).unwrap();
/// let level = Setup::Text { name: "l.txt".into(), text: "Maze 1 - 3 3\n###\nPCD\n###\n".into() };
/// let game = WalkerLevels::start(&program, &level).unwrap();
/// let Found::Won { cost, .. } = solve(&game, 1000) else { panic!() };
/// assert_eq!(cost, 2);
/// ```
pub fn solve(game: &Journey, budget: u64) -> Found<Action> {
    let bound = StepBound::new(game);
    cheapest_win(game, 0, Journey::steps, |g| bound.steps_to_win(g), budget)
}

impl StepBound {
    /// The tables of `game`'s levels.
    pub fn new(game: &Journey) -> StepBound {
        let program = game.program();
        let levels: Vec<LevelTable> = (game.levels().iter())
            .map(|level| LevelTable::new(program, level))
            .collect();
        let count = levels.len();
        let (mut later, mut later_items) = (
            vec![0; count + 1],
            vec![vec![0; program.items.len()]; count + 1],
        );
        for i in (0..count).rev() {
            let level = &game.levels()[i];
            let here = levels[i].bound(level.start, &level.items, false);
            later[i] = here.saturating_add(later[i + 1]);
            later_items[i] = later_items[i + 1].clone();
            for &item in level.items.iter().filter(|&&i| i != NO_ITEM) {
                later_items[i][usize::from(item)] += 1;
            }
        }
        StepBound {
            levels,
            later,
            later_items,
        }
    }

    /// A lower bound on the steps that still win `game`, or `None` when
    /// no win can come from it.
    pub fn steps_to_win(&self, game: &Journey) -> Option<u32> {
        match game.status() {
            Status::Over(Outcome::Won(_)) => return Some(0),
            Status::Over(_) => return None,
            Status::ToMove(_) => {}
        }
        let board = game.board();
        let program = game.program();
        let open = (board.kinds.kinds()).any(|k| program.kinds[usize::from(k)].exit);
        let here = self.levels[board.level].bound(board.at, &board.items, open);
        let total = here.saturating_add(self.later[board.level + 1]);
        (total < FAR && total < self.steps_left(game)).then_some(total)
    }

    /// The fewest steps after which some losing bound is certainly met.
    fn steps_left(&self, game: &Journey) -> u32 {
        let program = game.program();
        (program.lose.iter())
            .filter_map(|&(stat, bound)| self.stat_steps_left(game, stat, bound))
            .min()
            .unwrap_or(FAR)
    }

    /// [`Self::steps_left`] for one losing bound: `None` if that bound
    /// cannot be shown to come (the stat can move away from it other than
    /// by items, or never reaches it within its range).
    fn stat_steps_left(&self, game: &Journey, stat: usize, bound: Bound) -> Option<u32> {
        let program = game.program();
        let def = &program.stats.defs()[stat];
        // +1 when a change moves the stat towards the bound.
        let (sign, margin) = match bound {
            Bound::AtLeast(v) if v <= def.max => (1, v - game.stats()[stat]),
            Bound::AtMost(v) if v >= def.min => (-1, game.stats()[stat] - v),
            _ => return None,
        };
        let towards = |amount: i32| amount * sign;
        let drift = (program.step_effects.iter()).filter(|p| p.effect.stat == stat);
        let cells = program.kinds.iter().flat_map(|k| &k.on_enter);
        if drift.clone().any(|p| towards(p.effect.amount) < 0)
            || cells
                .filter(|e| e.stat == stat)
                .any(|e| towards(e.amount) < 0)
        {
            return None;
        }
        let relief = self.relief(game, stat, sign);
        let mut need = i64::from(margin) + relief;
        let (mut step, limit) = (game.steps(), game.steps().saturating_add(1_000_000));
        while need > 0 && step < limit {
            step += 1;
            for periodic in drift.clone().filter(|p| step.is_multiple_of(p.every)) {
                need -= i64::from(towards(periodic.effect.amount));
            }
        }
        (need <= 0).then(|| step - game.steps())
    }

    /// How far every item still to be had could move `stat` away from its
    /// bound (direction `sign`), all used.
    fn relief(&self, game: &Journey, stat: usize, sign: i32) -> i64 {
        let program = game.program();
        let board = game.board();
        let later = &self.later_items[board.level + 1];
        (program.items.iter().enumerate())
            .map(|(i, item)| {
                let away: i64 = (item.on_use.iter())
                    .filter(|e| e.stat == stat && e.amount * sign < 0)
                    .map(|e| i64::from(-e.amount * sign))
                    .sum();
                let on_board = board.items.iter().filter(|&&b| usize::from(b) == i).count();
                let count = u64::from(game.inventory().count(i as u8))
                    + on_board as u64
                    + u64::from(later[i]);
                away * count as i64
            })
            .sum()
    }
}

/// The items whose last one taken opens the way out, when nothing else
/// does: none if an exit is there from the start or a change makes one
/// otherwise than by taking the last of an item.
fn required_items(
    program: &Program,
    level: &Level,
    exits: &[usize],
    exits_by_change: &[&Change],
) -> Vec<u8> {
    let exit_from_start = (exits.iter()).any(|&c| program.kinds[usize::from(level.kinds[c])].exit);
    let opened_otherwise =
        (exits_by_change.iter()).any(|c| !matches!(c.when, Condition::NoneLeft(_)));
    if exit_from_start || opened_otherwise {
        return Vec::new();
    }
    (exits_by_change.iter())
        .filter_map(|c| match c.when {
            Condition::NoneLeft(item) => Some(item),
            Condition::Held(_) => None,
        })
        .collect()
}

impl LevelTable {
    fn new(program: &Program, level: &Level) -> LevelTable {
        let exits_by_change = (program.changes.iter())
            .filter(|c| program.kinds[usize::from(c.to)].exit)
            .collect::<Vec<_>>();
        let can_open = |kind: u8| {
            let k = &program.kinds[usize::from(kind)];
            !k.blocks
                || (program.changes.iter())
                    .any(|c| c.from == kind && !program.kinds[usize::from(c.to)].blocks)
        };
        let passable: Vec<bool> = level.kinds.iter().map(|&k| can_open(k)).collect();
        let grid = level_grid(level);
        let on_edge = |cell: usize| {
            (program.steps.iter()).any(|&(_, step)| grid.neighbour(cell, step).is_none())
        };
        let exit_capable = |cell: usize| {
            let kind = level.kinds[cell];
            on_edge(cell)
                && (program.kinds[usize::from(kind)].exit
                    || exits_by_change.iter().any(|c| c.from == kind))
        };
        let exits: Vec<usize> = (0..level.kinds.len())
            .filter(|&c| exit_capable(c))
            .collect();
        let to_exit = distances_to(program, &grid, &passable, &exits);
        let required = required_items(program, level, &exits, &exits_by_change);
        let to_item = (level.items.iter().enumerate())
            .map(|(cell, item)| {
                (required.contains(item)).then(|| distances_to(program, &grid, &passable, &[cell]))
            })
            .collect();
        LevelTable {
            to_exit,
            to_item,
            required,
        }
    }

    /// The steps from `at` to leaving, with `items` on the board; `open`:
    /// an exit is open already (no item is required any more).
    fn bound(&self, at: usize, items: &[u8], open: bool) -> u32 {
        let mut bound = self.to_exit[at];
        if open || self.required.is_empty() || bound == FAR {
            return bound;
        }
        let visits = (self.required.iter())
            .map(|&wanted| {
                (items.iter().enumerate())
                    .filter(|&(_, &item)| item == wanted)
                    .map(|(cell, _)| match &self.to_item[cell] {
                        Some(to) if to[at] < FAR && self.to_exit[cell] < FAR => {
                            to[at] + self.to_exit[cell]
                        }
                        _ => FAR,
                    })
                    .max()
                    .unwrap_or(0)
            })
            .min()
            .unwrap_or(0);
        bound = bound.max(visits);
        bound
    }
}

/// The level's cells on the walkers' shared grid (y counts rows down).
fn level_grid(level: &Level) -> Grid {
    Grid::from_kinds(level.columns, level.rows, level.kinds.clone(), u8::MAX)
}

/// Steps from every cell of `grid` to the nearest of `targets`, entering
/// only passable cells (`FAR`: never).
fn distances_to(program: &Program, grid: &Grid, passable: &[bool], targets: &[usize]) -> Vec<u32> {
    let mut distance = vec![FAR; passable.len()];
    let mut queue = std::collections::VecDeque::new();
    for &t in targets {
        distance[t] = 0;
        queue.push_back(t);
    }
    while let Some(cell) = queue.pop_front() {
        for &(_, (dx, dy)) in &program.steps {
            let Some(from) = grid.neighbour(cell, (-dx, -dy)) else {
                continue;
            };
            if passable[from] && distance[from] == FAR {
                distance[from] = distance[cell] + 1;
                queue.push_back(from);
            }
        }
    }
    distance
}
