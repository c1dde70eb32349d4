//! Naming the first bad action of a record whose action list does not
//! parse: a truncated file, or an action that is not a RON string.

use miette::SourceSpan;
use ron::value::RawValue;

use super::SaveError;
use crate::diagnostics::Span;

/// For a RON error at byte `at` inside the action list: the actions read
/// in full before it, as a diagnostic naming the next one (truncated when
/// the list never closes). `None` when the error is elsewhere.
pub(super) fn in_action_list(source: &str, at: usize, message: &str) -> Option<SaveError> {
    let at = at.min(source.len());
    let open = list_opening(&source[..at])?;
    if source[open..at].contains(']') {
        return None; // the list closed before the error
    }
    let complete = complete_items(&source[open..at]);
    if !source[open..].contains(']') {
        let end = source.len();
        return Some(SaveError::Truncated {
            after: complete,
            at: Span::new(end, end + 1).to_source_span(end),
        });
    }
    let width = source[at..].chars().next().map_or(0, char::len_utf8);
    Some(SaveError::UnreadableAction {
        number: complete + 1,
        message: message.to_owned(),
        at: SourceSpan::new(at.into(), width),
    })
}

/// The byte just after the `[` that opens the action list in `before`.
fn list_opening(before: &str) -> Option<usize> {
    let key = before.rfind("actions")?;
    let after_key = &before[key + "actions".len()..];
    let colon = after_key.trim_start().strip_prefix(':')?;
    let bracket = colon.trim_start().strip_prefix('[')?;
    Some(before.len() - bracket.len())
}

/// How many whole items the start of a list, `items`, holds: the longest
/// prefix ending at a comma that parses as a list.
fn complete_items(items: &str) -> usize {
    for (comma, _) in items.rmatch_indices(',') {
        let list = format!("[{}]", &items[..=comma]);
        if let Ok(values) = ron::from_str::<Vec<&RawValue>>(&list) {
            return values.len();
        }
    }
    0
}
