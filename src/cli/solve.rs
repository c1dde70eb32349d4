//! `relic solve`: the fewest turns for one player alone.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::load_rules_reported;
use super::replay::eprint_diagnostic;
use crate::games::moving_maze::board::{Board, Pos, parse_board, read_board_file};
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::notation::write_action;
use crate::games::moving_maze::solver::{Solution, SolveRequest, solve};
use crate::rules::Rules;

/// Arguments of `relic solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board file (GBF). Omitted: the shipped 7x7 board.
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
    /// How many of the player's next relics to collect.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub relics: u8,
    /// The most turns to search.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub depth: u32,
    /// Stop once the relics are collected, even when they complete the
    /// player's set and the rules then want it back home.
    #[arg(long)]
    pub no_home: bool,
    /// `text`: each turn's inputs on one line of stdout (ready to paste
    /// into `relic play`), a summary on stderr. `json`: one document.
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
}

/// Output formats of `relic solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Inputs on stdout, a summary on stderr.
    Text,
    /// One JSON document on stdout.
    Json,
}

/// The JSON answer.
#[derive(Debug, Serialize)]
struct JsonAnswer {
    solved: bool,
    player: String,
    from: String,
    depth: u32,
    turns: Option<usize>,
    relics: Vec<String>,
    returns_home: bool,
    inputs: Vec<Vec<String>>,
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
    let game = match &args.load {
        Some(path) => saved_game(path),
        None => new_game(args),
    };
    let game = match game {
        Ok(game) => game,
        Err(status) => return status,
    };
    let rules = game.rules().clone();
    let seat = match &args.player {
        None if args.load.is_some() => game.current_seat(),
        None => 0,
        Some(colour) => match rules.seat_of(colour) {
            Some(seat) => seat,
            None => {
                let colours: Vec<&str> = rules.seats().iter().map(|s| s.colour.as_str()).collect();
                crate::output::errln!(
                    "relic: there is no player `{colour}`; the players are {}",
                    colours.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    let request = SolveRequest {
        seat,
        from: args.from,
        relics: args.relics,
        depth: args.depth,
        return_home: !args.no_home,
    };
    match solve(&game, &request) {
        Ok(solution) => report(args, &game, &request, solution.as_ref()),
        Err(error) => {
            eprint_diagnostic(error);
            ExitCode::from(2)
        }
    }
}

fn new_game(args: &SolveArgs) -> Result<Game, ExitCode> {
    let rules = load_rules_reported(args.ruleset.as_ref()).ok_or(ExitCode::from(2))?;
    let board = load_board(args.board.as_ref(), &rules).ok_or(ExitCode::from(2))?;
    Game::new(rules, &board).map_err(|error| {
        crate::output::errln!("relic: {error}");
        ExitCode::from(2)
    })
}

/// The game saved in `path`, at the start of a turn.
fn saved_game(path: &std::path::Path) -> Result<Game, ExitCode> {
    let (_, game) = crate::save::read_save_file(path).map_err(|report| {
        crate::output::err!("{}", report.render(80));
        ExitCode::from(2)
    })?;
    if game.phase() != crate::games::moving_maze::engine::Phase::Slide {
        crate::output::errln!(
            "relic: the saved game is in the middle of a turn; solve from the start of one"
        );
        return Err(ExitCode::from(2));
    }
    Ok(game)
}

fn load_board(path: Option<&PathBuf>, rules: &Rules) -> Option<Board> {
    let Some(path) = path else {
        return parse_board(super::play::DEFAULT_BOARD, &rules.limits()).ok();
    };
    match read_board_file(path, &rules.limits()) {
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
    solution: Option<&Solution>,
) -> ExitCode {
    let seat = &game.rules().seats()[request.seat];
    let from = request.from.unwrap_or(game.players()[request.seat].pos);
    match args.format {
        SolveFormat::Json => {
            let answer = JsonAnswer {
                solved: solution.is_some(),
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
            };
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&answer).unwrap_or_default()
            );
        }
        SolveFormat::Text => match solution {
            Some(solution) => {
                write_stdout(&solution.to_string());
                crate::output::errln!("{}", summary(&seat.name, from, solution));
            }
            None => crate::output::errln!(
                "No solution: {} cannot do it from {from} within {} turn{}.",
                seat.name,
                request.depth,
                if request.depth == 1 { "" } else { "s" }
            ),
        },
    }
    if solution.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Writes to stdout; a closed pipe (`relic solve | head`) ends quietly.
fn write_stdout(text: &str) {
    crate::output::out!("{text}");
}

fn summary(name: &str, from: crate::games::moving_maze::board::Pos, solution: &Solution) -> String {
    let relics: Vec<String> = solution.relics.iter().map(ToString::to_string).collect();
    let home = if solution.returns_home {
        " and get home"
    } else {
        ""
    };
    let turns = solution.turns.len();
    let plural = if turns == 1 { "" } else { "s" };
    format!(
        "{name} needs {turns} turn{plural} from {from} to collect {}{home}.",
        relics.join(", ")
    )
}
