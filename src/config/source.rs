//! Reading ruleset files and the failure every loader returns.

use std::fmt;
use std::path::Path;

use super::error::RulesetError;
use crate::diagnostics::FileReport;
use crate::files::{ReadFailure, read_regular};

/// The largest ruleset file relic reads.
pub const MAX_RULESET_BYTES: u64 = 1024 * 1024;

/// At most this many problems are reported per file; the rest are counted.
pub const MAX_PROBLEMS: usize = 100;

/// Why a ruleset could not be loaded: every problem, grouped by the file it
/// points into (the file loaded first, then any file it extends).
pub struct RulesetFailure {
    /// One report per file with problems; the loaded file's comes first.
    pub reports: Vec<FileReport>,
    /// Whether the loaded file itself could not be read.
    pub unreadable: bool,
}

impl RulesetFailure {
    /// Every report rendered without colour, `width` columns wide.
    pub fn render(&self, width: usize) -> String {
        self.reports.iter().map(|r| r.render(width)).collect()
    }

    /// How many problems there are in all.
    pub fn problem_count(&self) -> usize {
        self.reports.iter().map(|r| r.problems.len()).sum()
    }

    /// The failure of a ruleset file `name` that could not be read.
    pub fn unreadable(name: &str, reason: String, help: String) -> RulesetFailure {
        let problem = RulesetError::Unreadable {
            path: name.to_owned(),
            reason,
            help,
        };
        RulesetFailure {
            reports: vec![FileReport {
                path: name.to_owned(),
                source: String::new(),
                problems: vec![Box::new(problem)],
            }],
            unreadable: true,
        }
    }
}

impl fmt::Debug for RulesetFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(80))
    }
}

/// Reads the ruleset file at `path`, or the failure saying why it cannot.
pub fn read_ruleset(path: &Path) -> Result<String, RulesetFailure> {
    let name = path.display().to_string();
    read_source(path).map_err(|(reason, help)| RulesetFailure::unreadable(&name, reason, help))
}

/// How a file is recognised again in an `extends` chain.
pub fn identity_of(path: &Path) -> String {
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    canonical.display().to_string()
}

/// Reads a ruleset file: a regular file of at most 1 MiB of UTF-8 text. On
/// error, the reason and a help line.
pub fn read_source(path: &Path) -> Result<String, (String, String)> {
    let fail = |reason: String, help: &str| Err((reason, help.to_owned()));
    let bytes = match read_regular(path, MAX_RULESET_BYTES) {
        Ok(bytes) => bytes,
        Err(failure) => {
            let help = match failure {
                ReadFailure::NotFound => {
                    "check the path, or name a built-in ruleset such as `moving-maze`"
                }
                ReadFailure::Directory => "name a .toml ruleset file",
                ReadFailure::NotRegular => {
                    "save the ruleset to a regular file; pipes and devices are not read"
                }
                ReadFailure::TooLarge { .. } => {
                    "rulesets are at most 1 MiB; is this the right file?"
                }
                ReadFailure::Io(_) => "check the file's permissions",
            };
            let reason = match failure {
                ReadFailure::TooLarge { .. } => {
                    "it is over the 1 MiB limit for ruleset files".into()
                }
                _ => failure.reason(),
            };
            return fail(reason, help);
        }
    };
    String::from_utf8(bytes).or_else(|_| {
        fail(
            "it is not valid UTF-8 text".into(),
            "save the ruleset as UTF-8 text",
        )
    })
}
