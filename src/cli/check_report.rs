//! What the checking commands (`relic check` for every game) share: one
//! file's outcome, and printing every outcome with the exit status.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use super::Format;
use crate::diagnostics::{FileReport, JsonFile, JsonFiles};
use crate::games::moving_maze::board::Counted;

/// One file's outcome.
pub(super) struct Checked {
    /// The file's report (no problems when it is valid).
    pub report: FileReport,
    /// Whether the file could not be read at all.
    pub unreadable: bool,
}

impl Checked {
    /// The outcome of a valid file.
    pub(super) fn ok(path: &Path) -> Checked {
        Checked {
            report: FileReport {
                path: path.display().to_string(),
                source: String::new(),
                problems: Vec::new(),
            },
            unreadable: false,
        }
    }
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
