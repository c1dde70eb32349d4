//! What the server says on stderr while it runs: problems of no request,
//! each with a code and a help line, shown through the one diagnostic path.

use miette::Diagnostic;
use thiserror::Error;

/// A problem the running server reports and carries on (or stops) after.
#[derive(Debug, Error, Diagnostic)]
pub(crate) enum ServerProblem {
    /// The listening socket could not be handed to the server.
    #[error("cannot serve: {reason}")]
    #[diagnostic(
        code(gui::cannot_serve),
        help("the operating system refused the listening socket; try another --port")
    )]
    CannotServe { reason: String },
    /// A computer player's action the game refused.
    #[error("the computer's {action} was refused ({reason}); it plays another move")]
    #[diagnostic(
        code(gui::computer_refused),
        severity(Warning),
        help("this is a bug in the computer player; please report it with the game")
    )]
    ComputerRefused { action: String, reason: String },
}

/// Prints `problem` on stderr.
pub(crate) fn eprint(problem: &ServerProblem) {
    crate::output::err!("{}", crate::diagnostics::render_one(problem, 80));
}
