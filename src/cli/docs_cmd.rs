//! `relic completions`, `relic man` and `relic explain`: documentation
//! generated from the command line's own definitions and the diagnostic
//! pages of `docs/diagnostics.md`.

use std::process::ExitCode;

use clap::{Args, CommandFactory};

use super::Cli;
use crate::diagnostics::explain;
use crate::output::out;

/// Arguments of `relic completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `relic explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A diagnostic code, such as `gbf::relic::duplicate`; none: list
    /// every code.
    pub code: Option<String>,
}

/// Writes the completion script for `args.shell` to stdout.
pub fn completions(args: &CompletionsArgs) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "relic", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    ExitCode::SUCCESS
}

/// Writes the manual page (roff) to stdout.
pub fn man() -> ExitCode {
    let mut page = Vec::new();
    let rendered = clap_mangen::Man::new(Cli::command()).render(&mut page);
    if let Err(error) = rendered {
        return super::usage::fail(super::usage::CliError::ManPage {
            reason: error.to_string(),
        });
    }
    out!("{}", String::from_utf8_lossy(&page));
    ExitCode::SUCCESS
}

/// Prints the page of a diagnostic code, or the list of codes.
pub fn explain(args: &ExplainArgs) -> ExitCode {
    let Some(code) = &args.code else {
        let pages = explain::pages();
        let width = pages.iter().map(|p| p.code.len()).max().unwrap_or(0);
        for page in pages {
            out!("{:width$}  {}\n", page.code, page.title);
        }
        return ExitCode::SUCCESS;
    };
    let code = code.trim().trim_matches('`');
    match explain::page(code) {
        Some(page) => {
            out!("{}\n\n{}\n", page.code, page.text);
            ExitCode::SUCCESS
        }
        None => {
            let hint = explain::closest(code)
                .map(|near| format!("did you mean `{near}`? "))
                .unwrap_or_default();
            super::usage::fail(super::usage::CliError::UnknownCode {
                code: code.to_owned(),
                hint,
            })
        }
    }
}
