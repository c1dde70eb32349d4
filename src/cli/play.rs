//! `relic play`: a game in the terminal or the browser.

use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::load_rules_reported;
use crate::games::moving_maze::board::{Board, parse_board, read_board_file};
use crate::games::moving_maze::engine::{Action, Game};
use crate::save::{Autosave, read_save_file};
use crate::text::TextSession;

pub use crate::games::moving_maze::DEFAULT_BOARD;

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
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    pub ruleset: Option<PathBuf>,
    /// Seats the computer plays, for example
    /// `yellow=greedy,red=search:nodes=4000,blue=random`. Strategies:
    /// `random`, `greedy`, `search` (optionally `search:nodes=N`). In text
    /// mode their inputs are echoed after the `> ` prompt; in the browser
    /// the server plays their turns.
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
    /// Save the game to FILE (RON) as it is played: at the start, after
    /// every turn, and when it is won, quit or input ends (in the browser:
    /// after every action).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume the game saved in FILE, on its own board and rules: prints the
    /// banner and the board of the saved position, then play goes on.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
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
    if let Some(program) = super::vocab_play::vocab_ruleset(args.ruleset.as_ref()) {
        return super::vocab_play::run(program, args);
    }
    let (board_arg, mode_arg) = split_positionals(args);
    let mode = match mode_arg.as_deref() {
        None | Some("text") => Some(Mode::Text),
        Some("gui") => Some(Mode::Gui),
        Some(_) => None,
    };
    let setup = match &args.load {
        Some(path) => resume(path, board_arg.as_deref()),
        None => new_game(args, board_arg.as_deref()),
    };
    let (game, board, history) = match setup {
        Ok(setup) => setup,
        Err(status) => return status,
    };
    match mode {
        Some(Mode::Text) if args.bots.is_some() || args.record.is_some() => {
            super::replay::play_seated(game, &board, history, args)
        }
        Some(Mode::Text) => play_in_terminal(game, board, history, args.save.as_ref()),
        Some(Mode::Gui) => super::serve::play_in_browser(game, &board, history, args),
        None => {
            crate::output::outln!("{UNKNOWN_MODE}");
            ExitCode::from(1)
        }
    }
}

/// What a session starts from: the game, the board it began on, and the
/// actions that led to it.
type Setup = (Game, Board, Vec<Action>);

fn new_game(args: &PlayArgs, board_arg: Option<&str>) -> Result<Setup, ExitCode> {
    let rules = load_rules_reported(args.ruleset.as_ref()).ok_or(ExitCode::from(2))?;
    let board = load_board(board_arg, &rules.limits()).map_err(|message| {
        crate::output::outln!("{message}");
        ExitCode::from(1)
    })?;
    if !matches!(
        args.mode.as_deref().or(board_arg),
        None | Some("text" | "gui")
    ) && args.mode.is_some()
    {
        crate::output::outln!("{UNKNOWN_MODE}");
        return Err(ExitCode::from(1));
    }
    let game = Game::new(rules, &board).map_err(|error| {
        crate::output::outln!("{INCONSISTENT_BOARD}");
        crate::output::errln!("relic: {error}");
        ExitCode::from(1)
    })?;
    Ok((game, board, Vec::new()))
}

fn resume(path: &Path, board_arg: Option<&str>) -> Result<Setup, ExitCode> {
    if board_arg.is_some() {
        crate::output::errln!(
            "relic: --load resumes a game on its own board; give no BOARD with it"
        );
        return Err(ExitCode::from(2));
    }
    let (saved, game) = read_save_file(path).map_err(|report| {
        crate::output::err!("{}", report.render(80));
        ExitCode::from(1)
    })?;
    Ok((game, saved.board().clone(), saved.actions().to_vec()))
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
    limits: &crate::games::moving_maze::board::BoardLimits,
) -> Result<Board, &'static str> {
    let Some(path) = path else {
        return parse_board(DEFAULT_BOARD, limits).map_err(|_| INCONSISTENT_BOARD);
    };
    let path = Path::new(path);
    if !path.is_file() {
        return Err(MISSING_BOARD);
    }
    read_board_file(path, limits).map_err(|error| {
        crate::output::err!("{}", error.report.render(80));
        if error.unreadable {
            MISSING_BOARD
        } else {
            INCONSISTENT_BOARD
        }
    })
}

/// Saves the game, saying at once on stderr when that fails.
fn save_now(autosave: &mut Autosave, history: &[Action]) {
    if let Err(error) = autosave.save(history) {
        crate::output::errln!(
            "relic: cannot save the game to {}: {error} (play goes on; the next turn tries again)",
            autosave.path().display()
        );
    }
}

/// Plays in the terminal, saving to `save` (if given) as the game goes.
fn play_in_terminal(
    game: Game,
    board: Board,
    history: Vec<Action>,
    save: Option<&PathBuf>,
) -> ExitCode {
    let autosave =
        save.map(|path| Autosave::start(path.clone(), game.rules().clone(), board, &history));
    let mut autosave = match autosave.transpose() {
        Ok(autosave) => autosave,
        Err(error) => {
            crate::output::errln!("relic: cannot write the saved game: {error}");
            return ExitCode::from(1);
        }
    };
    let stdout = BufWriter::new(io::stdout().lock());
    let mut session = TextSession::resume(game, history, stdout);
    let result = crate::text::run(&mut session, io::stdin().lock(), |session, _| {
        autosave
            .iter_mut()
            .for_each(|a| save_now(a, session.history()));
    });
    if result.is_err() {
        autosave
            .iter_mut()
            .for_each(|a| save_now(a, session.history()));
    }
    let saved = autosave.map_or(Ok(()), Autosave::finish);
    match (result, saved) {
        (Err(error), _) if error.kind() != io::ErrorKind::BrokenPipe => {
            crate::output::errln!("relic: {error}");
            ExitCode::from(1)
        }
        (_, Err(error)) => {
            crate::output::errln!("relic: cannot write the saved game: {error}");
            ExitCode::from(1)
        }
        _ => ExitCode::SUCCESS,
    }
}
