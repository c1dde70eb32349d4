//! What miette is given to render one problem: only the lines the report
//! shows (the labelled lines and one line either side), each line longer
//! than [`MAX_SHOWN_LINE`] bytes clipped to the text around its labels.
//! miette panics on a label past column 65,535 and reads its whole source
//! for every label; an excerpt keeps both small, while line and column
//! numbers stay those of the file. Control characters are shown visibly
//! ([`super::visible`]): an excerpt never sends a file's ESC or BEL to the
//! terminal.

use super::visible::{is_hostile, picture};
use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Lines longer than this many bytes are clipped around their labels.
pub const MAX_SHOWN_LINE: usize = 240;

/// Bytes kept on each side of a label's start and end in a clipped line.
const CONTEXT: usize = 40;

/// What stands for the clipped text.
const MARK: &str = "…";

/// A text (with LF or CRLF line ends) and the offset where each line starts.
pub(super) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        let ends = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        let starts = std::iter::once(0).chain(ends.map(|(i, _)| i + 1)).collect();
        Lines { text, starts }
    }

    /// The 0-based line that holds byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }

    /// The bytes of line `line`: its text, then its line end.
    fn bounds(&self, line: usize) -> (usize, usize, usize) {
        let start = self.starts[line];
        let next = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let body = self.text[start..next].trim_end_matches(['\n', '\r']);
        (start, start + body.len(), next)
    }
}

/// A kept piece of the file: `len` bytes from `original`, shown as `shown`
/// bytes at `at` in the excerpt (as many, or the picture of one control
/// character).
#[derive(Clone, Copy, Debug)]
struct Piece {
    original: usize,
    at: usize,
    len: usize,
    shown: usize,
}

impl Piece {
    /// Whether the piece is one control character shown as its picture.
    fn is_picture(self) -> bool {
        self.shown != self.len
    }
}

/// The lines a report shows, clipped, as a miette source whose line and
/// column numbers are the file's.
pub(super) struct Excerpt {
    name: String,
    text: String,
    first_line: usize,
    /// Where each excerpt line starts in the file.
    line_starts: Vec<usize>,
    pieces: Vec<Piece>,
}

impl Excerpt {
    /// The excerpt of `lines` that shows `labels` (offsets in the file).
    pub(super) fn new(name: &str, lines: &Lines<'_>, labels: &[LabeledSpan]) -> Excerpt {
        let len = lines.text.len();
        let points: Vec<usize> = labels
            .iter()
            .flat_map(|l| [l.offset().min(len), (l.offset() + l.len()).min(len)])
            .collect();
        let first = points.iter().map(|&p| lines.line_of(p)).min().unwrap_or(0);
        let last = points.iter().map(|&p| lines.line_of(p)).max().unwrap_or(0);
        let first = first.saturating_sub(1);
        let last = (last + 1).min(lines.starts.len() - 1);
        let mut excerpt = Excerpt {
            name: name.to_owned(),
            text: String::new(),
            first_line: first,
            line_starts: Vec::new(),
            pieces: Vec::new(),
        };
        for line in first..=last {
            excerpt.push_line(lines, line, &points);
        }
        excerpt
    }

    fn push_line(&mut self, lines: &Lines<'_>, line: usize, points: &[usize]) {
        let (start, end, next) = lines.bounds(line);
        self.line_starts.push(start);
        if end - start <= MAX_SHOWN_LINE {
            self.keep(lines.text, start, next);
            return;
        }
        let mut kept = start;
        for (from, to) in keep_ranges(lines.text, start, end, points) {
            if from > kept {
                self.text.push_str(MARK);
            }
            self.keep(lines.text, from, to);
            kept = to;
        }
        if kept < end {
            self.text.push_str(MARK);
        }
        self.keep(lines.text, end, next);
    }

    /// Keeps the bytes `from..to`, each control character but a line
    /// end's CR as its picture.
    fn keep(&mut self, text: &str, from: usize, to: usize) {
        let mut start = from;
        for (i, c) in text[from..to].char_indices() {
            let at = from + i;
            let line_end = c == '\r' && text[at + 1..].starts_with('\n');
            if !is_hostile(c) || line_end {
                continue;
            }
            if at > start {
                self.keep_raw(text, start, at);
            }
            let shown = picture(c);
            let (len, shown_len) = (c.len_utf8(), shown.len());
            let piece = Piece {
                original: at,
                at: self.text.len(),
                len,
                shown: shown_len,
            };
            self.pieces.push(piece);
            self.text.push_str(&shown);
            start = at + len;
        }
        if start < to || start == from {
            self.keep_raw(text, start, to);
        }
    }

    fn keep_raw(&mut self, text: &str, from: usize, to: usize) {
        self.pieces.push(Piece {
            original: from,
            at: self.text.len(),
            len: to - from,
            shown: to - from,
        });
        self.text.push_str(&text[from..to]);
    }

    /// Where file offset `offset` is in the excerpt (a clipped offset goes
    /// to the mark that stands for it).
    fn to_excerpt(&self, offset: usize) -> usize {
        let index = self.pieces.partition_point(|p| p.original <= offset);
        let Some(piece) = index.checked_sub(1).map(|i| self.pieces[i]) else {
            return 0;
        };
        let into = (offset - piece.original).min(piece.len);
        piece.at
            + match into == piece.len {
                true => piece.shown,
                false if piece.is_picture() => 0,
                false => into,
            }
    }

    /// Where excerpt offset `at` is in the file.
    fn to_file(&self, at: usize) -> usize {
        let index = self.pieces.partition_point(|p| p.at <= at);
        let Some(piece) = index.checked_sub(1).map(|i| self.pieces[i]) else {
            return 0;
        };
        let into = at - piece.at;
        piece.original
            + match into >= piece.shown {
                true => piece.len,
                false if piece.is_picture() => 0,
                false => into,
            }
    }

    /// `label` with its span moved into the excerpt.
    pub(super) fn label(&self, label: &LabeledSpan) -> LabeledSpan {
        let start = self.to_excerpt(label.offset());
        let end = self.to_excerpt(label.offset() + label.len()).max(start);
        let span = SourceSpan::new(start.into(), end - start);
        let text = label.label().map(str::to_owned);
        if label.primary() {
            LabeledSpan::new_primary_with_span(text, span)
        } else {
            LabeledSpan::new_with_span(text, span)
        }
    }
}

/// The byte ranges of the line `start..end` to keep: [`CONTEXT`] bytes
/// around each of the `points` on it (its start when none is), on
/// character boundaries, merged where they meet.
fn keep_ranges(text: &str, start: usize, end: usize, points: &[usize]) -> Vec<(usize, usize)> {
    let mut on_line: Vec<usize> = points
        .iter()
        .copied()
        .filter(|&p| start <= p && p <= end)
        .collect();
    if on_line.is_empty() {
        on_line.push(start);
    }
    on_line.sort_unstable();
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for point in on_line {
        let from = floor_boundary(text, point.saturating_sub(CONTEXT).max(start));
        let to = ceil_boundary(text, (point + CONTEXT).min(end));
        match ranges.last_mut() {
            Some(last) if from <= last.1 + MARK.len() => last.1 = last.1.max(to),
            _ => ranges.push((from, to)),
        }
    }
    ranges
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = match self.line_starts.get(inner.line()) {
            Some(&line_start) if context_lines_before == 0 => {
                self.to_file(span.offset()).saturating_sub(line_start)
            }
            _ => inner.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count() + self.first_line,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn excerpt_of(text: &str, offset: usize, len: usize) -> (Excerpt, LabeledSpan) {
        let lines = Lines::new(text);
        let label = LabeledSpan::new(Some("here".into()), offset, len);
        let excerpt = Excerpt::new("f", &lines, std::slice::from_ref(&label));
        let moved = excerpt.label(&label);
        (excerpt, moved)
    }

    #[test]
    fn short_lines_are_kept_whole_with_one_line_either_side() {
        let (excerpt, label) = excerpt_of("a\nb\nc = 1\nd\ne\n", 4, 1);
        assert_eq!(excerpt.text, "b\nc = 1\nd\n");
        assert_eq!(excerpt.first_line, 1);
        assert_eq!((label.offset(), label.len()), (2, 1));
    }

    #[test]
    fn a_long_line_is_clipped_around_the_label() {
        let text = format!("x\n{}BAD{}\ny\n", "a".repeat(100_000), "b".repeat(100_000));
        let (excerpt, label) = excerpt_of(&text, 100_002, 3);
        assert!(excerpt.text.len() < 200, "{}", excerpt.text);
        let shown = &excerpt.text[label.offset()..label.offset() + label.len()];
        assert_eq!(shown, "BAD");
        assert_eq!(excerpt.to_file(label.offset()), 100_002);
    }

    #[test]
    fn control_characters_are_shown_as_pictures_and_labels_still_fit() {
        let text = "a\n\u{1b}[31mX\u{7}\u{9b}Y\r\nb\n";
        let (excerpt, label) = excerpt_of(text, 8, 1);
        assert_eq!(excerpt.text, "a\n␛[31mX␇\\u{9b}Y\r\nb\n");
        let shown = &excerpt.text[label.offset()..label.offset() + label.len()];
        assert_eq!(shown, "␇");
        assert_eq!(excerpt.to_file(label.offset()), 8);
        let (excerpt, label) = excerpt_of(text, 11, 1);
        assert_eq!(
            &excerpt.text[label.offset()..label.offset() + label.len()],
            "Y"
        );
        assert_eq!(excerpt.to_file(label.offset() + 1), 12);
    }

    #[test]
    fn clipping_respects_characters() {
        let text = "é".repeat(1000);
        let (excerpt, label) = excerpt_of(&text, 1000, 2);
        assert!(excerpt.text.starts_with(MARK) && excerpt.text.ends_with(MARK));
        assert_eq!(&excerpt.text[label.offset()..][..2], "é");
    }
}
