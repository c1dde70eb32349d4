//! Reading a saved game in stages: RON into raw, spanned fields; each field
//! checked by its own reader (version, ruleset, board, actions); then the
//! actions replayed through the engine.

use std::sync::Arc;

use miette::SourceSpan;
use ron::value::RawValue;
use serde::Deserialize;

use super::error::{Embedded, SaveError};
use super::{FORMAT_VERSION, ReplayError, SavedGame};
use crate::board::{Board, parse_board};
use crate::engine::{Action, Game};
use crate::rules::{Rules, parse_ruleset};
use crate::text::{illegal_message, parse_action};

/// The file's fields, each still the RON text it was written as.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "SavedGame")]
struct RawSave<'a> {
    #[serde(borrow)]
    version: &'a RawValue,
    #[serde(borrow)]
    ruleset: &'a RawValue,
    #[serde(borrow)]
    board: &'a RawValue,
    #[serde(borrow)]
    actions: Vec<&'a RawValue>,
}

/// See [`SavedGame::from_ron`].
pub(super) fn from_ron(source: &str) -> Result<(SavedGame, Game), Vec<SaveError>> {
    let raw: RawSave = ron::Options::default()
        .from_str(source)
        .map_err(|error| vec![syntax_error(source, &error)])?;
    let mut problems = Vec::new();
    check_version(source, raw.version, &mut problems);
    let rules = read_ruleset(source, raw.ruleset, &mut problems);
    let board = rules
        .as_ref()
        .and_then(|rules| read_board(source, raw.board, rules, &mut problems));
    let actions = read_actions(source, &raw.actions, &mut problems);
    match (rules, board) {
        (Some(rules), Some(board)) if problems.is_empty() => {
            let saved = SavedGame::new(rules, board, actions);
            let game = saved
                .replay()
                .map_err(|e| vec![replay_error(source, &raw, e)])?;
            Ok((saved, game))
        }
        _ => Err(problems),
    }
}

/// The span of a raw value (trimmed of white space and comments' padding)
/// in `source`.
fn span_of(source: &str, raw: &RawValue) -> SourceSpan {
    let text = raw.trim().get_ron();
    let start = (text.as_ptr() as usize).wrapping_sub(source.as_ptr() as usize);
    if start <= source.len() && start + text.len() <= source.len() {
        SourceSpan::new(start.into(), text.len())
    } else {
        SourceSpan::new(0.into(), 0)
    }
}

fn syntax_error(source: &str, error: &ron::error::SpannedError) -> SaveError {
    let start = offset_of(source, error.span.start.line, error.span.start.col);
    let end = offset_of(source, error.span.end.line, error.span.end.col).max(start);
    let span = crate::diagnostics::Span::new(start, end.max(start + 1));
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

fn check_version(source: &str, raw: &RawValue, problems: &mut Vec<SaveError>) {
    if raw.into_rust::<u32>().ok() != Some(FORMAT_VERSION) {
        problems.push(SaveError::Version {
            found: raw.trim().get_ron().to_owned(),
            at: span_of(source, raw),
        });
    }
}

/// A string field's text and, when its bytes appear unescaped in the
/// file, the offset of its first byte.
fn read_text(
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

/// The name the saved ruleset's text goes by while it is checked.
const SAVED_RULESET: &str = "saved ruleset";

fn read_ruleset(source: &str, raw: &RawValue, problems: &mut Vec<SaveError>) -> Option<Arc<Rules>> {
    let (text, base) = read_text(source, raw, "ruleset", problems)?;
    let failure = match parse_ruleset(&text, SAVED_RULESET, None) {
        Ok(ruleset) => return Some(Arc::new(Rules::new(ruleset))),
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

fn read_board(
    source: &str,
    raw: &RawValue,
    rules: &Rules,
    problems: &mut Vec<SaveError>,
) -> Option<Board> {
    let (text, base) = read_text(source, raw, "board", problems)?;
    match parse_board(&text, &rules.limits()) {
        Ok(board) => Some(board),
        Err(errors) => {
            let literal = span_of(source, raw);
            problems.extend(errors.iter().map(|error| {
                SaveError::Embedded(Embedded::new("save::board", "board", error, base, literal))
            }));
            None
        }
    }
}

fn read_actions(source: &str, raws: &[&RawValue], problems: &mut Vec<SaveError>) -> Vec<Action> {
    let mut actions = Vec::with_capacity(raws.len());
    for raw in raws {
        let Some((text, _)) = read_text(source, raw, "actions", problems) else {
            continue;
        };
        match parse_action(&text) {
            Some(action) => actions.push(action),
            None => problems.push(SaveError::Action {
                text,
                at: span_of(source, raw),
            }),
        }
    }
    actions
}

fn replay_error(source: &str, raw: &RawSave, error: ReplayError) -> SaveError {
    let text_at = |index: usize| {
        let raw = raw.actions[index];
        let text = raw.into_rust::<String>().unwrap_or_default();
        (text, span_of(source, raw))
    };
    match error {
        ReplayError::Setup(setup) => SaveError::Mismatch {
            message: setup.to_string(),
            at: span_of(source, raw.board),
        },
        ReplayError::Illegal { index, illegal } => {
            let (text, at) = text_at(index);
            let reason = illegal_message(illegal, &text);
            SaveError::Illegal {
                number: index + 1,
                text,
                reason,
                at,
            }
        }
        ReplayError::Quit { index } => {
            let (text, at) = text_at(index);
            let reason = "saved games never record `quit`".to_owned();
            SaveError::Illegal {
                number: index + 1,
                text,
                reason,
                at,
            }
        }
    }
}
