//! `relic check`: check setup files (boards, configurations, levels,
//! caves) against a ruleset and report every problem.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::Format;
use super::check_report::{Checked, report_all};
use crate::games::escape::Escape;
use crate::games::moving_maze::board::{BoardLimits, read_board_file};
use crate::games::{GameId, GameRules, Registered, Setup, SetupFailure, WrongGame};

/// Arguments of `relic check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Setup files to check: Moving Maze boards (GBF; `.egc` files are
    /// read as Escape configurations), Escape configurations under an
    /// Escape ruleset, level files under a level-walking ruleset, board
    /// texts and `.moves` game files under a walker-physics one.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format: `human` reports on stderr, or one `json` document on stdout.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Check the files against this ruleset (a TOML file or a built-in
    /// name), which also says what they are; the standard Moving Maze rules
    /// by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
}

/// Runs `relic check`: the setup files of the ruleset's game, each read
/// and checked against the ruleset, every problem reported.
pub fn run(args: &CheckArgs) -> ExitCode {
    let Some(rules) = super::load_game_rules_reported(args.ruleset.as_ref()) else {
        return ExitCode::from(2);
    };
    match rules {
        GameRules::WalkerLevels(program) => {
            super::level_check::run(program, &args.files, args.format)
        }
        GameRules::WalkerPhysics(program) => {
            super::cave_check::run(&program, &args.files, args.format)
        }
        GameRules::Escape(rules) => {
            let checked: Vec<Checked> = (args.files.iter())
                .map(|path| checked(path, Escape::start(&rules, &Setup::File(path.clone()))))
                .collect();
            report_all(&checked, args.format)
        }
        GameRules::MovingMaze(rules) => {
            let limits = rules.limits();
            let checked: Vec<Checked> = (args.files.iter())
                .map(|path| check_file(path, &limits))
                .collect();
            report_all(&checked, args.format)
        }
        GameRules::Vocabulary(_) | GameRules::Core(_) => {
            let id = rules.id();
            let path = args
                .ruleset
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string());
            let help = match id {
                GameId::Vocabulary => {
                    "a vocabulary game's board is in its ruleset: check it with `relic rules check`; check a list of actions with `relic verify`"
                }
                _ => {
                    "a core game's board is in its ruleset: check it with `relic rules check`; check a list of actions with `relic verify`"
                }
            };
            let games = "Moving Maze boards, Escape configurations, levels and caves";
            let failure = WrongGame::failure_for(&path, id, "`relic check`", games, help);
            super::eprint_ruleset_failure(&failure);
            ExitCode::from(2)
        }
    }
}

/// The outcome of reading one setup file.
fn checked<T>(path: &Path, read: Result<T, SetupFailure>) -> Checked {
    match read {
        Ok(_) => Checked::ok(path),
        Err(failure) => Checked {
            report: failure.report,
            unreadable: failure.unreadable,
        },
    }
}

fn check_file(path: &Path, limits: &BoardLimits) -> Checked {
    let egc = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("egc"));
    let read = match egc {
        true => crate::games::escape::config::read_config_file(path)
            .map(drop)
            .map_err(|f| (f.report, f.unreadable)),
        false => read_board_file(path, limits)
            .map(drop)
            .map_err(|e| (e.report, e.unreadable)),
    };
    match read {
        Ok(()) => Checked::ok(path),
        Err((report, unreadable)) => Checked { report, unreadable },
    }
}
