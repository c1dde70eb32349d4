//! What the checking commands (`relic check` for every game) share: one
//! file's outcome, and printing every outcome with the exit status.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use super::Format;
use crate::diagnostics::{FileReport, JsonFile, JsonFiles, severity_name};
use crate::games::moving_maze::board::Counted;

/// One file's outcome.
pub(super) struct Checked {
    /// The file's report: no errors when it is valid (warnings, such as a
    /// level's several starts, leave it valid).
    pub report: FileReport,
    /// Whether the file could not be read at all.
    pub unreadable: bool,
    /// The file extending this one, when this one checks on its own and
    /// its problems come of that file's changes (`rules::extends::changed`).
    pub merged_into: Option<String>,
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
            merged_into: None,
        }
    }
}

impl Checked {
    /// How many of the file's problems are errors.
    fn errors(&self) -> usize {
        (self.report.problems.iter())
            .filter(|p| severity_name(p.as_ref()) == "error")
            .count()
    }

    /// Whether the file was read and has no errors.
    fn valid(&self) -> bool {
        !self.unreadable && self.errors() == 0
    }
}

/// Prints every outcome in `format` and returns the exit status shared by
/// the checking commands: 2 if any file could not be read, 1 if any has
/// errors, else 0.
pub(super) fn report_all(checked: &[Checked], format: Format) -> ExitCode {
    match format {
        Format::Human => print_human(checked),
        Format::Json => print_json(checked),
    }
    let unreadable = checked.iter().any(|c| c.unreadable);
    let invalid = checked.iter().any(|c| !c.valid());
    ExitCode::from(if unreadable { 2 } else { u8::from(invalid) })
}

/// Each file's reports on stderr, then its one-line verdict on stdout.
fn print_human(checked: &[Checked]) {
    let width = terminal_width();
    for file in checked {
        let report = &file.report;
        if report.is_ok() {
            crate::output::outln!("{}: ok", report.path);
            continue;
        }
        crate::output::errln!("{}", report.render(width));
        let errors = Counted::new(file.errors(), "problem");
        let warnings = report.problems.len() - file.errors();
        let verdict = match (file.unreadable, file.valid()) {
            _ if let Some(child) = &file.merged_into => {
                format!("ok on its own; {errors} with the changes of {child}")
            }
            (true, _) => format!("not read, {errors}"),
            (false, false) => format!("invalid, {errors}"),
            (false, true) => format!("ok, {}", Counted::new(warnings, "warning")),
        };
        crate::output::outln!("{}: {verdict}", report.path);
    }
}

fn print_json(checked: &[Checked]) {
    let files = (checked.iter())
        .map(|c| JsonFile {
            ok: c.valid(),
            ..JsonFile::from(&c.report)
        })
        .collect();
    let document = JsonFiles { files };
    crate::output::outln!(
        "{}",
        serde_json::to_string_pretty(&document).expect("diagnostics serialise")
    );
}

/// The width to render reports at: the `COLUMNS` variable on a terminal, 80 otherwise.
pub(super) fn terminal_width() -> usize {
    let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
    match columns {
        Some(width) if std::io::stderr().is_terminal() => width,
        _ => 80,
    }
}
