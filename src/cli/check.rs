//! `relic check`: check board files and report every problem.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::{Format, load_rules_reported};
use crate::diagnostics::{FileReport, JsonFile, JsonFiles};
use crate::games::moving_maze::board::{BoardLimits, Counted, read_board_file};

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

/// One file's outcome.
pub(super) struct Checked {
    /// The file's report (no problems when it is valid).
    pub report: FileReport,
    /// Whether the file could not be read at all.
    pub unreadable: bool,
}

/// Prints every outcome in `format` and returns the exit status shared by
/// the checking commands: 2 if any file could not be read, 1 if any has
/// problems, else 0.
pub(super) fn report_all(checked: &[Checked], format: Format) -> ExitCode {
    match format {
        Format::Human => print_human(checked),
        Format::Json => print_json(checked),
    }
    let unreadable = checked.iter().any(|c| c.unreadable);
    let invalid = checked.iter().any(|c| !c.report.is_ok());
    ExitCode::from(if unreadable { 2 } else { u8::from(invalid) })
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
        Ok(()) => Checked {
            report: FileReport {
                path: path.display().to_string(),
                source: String::new(),
                problems: Vec::new(),
            },
            unreadable: false,
        },
        Err((report, unreadable)) => Checked { report, unreadable },
    }
}

/// Each file's reports on stderr, then its one-line verdict on stdout.
fn print_human(checked: &[Checked]) {
    let width = terminal_width();
    for Checked { report, unreadable } in checked {
        if report.is_ok() {
            crate::output::outln!("{}: ok", report.path);
            continue;
        }
        crate::output::errln!("{}", report.render(width));
        let count = Counted::new(report.problems.len(), "problem");
        let verdict = if *unreadable { "not read" } else { "invalid" };
        crate::output::outln!("{}: {verdict}, {count}", report.path);
    }
}

fn print_json(checked: &[Checked]) {
    let document = JsonFiles {
        files: checked.iter().map(|c| JsonFile::from(&c.report)).collect(),
    };
    crate::output::outln!(
        "{}",
        serde_json::to_string_pretty(&document).expect("diagnostics serialise")
    );
}

/// The width to render reports at: the `COLUMNS` variable on a terminal, 80 otherwise.
fn terminal_width() -> usize {
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    match columns {
        Some(width) if std::io::stderr().is_terminal() => width,
        _ => 80,
    }
}
