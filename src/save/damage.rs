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

/// How many whole items the start of a list, `items`, holds: items are
/// read one at a time up to the comma that ends each, stopping at the
/// first that does not parse. Each byte is scanned once and each item
/// parsed once, so a hostile file costs linear time.
fn complete_items(items: &str) -> usize {
    let mut count = 0;
    let mut rest = items;
    while let Some(comma) = item_end(rest) {
        if ron::from_str::<&RawValue>(&rest[..comma]).is_err() {
            break;
        }
        count += 1;
        rest = &rest[comma + 1..];
    }
    count
}

/// The byte of the comma that ends the first item of `items`: the first
/// comma outside strings, characters and brackets; `None` when there is
/// none (the item never ends).
fn item_end(items: &str) -> Option<usize> {
    let bytes = items.as_bytes();
    let mut depth = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b',' if depth == 0 => return Some(at),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
            b'"' => at = string_end(bytes, at + 1)?,
            b'r' if matches!(bytes.get(at + 1), Some(b'"' | b'#')) => {
                at = raw_string_end(bytes, at + 1)?
            }
            b'\'' => at = char_end(bytes, at + 1)?,
            _ => {}
        }
        at += 1;
    }
    None
}

/// The closing quote of a string whose text starts at `from`.
fn string_end(bytes: &[u8], mut from: usize) -> Option<usize> {
    while from < bytes.len() {
        match bytes[from] {
            b'\\' => from += 2,
            b'"' => return Some(from),
            _ => from += 1,
        }
    }
    None
}

/// The last byte of a raw string `r#"..."#` whose hashes start at `from`.
fn raw_string_end(bytes: &[u8], from: usize) -> Option<usize> {
    let hashes = bytes[from..].iter().take_while(|&&b| b == b'#').count();
    let open = from + hashes;
    if bytes.get(open) != Some(&b'"') {
        return Some(from - 1); // an identifier starting with `r`
    }
    let mut closing = vec![b'"'];
    closing.extend(std::iter::repeat_n(b'#', hashes));
    let text = &bytes[open + 1..];
    let end = text
        .windows(closing.len())
        .position(|w| w == closing.as_slice())?;
    Some(open + end + closing.len())
}

/// The closing quote of a character literal whose text starts at `from`.
fn char_end(bytes: &[u8], from: usize) -> Option<usize> {
    let step = if bytes.get(from) == Some(&b'\\') {
        2
    } else {
        1
    };
    let close = bytes[from..].iter().skip(step).position(|&b| b == b'\'')?;
    Some(from + step + close)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_items_are_counted_up_to_the_first_that_does_not_end() {
        assert_eq!(complete_items(r#" "r", "n2", "3,1", "d"#), 3);
        assert_eq!(
            complete_items(r##" "a,b", ("x", [1, 2]), r"q,", r#"z"#, 'c', '\'', 7"##),
            6
        );
        assert_eq!(complete_items(r#" ( "r", "r", "r","#), 0);
        assert_eq!(complete_items(r#" "r", 1 2, "r","#), 1);
        assert_eq!(complete_items(""), 0);
    }
}
