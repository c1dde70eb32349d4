//! The solver: the fewest turns for one player, playing alone (the other
//! adventurers stand still), to collect its next relics and, when that
//! completes its set under the return-home rule, get back home.
//!
//! Breadth-first over whole turns, so the first answer is minimal. Nodes
//! carry the set of tiles the adventurer may end on (one node covers every
//! destination of a turn); a transposition table on maze, floating tile,
//! relics and forbidden slide skips positions already expanded.
//!
//! ```
//! use relic::games::moving_maze::board::{Pos, parse_board};
//! use relic::games::moving_maze::engine::Game;
//! use relic::rules::Rules;
//! use relic::games::moving_maze::solver::{SolveRequest, solve};
//!
//! let rules = Rules::standard();
//! let gbf = "3 3\n1\n1111xx\n0110xx 0101y1 0011xx\n1110r1 1111g1 1011b1\n1100xx 0101xx 1001xx\n";
//! let board = parse_board(gbf, &rules.limits()).unwrap();
//! let game = Game::new(rules, &board).unwrap();
//! let solution = solve(&game, &SolveRequest::new(0)).unwrap().expect("solvable");
//! // g1 is green's only relic: collect it, then get back home to win.
//! assert!(solution.returns_home);
//! assert_eq!(solution.turns.len(), 2);
//! println!("{solution}");
//! ```

mod bits;
mod search;

use std::fmt;

use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use bits::{BitMaze, FLOATING, Geometry};
use search::{Key, Search};

use crate::games::moving_maze::board::{Direction, Pos, Relic, SlideAt};
use crate::games::moving_maze::engine::{Action, Game};
use crate::games::moving_maze::notation::write_action;
use crate::rules::{PushedOff, RelicOrder, WinCondition};

/// The most relics a solve can track.
pub const MAX_TARGETS: usize = 9;

/// What to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The player's seat.
    pub seat: usize,
    /// Where the adventurer starts; `None`: where it stands in the game.
    pub from: Option<Pos>,
    /// How many relics to collect.
    pub relics: u8,
    /// The most turns to search.
    pub depth: u32,
    /// Whether to return home when the relics complete the player's set
    /// under the return-home rule (the game is won only then).
    pub return_home: bool,
}

impl SolveRequest {
    /// One relic for `seat`, from where it stands, up to 8 turns.
    pub fn new(seat: usize) -> SolveRequest {
        SolveRequest {
            seat,
            from: None,
            relics: 1,
            depth: 8,
            return_home: true,
        }
    }
}

/// A minimal solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The relics collected, in the order collected.
    pub relics: Vec<Relic>,
    /// Whether the last turn returns home (and wins).
    pub returns_home: bool,
    /// The actions of each turn, as `relic play` inputs.
    pub turns: Vec<Vec<Action>>,
    /// Search nodes expanded.
    pub expanded: u64,
}

impl Solution {
    /// Each turn's inputs on one line, for example `r n2 3,4`.
    pub fn input_lines(&self) -> Vec<String> {
        self.turns
            .iter()
            .map(|turn| {
                let inputs: Vec<String> = turn.iter().map(write_action).collect();
                inputs.join(" ")
            })
            .collect()
    }
}

/// Why a request cannot be solved at all.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum SolveError {
    /// The seat does not exist.
    #[error("there is no seat {0} in this game")]
    #[diagnostic(code(solve::no_seat), help("name one of the ruleset's colours"))]
    NoSuchSeat(usize),
    /// `--from` outside the maze.
    #[error("{pos} is outside the {width}x{height} maze")]
    #[diagnostic(
        code(solve::from_outside),
        help("give X,Y with 1 <= X <= width and 1 <= Y <= height")
    )]
    FromOutside {
        /// The position given.
        pos: Pos,
        /// Maze width.
        width: u8,
        /// Maze height.
        height: u8,
    },
    /// More relics asked than remain.
    #[error("{player} has {left} relics left to collect, not {wanted}")]
    #[diagnostic(
        code(solve::too_many_relics),
        help("ask for at most {left} with --relics")
    )]
    TooManyRelics {
        /// The player's name.
        player: String,
        /// Relics left.
        left: u8,
        /// Relics asked.
        wanted: u8,
    },
    /// A wanted relic is on no tile.
    #[error("relic {0} is not on the maze or the floating tile")]
    #[diagnostic(code(solve::missing_relic), help("the board has no such relic"))]
    MissingRelic(Relic),
    /// The game is over.
    #[error("the game is over")]
    #[diagnostic(code(solve::game_over), help("solve from a game still in progress"))]
    GameOver,
}

/// The compiled problem the search runs on.
pub(crate) struct Problem {
    width: u8,
    height: u8,
    slides: Vec<SlideAt>,
    rotate: bool,
    skip_allowed: bool,
    forbid_reverse: bool,
    pushed_off: PushedOff,
    collect_ends_move: bool,
    pathfinding: bool,
    any_order: bool,
    targets: Vec<Relic>,
    wanted: u8,
    return_home: Option<u8>,
    /// Whether reaching the goal wins the game.
    wins_at_goal: bool,
    home: u8,
    from: u8,
    root: Key,
}

/// Finds the fewest turns for `request`; `Ok(None)` when there is no
/// solution within `request.depth` turns.
pub fn solve(game: &Game, request: &SolveRequest) -> Result<Option<Solution>, SolveError> {
    let problem = Problem::new(game, request)?;
    let mut search = Search::new(&problem);
    let Some(found) = search.run(request.depth) else {
        return Ok(None);
    };
    let turns = reconstruct(&search, found.node, found.last);
    Ok(Some(Solution {
        relics: collected_relics(&problem, &search, found.node),
        returns_home: problem.return_home.is_some(),
        turns,
        expanded: search.expanded,
    }))
}

impl Problem {
    fn new(game: &Game, request: &SolveRequest) -> Result<Problem, SolveError> {
        if game.is_over() {
            return Err(SolveError::GameOver);
        }
        let rules = game.rules();
        let seat = request.seat;
        let player = *game
            .players()
            .get(seat)
            .ok_or(SolveError::NoSuchSeat(seat))?;
        let maze = game.maze();
        let geometry = Geometry::new(maze.width(), maze.height());
        let from = request.from.unwrap_or(player.pos);
        if !maze.contains(from) {
            return Err(SolveError::FromOutside {
                pos: from,
                width: maze.width(),
                height: maze.height(),
            });
        }
        let any_order = rules.relics().order == RelicOrder::AnyOrder;
        let k = game.relics_per_colour();
        let left = k.saturating_sub(player.collected);
        if request.relics > left {
            return Err(SolveError::TooManyRelics {
                player: rules.seats()[seat].name.clone(),
                left,
                wanted: request.relics,
            });
        }
        let colour = rules.seats()[seat].relic;
        let targets: Vec<Relic> = (1..=k)
            .filter_map(|order| Relic::new(colour, order))
            .filter(|&relic| {
                game.is_active_relic(seat, relic) || !any_order && relic.order() > player.collected
            })
            .take(if any_order {
                MAX_TARGETS
            } else {
                request.relics as usize
            })
            .collect();
        let mut relics = [FLOATING; MAX_TARGETS];
        for (slot, &relic) in relics.iter_mut().zip(&targets) {
            *slot = locate(game, &geometry, relic)?;
        }
        let completes = player.collected + request.relics == k && k > 0;
        let must_return = rules.win() == WinCondition::ReturnHome;
        let return_home =
            (completes && must_return && request.return_home).then(|| geometry.index(player.home));
        let slides = Direction::ALL
            .into_iter()
            .flat_map(|side| (1..=maze.lines_from(side)).map(move |i| SlideAt::new(side, i)))
            .filter(|&at| game.may_slide_line(at))
            .collect();
        Ok(Problem {
            width: maze.width(),
            height: maze.height(),
            slides,
            rotate: game.may_rotate(),
            skip_allowed: game.may_skip_slide(),
            forbid_reverse: rules.slide().forbid_reverse,
            pushed_off: rules.slide().pushed_off,
            collect_ends_move: rules.relics().collect_ends_move,
            pathfinding: rules.movement().pathfinding,
            any_order,
            targets,
            wanted: request.relics,
            return_home,
            wins_at_goal: completes && (!must_return || request.return_home),
            home: geometry.index(player.home),
            from: geometry.index(from),
            root: Key {
                maze: BitMaze::of(maze, game.floating()),
                relics,
                collected: 0,
                forbidden: game.forbidden_slide(),
            },
        })
    }
}

/// Where `relic` lies: its tile's index, or on the floating tile.
fn locate(game: &Game, geometry: &Geometry, relic: Relic) -> Result<u8, SolveError> {
    if game.floating().relic() == Some(relic) {
        return Ok(FLOATING);
    }
    let maze = game.maze();
    maze.tiles()
        .iter()
        .position(|tile| tile.relic() == Some(relic))
        .map(|index| geometry.index(maze.pos_of(index)))
        .ok_or(SolveError::MissingRelic(relic))
}

/// The chain of node ids from the root's child to `last`.
fn chain(search: &Search, last: u32) -> Vec<u32> {
    let mut ids = Vec::new();
    let mut id = last;
    while id != 0 && id != u32::MAX {
        ids.push(id);
        id = search.nodes[id as usize].parent;
    }
    ids.reverse();
    ids
}

fn collected_relics(problem: &Problem, search: &Search, last: u32) -> Vec<Relic> {
    let mut relics = Vec::new();
    for id in chain(search, last) {
        let node = &search.nodes[id as usize];
        let parent = &search.nodes[node.parent as usize];
        for (slot, &relic) in problem.targets.iter().enumerate() {
            if parent.key.relics[slot] != bits::COLLECTED
                && node.key.relics[slot] == bits::COLLECTED
            {
                relics.push(relic);
            }
        }
    }
    relics
}

/// Walks back from the goal choosing, turn by turn, a start tile from the
/// parent's positions that connects to where the turn must end.
fn reconstruct(search: &Search, last_node: u32, last_tile: u8) -> Vec<Vec<Action>> {
    let ids = chain(search, last_node);
    let mut turns = Vec::with_capacity(ids.len());
    let mut end = last_tile;
    for (n, &id) in ids.iter().enumerate().rev() {
        let node = &search.nodes[id as usize];
        let parent = &search.nodes[node.parent as usize];
        let component = search.geometry.flood(&node.key.maze, 1 << end);
        let start = bits_of(parent.positions)
            .map(|p| (p, search.apply(&parent.key, 1 << p, node.via).1))
            .find(|&(_, landed)| landed & component != 0)
            .map(|(_, landed)| landed.trailing_zeros() as u8)
            .expect("a node's positions come from its parent's");
        let origin = bits_of(parent.positions)
            .find(|&p| search.apply(&parent.key, 1 << p, node.via).1 & component != 0)
            .expect("checked above");
        let is_last = n + 1 == ids.len();
        turns.push(turn_actions(search, node, start, end, is_last));
        end = origin;
    }
    turns.reverse();
    turns
}

fn bits_of(set: u128) -> impl Iterator<Item = u8> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let index = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            index
        })
    })
}

/// The inputs of one turn: rotations, the slide, the moves and `done`
/// (unless the turn ends by itself).
fn turn_actions(
    search: &Search,
    node: &search::Node,
    start: u8,
    end: u8,
    is_last: bool,
) -> Vec<Action> {
    let problem = search.problem;
    let (quarter, slide) = node.via;
    let mut actions: Vec<Action> = match quarter {
        0 => vec![],
        1 => vec![Action::RotateClockwise],
        2 => vec![Action::RotateClockwise, Action::RotateClockwise],
        _ => vec![Action::RotateCounterclockwise],
    };
    actions.push(slide.map_or(Action::Done, Action::Slide));
    let mut stops = node.collects.clone();
    if stops.last() != Some(&end) {
        stops.push(end);
    }
    let mut here = start;
    for stop in stops {
        let collects = node.collects.contains(&stop);
        if stop == here && !collects {
            continue;
        }
        push_move(search, node, here, stop, &mut actions);
        here = stop;
    }
    let won = is_last && problem.wins_at_goal;
    let ended = won || !node.collects.is_empty() && problem.collect_ends_move;
    if !ended {
        actions.push(Action::Done);
    }
    actions
}

fn push_move(search: &Search, node: &search::Node, from: u8, to: u8, actions: &mut Vec<Action>) {
    let geometry = &search.geometry;
    if search.problem.pathfinding {
        actions.push(Action::MoveTo(geometry.pos(to)));
        return;
    }
    let steps = path(geometry, &node.key.maze, from, to);
    actions.extend(steps.into_iter().map(Action::Step));
}

/// A shortest path of single steps (ties north, east, south, west).
fn path(geometry: &Geometry, maze: &BitMaze, from: u8, to: u8) -> Vec<Direction> {
    let cells = geometry.width as usize * geometry.height as usize;
    let mut came_by = vec![None; cells];
    let mut queue = std::collections::VecDeque::from([from]);
    let mut seen = 1u128 << from;
    while let Some(index) = queue.pop_front() {
        if index == to {
            break;
        }
        let pos = geometry.pos(index);
        for direction in Direction::ALL {
            let Some(next) = neighbour(geometry, pos, direction) else {
                continue;
            };
            let open = maze.is_open(index, direction) && maze.is_open(next, direction.opposite());
            if open && seen & (1 << next) == 0 {
                seen |= 1 << next;
                came_by[next as usize] = Some((index, direction));
                queue.push_back(next);
            }
        }
    }
    let mut steps = Vec::new();
    let mut at = to;
    while at != from {
        let Some((previous, direction)) = came_by[at as usize] else {
            break;
        };
        steps.push(direction);
        at = previous;
    }
    steps.reverse();
    steps
}

fn neighbour(geometry: &Geometry, pos: Pos, direction: Direction) -> Option<u8> {
    let (x, y) = (pos.x as i16, pos.y as i16);
    let (nx, ny) = match direction {
        Direction::North => (x, y - 1),
        Direction::East => (x + 1, y),
        Direction::South => (x, y + 1),
        Direction::West => (x - 1, y),
    };
    let inside = nx >= 0 && ny >= 0 && nx < geometry.width as i16 && ny < geometry.height as i16;
    inside.then(|| geometry.index(Pos::new(nx as u8, ny as u8)))
}

impl fmt::Display for Solution {
    /// The inputs, one turn per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.input_lines() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
