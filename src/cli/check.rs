//! `relic check`: check board files and report every problem.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::{Format, eprint_ruleset_failure, load_rules};
use crate::board::read_board_file;
use crate::diagnostics::{FileReport, JsonFile, JsonFiles};

/// Arguments of `relic check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Board files to check.
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
    let rules = match load_rules(args.ruleset.as_ref()) {
        Ok(rules) => rules,
        Err(error) => {
            eprint_ruleset_failure(&error);
            return ExitCode::from(2);
        }
    };
    let limits = rules.limits();
    let mut reports = Vec::new();
    let (mut invalid, mut unreadable) = (false, false);
    for path in &args.files {
        match read_board_file(path, &limits) {
            Ok(_) => reports.push(FileReport {
                path: path.display().to_string(),
                source: String::new(),
                problems: Vec::new(),
            }),
            Err(error) => {
                unreadable |= error.unreadable;
                invalid |= !error.unreadable;
                reports.push(error.report);
            }
        }
    }
    match args.format {
        Format::Human => print_human(&reports),
        Format::Json => print_json(&reports),
    }
    ExitCode::from(if unreadable { 2 } else { u8::from(invalid) })
}

pub(super) fn print_human(reports: &[FileReport]) {
    let width = terminal_width();
    for report in reports {
        if report.is_ok() {
            println!("{}: ok", report.path);
        } else {
            eprint!("{}", report.render(width));
            let count = report.problems.len();
            println!(
                "{}: {count} problem{}",
                report.path,
                if count == 1 { "" } else { "s" }
            );
        }
    }
}

pub(super) fn print_json(reports: &[FileReport]) {
    let document = JsonFiles {
        files: reports.iter().map(JsonFile::from).collect(),
    };
    println!(
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
