//! `relic play`: a game in the terminal or the browser.

use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::{eprint_ruleset_failure, load_rules};
use crate::board::{Board, parse_board, read_board_file};
use crate::engine::Game;
use crate::text::play_text;

/// The board played when none is named: the shipped 7x7 board.
pub const DEFAULT_BOARD: &str = include_str!("../../boards/classic-7x7.gbf");

/// The specification's message for a board path that does not exist.
pub const MISSING_BOARD: &str = "The game board file does not exist.";
/// The specification's message for a board that fails the checks.
pub const INCONSISTENT_BOARD: &str = "The game board file is inconsistent.";
/// The specification's message for an unknown visual mode.
pub const UNKNOWN_MODE: &str = "Unknown visual mode.";

/// Arguments of `relic play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The board file (GBF). Omitted: the shipped 7x7 board.
    #[arg(value_name = "BOARD")]
    pub board: Option<String>,
    /// The visual mode: `text` (the default) or `gui`.
    #[arg(value_name = "MODE")]
    pub mode: Option<String>,
    /// Play under this ruleset (a TOML file or a built-in name); standard
    /// Moving Maze by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// Seats the computer plays, for example
    /// `yellow=greedy,red=search:nodes=4000,blue=random`. Strategies:
    /// `random`, `greedy`, `search` (optionally `search:nodes=N`). Their
    /// inputs are echoed after the `> ` prompt.
    #[arg(long, value_name = "SPEC")]
    pub bots: Option<String>,
    /// Seed of the computer players' random choices (default 0): the same
    /// seed plays the same game.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write a replay of the game (RON) to FILE when it ends, for
    /// `relic replay`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// GUI mode: print the page's address but do not open a browser.
    #[arg(long)]
    pub no_open: bool,
}

/// The visual modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Text,
    Gui,
}

/// Runs `relic play`. Argument errors print the specification's messages on
/// stdout (details on stderr) and exit with status 1.
pub fn run(args: &PlayArgs) -> ExitCode {
    let (board_arg, mode_arg) = split_positionals(args);
    let rules = match load_rules(args.ruleset.as_ref()) {
        Ok(rules) => rules,
        Err(error) => {
            eprint_ruleset_failure(&error);
            return ExitCode::from(2);
        }
    };
    let board = match load_board(board_arg.as_deref(), &rules.limits()) {
        Ok(board) => board,
        Err(message) => {
            println!("{message}");
            return ExitCode::from(1);
        }
    };
    let mode = match mode_arg.as_deref() {
        None | Some("text") => Mode::Text,
        Some("gui") => Mode::Gui,
        Some(_) => {
            println!("{UNKNOWN_MODE}");
            return ExitCode::from(1);
        }
    };
    let game = match Game::new(rules, &board) {
        Ok(game) => game,
        Err(error) => {
            println!("{INCONSISTENT_BOARD}");
            eprintln!("relic: {error}");
            return ExitCode::from(1);
        }
    };
    match mode {
        Mode::Text if args.bots.is_some() || args.record.is_some() => {
            super::replay::play_seated(game, &board, args)
        }
        Mode::Text => play_in_terminal(game),
        Mode::Gui => super::serve::play_in_browser(game, !args.no_open),
    }
}

/// A lone positional that names a mode and no file is the mode.
fn split_positionals(args: &PlayArgs) -> (Option<String>, Option<String>) {
    match (&args.board, &args.mode) {
        (Some(only), None) if is_mode_word(only) && !Path::new(only).exists() => {
            (None, Some(only.clone()))
        }
        (board, mode) => (board.clone(), mode.clone()),
    }
}

fn is_mode_word(word: &str) -> bool {
    matches!(word, "text" | "gui")
}

/// Reads the board, or returns the specification's message (after
/// printing the detailed diagnostics to stderr).
pub(super) fn load_board(
    path: Option<&str>,
    limits: &crate::board::BoardLimits,
) -> Result<Board, &'static str> {
    let Some(path) = path else {
        return parse_board(DEFAULT_BOARD, limits).map_err(|_| INCONSISTENT_BOARD);
    };
    let path = Path::new(path);
    if !path.is_file() {
        return Err(MISSING_BOARD);
    }
    read_board_file(path, limits).map_err(|error| {
        eprint!("{}", error.report.render(80));
        if error.unreadable {
            MISSING_BOARD
        } else {
            INCONSISTENT_BOARD
        }
    })
}

fn play_in_terminal(game: Game) -> ExitCode {
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match play_text(game, stdin, stdout) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("relic: {error}");
            ExitCode::from(1)
        }
    }
}
