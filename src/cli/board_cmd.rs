//! `relic board`: make boards.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::load_rules_reported;
use crate::games::moving_maze::boardgen::{BoardSpec, generate};

/// The `relic board` subcommands.
#[derive(Debug, Subcommand)]
pub enum BoardCommand {
    /// Write a random board (GBF) drawn from the ruleset's tile mix.
    ///
    /// The same seed gives the same board. Relics go on random tiles, never
    /// on a start corner. Exit status 0 on success, 2 when the board cannot
    /// be made (size or relic count outside the ruleset's limits) or
    /// written.
    New(BoardNewArgs),
}

/// Arguments of `relic board new`.
#[derive(Debug, Args)]
pub struct BoardNewArgs {
    /// Width in tiles.
    #[arg(long, default_value_t = 7)]
    pub width: u8,
    /// Height in tiles.
    #[arg(long, default_value_t = 7)]
    pub height: u8,
    /// K, the number of relics of each colour.
    #[arg(long, default_value_t = 6)]
    pub relics: u8,
    /// The random seed; omitted, a seed from the clock (printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The ruleset whose limits and tile mix to use (a TOML file or a
    /// built-in name); standard Moving Maze by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
    /// Write the board to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs a `relic board` subcommand.
pub fn run(command: &BoardCommand) -> ExitCode {
    match command {
        BoardCommand::New(args) => run_new(args),
    }
}

fn run_new(args: &BoardNewArgs) -> ExitCode {
    let Some(rules) = load_rules_reported(args.ruleset.as_ref(), "`relic board new`") else {
        return ExitCode::from(2);
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let spec = BoardSpec {
        width: args.width,
        height: args.height,
        relics: args.relics,
    };
    let gbf = match generate(&rules, &spec, seed) {
        Ok(board) if args.seed.is_some() => board.to_gbf(),
        Ok(board) => {
            crate::output::note!("seed: {seed}");
            board.to_gbf()
        }
        Err(error) => {
            super::common::eprint_diagnostic(error);
            return ExitCode::from(2);
        }
    };
    let Some(path) = &args.output else {
        crate::output::out!("{gbf}");
        return ExitCode::SUCCESS;
    };
    match std::fs::write(path, gbf) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => super::usage::fail(super::usage::CliError::Unwritable {
            what: "board",
            path: path.display().to_string(),
            reason: error.to_string(),
        }),
    }
}

/// A seed from the system clock, for runs that do not name one.
pub(crate) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
