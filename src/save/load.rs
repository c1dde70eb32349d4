//! The readers of a record's fields: RON into raw, spanned fields; each
//! field checked by its own reader (version, game, ruleset, setup text,
//! seed), every problem pointing into the file.

use miette::SourceSpan;
use ron::value::RawValue;
use serde::Deserialize;

use super::error::{Embedded, SaveError};
use super::{FORMAT_VERSION, OLDEST_FORMAT_VERSION};
use crate::games::GameId;

/// The file's fields, each still the RON text it was written as.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "SavedGame")]
pub(super) struct RawSave<'a> {
    #[serde(borrow)]
    pub(super) version: &'a RawValue,
    #[serde(borrow, default = "no_game")]
    pub(super) game: &'a RawValue,
    #[serde(borrow)]
    pub(super) ruleset: &'a RawValue,
    /// `board` in versions 1 and 2.
    #[serde(borrow, alias = "board")]
    pub(super) setup: &'a RawValue,
    #[serde(borrow, default = "no_seed")]
    pub(super) seed: &'a RawValue,
    #[serde(borrow, default = "no_bots")]
    pub(super) bots: &'a RawValue,
    #[serde(borrow)]
    pub(super) actions: Vec<&'a RawValue>,
}

/// `game` when the file has none (versions 1 and 2: Moving Maze).
fn no_game() -> &'static RawValue {
    RawValue::from_ron("None").expect("`None` is RON")
}

/// `seed` when the file has none.
fn no_seed() -> &'static RawValue {
    RawValue::from_ron("None").expect("`None` is RON")
}

/// `bots` when the file has none.
fn no_bots() -> &'static RawValue {
    RawValue::from_ron("[]").expect("`[]` is RON")
}

/// The most problems reported for one file; the rest are counted.
pub const MAX_PROBLEMS: usize = 20;

/// The first [`MAX_PROBLEMS`] problems and, when there are more, one that
/// counts the rest (a hostile file of a million bad actions is reported in
/// bounded time and space).
pub(super) fn capped(mut problems: Vec<SaveError>) -> Vec<SaveError> {
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(SaveError::MoreProblems { more });
    }
    problems
}

/// The span of a raw value (trimmed of white space and comments' padding)
/// in `source`.
pub(super) fn span_of(source: &str, raw: &RawValue) -> SourceSpan {
    let text = raw.trim().get_ron();
    let start = (text.as_ptr() as usize).wrapping_sub(source.as_ptr() as usize);
    if start <= source.len() && start + text.len() <= source.len() {
        SourceSpan::new(start.into(), text.len())
    } else {
        SourceSpan::new(0.into(), 0)
    }
}

pub(super) fn syntax_error(source: &str, error: &ron::error::SpannedError) -> SaveError {
    let start = offset_of(source, error.span.start.line, error.span.start.col);
    let end = offset_of(source, error.span.end.line, error.span.end.col).max(start);
    let span = crate::diagnostics::Span::new(start, end.max(start + 1));
    if let Some(damage) = super::damage::in_action_list(source, start, &error.code.to_string()) {
        return damage;
    }
    SaveError::Syntax {
        message: error.code.to_string(),
        at: span.to_source_span(source.len()),
    }
}

/// The byte offset of 1-based `line` and character `column` in `source`.
fn offset_of(source: &str, line: usize, column: usize) -> usize {
    let line_start = source
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let rest = &source[line_start.min(source.len())..];
    let within = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    line_start + within
}

/// The version, if this build reads it.
pub(super) fn check_version(
    source: &str,
    raw: &RawValue,
    problems: &mut Vec<SaveError>,
) -> Option<u32> {
    let readable = OLDEST_FORMAT_VERSION..=FORMAT_VERSION;
    match raw.into_rust::<u32>() {
        Ok(version) if readable.contains(&version) => Some(version),
        _ => {
            problems.push(SaveError::Version {
                found: raw.trim().get_ron().to_owned(),
                at: span_of(source, raw),
            });
            None
        }
    }
}

/// From version 3 on, `game` names the game the ruleset is for
/// (versions 1 and 2, Moving Maze's only, have none).
pub(super) fn check_game(
    source: &str,
    raw: &RawValue,
    version: Option<u32>,
    expected: GameId,
    problems: &mut Vec<SaveError>,
) {
    let expected = expected.name();
    let found = match raw.trim().get_ron() {
        "None" => Ok(None),
        _ => raw.into_rust::<String>().map(Some),
    };
    let message = match (found, version) {
        (Ok(Some(name)), _) if name == expected => return,
        (Ok(None), Some(1 | 2) | None) => return,
        (Ok(None), _) => "it is missing".to_owned(),
        (Ok(Some(name)), _) => format!("it says `{name}`, but the ruleset is for `{expected}`"),
        (Err(_), _) => "it must be the game's name as a string".to_owned(),
    };
    problems.push(SaveError::Game {
        message,
        expected,
        at: span_of(source, raw),
    });
}

/// A string field's text and, when its bytes appear unescaped in the
/// file, the offset of its first byte.
pub(super) fn read_text(
    source: &str,
    raw: &RawValue,
    field: &'static str,
    problems: &mut Vec<SaveError>,
) -> Option<(String, Option<usize>)> {
    let span = span_of(source, raw);
    let Ok(text) = raw.into_rust::<String>() else {
        problems.push(SaveError::Type {
            field,
            expected: "a string",
            at: span,
        });
        return None;
    };
    let base = content_offset(raw.trim().get_ron(), &text).map(|o| span.offset() + o);
    Some((text, base))
}

/// Where `decoded` starts inside the string `literal`, if the literal holds
/// it byte for byte (a plain string without escapes, or a raw string).
fn content_offset(literal: &str, decoded: &str) -> Option<usize> {
    let hashes = literal
        .strip_prefix('r')
        .map(|rest| rest.len() - rest.trim_start_matches('#').len());
    let prefix = hashes.map_or(1, |h| h + 2);
    let suffix = hashes.map_or(1, |h| h + 1);
    let inner = literal.get(prefix..literal.len().checked_sub(suffix)?)?;
    (inner == decoded).then_some(prefix)
}

/// Where a top-level `extends = ...` starts in ruleset TOML, if it has
/// one (or its TOML does not even parse and a line starts with `extends`).
pub(super) fn extends_key(toml_text: &str) -> Option<usize> {
    if let Ok(table) = toml_text.parse::<toml::Table>()
        && !table.contains_key("extends")
    {
        return None;
    }
    let mut offset = 0;
    for line in toml_text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let key = trimmed
            .strip_prefix("extends")
            .or_else(|| trimmed.strip_prefix("\"extends\""));
        if key.is_some_and(|rest| rest.trim_start().starts_with('=')) {
            return Some(offset + line.len() - trimmed.len());
        }
        if trimmed.starts_with('[') {
            break; // past the top-level keys
        }
        offset += line.len();
    }
    None
}

/// The name the saved ruleset's text goes by while it is checked.
pub(super) const SAVED_RULESET: &str = "saved ruleset";

/// The saved ruleset as `parse` reads it (named [`SAVED_RULESET`]), or its
/// problems moved into the file; a ruleset that says `extends` is refused.
pub(super) fn read_rules<T>(
    source: &str,
    raw: &RawValue,
    problems: &mut Vec<SaveError>,
    parse: impl FnOnce(&str) -> Result<T, crate::config::RulesetFailure>,
) -> Option<T> {
    let (text, base) = read_text(source, raw, "ruleset", problems)?;
    if let Some(at) = extends_key(&text) {
        let span = match base {
            Some(base) => SourceSpan::new((base + at).into(), "extends".len()),
            None => span_of(source, raw),
        };
        problems.push(SaveError::Extends { at: span });
        return None;
    }
    let failure = match parse(&text) {
        Ok(rules) => return Some(rules),
        Err(failure) => failure,
    };
    let literal = span_of(source, raw);
    if failure.problem_count() == 0 {
        problems.push(SaveError::Type {
            field: "ruleset",
            expected: "a valid ruleset",
            at: literal,
        });
    }
    for report in &failure.reports {
        // Problems in a file the saved ruleset extends point into that file:
        // they are shown on the saved ruleset as a whole.
        let base = base.filter(|_| report.path == SAVED_RULESET);
        for problem in &report.problems {
            let embedded =
                Embedded::new("save::ruleset", "ruleset", problem.as_ref(), base, literal);
            problems.push(SaveError::Embedded(embedded));
        }
    }
    None
}

pub(super) fn read_seed(
    source: &str,
    raw: &RawValue,
    problems: &mut Vec<SaveError>,
) -> Option<u64> {
    raw.into_rust::<Option<u64>>().unwrap_or_else(|_| {
        problems.push(SaveError::Bots {
            field: "seed",
            message: "it must be `Some(N)` with N a whole number from 0, or `None`".into(),
            at: span_of(source, raw),
        });
        None
    })
}
