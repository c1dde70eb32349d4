//! `relic fmt`: the canonical layout of ruleset files (and any TOML file
//! relic reads), keeping every comment. Formatting is Taplo's formatter
//! with relic's options, then one rule of its own: a blank line before
//! each table header (and before the comments written just above it).
//!
//! The layout: keys in the order written, `key = value` with one space
//! each side of `=`, no indentation of keys or headers, at most one blank
//! line in a row, a blank line before every table, trailing comments of
//! consecutive lines aligned, arrays on one line when they fit in 80
//! columns (unless they hold a comment) and otherwise one item a line,
//! indented four spaces, with a trailing comma; strings are kept exactly as
//! written; the file ends with one newline. Formatting a formatted file
//! changes nothing.
//!
//! ```
//! let text = "name='x'\n[board]\nwidth=3 # squares\nsetup=[ 'a','b' ]\n\n\n\nheight=3\n";
//! let formatted = relic::fmt::format_toml(text).unwrap();
//! assert_eq!(
//!     formatted,
//!     "name = 'x'\n\n[board]\nwidth = 3 # squares\nsetup = ['a', 'b']\n\nheight = 3\n"
//! );
//! assert_eq!(relic::fmt::format_toml(&formatted).unwrap(), formatted);
//! ```

pub mod files;

use miette::{Diagnostic, SourceSpan};
use taplo::formatter::Options;
use taplo::syntax::SyntaxKind;
use thiserror::Error;

/// The width arrays are wrapped at.
pub const COLUMN_WIDTH: usize = 80;

/// A TOML syntax error that stops a file being formatted.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("invalid TOML: {message}")]
#[diagnostic(
    code(fmt::invalid_toml),
    help("fix the TOML syntax first (`relic rules check FILE` says more); nothing was changed")
)]
pub struct SyntaxError {
    /// The parser's words.
    pub message: String,
    /// Where.
    #[label("here")]
    pub at: SourceSpan,
}

/// relic's options for Taplo's formatter.
fn options() -> Options {
    Options {
        align_entries: false,
        align_comments: false,
        align_single_comments: false,
        array_trailing_comma: true,
        array_auto_expand: true,
        // An array written one item a line stays so: a board's `setup`
        // rows keep their picture.
        array_auto_collapse: false,
        compact_arrays: true,
        compact_inline_tables: false,
        compact_entries: false,
        column_width: COLUMN_WIDTH,
        indent_tables: false,
        indent_entries: false,
        inline_table_expand: true,
        trailing_newline: true,
        allowed_blank_lines: 1,
        indent_string: "    ".into(),
        reorder_keys: false,
        reorder_arrays: false,
        reorder_inline_tables: false,
        crlf: false,
    }
}

/// `source` (TOML) in relic's canonical layout, or every syntax error
/// that stops it being formatted (then nothing is changed).
pub fn format_toml(source: &str) -> Result<String, Vec<SyntaxError>> {
    let parsed = taplo::parser::parse(source);
    if !parsed.errors.is_empty() {
        return Err(parsed.errors.iter().map(syntax_error).collect());
    }
    // Taplo measures a line with its comment's trailing blanks but writes
    // the comment without them; trimmed first, a formatted file's arrays
    // are wrapped by the width it will have, so formatting is idempotent.
    let trimmed = trim_comment_ends(source);
    let formatted = taplo::formatter::format(&trimmed, options());
    Ok(align_comments(&blank_line_before_tables(&formatted)))
}

/// `source` (valid TOML) with the trailing blanks of every comment cut.
fn trim_comment_ends(source: &str) -> String {
    let root = taplo::parser::parse(source).into_syntax();
    let mut out = String::with_capacity(source.len());
    let mut copied = 0;
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|token| token.kind() == SyntaxKind::COMMENT)
    {
        let range = token.text_range();
        let (start, end) = (usize::from(range.start()), usize::from(range.end()));
        out.push_str(&source[copied..start]);
        out.push_str(source[start..end].trim_end());
        copied = end;
    }
    out.push_str(&source[copied..]);
    out
}

fn syntax_error(error: &taplo::parser::Error) -> SyntaxError {
    let start = usize::from(error.range.start());
    let end = usize::from(error.range.end());
    SyntaxError {
        message: error.message.clone(),
        at: SourceSpan::new(start.into(), end - start),
    }
}

/// `text` (formatted TOML) with a blank line before each table header
/// that has none, above the comment lines written just over the header;
/// not at the start of the file.
fn blank_line_before_tables(text: &str) -> String {
    let root = taplo::parser::parse(text).into_syntax();
    let headers: Vec<usize> = root
        .children()
        .filter(|node| {
            matches!(
                node.kind(),
                SyntaxKind::TABLE_HEADER | SyntaxKind::TABLE_ARRAY_HEADER
            )
        })
        .map(|node| usize::from(node.text_range().start()))
        .collect();
    let mut out = String::with_capacity(text.len() + headers.len());
    let mut copied = 0;
    for header in headers {
        if let Some(at) = needs_blank_line(text, header) {
            out.push_str(&text[copied..at]);
            out.push('\n');
            copied = at;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// Where a blank line goes before the header at byte `header` (the start
/// of the comment block just above it, or the header itself), or `None`
/// when a blank line or the start of the file is already there.
fn needs_blank_line(text: &str, header: usize) -> Option<usize> {
    let line_start = text[..header].rfind('\n').map_or(0, |i| i + 1);
    let mut block = line_start;
    loop {
        if block == 0 {
            return None;
        }
        let above_start = text[..block - 1].rfind('\n').map_or(0, |i| i + 1);
        let above = text[above_start..block - 1].trim();
        if above.is_empty() {
            return None;
        }
        if !above.starts_with('#') {
            return Some(block);
        }
        block = above_start;
    }
}

/// `text` (formatted TOML) with the trailing comments of each run of
/// consecutive lines that all have one starting in one column: one space
/// after the longest line's code (widths in characters).
fn align_comments(text: &str) -> String {
    let root = taplo::parser::parse(text).into_syntax();
    let mut trailing: Vec<(usize, usize)> = Vec::new(); // (line start, comment start)
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if token.kind() != SyntaxKind::COMMENT {
            continue;
        }
        let at = usize::from(token.text_range().start());
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if !text[line_start..at].trim().is_empty() {
            trailing.push((line_start, at));
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for run in runs(text, &trailing) {
        let width = |&(line, at): &(usize, usize)| text[line..at].trim_end().chars().count();
        let column = run.iter().map(width).max().unwrap_or(0) + 1;
        for entry in run {
            let code = text[entry.0..entry.1].trim_end();
            out.push_str(&text[copied..entry.0]);
            out.push_str(code);
            out.push_str(&" ".repeat(column - code.chars().count()));
            copied = entry.1;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// `trailing` (line start, comment start) split into runs of consecutive
/// lines.
fn runs<'a>(text: &str, trailing: &'a [(usize, usize)]) -> Vec<&'a [(usize, usize)]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=trailing.len() {
        let next_line = |(_, at): (usize, usize)| text[at..].find('\n').map(|n| at + n + 1);
        let consecutive = i < trailing.len() && next_line(trailing[i - 1]) == Some(trailing[i].0);
        if !consecutive {
            out.push(&trailing[start..i]);
            start = i;
        }
    }
    out
}

#[cfg(test)]
mod tests;
