//! `relic fmt`: ruleset files (any TOML) in the canonical layout of
//! [`crate::fmt`].

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::fmt::files::{self, FileError, Outcome};
use crate::output::{errln, outln};

/// Arguments of `relic fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// TOML files to format in place, or folders (every `*.toml` file
    /// under them, recursively). None: format standard input to standard
    /// output.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Change nothing: list the files that are not in the canonical
    /// layout (`would reformat: PATH`) and exit with status 1 if there are
    /// any.
    #[arg(long)]
    pub check: bool,
}

/// Runs `relic fmt`. Exit status: 0 when every file is (now) formatted,
/// 1 when `--check` finds a file to reformat or a file has syntax errors,
/// 2 when a file cannot be read or written.
pub fn run(args: &FmtArgs) -> ExitCode {
    if args.paths.is_empty() {
        return stdin(args.check);
    }
    let paths = match files::toml_files(&args.paths) {
        Ok(paths) => paths,
        Err(error) => return fail(&error),
    };
    let mut status = 0u8;
    for path in paths {
        status = status.max(one_file(&path, args.check));
    }
    ExitCode::from(status)
}

/// Formats (or checks) one file; its exit status.
fn one_file(path: &std::path::Path, check: bool) -> u8 {
    let source = match files::read(path) {
        Ok(source) => source,
        Err(error) => return report(&error),
    };
    match files::outcome(&source, &path.display().to_string()) {
        Outcome::Unchanged => 0,
        Outcome::Invalid(found) => {
            errln!("{}", found.render(80));
            1
        }
        Outcome::Changed(_) if check => {
            outln!("would reformat: {}", path.display());
            1
        }
        Outcome::Changed(text) => match files::write(path, &text) {
            Ok(()) => {
                outln!("formatted: {}", path.display());
                0
            }
            Err(error) => report(&error),
        },
    }
}

/// Standard input formatted to standard output (or, with `check`, only
/// the verdict).
fn stdin(check: bool) -> ExitCode {
    let mut source = String::new();
    let limit = crate::config::MAX_RULESET_BYTES;
    let read = std::io::stdin().take(limit + 1).read_to_string(&mut source);
    let reason = match read {
        Err(error) => Some(error.to_string()),
        Ok(_) if source.len() as u64 > limit => Some(format!("it is over {limit} bytes")),
        Ok(_) => None,
    };
    if let Some(reason) = reason {
        let path = "<stdin>".to_owned();
        return fail(&FileError::Unreadable { path, reason });
    }
    match files::outcome(&source, "<stdin>") {
        Outcome::Invalid(found) => {
            errln!("{}", found.render(80));
            ExitCode::from(1)
        }
        Outcome::Changed(_) if check => {
            outln!("would reformat: <stdin>");
            ExitCode::from(1)
        }
        Outcome::Changed(text) => {
            crate::output::out!("{text}");
            ExitCode::SUCCESS
        }
        Outcome::Unchanged if check => ExitCode::SUCCESS,
        Outcome::Unchanged => {
            crate::output::out!("{source}");
            ExitCode::SUCCESS
        }
    }
}

fn report(error: &FileError) -> u8 {
    errln!("{}", crate::diagnostics::render_one(error, 80));
    2
}

fn fail(error: &FileError) -> ExitCode {
    ExitCode::from(report(error))
}
