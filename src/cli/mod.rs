//! The command line: clap definitions (their doc comments are the help
//! text) and one runner per subcommand.

mod args;
mod board_cmd;
mod cave_solve;
mod cave_verify;
mod check;
mod check_report;
mod common;
mod docs_cmd;
pub mod entry;
mod exact_play;
mod fmt_cmd;
mod journey_solve;
mod lsp_cmd;
mod perft;
mod play;
mod quick;
mod replay;
mod rules_cmd;
mod search_answer;
mod serve;
mod session;
mod sim;
mod solve;
mod solve_args;
mod usage;
mod value_solve;
mod verify;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::games::{GameId, GameRules, WrongGame, resolve_game_rules};
use crate::rules::{Rules, RulesetFailure};

pub use crate::games::maze_runner::play::play as play_journey;
pub use args::{ReplayArgs, ServeArgs};
pub use board_cmd::{BoardCommand, BoardNewArgs};
pub use check::CheckArgs;
pub use common::PlayArgs;
pub use docs_cmd::{CompletionsArgs, ExplainArgs};
pub use fmt_cmd::FmtArgs;
pub use perft::PerftArgs;
pub use rules_cmd::RulesCommand;
pub use sim::{
    RandomBoards, ShardArg, SimArgs, SimCommand, SimFormat, SimRunArgs, StudyFailure,
    simulate_study,
};
pub use solve_args::SolveArgs;
pub use verify::VerifyArgs;

/// relic: play grid games described by rulesets (Moving Maze, Stacked
/// Tic-Tac-Toe, Boulder Dash, Escape, Maze Runner, classic games and
/// their variants), and check their rulesets and setup files.
#[derive(Debug, Parser)]
#[command(name = "relic", version, propagate_version = true)]
pub struct Cli {
    /// The options every subcommand takes.
    #[command(flatten)]
    pub globals: Globals,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The options every subcommand takes.
#[derive(Debug, Args)]
pub struct Globals {
    /// When to colour diagnostics: `auto` colours on a terminal unless
    /// `NO_COLOR` is set.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    pub color: crate::output::ColorChoice,
    /// Silence progress bars and notes on stderr (errors and results
    /// still print).
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check setup files (boards, configurations, levels, caves) against a
    /// ruleset and report every problem.
    ///
    /// Exit status: 0 when every file is valid, 1 when any file has
    /// problems, 2 for usage errors or files that cannot be read.
    Check(CheckArgs),
    /// Play a game in the terminal (text mode, the default) or the browser.
    Play(PlayArgs),
    /// Check, show and describe ruleset files.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Find the fewest turns to a goal: in Moving Maze for one player,
    /// alone, to collect its next relics (and get home when that completes
    /// its set); in a level or a cave, to its exit or goal.
    ///
    /// Exit status: 0 with a solution, 1 when there is none within the
    /// depth, 2 for bad arguments or files.
    Solve(SolveArgs),
    /// Play back a game recorded with `relic play --record`, checking every
    /// action.
    ///
    /// Exit status: 0 when every action is legal, 1 for a bad replay, 2
    /// for usage errors or an unreadable file.
    Replay(ReplayArgs),
    /// Play many games between computer players and report per-seat win
    /// rates with intervals, game length and the game's tallies (Moving
    /// Maze: relics per turn); `relic sim merge` combines sharded runs.
    Sim(SimArgs),
    /// Make Moving Maze boards: `relic board new` writes a random board.
    #[command(subcommand)]
    Board(BoardCommand),
    /// Serve a game to browsers until interrupted (GUI mode, long-lived).
    Serve(ServeArgs),
    /// Count the action sequences (and with --distinct the positions) of
    /// each length from a game's start: the correctness check of its move
    /// generator.
    ///
    /// Exit status: 0 with the counts, 2 for a bad ruleset or setup.
    Perft(PerftArgs),
    /// Play a list of actions from a setup: print the final position, or
    /// name the first illegal action (its number, line and the game's
    /// reason).
    ///
    /// Exit status: 0 when every action is legal, 1 at the first that is
    /// not, 2 for a bad ruleset, setup or moves file.
    Verify(VerifyArgs),
    /// Write a shell completion script to stdout, for example
    /// `relic completions bash > ~/.local/share/bash-completion/completions/relic`.
    Completions(CompletionsArgs),
    /// Write the manual page (roff) to stdout: `relic man > relic.1`.
    Man,
    /// Explain a diagnostic code: its message, what it means, why it is a
    /// problem and how to fix it. No code: list every code.
    ///
    /// Exit status: 0 with the page, 2 for an unknown code.
    Explain(ExplainArgs),
    /// Lay out ruleset files (any TOML) the canonical way, keeping every
    /// comment: in place, or with `--check` only list the files that
    /// would change.
    ///
    /// Exit status: 0 when every file is formatted, 1 when `--check` finds
    /// files to reformat or a file is not valid TOML, 2 when a file cannot
    /// be read or written.
    Fmt(FmtArgs),
    /// Run the language server on standard input and output (for editors):
    /// diagnostics, hover, completion, go to definition, formatting and
    /// quick fixes for rulesets, boards (GBF) and Escape configurations.
    ///
    /// Exit status: 0 after the client's `exit`, 1 when the protocol
    /// breaks.
    Lsp,
}

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Rendered reports with the source line, for people.
    #[default]
    Human,
    /// One JSON document on stdout, for tools.
    Json,
}

/// Parses the process's command line and runs it: a command line the
/// parser refuses is reported as the diagnostic `cli::usage` (exit status
/// 2); `--help` and `--version` print as usual. A small command is parsed
/// without building every subcommand ([`quick`]).
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(cli) = quick::parse(&args) {
        return run(cli);
    }
    match Cli::try_parse_from(&args) {
        Ok(cli) => run(cli),
        Err(error) => match usage::usage_error(&error) {
            Some(usage) => {
                crate::output::set_colour(colour_of_args());
                usage::fail(usage)
            }
            None => {
                let _ = error.print();
                ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
            }
        },
    }
}

/// `--color WHEN` read from the raw arguments, for a command line the
/// parser refused (so that its report is coloured as asked).
fn colour_of_args() -> crate::output::ColorChoice {
    use crate::output::ColorChoice;
    let args: Vec<String> = std::env::args().collect();
    let value = args
        .iter()
        .enumerate()
        .find_map(|(i, arg)| match arg.strip_prefix("--color=") {
            Some(value) => Some(value.to_owned()),
            None => (arg == "--color")
                .then(|| args.get(i + 1).cloned())
                .flatten(),
        });
    match value.as_deref() {
        Some("always") => ColorChoice::Always,
        Some("never") => ColorChoice::Never,
        _ => ColorChoice::Auto,
    }
}

/// Runs the parsed command line and returns the process exit status.
pub fn run(cli: Cli) -> ExitCode {
    crate::output::set_colour(cli.globals.color);
    crate::output::set_quiet(cli.globals.quiet);
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Rules(command) => rules_cmd::run(&command),
        Command::Solve(args) => solve::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Board(command) => board_cmd::run(&command),
        Command::Sim(args) => sim::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Completions(args) => docs_cmd::completions(&args),
        Command::Man => docs_cmd::man(),
        Command::Explain(args) => docs_cmd::explain(&args),
        Command::Fmt(args) => fmt_cmd::run(&args),
        Command::Lsp => lsp_cmd::run(),
    }
}

/// Loads the ruleset named on the command line through the registry: a
/// TOML file of any game, or the name of a built-in ruleset of any game
/// (`moving-maze`, `two-players`, `connect-four`, ...) when no file has
/// that name. No name: standard Moving Maze.
pub fn load_game_rules(ruleset: Option<&PathBuf>) -> Result<GameRules, RulesetFailure> {
    match ruleset {
        None => Ok(GameRules::MovingMaze(Rules::standard())),
        Some(path) => resolve_game_rules(path),
    }
}

/// The ruleset to use: the one named, else the one a setup file's
/// extension implies (`.egc`: `escape`; a ruleset itself, `.toml`, see
/// [`ruleset_in_setup_place`]), else none (Moving Maze).
pub(crate) fn implied_ruleset(ruleset: Option<&PathBuf>, setup: Option<&Path>) -> Option<PathBuf> {
    let is = |ext: &str| {
        setup.is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
    };
    if ruleset_in_setup_place(ruleset, setup) {
        return setup.map(Path::to_path_buf);
    }
    ruleset
        .cloned()
        .or_else(|| is("egc").then(|| PathBuf::from("escape")))
}

/// Whether the file given where a setup goes is a ruleset (a `.toml` file,
/// or the name of a built-in ruleset that no file has; no `--ruleset`
/// given): `relic play my-game.toml` plays that ruleset from its own
/// setup, as `relic perft my-game.toml` counts it, and `relic play chess`
/// the built-in chess.
pub(crate) fn ruleset_in_setup_place(ruleset: Option<&PathBuf>, setup: Option<&Path>) -> bool {
    let is_toml = |p: &Path| {
        p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    };
    let builtin = |p: &Path| {
        !p.exists()
            && p.to_str()
                .is_some_and(|name| crate::games::builtin_source(name).is_some())
    };
    ruleset.is_none() && setup.is_some_and(|p| is_toml(p) || builtin(p))
}

/// [`load_game_rules`] for a command runner: a ruleset that cannot be
/// loaded is reported on stderr and gives `None` (exit status 2).
pub(crate) fn load_game_rules_reported(ruleset: Option<&PathBuf>) -> Option<GameRules> {
    load_game_rules(ruleset)
        .map_err(|failure| eprint_ruleset_failure(&failure))
        .ok()
}

/// Loads a Moving Maze ruleset named on the command line (for the
/// commands only Moving Maze has: `solve`, `board new`, ...): a ruleset of
/// another game is refused, saying which game it is for. No name: the
/// standard rules.
pub fn load_rules(ruleset: Option<&PathBuf>) -> Result<Arc<Rules>, RulesetFailure> {
    load_maze_rules(ruleset, "this command")
}

/// [`load_rules`] for `what` (a command or mode, named in the refusal).
fn load_maze_rules(ruleset: Option<&PathBuf>, what: &str) -> Result<Arc<Rules>, RulesetFailure> {
    load_maze_rules_or(ruleset, |path, game| WrongGame::failure(path, game, what))
}

/// Loads a Moving Maze ruleset named on the command line; `refusal` words
/// the failure for a ruleset of another game (its path and its game).
pub(crate) fn load_maze_rules_or(
    ruleset: Option<&PathBuf>,
    refusal: impl FnOnce(&str, GameId) -> RulesetFailure,
) -> Result<Arc<Rules>, RulesetFailure> {
    match load_game_rules(ruleset)? {
        GameRules::MovingMaze(rules) => Ok(rules),
        other => {
            let path = ruleset.map_or(String::new(), |p| p.display().to_string());
            Err(refusal(&path, other.id()))
        }
    }
}

/// [`load_rules`] for a command runner: a ruleset that cannot be loaded is
/// reported on stderr and gives `None` (the runners exit with status 2).
pub(crate) fn load_rules_reported(ruleset: Option<&PathBuf>, what: &str) -> Option<Arc<Rules>> {
    load_maze_rules(ruleset, what)
        .map_err(|failure| eprint_ruleset_failure(&failure))
        .ok()
}

/// Prints why a ruleset could not be loaded to stderr.
pub(crate) fn eprint_ruleset_failure(failure: &RulesetFailure) {
    crate::output::err!("{}", failure.render(80));
}
