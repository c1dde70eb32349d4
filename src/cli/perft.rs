//! `relic perft`: leaf counts per depth for the game a ruleset names.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::load_game_rules_reported;
use crate::games::{GameVisitor, Playable, Setup, with_game};
use crate::output::{err, out};
use crate::perft::{Stopped, divide, perft_report, write_table};

/// Arguments of `relic perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The ruleset (a TOML file or a built-in name such as `moving-maze`);
    /// its `game` key says which game. Given with `--ruleset` instead,
    /// this is the setup file.
    #[arg(value_name = "RULESET", required_unless_present = "ruleset")]
    pub first: Option<PathBuf>,
    /// The setup file, as the ruleset's game reads it (a Moving Maze board,
    /// an Escape configuration, a level file, a board text, a FEN position
    /// or a position file for a core game: as for `relic play`). Omitted: the game's default.
    #[arg(value_name = "SETUP")]
    pub setup: Option<PathBuf>,
    /// The ruleset, named as every other command takes it (`relic perft
    /// --ruleset stacked-tic-tac-toe --depth 3`); the one file after it,
    /// if any, is then the setup.
    #[arg(long, value_name = "R")]
    pub ruleset: Option<PathBuf>,
    /// Count action sequences of every length from 1 to N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Also count the different positions reached at each depth (keeps
    /// every position of a depth in memory; slower than counting alone,
    /// which lists the last depth's actions without making them, while
    /// this makes every one).
    #[arg(long)]
    pub distinct: bool,
    /// Perft's "divide": for each legal action of the position, the
    /// action sequences of length N that begin with it (one line each, in
    /// the game's notation), then their total, to find where two move
    /// generators part.
    #[arg(long, conflicts_with = "distinct")]
    pub divide: bool,
    /// Count on the core interpreter: a vocabulary ruleset lowered into the
    /// core language (as `relic rules show --expanded` prints it), a walker
    /// game or Moving Maze written in the core for its setup (a cave, a
    /// level file, a board). The counts are the same; the time taken is
    /// the core's.
    #[arg(long)]
    pub core: bool,
}

/// Counts from the initial position of whatever game it is given.
struct Perft {
    depth: u32,
    distinct: bool,
    divide: bool,
}

impl GameVisitor for Perft {
    type Output = (String, Option<Stopped>);

    fn visit<G: Playable>(self, game: G) -> Self::Output {
        if self.divide {
            let (split, stopped) = divide(&game, self.depth);
            return (write_divide(&split, self.depth), stopped);
        }
        let report = perft_report(&game, self.depth, self.distinct);
        (write_table(&report.rows), report.stopped)
    }
}

/// `relic perft --divide`'s lines: each action and its count, then the
/// total.
fn write_divide(split: &[(String, u128)], depth: u32) -> String {
    let width = split
        .iter()
        .map(|(action, _)| action.len())
        .max()
        .unwrap_or(0);
    let mut text: String = (split.iter())
        .map(|(action, leaves)| format!("{action:width$} {leaves}\n"))
        .collect();
    let total: u128 = split.iter().map(|(_, leaves)| leaves).sum();
    let actions = match split.len() {
        1 => "1 action".to_owned(),
        n => format!("{n} actions"),
    };
    text.push_str(&format!("{actions}, {total} leaves at depth {depth}\n"));
    text
}

/// Runs `relic perft`: prints `depth leaves [distinct]` and one line per
/// depth; a bad ruleset or setup is reported with status 2.
pub fn run(args: &PerftArgs) -> ExitCode {
    let (ruleset, setup) = match (&args.ruleset, &args.first, &args.setup) {
        (Some(ruleset), setup, None) => (ruleset, setup),
        (None, Some(ruleset), setup) => (ruleset, setup),
        (Some(_), _, Some(extra)) => {
            return super::usage::fail(super::usage::CliError::Conflict {
                option: extra.display().to_string(),
                with: "--ruleset",
                why: "with --ruleset, give at most one file: the setup",
            });
        }
        // clap requires RULESET when --ruleset is absent.
        (None, None, _) => return ExitCode::from(2),
    };
    let Some(rules) = load_game_rules_reported(Some(ruleset)) else {
        return ExitCode::from(2);
    };
    let setup = setup.as_ref().map_or(Setup::Default, Setup::file);
    let (rules, setup) = match args.core {
        true => match super::usage::in_core_on(&rules, &setup, ruleset) {
            Ok(core) => core,
            Err(code) => return code,
        },
        false => (rules, setup),
    };
    let visitor = Perft {
        depth: args.depth,
        distinct: args.distinct,
        divide: args.divide,
    };
    match with_game(&rules, &setup, visitor) {
        Ok((table, None)) => {
            out!("{table}");
            ExitCode::SUCCESS
        }
        Ok((table, Some(stopped))) => {
            out!("{table}");
            let at = match stopped.depth {
                0 => "at the start".to_owned(),
                depth => format!("after `{}` at depth {depth}", stopped.action),
            };
            super::usage::fail(super::usage::CliError::RulesStopped {
                at,
                message: lower_first(&stopped.message),
            })
        }
        Err(failure) => {
            err!("{}", failure.render(80));
            ExitCode::from(2)
        }
    }
}

/// `text` with its first letter in lower case, to go on a sentence.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}
