//! `relic check`: check setup files (boards, configurations, levels,
//! caves and their `.moves` game files) against a ruleset and report every
//! problem, each read by its game's reader, all reported alike
//! (`check_report.rs`). Warnings (a level's several starts) leave a file
//! valid. A core game's setup files are FEN positions or position files. A ruleset file
//! (`.toml`) given here is checked as a ruleset.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use super::Format;
use super::check_report::{Checked, report_all};
use crate::diagnostics::FileReport;
use crate::games::boulder_dash::{read_game_file, setup_text};
use crate::games::escape::Escape;
use crate::games::maze_runner::level_syntax;
use crate::games::maze_runner::levels::read_level_file;
use crate::games::moving_maze::board::{BoardLimits, read_board_file};
use crate::games::{
    CoreRules, GameId, GameRules, Registered, Setup, SetupFailure, Vocabulary, WalkerPhysics,
    WrongGame,
};
use crate::walker::Program;

/// Arguments of `relic check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Setup files to check: Moving Maze boards (GBF; `.egc` files are
    /// read as Escape configurations), Escape configurations under an
    /// Escape ruleset, level files under a level-walking ruleset, board
    /// texts and `.moves` game files under a walker-physics one, FEN
    /// positions and position files under a core ruleset; other ruleset
    /// files (`.toml`) are checked as `relic rules check` checks them.
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
/// and checked against the ruleset, and ruleset files (`.toml`) checked
/// as `relic rules check` does; every problem reported, in file order.
pub fn run(args: &CheckArgs) -> ExitCode {
    let setups = args.files.iter().any(|path| !is_ruleset_file(path));
    let rules = match setups {
        true => match super::load_game_rules_reported(args.ruleset.as_ref()) {
            Some(rules) => Some(rules),
            None => return ExitCode::from(2),
        },
        false => None,
    };
    if let Some(GameRules::Vocabulary(_)) = &rules {
        return board_in_ruleset(args.ruleset.as_deref());
    }
    let checked = args.files.iter().flat_map(|path| match &rules {
        Some(rules) if !is_ruleset_file(path) => vec![check_setup(rules, path)],
        _ => super::rules_cmd::check_ruleset_file(path),
    });
    report_all(&checked.collect::<Vec<_>>(), args.format)
}

/// Whether `path` names a ruleset (`.toml`, and not a core game's position
/// file), checked as a ruleset rather than as a setup file of the
/// ruleset's game.
fn is_ruleset_file(path: &Path) -> bool {
    let toml = (path.extension()).is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    let position = || {
        let text = crate::files::read_regular(path, crate::lang::position::MAX_SETUP_BYTES);
        let text = text.ok().and_then(|bytes| String::from_utf8(bytes).ok());
        text.is_some_and(|t| crate::lang::position::is_position_toml(&t))
    };
    toml && !position()
}

/// One setup file read by `rules`' game and checked.
fn check_setup(rules: &GameRules, path: &Path) -> Checked {
    match rules {
        GameRules::WalkerLevels(program) => {
            let read = read_level_file(path, &level_syntax(program)).map_err(|f| SetupFailure {
                report: f.report,
                unreadable: f.unreadable,
            });
            checked(path, read.map(|(_, warnings)| Some(warnings)))
        }
        GameRules::WalkerPhysics(program) if is_game_file(path) => check_game_file(program, path),
        GameRules::WalkerPhysics(program) => started::<WalkerPhysics>(program, path),
        GameRules::Escape(rules) => started::<Escape>(rules, path),
        GameRules::MovingMaze(rules) => check_file(path, &rules.limits()),
        // A core game's setup file is a FEN position or a position file.
        GameRules::Core(rules) => started::<CoreRules>(rules, path),
        GameRules::Vocabulary(rules) => started::<Vocabulary>(rules, path),
    }
}

/// The setup file at `path` checked by starting game `G` from it.
fn started<G: Registered>(rules: &Arc<G::Rules>, path: &Path) -> Checked {
    let start = G::start(rules, &Setup::File(path.into()));
    checked(path, start.map(|_| None))
}

/// The refusal of setup files under a vocabulary game, whose board is in
/// its ruleset.
fn board_in_ruleset(ruleset: Option<&Path>) -> ExitCode {
    let path = ruleset.map_or(String::new(), |p| p.display().to_string());
    let help = "a vocabulary game's board is in its ruleset: check it with `relic rules check`; check a list of actions with `relic verify`";
    let games = "Moving Maze boards, Escape configurations, FEN positions and position files of core games, levels and caves";
    let failure = WrongGame::failure_for(&path, GameId::Vocabulary, "`relic check`", games, help);
    super::eprint_ruleset_failure(&failure);
    ExitCode::from(2)
}

/// The outcome of reading one setup file: `Ok` with the report of the
/// file's warnings, if it has one.
fn checked(path: &Path, read: Result<Option<FileReport>, SetupFailure>) -> Checked {
    match read {
        Ok(Some(report)) => Checked {
            report,
            unreadable: false,
            merged_into: None,
        },
        Ok(None) => Checked::ok(path),
        Err(failure) => Checked {
            report: failure.report,
            unreadable: failure.unreadable,
            merged_into: None,
        },
    }
}

/// Whether `path` names a walker-physics game file (`.moves`: `COUNT
/// W,H` then the moves; checked alone, so its size is not compared with a
/// board: `relic verify` does that); any other is a board text.
fn is_game_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("moves"))
}

fn check_game_file(program: &Arc<Program>, path: &Path) -> Checked {
    let (name, source) = match setup_text(&Setup::File(path.into())) {
        Ok(read) => read,
        Err(failure) => {
            return Checked {
                report: failure.report,
                unreadable: true,
                merged_into: None,
            };
        }
    };
    match read_game_file(program, &source) {
        Ok(_) => Checked::ok(path),
        Err(problems) => Checked {
            report: FileReport {
                path: name,
                source,
                problems: (problems.into_iter())
                    .map(|p| Box::new(p) as Box<dyn miette::Diagnostic + Send + Sync>)
                    .collect(),
            },
            unreadable: false,
            merged_into: None,
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
        Err((report, unreadable)) => Checked {
            report,
            unreadable,
            merged_into: None,
        },
    }
}
