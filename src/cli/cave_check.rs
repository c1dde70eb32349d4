//! `relic check --ruleset boulder-dash FILE...` (any walker-physics
//! ruleset): checks board texts and game files, every problem of each with
//! its span, code and help. A file ending `.moves` is a game file (`COUNT
//! W,H` then the moves; checked alone, so its size is not compared with a
//! board: `relic verify` does that); any other is a board text.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::Format;
use super::check_report::{Checked, report_all};
use crate::diagnostics::FileReport;
use crate::games::boulder_dash::read_game_file;
use crate::games::boulder_dash::setup_text;
use crate::games::{Registered, Setup, WalkerPhysics};
use crate::walker::Program;

/// Checks `files` under `program`: status 2 if a file could not be read,
/// 1 if any has problems, else 0.
pub(super) fn run(program: &Arc<Program>, files: &[PathBuf], format: Format) -> ExitCode {
    let checked: Vec<Checked> = (files.iter())
        .map(|path| match is_game_file(path) {
            true => check_game_file(program, path),
            false => check_board(program, path),
        })
        .collect();
    report_all(&checked, format)
}

/// Whether `path` names a game file (`.moves`).
fn is_game_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("moves"))
}

fn check_board(program: &Arc<Program>, path: &Path) -> Checked {
    match WalkerPhysics::start(program, &Setup::File(path.into())) {
        Ok(_) => Checked::ok(path),
        Err(failure) => Checked {
            report: failure.report,
            unreadable: failure.unreadable,
        },
    }
}

fn check_game_file(program: &Arc<Program>, path: &Path) -> Checked {
    let (name, source) = match setup_text(&Setup::File(path.into())) {
        Ok(read) => read,
        Err(failure) => {
            return Checked {
                report: failure.report,
                unreadable: true,
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
        },
    }
}
