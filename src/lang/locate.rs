//! Where a problem is written: the spanned TOML tree of the merged ruleset
//! and the texts of its files, to point a diagnostic at a value, at bytes
//! inside a string value, or at a spot in the rules and macros.

use miette::SourceSpan;

use super::ast::Spot;
use crate::config::tree::{Node, Step};
use crate::config::validate::source_span;

/// A problem and the file (index in the `extends` chain) it points into.
pub type Found = (usize, super::error::CoreError);

/// Finds the bytes of values of the merged ruleset tree.
pub struct Locator<'a> {
    /// The merged tree.
    pub root: &'a Node,
    /// The texts of the chain's files.
    pub sources: &'a [String],
    /// The path of each rules text: `rules`, then each macro's key.
    pub texts: Vec<Vec<String>>,
}

impl<'a> Locator<'a> {
    /// The value at `path` (keys), or its nearest written ancestor.
    pub fn at(&self, path: &[Step]) -> (usize, SourceSpan) {
        let node = self.root.nearest(path);
        (node.at.file, source_span(node.at))
    }

    /// The key of the entry at `path` (the last step a key).
    pub fn key_at(&self, table: &[Step], key: &str) -> (usize, SourceSpan) {
        match self.root.find(table).and_then(|t| t.entry(key)) {
            Some(entry) => (entry.key_at.file, source_span(entry.key_at)),
            None => self.at(table),
        }
    }

    /// The bytes `start..end` of the string at `path`, inside its quotes
    /// when it is written without escapes (else the whole value).
    pub fn inside(&self, path: &[Step], start: usize, end: usize) -> (usize, SourceSpan) {
        let node = self.root.nearest(path);
        match node.inside_string(&self.sources[node.at.file], start, end) {
            Some(at) => (at.file, source_span(at)),
            None => (node.at.file, source_span(node.at)),
        }
    }

    /// Where a spot of a rules text is.
    pub fn spot(&self, spot: Spot) -> (usize, SourceSpan) {
        let Some(path) = self.texts.get(usize::from(spot.text)) else {
            return self.at(&[]);
        };
        let steps: Vec<Step> = path.iter().map(|k| Step::Key(k)).collect();
        self.inside(&steps, spot.start as usize, spot.end as usize)
    }
}

/// The words of `text` separated by whitespace, each with the byte it
/// starts at, so a problem can underline the one word it is about:
/// `" d1  f3"` is `[(1, "d1"), (5, "f3")]`.
pub(crate) fn words_at(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (true, Some(from)) => {
                words.push((from, &text[from..at]));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    words
}

#[cfg(test)]
mod tests {
    #[test]
    fn words_keep_their_offsets() {
        assert_eq!(super::words_at(" d1  f3"), vec![(1, "d1"), (5, "f3")]);
        assert_eq!(super::words_at("é b"), vec![(0, "é"), (3, "b")]);
        assert!(super::words_at("   ").is_empty());
    }
}
