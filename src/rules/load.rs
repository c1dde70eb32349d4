//! Loading rulesets: TOML text, `extends` chains, and validation.

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use super::schema::Ruleset;

/// The rulesets built into the binary, by the name `extends` uses.
pub const BUILTIN_RULESETS: &[(&str, &str)] = &[("moving-maze", super::STANDARD_TOML)];

/// The TOML text of a built-in ruleset.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTIN_RULESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// A problem with a ruleset file.
#[derive(Debug, Error, Diagnostic)]
pub enum RulesetError {
    /// The file could not be read.
    #[error("cannot read ruleset {path}: {reason}")]
    #[diagnostic(code(rules::io), help("check the path"))]
    Io {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
    /// The TOML is malformed or does not fit the schema.
    #[error("{message}")]
    #[diagnostic(code(rules::invalid), help("see rulesets/README.md for every key"))]
    Invalid {
        /// What is wrong.
        message: String,
    },
}

/// Reads the ruleset at `path`, resolving `extends`.
pub fn load_ruleset(path: &Path) -> Result<Ruleset, RulesetError> {
    let source = std::fs::read_to_string(path).map_err(|e| RulesetError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    parse_ruleset(&source, &path.display().to_string(), path.parent())
}

/// Parses ruleset TOML; `base` is the folder relative `extends` paths start from.
pub fn parse_ruleset(
    source: &str,
    _name: &str,
    base: Option<&Path>,
) -> Result<Ruleset, RulesetError> {
    let table = resolve(source, base, 0)?;
    let mut ruleset: Ruleset =
        table
            .try_into()
            .map_err(|e: toml::de::Error| RulesetError::Invalid {
                message: e.to_string(),
            })?;
    ruleset.extends = None;
    Ok(ruleset)
}

fn resolve(source: &str, base: Option<&Path>, depth: usize) -> Result<toml::Table, RulesetError> {
    let mut table: toml::Table =
        source
            .parse()
            .map_err(|e: toml::de::Error| RulesetError::Invalid {
                message: e.to_string(),
            })?;
    let Some(parent) = table.remove("extends") else {
        return Ok(table);
    };
    if depth > 16 {
        return Err(RulesetError::Invalid {
            message: "`extends` chain too deep".into(),
        });
    }
    let parent = parent.as_str().unwrap_or_default().to_owned();
    let (parent_source, parent_base) = match builtin_source(&parent) {
        Some(text) => (text.to_owned(), None),
        None => {
            let path: PathBuf = base.unwrap_or(Path::new(".")).join(&parent);
            let text = std::fs::read_to_string(&path).map_err(|e| RulesetError::Io {
                path: path.display().to_string(),
                reason: e.to_string(),
            })?;
            (text, path.parent().map(Path::to_path_buf))
        }
    };
    let mut merged = resolve(&parent_source, parent_base.as_deref(), depth + 1)?;
    merge(&mut merged, table);
    Ok(merged)
}

/// Deep-merges `child` into `parent`: tables merge key by key, every other
/// value (arrays included) replaces the parent's.
fn merge(parent: &mut toml::Table, child: toml::Table) {
    for (key, value) in child {
        match (parent.get_mut(&key), value) {
            (Some(toml::Value::Table(p)), toml::Value::Table(c)) => merge(p, c),
            (_, value) => {
                parent.insert(key, value);
            }
        }
    }
}
