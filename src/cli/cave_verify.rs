//! `relic verify` for walker-physics rulesets (Boulder Dash): the moves
//! file is a game file (`COUNT W,H`, then the moves). Prints the final
//! board as board text, or `GameError` on stdout with a diagnostic naming
//! the move (or every problem of the file) on stderr.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::diagnostics::FileReport;
use crate::games::boulder_dash::{verify_game, write_board};
use crate::games::{Registered, Setup, WalkerPhysics};
use crate::output::{err, out};
use crate::walker::Program;

/// Status 0 with the final board, 1 with `GameError`, 2 for a bad board.
pub(super) fn verify_cave(
    rules: &Arc<Program>,
    setup: &Setup,
    path: &Path,
    source: String,
) -> ExitCode {
    let start = match WalkerPhysics::start(rules, setup) {
        Ok(start) => start,
        Err(failure) => {
            err!("{}", failure.render(80));
            return ExitCode::from(2);
        }
    };
    match verify_game(start, &source) {
        Ok(end) => {
            out!("{}\n", write_board(end.program(), end.grid()));
            ExitCode::SUCCESS
        }
        Err(problems) => {
            let report = FileReport {
                path: path.display().to_string(),
                source,
                problems,
            };
            out!("GameError\n");
            err!("{}", report.render(80));
            ExitCode::from(1)
        }
    }
}
