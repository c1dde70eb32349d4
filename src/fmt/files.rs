//! The files `relic fmt` works on: folders walked for `*.toml`, each file
//! read the one safe way, formatted, and written back only when it
//! changes (through a file beside it renamed over it, so that a failure
//! never leaves half a file).

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use super::format_toml;
use crate::config::MAX_RULESET_BYTES;
use crate::diagnostics::FileReport;

/// A file `relic fmt` could not read, list or write.
#[derive(Debug, Error, Diagnostic)]
pub enum FileError {
    /// A path that cannot be read (or a folder that cannot be listed).
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(
        code(fmt::unreadable),
        help("give TOML files, or folders holding them")
    )]
    Unreadable {
        /// The path as given.
        path: String,
        /// Why.
        reason: String,
    },
    /// A formatted file that could not be written back.
    #[error("cannot write {path}: {reason}")]
    #[diagnostic(
        code(fmt::unwritable),
        help("check the file's and its folder's permissions; the file was left as it was")
    )]
    Unwritable {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
}

/// What became of one file.
#[derive(Debug)]
pub enum Outcome {
    /// Already in the canonical layout.
    Unchanged,
    /// Not in the canonical layout: its formatted text.
    Changed(String),
    /// It has syntax errors (every one, in a report); nothing was changed.
    Invalid(FileReport),
}

/// Every TOML file that `paths` name: each file as given, and for each
/// folder the `*.toml` files under it (recursively, hidden folders left
/// out), sorted.
pub fn toml_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, FileError> {
    let mut out = Vec::new();
    for path in paths {
        match path.is_dir() {
            true => walk(path, &mut out)?,
            false => out.push(path.clone()),
        }
    }
    Ok(out)
}

fn walk(folder: &Path, out: &mut Vec<PathBuf>) -> Result<(), FileError> {
    let unreadable = |e: std::io::Error| FileError::Unreadable {
        path: folder.display().to_string(),
        reason: e.to_string(),
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(unreadable)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(unreadable)?;
    entries.sort();
    for path in entries {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if path.is_dir() && !hidden {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") && path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// The file at `path` read (regular files only, at most
/// [`MAX_RULESET_BYTES`]) as UTF-8.
pub fn read(path: &Path) -> Result<String, FileError> {
    let unreadable = |reason: String| FileError::Unreadable {
        path: path.display().to_string(),
        reason,
    };
    let bytes = crate::files::read_regular(path, MAX_RULESET_BYTES)
        .map_err(|failure| unreadable(failure.reason()))?;
    String::from_utf8(bytes).map_err(|_| unreadable("it is not UTF-8 text".into()))
}

/// What formatting `source` (shown as `name`) gives.
///
/// ```
/// use relic::fmt::files::{Outcome, outcome};
/// assert!(matches!(outcome("a = 1\n", "x.toml"), Outcome::Unchanged));
/// assert!(matches!(outcome("a=1", "x.toml"), Outcome::Changed(t) if t == "a = 1\n"));
/// assert!(matches!(outcome("a = ", "x.toml"), Outcome::Invalid(_)));
/// ```
pub fn outcome(source: &str, name: &str) -> Outcome {
    match format_toml(source) {
        Ok(formatted) if formatted == source => Outcome::Unchanged,
        Ok(formatted) => Outcome::Changed(formatted),
        Err(errors) => Outcome::Invalid(FileReport {
            path: name.to_owned(),
            source: source.to_owned(),
            problems: errors.into_iter().map(|e| Box::new(e) as _).collect(),
        }),
    }
}

/// Writes `text` over the file at `path`: into a file beside it, which
/// takes the old file's permissions and is then renamed over it.
pub fn write(path: &Path, text: &str) -> Result<(), FileError> {
    let unwritable = |e: std::io::Error| FileError::Unwritable {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{name}.relic-fmt"));
    let written = std::fs::write(&temporary, text)
        .and_then(|()| {
            let permissions = std::fs::metadata(path)?.permissions();
            std::fs::set_permissions(&temporary, permissions)
        })
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.map_err(unwritable)
}
