//! `relic check --ruleset NAME FILE...` for level-walking rulesets: checks
//! level files against the ruleset's start mark and required cells.
//! Warnings (several starts) leave a file valid.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::Format;
use crate::diagnostics::{FileReport, JsonFile, JsonFiles, severity_name};
use crate::games::maze_runner::level_syntax;
use crate::games::maze_runner::levels::read_level_file;
use crate::games::moving_maze::board::Counted;
use crate::walker::journey::Program;

/// One file's report and whether it is valid and was read.
struct LevelChecked {
    report: FileReport,
    valid: bool,
    unreadable: bool,
}

/// Checks `files` under `program`; exit status 2 if a file could not be
/// read, 1 if any has errors, else 0.
pub(super) fn run(program: Arc<Program>, files: &[PathBuf], format: Format) -> ExitCode {
    let syntax = level_syntax(&program);
    let checked: Vec<LevelChecked> = (files.iter())
        .map(|path| match read_level_file(path, &syntax) {
            Ok((_, warnings)) => LevelChecked {
                report: warnings,
                valid: true,
                unreadable: false,
            },
            Err(failure) => LevelChecked {
                report: failure.report,
                valid: false,
                unreadable: failure.unreadable,
            },
        })
        .collect();
    match format {
        Format::Human => print_human(&checked),
        Format::Json => print_json(&checked),
    }
    let unreadable = checked.iter().any(|c| c.unreadable);
    let invalid = checked.iter().any(|c| !c.valid);
    ExitCode::from(if unreadable { 2 } else { u8::from(invalid) })
}

fn print_human(checked: &[LevelChecked]) {
    for file in checked {
        let path = &file.report.path;
        if !file.report.is_ok() {
            crate::output::errln!("{}", file.report.render(80));
        }
        let errors = (file.report.problems.iter())
            .filter(|p| severity_name(p.as_ref()) == "error")
            .count();
        let warnings = file.report.problems.len() - errors;
        let verdict = match (file.unreadable, file.valid) {
            (true, _) => format!("not read, {}", Counted::new(errors, "problem")),
            (false, false) => format!("invalid, {}", Counted::new(errors, "problem")),
            (false, true) if warnings == 0 => "ok".to_owned(),
            (false, true) => format!("ok, {}", Counted::new(warnings, "warning")),
        };
        crate::output::outln!("{path}: {verdict}");
    }
}

fn print_json(checked: &[LevelChecked]) {
    let files = (checked.iter())
        .map(|c| JsonFile {
            ok: c.valid,
            ..JsonFile::from(&c.report)
        })
        .collect();
    let document = JsonFiles { files };
    let text = serde_json::to_string_pretty(&document).expect("diagnostics serialise");
    crate::output::outln!("{text}");
}
