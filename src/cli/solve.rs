//! `relic solve`: the fewest turns for one player alone.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use super::common::eprint_diagnostic;
use super::solve_args::{Others, SolveArgs, SolveFormat};
use super::usage::{CliError, fail_in};
use crate::games::moving_maze::board::{Board, Pos, parse_board, read_board_file};
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::load_board as load_maze_board;
use crate::games::moving_maze::notation::write_action;
use crate::games::moving_maze::solver::{
    Answer, Check, MAX_DEPTH, Solution, SolveRequest, check_with_others, solve,
};
use crate::games::{GameRules, builtin_source};
use crate::rules::Rules;
use crate::save::GameRecord;

/// The JSON answer.
#[derive(Debug, Serialize)]
struct JsonAnswer {
    solved: bool,
    /// `solved`, `no solution` (proven within the depth) or `over budget`.
    outcome: &'static str,
    player: String,
    from: String,
    depth: u32,
    turns: Option<usize>,
    relics: Vec<String>,
    returns_home: bool,
    inputs: Vec<Vec<String>>,
    nodes: u64,
    others: &'static str,
    check: Option<Check>,
}

/// Runs `relic solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    // `relic solve my-game.toml`: the file is the ruleset, played from its
    // own setup, as `play` and `perft` read it; so is a built-in name that
    // is no file here (`relic solve tic-tac-toe`).
    if super::ruleset_in_setup_place(args.ruleset.as_ref(), args.board.as_deref())
        || builtin_in_setup_place(args)
    {
        let mut args = args.clone();
        (args.ruleset, args.board) = (args.board.take(), None);
        return run(&args);
    }
    let json = args.format == SolveFormat::Json;
    let (game, seat) = match maze_game(args).and_then(|game| seat_checked(args, game, json)) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let request = request_of(args, &game, seat);
    match solve(&game, &request) {
        Ok(answer) => {
            let check = match (args.others, answer.solution()) {
                (Others::Random, Some(solution)) => {
                    Some(check_with_others(&game, seat, solution, args.seed))
                }
                _ => None,
            };
            report(args, &game, &request, &answer, check.as_ref())
        }
        Err(error) => {
            eprint_diagnostic(error);
            ExitCode::from(2)
        }
    }
}

/// Whether the file given where a setup goes is no file but a built-in
/// ruleset's name, with no `--ruleset` or `--load` given.
fn builtin_in_setup_place(args: &SolveArgs) -> bool {
    let named = |path: &Path| {
        !path.exists()
            && path
                .to_str()
                .is_some_and(|name| builtin_source(name).is_some())
    };
    args.ruleset.is_none() && args.load.is_none() && args.board.as_deref().is_some_and(named)
}

/// The Moving Maze game to solve (saved or new), or the exit status of
/// solving another game: with the level-walking or walker-physics search
/// when the ruleset is for one of those games, and with the search for
/// the value under best play for a game with no solver of its own.
fn maze_game(args: &SolveArgs) -> Result<Game, ExitCode> {
    if let Some(path) = &args.load {
        let (record, _) = crate::save::read_record_file(path).map_err(|report| {
            crate::output::err!("{}", report.render(80));
            ExitCode::from(2)
        })?;
        return match record.rules() {
            GameRules::MovingMaze(rules) => saved_game((rules, &record), path, args),
            _ => Err(super::value_solve::run_saved(&record, path, args)),
        };
    }
    let rules = super::load_game_rules(args.ruleset.as_ref()).map_err(|failure| {
        super::eprint_ruleset_failure(&failure);
        ExitCode::from(2)
    })?;
    match rules {
        GameRules::MovingMaze(rules) => new_game(rules, args),
        GameRules::WalkerLevels(program) => Err(super::journey_solve::run(program, args)),
        GameRules::WalkerPhysics(program) => Err(super::cave_solve::run(program, args)),
        rules => Err(super::value_solve::run(&rules, args)),
    }
}

/// The game with the seat to solve for, once the options are checked
/// against it, or the exit status after saying why not.
fn seat_checked(args: &SolveArgs, game: Game, json: bool) -> Result<(Game, usize), ExitCode> {
    let seat = seat_of(args, &game).map_err(|error| fail_in(json, error))?;
    if let Some(depth) = args.depth.filter(|&d| d > MAX_DEPTH) {
        return Err(fail_in(
            json,
            CliError::Usage {
                message: format!(
                    "Moving Maze's solver searches at most {MAX_DEPTH} turns, not {depth}"
                ),
                help: format!("give --depth {MAX_DEPTH} or less"),
                at: Some(depth.to_string()),
            },
        ));
    }
    if args.others == Others::Random && args.from.is_some() {
        return Err(fail_in(
            json,
            CliError::Conflict {
                option: "--from".into(),
                with: "--others random",
                why: "--others random plays the game as it stands, from where the player is: leave out one of them",
            },
        ));
    }
    Ok((game, seat))
}

/// What to solve: by default the player's next relic, and home.
fn request_of(args: &SolveArgs, game: &Game, seat: usize) -> SolveRequest {
    let player = game.players()[seat];
    let left = game.relics_per_colour().saturating_sub(player.collected);
    SolveRequest {
        seat,
        from: args.from,
        relics: args.relics.unwrap_or(left.min(1)),
        depth: args.depth.unwrap_or(MAX_DEPTH),
        return_home: !args.no_home,
        budget: args.nodes,
    }
}

/// The seat `--player` names (default: the player to move in a loaded
/// game, else the first).
fn seat_of(args: &SolveArgs, game: &Game) -> Result<usize, CliError> {
    let rules = game.rules();
    match &args.player {
        None if args.load.is_some() => Ok(game.current_seat()),
        None => Ok(0),
        Some(colour) => rules.seat_of(colour).ok_or_else(|| {
            let colours: Vec<&str> = rules.seats().iter().map(|s| s.colour.as_str()).collect();
            CliError::UnknownPlayer {
                colour: colour.clone(),
                players: colours.join(", "),
            }
        }),
    }
}

fn new_game(rules: Arc<Rules>, args: &SolveArgs) -> Result<Game, ExitCode> {
    let board = load_board(args, &rules).ok_or(ExitCode::from(2))?;
    let json = args.format == SolveFormat::Json;
    Game::new(rules, &board).map_err(|error| {
        fail_in(
            json,
            CliError::Unplayable {
                reason: error.to_string(),
                at: args.board.as_ref().map(|b| b.display().to_string()),
            },
        )
    })
}

/// The Moving Maze game saved in `path` (its `record`), at the start of
/// a turn (or over: the solver then says so with its own diagnostic).
fn saved_game(
    (rules, record): (&Arc<Rules>, &GameRecord),
    path: &Path,
    args: &SolveArgs,
) -> Result<Game, ExitCode> {
    let json = args.format == SolveFormat::Json;
    let game = saved_position((rules, record), path)?;
    if !game.is_over() && game.phase() != crate::games::moving_maze::engine::Phase::Slide {
        return Err(fail_in(
            json,
            CliError::MidTurn {
                path: path.display().to_string(),
            },
        ));
    }
    Ok(game)
}

/// The board to solve. With `--from` it is a puzzle whose adventurer does
/// not start on its corner, so a relic may lie on that corner.
fn load_board(args: &SolveArgs, rules: &Rules) -> Option<Board> {
    let mut limits = rules.limits();
    if args.from.is_some() {
        limits.homes.clear();
    }
    let Some(path) = args.board.as_ref() else {
        return parse_board(crate::games::moving_maze::DEFAULT_BOARD, &limits).ok();
    };
    match read_board_file(path, &limits) {
        Ok(board) => Some(board),
        Err(error) => {
            crate::output::err!("{}", error.report.render(80));
            None
        }
    }
}

fn report(
    args: &SolveArgs,
    game: &Game,
    request: &SolveRequest,
    answer: &Answer,
    check: Option<&Check>,
) -> ExitCode {
    let from = request.from.unwrap_or(game.players()[request.seat].pos);
    match args.format {
        SolveFormat::Json => {
            let answer = json_answer(args, game, (request, from), answer, check);
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&answer).unwrap_or_default()
            );
        }
        SolveFormat::Human => text_report(game, request, from, answer, check),
    }
    if answer.solution().is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The JSON answer to `request`, solved from `from`.
fn json_answer(
    args: &SolveArgs,
    game: &Game,
    (request, from): (&SolveRequest, Pos),
    answer: &Answer,
    check: Option<&Check>,
) -> JsonAnswer {
    let solution = answer.solution();
    JsonAnswer {
        solved: solution.is_some(),
        outcome: match answer {
            Answer::Solved(_) => "solved",
            Answer::NoSolution => "no solution",
            Answer::OverBudget => "over budget",
        },
        player: game.rules().seats()[request.seat].colour.clone(),
        from: from.to_string(),
        depth: request.depth,
        turns: solution.map(|s| s.turns.len()),
        relics: solution.map_or_else(Vec::new, |s| {
            s.relics.iter().map(ToString::to_string).collect()
        }),
        returns_home: solution.is_some_and(|s| s.returns_home),
        inputs: solution.map_or_else(Vec::new, |s| {
            (s.turns.iter())
                .map(|t| t.iter().map(write_action).collect())
                .collect()
        }),
        nodes: solution.map_or(0, |s| s.expanded),
        others: match args.others {
            Others::Stay => "stay",
            Others::Random => "random",
        },
        check: check.cloned(),
    }
}

fn text_report(
    game: &Game,
    request: &SolveRequest,
    from: Pos,
    answer: &Answer,
    check: Option<&Check>,
) {
    let name = &game.rules().seats()[request.seat].name;
    match answer {
        Answer::Solved(solution) => {
            write_stdout(&solution.to_string());
            crate::output::errln!("{}", summary(name, from, solution));
            if game.players().len() > 1 {
                crate::output::note!(
                    "The solver plays alone: the other adventurers stand still \
                     (--others random checks the answer against them moving)."
                );
            }
            if let Some(check) = check {
                crate::output::errln!("{check}");
            }
        }
        Answer::NoSolution => crate::output::errln!(
            "No solution: {name} cannot do it from {from} within {} turn{}.",
            request.depth,
            if request.depth == 1 { "" } else { "s" }
        ),
        Answer::OverBudget => crate::output::errln!(
            "No solution within the budget: the search for {name} from {from} made {} nodes \
             without finding one or ruling it out (raise --nodes or lower --depth).",
            request.budget
        ),
    }
}

/// Writes to stdout; a closed pipe (`relic solve | head`) is not an error.
fn write_stdout(text: &str) {
    crate::output::out!("{text}");
}

fn summary(name: &str, from: Pos, solution: &Solution) -> String {
    let relics: Vec<String> = solution.relics.iter().map(ToString::to_string).collect();
    let goal = match (relics.is_empty(), solution.returns_home) {
        (false, true) => format!("to collect {} and get home", relics.join(", ")),
        (false, false) => format!("to collect {}", relics.join(", ")),
        (true, true) => "to get home".to_string(),
        (true, false) => "with nothing to collect".to_string(),
    };
    let turns = solution.turns.len();
    let plural = if turns == 1 { "" } else { "s" };
    format!("{name} needs {turns} turn{plural} from {from} {goal}.")
}

/// The position a Moving Maze record under `rules`, read from `path`,
/// reaches; a record that does not replay all the same (a bug) is
/// reported, exit status 1.
fn saved_position(
    (rules, record): (&Arc<Rules>, &GameRecord),
    path: &Path,
) -> Result<Game, ExitCode> {
    let fail = |reason: String| {
        let path = path.display().to_string();
        super::usage::fail(CliError::DoesNotReplay { path, reason })
    };
    let board = load_maze_board(rules, &record.setup()).map_err(|f| fail(f.render(80)))?;
    let start = Game::new(rules.clone(), &board).map_err(|e| fail(e.to_string()))?;
    let (game, _) = record
        .replay(start, None)
        .map_err(|e| fail(e.to_string()))?;
    Ok(game)
}
