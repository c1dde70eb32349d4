//! The solver: the fewest turns for one player, playing alone (the other
//! adventurers stand still), to collect its next relics and, when that
//! completes its set under the return-home rule, get back home.
//!
//! Breadth-first over whole turns, so the first answer is minimal. Nodes
//! carry the set of tiles the adventurer may end on (one node covers every
//! destination of a turn); a transposition table on maze, floating tile,
//! relics and forbidden slide skips positions already expanded. Each node
//! is tested for the goal one turn further as soon as it is made, so the
//! last level is never stored. The search stops at a node budget and a
//! memory cap ([`MEMORY_LIMIT`]) instead of exhausting memory.
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
//! let answer = solve(&game, &SolveRequest::new(0)).unwrap();
//! let solution = answer.solution().expect("solvable");
//! // g1 is green's only relic: collect it, then get back home to win.
//! assert!(solution.returns_home);
//! assert_eq!(solution.turns.len(), 2);
//! println!("{solution}");
//! ```

mod bits;
mod geometry;
mod key;
mod others;
mod search;
mod settle;
mod table;
mod turns;

use std::fmt;

use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use bits::{Bits, MAX_TILES, Wide};
use key::{FLOATING, NO_SLIDE};
use search::{Outcome, Search};

pub use others::{Check, check_with_others};
pub use search::MEMORY_LIMIT;

use crate::games::moving_maze::board::{Direction, Maze, Pos, Relic, SlideAt, Tile};
use crate::games::moving_maze::engine::{Action, Flags, Game, PlayerState};
use crate::games::moving_maze::notation::write_action;
use crate::games::moving_maze::rules::{RelicOrder, WinCondition};

/// The most relics a solve can track.
pub const MAX_TARGETS: usize = 9;

/// The most turns a search may look ahead.
pub const MAX_DEPTH: u32 = 20;

/// The default node budget: nodes made before the search gives up.
pub const DEFAULT_BUDGET: u64 = 10_000_000;

/// What to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The player's seat.
    pub seat: usize,
    /// Where the adventurer starts; `None`: where it stands in the game.
    pub from: Option<Pos>,
    /// How many relics to collect.
    pub relics: u8,
    /// The most turns to search (at most [`MAX_DEPTH`]).
    pub depth: u32,
    /// Whether to return home when the relics complete the player's set
    /// under the return-home rule (the game is won only then).
    pub return_home: bool,
    /// The most search nodes to make before giving up.
    pub budget: u64,
}

impl SolveRequest {
    /// One relic for `seat`, from where it stands, up to [`MAX_DEPTH`]
    /// turns within the default budget.
    pub fn new(seat: usize) -> SolveRequest {
        SolveRequest {
            seat,
            from: None,
            relics: 1,
            depth: MAX_DEPTH,
            return_home: true,
            budget: DEFAULT_BUDGET,
        }
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A minimal solution.
    Solved(Solution),
    /// No solution within the depth: proven.
    NoSolution,
    /// The budget ran out before a solution or a proof that there is none.
    OverBudget,
}

impl Answer {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Answer::Solved(solution) => Some(solution),
            _ => None,
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
    /// Search nodes made.
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
    maze: Maze,
    floating: Tile,
    relics: [u8; MAX_TARGETS],
    forbidden: u8,
    slides: Vec<SlideAt>,
    /// The rules as the engine reads them (the one compiled form).
    flags: Flags,
    /// Relics may be collected in any order (`flags.order`).
    any_order: bool,
    targets: Vec<Relic>,
    wanted: u8,
    return_home: Option<u8>,
    /// Whether reaching the goal wins the game.
    wins_at_goal: bool,
    home: u8,
    from: u8,
    budget: u64,
}

/// Finds the fewest turns for `request`, playing alone: the other
/// adventurers stand still.
pub fn solve(game: &Game, request: &SolveRequest) -> Result<Answer, SolveError> {
    let problem = Problem::new(game, request)?;
    let tiles = usize::from(problem.width) * usize::from(problem.height);
    let depth = request.depth.min(MAX_DEPTH);
    Ok(match tiles {
        0..=64 => run::<u64>(&problem, depth),
        65..=128 => run::<u128>(&problem, depth),
        _ => run::<Wide>(&problem, depth),
    })
}

/// The relics the request looks for: in order, the next `relics` of the
/// seat's colour; in any order, every one it may still collect.
fn targets(
    game: &Game,
    request: &SolveRequest,
    player: &PlayerState,
) -> Result<Vec<Relic>, SolveError> {
    let rules = game.rules();
    let seat = request.seat;
    let any_order = game.flags().order == RelicOrder::AnyOrder;
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
    let wanted = match any_order {
        true => MAX_TARGETS,
        false => request.relics as usize,
    };
    Ok((1..=k)
        .filter_map(|order| Relic::new(colour, order))
        .filter(|&relic| {
            game.is_active_relic(seat, relic) || !any_order && relic.order() > player.collected
        })
        .take(wanted)
        .collect())
}

/// The slides the game allows, and the index among them of the one this
/// turn forbids (the last exit), or [`NO_SLIDE`].
fn slides(game: &Game) -> (Vec<SlideAt>, u8) {
    let maze = game.maze();
    let slides: Vec<SlideAt> = Direction::ALL
        .into_iter()
        .flat_map(|side| (1..=maze.lines_from(side)).map(move |i| SlideAt::new(side, i)))
        .filter(|&at| game.may_slide_line(at))
        .collect();
    let forbidden = game
        .forbidden_slide()
        .and_then(|at| slides.iter().position(|&s| s == at))
        .map_or(NO_SLIDE, |i| i as u8);
    (slides, forbidden)
}

fn run<B: Bits>(problem: &Problem, depth: u32) -> Answer {
    let mut search = Search::<B>::new(problem);
    match search.run(depth) {
        Outcome::Found { node, last } => {
            let (turns, relics) = turns::reconstruct(&search, node, last);
            Answer::Solved(Solution {
                relics,
                returns_home: problem.return_home.is_some(),
                turns,
                expanded: search.generated,
            })
        }
        Outcome::Exhausted => Answer::NoSolution,
        Outcome::OverBudget => Answer::OverBudget,
    }
}

impl Problem {
    fn new(game: &Game, request: &SolveRequest) -> Result<Problem, SolveError> {
        if game.is_over() {
            return Err(SolveError::GameOver);
        }
        let seat = request.seat;
        let player = *game
            .players()
            .get(seat)
            .ok_or(SolveError::NoSuchSeat(seat))?;
        let maze = game.maze();
        let index = |pos: Pos| maze.index_of(pos) as u8;
        let from = request.from.unwrap_or(player.pos);
        if !maze.contains(from) {
            return Err(SolveError::FromOutside {
                pos: from,
                width: maze.width(),
                height: maze.height(),
            });
        }
        debug_assert!(maze.tiles().len() <= MAX_TILES);
        let targets = targets(game, request, &player)?;
        let mut relics = [FLOATING; MAX_TARGETS];
        for (slot, &relic) in relics.iter_mut().zip(&targets) {
            *slot = locate(game, relic)?;
        }
        let completes = player.collected + request.relics == game.relics_per_colour()
            && game.relics_per_colour() > 0;
        let must_return = game.rules().win() == WinCondition::ReturnHome;
        let return_home =
            (completes && must_return && request.return_home).then(|| index(player.home));
        let (slides, forbidden) = slides(game);
        Ok(Problem {
            width: maze.width(),
            height: maze.height(),
            maze: maze.clone(),
            floating: game.floating(),
            relics,
            forbidden,
            slides,
            flags: *game.flags(),
            any_order: game.flags().order == RelicOrder::AnyOrder,
            targets,
            wanted: request.relics,
            return_home,
            wins_at_goal: completes && (!must_return || request.return_home),
            home: index(player.home),
            from: index(from),
            budget: request.budget,
        })
    }

    /// The index of the slide `at` among the problem's slides, or
    /// [`NO_SLIDE`].
    fn slide_index(&self, at: SlideAt) -> u8 {
        self.slides
            .iter()
            .position(|&s| s == at)
            .map_or(NO_SLIDE, |i| i as u8)
    }
}

/// Where `relic` lies: its tile's index, or on the floating tile.
fn locate(game: &Game, relic: Relic) -> Result<u8, SolveError> {
    if game.floating().relic() == Some(relic) {
        return Ok(FLOATING);
    }
    game.maze()
        .tiles()
        .iter()
        .position(|tile| tile.relic() == Some(relic))
        .map(|index| index as u8)
        .ok_or(SolveError::MissingRelic(relic))
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
