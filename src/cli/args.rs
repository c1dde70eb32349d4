//! The arguments of `relic serve` and `relic replay`, apart from their
//! runners so that the Moving Maze runners and the generic ones
//! (`game_serve.rs`, `game_replay.rs`) both use them without using each
//! other.

use std::path::PathBuf;

use clap::Args;

/// Arguments of `relic serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The setup file, as the ruleset's game reads it (a Moving Maze board,
    /// an Escape configuration, a level file, a board text: as for `relic
    /// play`). Omitted: the game's default (Moving Maze: the shipped 7x7
    /// board).
    #[arg(value_name = "BOARD")]
    pub board: Option<String>,
    /// Play under this ruleset (a TOML file or a built-in name of any
    /// game); standard Moving Maze by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// The port to listen on; 0 (the default) picks a free port.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub port: u16,
    /// The address or host name to listen on. The default, 127.0.0.1, is
    /// reachable from this machine only; use this machine's LAN address or
    /// name (or 0.0.0.0) to play from other machines. Requests must name
    /// the server by an IP address, `localhost` or this name.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: String,
    /// Print one secret join link per seat: each browser plays only its own
    /// seat, and the plain address watches. Without it, every browser plays
    /// whichever seat's turn it is (hot seat).
    #[arg(long)]
    pub seats: bool,
    /// Seats the computer plays, for example `yellow=greedy,red=search`
    /// or `O=mcts` (the same specs as `relic play --bots`). The other seats are played
    /// by people: hot seat, or by join link with `--seats`.
    #[arg(long, value_name = "SPEC")]
    pub bots: Option<String>,
    /// Seed of the computer players' random choices (default 0): the same
    /// seed and the same human actions play the same game.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Save the game to FILE at the start and after every change (written
    /// atomically), so that stopping the server loses nothing; `relic play
    /// --load FILE` (or `relic serve --load FILE`) resumes it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume the game saved in FILE (by `--save` of `relic serve` or
    /// `relic play`) on its own board and rules; undo reaches into its
    /// actions. With `--save FILE` too, the resumed game keeps saving there.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "ruleset"])]
    pub load: Option<PathBuf>,
    /// Serve the browser playground instead of a game: edit any ruleset
    /// and its setup with live diagnostics and play it at once (the
    /// engine runs in the page, as WebAssembly).
    #[arg(long, conflicts_with_all = ["board", "ruleset", "seats", "bots", "seed", "save", "load"])]
    pub playground: bool,
}

/// Arguments of `relic replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record (RON) written by `relic play --record` or
    /// `relic play --save`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The visual mode: `text` (the default) or `gui`.
    #[arg(value_name = "MODE")]
    pub mode: Option<String>,
    /// Stop after N actions and show that position.
    #[arg(long, value_name = "N")]
    pub to: Option<usize>,
    /// GUI mode: print the page's address but do not open a browser.
    #[arg(long)]
    pub no_open: bool,
}
