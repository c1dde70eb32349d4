//! `relic lsp`: the language server of [`crate::lsp`] on standard input
//! and output.

use std::process::ExitCode;

/// Runs the language server until the client says `exit`.
pub fn run() -> ExitCode {
    match crate::lsp::run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => super::usage::fail(super::usage::CliError::LspProtocol { reason }),
    }
}
