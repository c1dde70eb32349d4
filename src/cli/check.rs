//! `relic check`: check board files and report every problem.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::check_report::{Checked, report_all};
use super::{Format, load_rules_reported};
use crate::games::moving_maze::board::{BoardLimits, read_board_file};

/// Arguments of `relic check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Board files to check (level files under a level-walking ruleset;
    /// board texts and `.moves` game files under a walker-physics one).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format: `human` reports on stderr, or one `json` document on stdout.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Check the boards against this ruleset's bounds (a TOML file or a
    /// built-in name); the standard Moving Maze rules by default.
    #[arg(long, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
}

/// Runs `relic check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    if let Some(program) = super::level_check::level_rules(args.ruleset.as_ref()) {
        return super::level_check::run(program, &args.files, args.format);
    }
    if let Some(program) = super::cave_check::cave_rules(args.ruleset.as_ref()) {
        return super::cave_check::run(&program, &args.files, args.format);
    }
    let Some(rules) = load_rules_reported(args.ruleset.as_ref(), "`relic check`") else {
        return ExitCode::from(2);
    };
    let limits = rules.limits();
    let checked: Vec<Checked> = args
        .files
        .iter()
        .map(|path| check_file(path, &limits))
        .collect();
    report_all(&checked, args.format)
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
