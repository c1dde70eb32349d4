//! What the runners of `relic play`, `relic replay` and `relic serve`
//! share: the options of a play session, the specification's messages,
//! reading the board, writing records, announcing a server. A leaf: it
//! uses none of the runners, so they do not use each other through it.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, ExitCode, Stdio};
use std::sync::Arc;

use clap::Args;

use crate::games::GameRules;
use crate::games::moving_maze::DEFAULT_BOARD;
use crate::games::moving_maze::board::{Board, parse_board, read_board_file};
use crate::games::moving_maze::bots::{SeatBots, parse_bot_specs};
use crate::games::moving_maze::engine::{Action, Game};
use crate::games::moving_maze::load_board as load_maze_board;
use crate::gui::RunningServer;
use crate::rules::Rules;
use crate::save::{GameRecord, RecordKeeper};

/// The specification's message for a board path that does not exist.
pub const MISSING_BOARD: &str = "The game board file does not exist.";

/// The specification's message for a board that fails the checks.
pub const INCONSISTENT_BOARD: &str = "The game board file is inconsistent.";

/// The specification's message for an unknown visual mode.
pub const UNKNOWN_MODE: &str = "Unknown visual mode.";

/// Arguments of `relic play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The setup file, as the ruleset's game reads it: a Moving Maze board
    /// (GBF), an Escape configuration (`.egc`, which also picks the
    /// `escape` ruleset), a level file (Maze Runner), a board text
    /// (Boulder Dash), an instruction file (Stacked Tic-Tac-Toe) or a FEN
    /// position (core games on a square grid, such as chess); other
    /// vocabulary games take none. Omitted: the game's default (Moving
    /// Maze: the shipped 7x7 board).
    #[arg(value_name = "BOARD")]
    pub board: Option<String>,
    /// The visual mode: `text` (the default) or `gui`.
    #[arg(value_name = "MODE")]
    pub mode: Option<String>,
    /// Play under this ruleset (a TOML file or a built-in name of any
    /// game); standard Moving Maze by default.
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    pub ruleset: Option<PathBuf>,
    /// Seats the computer plays, for example
    /// `yellow=greedy,red=search:nodes=4000,blue=random` or `O=mcts`.
    /// Strategies: Moving Maze's own, `random`, `greedy`, `search`
    /// (optionally `search:nodes=N`); every game's, `mcts` (options
    /// `iterations=N` or `ms=N`, `depth=N`), `generic-random`,
    /// `generic-greedy` (`random` and `greedy` in games without their
    /// own). In text mode
    /// their inputs are echoed after the `> ` prompt; in the browser the
    /// server plays their turns.
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

/// Reads the board, or returns the specification's message (after
/// printing the detailed diagnostics to stderr).
pub(crate) fn load_board(
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

/// Prints a diagnostic that is not tied to a file to stderr.
pub(crate) fn eprint_diagnostic(diagnostic: impl miette::Diagnostic + Send + Sync + 'static) {
    crate::output::err!("{}", crate::diagnostics::render_one(&diagnostic, 80));
}

/// The keeper of the records of Moving Maze games from `start`, the
/// first position, on `board`.
pub(crate) fn maze_keeper(start: Game, board: &Board) -> RecordKeeper<Game> {
    let rules = GameRules::MovingMaze(start.rules().clone());
    RecordKeeper::new(rules, board.to_gbf(), start)
}

/// A Moving Maze record replayed: its first position and board, and the
/// position after the actions asked for, with those actions.
pub(crate) struct MazeReplay {
    pub start: Game,
    pub board: Board,
    pub game: Game,
    pub actions: Vec<Action>,
}

/// Replays the first `count` actions (all with `None`) of `record`, a
/// Moving Maze record under `rules` read from `path` and checked then; a
/// record that does not replay all the same (a bug) is reported, exit
/// status 1.
pub(crate) fn maze_replay(
    (rules, record): (&Arc<Rules>, &GameRecord),
    path: &Path,
    count: Option<usize>,
) -> Result<MazeReplay, ExitCode> {
    let fail = |reason: String| {
        let path = path.display().to_string();
        super::usage::fail(super::usage::CliError::DoesNotReplay { path, reason })
    };
    let board = load_maze_board(rules, &record.setup()).map_err(|f| fail(f.render(80)))?;
    let start = Game::new(rules.clone(), &board).map_err(|e| fail(e.to_string()))?;
    let (game, actions) = record
        .replay(start.clone(), count)
        .map_err(|e| fail(e.to_string()))?;
    Ok(MazeReplay {
        start,
        board,
        game,
        actions,
    })
}

/// Writes the record of a game played with `relic play --record FILE`,
/// with the computer players' seed and bots when any played.
pub(crate) fn write_record(
    path: &Path,
    keeper: &RecordKeeper<Game>,
    actions: &[Action],
    (seed, bots): (u64, &SeatBots),
) -> ExitCode {
    let specs = bots.iter().map(|bot| bot.map(|kind| kind.to_string()));
    let keeper = keeper.clone().with_computers(seed, specs.collect());
    match keeper.write(path, actions) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => super::usage::fail(super::usage::CliError::Unwritable {
            what: "record",
            path: path.display().to_string(),
            reason: error.to_string(),
        }),
    }
}

/// The bots `--bots SPEC` names (one entry per seat; none without
/// `--bots`), or the exit status after printing why the spec is wrong.
pub(crate) fn bot_kinds(spec: Option<&str>, game: &Game) -> Result<SeatBots, ExitCode> {
    parse_bot_specs(spec.unwrap_or(""), game.rules()).map_err(|error| {
        eprint_diagnostic(error);
        ExitCode::from(2)
    })
}

/// Prints where the game `name` is served, and each seat's join link.
pub(crate) fn announce<G: crate::contract::BrowserView>(server: &RunningServer<G>, name: &str) {
    crate::output::outln!("{name} is served at {}", server.url());
    for link in server.seat_links() {
        crate::output::outln!("  {} joins at {}", link.name, link.url);
    }
}

pub(crate) fn cannot_serve(host: &str, port: u16, error: &std::io::Error) -> ExitCode {
    let taken = error.kind() == std::io::ErrorKind::AddrInUse;
    super::usage::fail(super::usage::CliError::CannotListen {
        host: host.to_owned(),
        port,
        reason: error.to_string(),
        option: if taken { "--port" } else { "--host" },
    })
}

/// Opens `url` in the default browser; failure is not an error (the URL
/// was printed).
pub(crate) fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = Process::new(opener)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
}
