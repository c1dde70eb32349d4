//! The arguments of `relic solve`, shared by the solver of each kind of
//! game (Moving Maze's in `solve.rs`, the searches in `cave_solve.rs` and
//! `journey_solve.rs`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::usage::{CliError, fail_in};
use crate::games::moving_maze::board::Pos;
use crate::games::moving_maze::solver::DEFAULT_BUDGET;

/// Arguments of `relic solve`.
#[derive(Clone, Debug, Args)]
pub struct SolveArgs {
    /// The board file (GBF), the level file of a level-walking ruleset
    /// (`--ruleset maze-runner`), or the setup of any other game (as
    /// `relic play` reads it). Omitted: the shipped 7x7 board (the
    /// ruleset's default setup).
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
    /// The player to solve for, by colour or name (default: the first to
    /// play; in a saved game or a game solved with best play, the one to
    /// move).
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
    /// The most turns to search: at most 20 for Moving Maze (its
    /// default); for a game solved with every player playing its best,
    /// only wins and losses within N actions count (by default, to the
    /// end of the game).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::value::MAX_PLY)))]
    pub depth: Option<u32>,
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

fn parse_pos(text: &str) -> Result<Pos, String> {
    let bad = || format!("`{text}` is not a tile X,Y such as 3,4 (1-based)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<u8>().ok().filter(|&n| n >= 1);
    match (number(x), number(y)) {
        (Some(x), Some(y)) => Ok(Pos::new(x - 1, y - 1)),
        _ => Err(bad()),
    }
}

/// The refusal (its exit status, after saying why) of the first option
/// given that only Moving Maze's solver takes, for `games` (which have one
/// player), in the format asked for.
pub(super) fn refuse_maze_only(args: &SolveArgs, games: &str) -> Option<ExitCode> {
    let given = [
        (args.load.is_some(), "--load"),
        (args.player.is_some(), "--player"),
        (args.from.is_some(), "--from"),
        (args.relics.is_some(), "--relics"),
        (args.no_home, "--no-home"),
    ];
    refuse_first(args, given, |option| {
        format!(
            "{games} have one player, whom the search plays from the setup's start: leave out {option}"
        )
    })
}

/// The refusal (its exit status, after saying why) of the first option
/// given of `given` (each whether it was given, and its name), as
/// `cli::maze_only_option` with `why(option)` for its help, in the format
/// asked for.
pub(super) fn refuse_first<const N: usize>(
    args: &SolveArgs,
    given: [(bool, &'static str); N],
    why: impl FnOnce(&str) -> String,
) -> Option<ExitCode> {
    let option = given
        .into_iter()
        .find_map(|(given, name)| given.then_some(name))?;
    let error = CliError::MazeOnlyOption {
        why: why(option),
        option: option.into(),
    };
    Some(fail_in(args.format == SolveFormat::Json, error))
}
