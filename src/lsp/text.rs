//! Positions as the Language Server Protocol counts them (lines, and
//! UTF-16 code units within a line) against byte offsets, and `file:`
//! URIs against paths.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

/// The LSP position of byte `offset` of `text` (clamped to the text and
/// to a character boundary).
///
/// ```
/// use relic::lsp::text::{offset_of, position_of};
/// let text = "a = 1\nbé = 2\n";
/// let at = position_of(text, 10);
/// assert_eq!((at.line, at.character), (1, 3));
/// assert_eq!(offset_of(text, at), 10);
/// ```
pub fn position_of(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character = text[line_start..offset].encode_utf16().count();
    Position::new(line as u32, character as u32)
}

/// The byte offset of LSP position `at` in `text` (clamped to its line
/// and to the text).
pub fn offset_of(text: &str, at: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= at.character as usize {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    line_end
}

/// The LSP range of bytes `start..end` of `text`.
pub fn range_of(text: &str, start: usize, end: usize) -> Range {
    Range::new(position_of(text, start), position_of(text, end.max(start)))
}

/// The path a `file:` URI names, percent-decoded; `None` for other
/// schemes.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8_lossy(&out).into_owned()))
}

/// The `file:` URI of `path` (made absolute), percent-encoding what URIs
/// do not take as is.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let absolute = std::path::absolute(path).ok()?;
    let mut out = String::from("file://");
    for byte in absolute.to_string_lossy().bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    Uri::from_str(&out).ok()
}
