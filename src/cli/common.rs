//! What the runners of `relic play`, `relic replay` and `relic serve`
//! share: the options of a play session, the unknown mode's message,
//! diagnostics without a file, announcing a server. A leaf: it uses none of the runners, so they do
//! not use each other through it.

use std::path::PathBuf;
use std::process::{Command as Process, ExitCode, Stdio};

use clap::Args;

use crate::gui::RunningServer;

/// The specification's message for an unknown visual mode.
pub const UNKNOWN_MODE: &str = "Unknown visual mode.";

/// Arguments of `relic play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The setup file, as the ruleset's game reads it: a Moving Maze board
    /// (GBF), an Escape configuration (`.egc`, which also picks the
    /// `escape` ruleset), a level file (Maze Runner), a board text
    /// (Boulder Dash), an instruction file (Stacked Tic-Tac-Toe), a FEN
    /// position or a position file (core games); other
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
    /// every action, and when it is won, quit or input ends (in the
    /// browser too).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume the game saved in FILE, on its own board and rules: prints the
    /// banner and the board of the saved position, then play goes on.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// GUI mode: print the page's address but do not open a browser.
    #[arg(long)]
    pub no_open: bool,
    /// Play on the core interpreter: a vocabulary ruleset lowered into the
    /// core language, a walker game or Moving Maze written in the core for
    /// the setup (a cave, a level file, a board). The same game in the
    /// core's notation and views (`relic rules show --expanded --setup`
    /// prints it); records keep the core form, so they replay on their
    /// own. Not with `--load`.
    #[arg(long, conflicts_with = "load")]
    pub core: bool,
}

/// Prints a diagnostic that is not tied to a file to stderr.
pub(crate) fn eprint_diagnostic(diagnostic: impl miette::Diagnostic + Send + Sync + 'static) {
    crate::output::err!("{}", crate::diagnostics::render_one(&diagnostic, 80));
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
