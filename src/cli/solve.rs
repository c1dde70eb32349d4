//! `relic solve`: the fewest turns for one player alone.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::common::eprint_diagnostic;
use super::load_rules_reported;
use crate::games::moving_maze::board::{Board, Pos, parse_board, read_board_file};
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::notation::write_action;
use crate::games::moving_maze::solver::{
    Answer, Check, DEFAULT_BUDGET, MAX_DEPTH, Solution, SolveRequest, check_with_others, solve,
};
use crate::games::{GameRules, resolve_game_rules};
use crate::rules::Rules;

/// Arguments of `relic solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board file (GBF), or the level file of a level-walking ruleset
    /// (`--ruleset maze-runner`). Omitted: the shipped 7x7 board (the
    /// ruleset's default levels).
    #[arg(value_name = "BOARD")]
    pub board: Option<PathBuf>,
    /// The ruleset (a TOML file or a built-in name); standard Moving Maze
    /// by default.
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    pub ruleset: Option<PathBuf>,
    /// Solve from the position of a game saved with `relic play --save`
    /// (its board, rules and positions; the player defaults to the one
    /// whose turn it is).
    #[arg(long, value_name = "SAVE", conflicts_with = "board")]
    pub load: Option<PathBuf>,
    /// The player to solve for, by colour (default: the first to play).
    #[arg(long, value_name = "COLOUR")]
    pub player: Option<String>,
    /// Start from this tile, `X,Y` (1-based column,row) instead of the
    /// player's start corner.
    #[arg(long, value_name = "X,Y", value_parser = parse_pos)]
    pub from: Option<Pos>,
    /// How many of the player's next relics to collect (default: 1, or 0
    /// when all are collected: then the way home is planned).
    #[arg(long, value_name = "K")]
    pub relics: Option<u8>,
    /// The most turns to search (at most 20; by default the search goes
    /// on until it finds the answer or the budget runs out).
    #[arg(long, value_name = "N", default_value_t = MAX_DEPTH,
          value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    pub depth: u32,
    /// The search budget: how many nodes it may make before it answers
    /// "no solution within the budget" (its memory is also capped).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// The solver plays alone. `stay`: the other adventurers stand still
    /// (what the answer assumes). `random`: also play the answer with the
    /// others taking random turns in between, and say whether it holds.
    #[arg(long, value_enum, default_value_t = Others::Stay)]
    pub others: Others,
    /// The seed of the others' random turns with `--others random`.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Stop once the relics are collected, even when they complete the
    /// player's set and the rules then want it back home.
    #[arg(long)]
    pub no_home: bool,
    /// `text`: each turn's inputs on one line of stdout (ready to paste
    /// into `relic play`), a summary on stderr. `json`: one document.
    #[arg(long, value_enum, default_value_t = SolveFormat::Human)]
    pub format: SolveFormat,
}

/// What the other adventurers do while the answer is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Others {
    /// They stand still (the solver's assumption).
    Stay,
    /// They take random turns between the player's.
    Random,
}

/// Output formats of `relic solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Inputs on stdout, a summary on stderr (`text` is an old name for
    /// it).
    #[value(alias = "text")]
    Human,
    /// One JSON document on stdout.
    Json,
}

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

fn parse_pos(text: &str) -> Result<Pos, String> {
    let bad = || format!("`{text}` is not a tile X,Y such as 3,4 (1-based)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<u8>().ok().filter(|&n| n >= 1);
    match (number(x), number(y)) {
        (Some(x), Some(y)) => Ok(Pos::new(x - 1, y - 1)),
        _ => Err(bad()),
    }
}

/// Runs `relic solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    let walker = (args.ruleset.as_ref()).and_then(|path| match resolve_game_rules(path) {
        Ok(GameRules::WalkerLevels(program)) => Some(program),
        _ => None,
    });
    if let Some(program) = walker {
        return super::journey_solve::run(program, args);
    }
    let cave = (args.ruleset.as_ref()).and_then(|path| match resolve_game_rules(path) {
        Ok(GameRules::WalkerPhysics(program)) => Some(program),
        _ => None,
    });
    if let Some(program) = cave {
        return super::cave_solve::run(program, args);
    }
    let game = match &args.load {
        Some(path) => saved_game(path),
        None => new_game(args),
    };
    let game = match game {
        Ok(game) => game,
        Err(status) => return status,
    };
    let Some(seat) = seat_of(args, &game) else {
        return ExitCode::from(2);
    };
    if args.others == Others::Random && args.from.is_some() {
        crate::output::errln!(
            "relic: --others random plays the game as it stands: it cannot start from --from"
        );
        return ExitCode::from(2);
    }
    let player = game.players()[seat];
    let left = game.relics_per_colour().saturating_sub(player.collected);
    let request = SolveRequest {
        seat,
        from: args.from,
        relics: args.relics.unwrap_or(left.min(1)),
        depth: args.depth,
        return_home: !args.no_home,
        budget: args.nodes,
    };
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

/// The seat `--player` names (default: the player to move in a loaded
/// game, else the first); `None` after saying why there is none.
fn seat_of(args: &SolveArgs, game: &Game) -> Option<usize> {
    let rules = game.rules();
    match &args.player {
        None if args.load.is_some() => Some(game.current_seat()),
        None => Some(0),
        Some(colour) => {
            let seat = rules.seat_of(colour);
            if seat.is_none() {
                let colours: Vec<&str> = rules.seats().iter().map(|s| s.colour.as_str()).collect();
                crate::output::errln!(
                    "relic: there is no player `{colour}`; the players are {}",
                    colours.join(", ")
                );
            }
            seat
        }
    }
}

fn new_game(args: &SolveArgs) -> Result<Game, ExitCode> {
    let rules =
        load_rules_reported(args.ruleset.as_ref(), "`relic solve`").ok_or(ExitCode::from(2))?;
    let board = load_board(args, &rules).ok_or(ExitCode::from(2))?;
    Game::new(rules, &board).map_err(|error| {
        crate::output::errln!("relic: {error}");
        ExitCode::from(2)
    })
}

/// The game saved in `path`, at the start of a turn (or over: the solver
/// then says so with its own diagnostic).
fn saved_game(path: &std::path::Path) -> Result<Game, ExitCode> {
    let (_, game) = crate::save::read_save_file(path).map_err(|report| {
        crate::output::err!("{}", report.render(80));
        ExitCode::from(2)
    })?;
    if !game.is_over() && game.phase() != crate::games::moving_maze::engine::Phase::Slide {
        crate::output::errln!(
            "relic: the saved game is in the middle of a turn; solve from the start of one"
        );
        return Err(ExitCode::from(2));
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
    let seat = &game.rules().seats()[request.seat];
    let from = request.from.unwrap_or(game.players()[request.seat].pos);
    let solution = answer.solution();
    match args.format {
        SolveFormat::Json => {
            let answer = JsonAnswer {
                solved: solution.is_some(),
                outcome: match answer {
                    Answer::Solved(_) => "solved",
                    Answer::NoSolution => "no solution",
                    Answer::OverBudget => "over budget",
                },
                player: seat.colour.clone(),
                from: from.to_string(),
                depth: request.depth,
                turns: solution.map(|s| s.turns.len()),
                relics: solution.map_or_else(Vec::new, |s| {
                    s.relics.iter().map(ToString::to_string).collect()
                }),
                returns_home: solution.is_some_and(|s| s.returns_home),
                inputs: solution.map_or_else(Vec::new, |s| {
                    s.turns
                        .iter()
                        .map(|t| t.iter().map(write_action).collect())
                        .collect()
                }),
                nodes: solution.map_or(0, |s| s.expanded),
                others: match args.others {
                    Others::Stay => "stay",
                    Others::Random => "random",
                },
                check: check.cloned(),
            };
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&answer).unwrap_or_default()
            );
        }
        SolveFormat::Human => text_report(game, request, from, answer, check),
    }
    if solution.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
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
