//! Checking raw levels into a [`LevelFile`], reporting every problem.

use super::error::LevelError;
use super::grammar::{RawLevel, Word, parse_levels};
use super::{Grid, LevelFile, LevelSyntax, MAX_SIDE};
use crate::diagnostics::Span;

/// A checked file and its warnings, or every problem found.
pub(super) type Checked = Result<(LevelFile, Vec<LevelError>), Vec<LevelError>>;

/// Parses and checks `source` against `syntax`.
pub(super) fn check_source(source: &str, syntax: &LevelSyntax) -> Checked {
    let raw = parse_levels(source).map_err(|(span, message)| {
        vec![LevelError::Syntax {
            message,
            span: span.to_source_span(source.len()),
        }]
    })?;
    if raw.is_empty() {
        return Err(vec![LevelError::NoLevel]);
    }
    let mut problems = Vec::new();
    let mut levels = Vec::new();
    for (index, level) in raw.iter().enumerate() {
        let mut checker = LevelChecker {
            number: index + 1,
            source_len: source.len(),
            problems: &mut problems,
        };
        if let Some(grid) = checker.level(level, syntax) {
            levels.push(grid);
        }
    }
    let (warnings, errors): (Vec<_>, Vec<_>) = problems.into_iter().partition(|p| p.is_warning());
    if errors.is_empty() {
        Ok((LevelFile { levels }, warnings))
    } else {
        let mut all = errors;
        all.extend(warnings);
        all.sort_by_key(label_start);
        Err(all)
    }
}

fn label_start(error: &LevelError) -> usize {
    miette::Diagnostic::labels(error)
        .and_then(|mut labels| labels.next())
        .map_or(0, |label| label.offset())
}

struct LevelChecker<'p> {
    number: usize,
    source_len: usize,
    problems: &'p mut Vec<LevelError>,
}

impl LevelChecker<'_> {
    fn span(&self, span: Span) -> miette::SourceSpan {
        span.to_source_span(self.source_len)
    }

    /// One level: its header, its rows, then what it must hold.
    fn level(&mut self, level: &RawLevel<'_>, syntax: &LevelSyntax) -> Option<Grid> {
        let (rows, columns) = self.header(level)?;
        let mut cells = Vec::with_capacity(rows * columns);
        let mut complete = true;
        for (index, row) in level.rows.iter().enumerate() {
            if index == rows {
                self.problems.push(LevelError::TooManyRows {
                    level: self.number,
                    expected: rows,
                    span: self.span(row.span),
                });
                break;
            }
            let found = row.text.chars().count();
            if found != columns {
                self.problems.push(LevelError::RowWidth {
                    level: self.number,
                    expected: columns,
                    found,
                    span: self.span(row.span),
                });
                complete = false;
            }
            cells.extend(row.text.chars());
        }
        if level.rows.len() < rows {
            self.problems.push(LevelError::TooFewRows {
                level: self.number,
                expected: rows,
                found: level.rows.len(),
                span: self.span(level.header),
            });
            complete = false;
        }
        let start = self.start(level, syntax);
        self.required(level, syntax);
        self.unknown(level, syntax);
        let start = start?;
        (complete && level.rows.len() == rows).then_some(Grid {
            rows,
            columns,
            cells,
            start,
        })
    }

    /// `Maze N - R C`: the rows and columns, in range.
    fn header(&mut self, level: &RawLevel<'_>) -> Option<(usize, usize)> {
        let words: Vec<&str> = level.words.iter().map(|w| w.text).collect();
        let parsed = match words.as_slice() {
            [number, "-", rows, columns] if number.parse::<u32>().is_ok() => rows
                .parse::<usize>()
                .ok()
                .zip(columns.parse::<usize>().ok()),
            _ => None,
        };
        let Some((rows, columns)) = parsed else {
            self.problems.push(LevelError::Header {
                span: self.span(level.header),
            });
            return None;
        };
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&columns) {
            let span = Span::new(level.words[2].span.start, level.words[3].span.end);
            self.problems.push(LevelError::Size {
                rows,
                columns,
                max: MAX_SIDE,
                span: self.span(span),
            });
            return None;
        }
        Some((rows, columns))
    }

    /// The start: the last mark counts; earlier ones are warned about.
    fn start(&mut self, level: &RawLevel<'_>, syntax: &LevelSyntax) -> Option<(usize, usize)> {
        let marks: Vec<(usize, usize, Span)> = marks(&level.rows, syntax.start).collect();
        let Some(&(row, column, _)) = marks.last() else {
            self.problems.push(LevelError::NoStart {
                level: self.number,
                glyph: syntax.start,
                span: self.span(level.header),
            });
            return None;
        };
        for &(_, _, span) in &marks[..marks.len() - 1] {
            self.problems.push(LevelError::SeveralStarts {
                level: self.number,
                glyph: syntax.start,
                span: self.span(span),
            });
        }
        Some((row, column))
    }

    /// Every cell the rules require is there.
    fn required(&mut self, level: &RawLevel<'_>, syntax: &LevelSyntax) {
        for (kind, glyph) in &syntax.required {
            if marks(&level.rows, *glyph).next().is_none() {
                self.problems.push(LevelError::Missing {
                    level: self.number,
                    kind: kind.clone(),
                    glyph: *glyph,
                    span: self.span(level.header),
                });
            }
        }
    }
}

impl LevelChecker<'_> {
    /// Each character of the level that the rules give no meaning, once,
    /// at its first place.
    fn unknown(&mut self, level: &RawLevel<'_>, syntax: &LevelSyntax) {
        if syntax.known.is_empty() {
            return;
        }
        let mut seen: Vec<(char, Span, usize)> = Vec::new();
        for row in &level.rows {
            for (at, c) in row.text.char_indices() {
                if syntax.known.contains(&c) {
                    continue;
                }
                match seen.iter_mut().find(|(s, _, _)| *s == c) {
                    Some(entry) => entry.2 += 1,
                    None => {
                        let start = row.span.start + at;
                        seen.push((c, Span::new(start, start + c.len_utf8()), 1));
                    }
                }
            }
        }
        let known: Vec<String> = (syntax.known.iter())
            .filter(|c| **c != ' ')
            .map(|c| format!("`{}`", shown(*c)))
            .collect();
        let known = format!(
            "the rules' characters are {}, and a space for floor",
            known.join(" ")
        );
        for (glyph, span, count) in seen {
            self.problems.push(LevelError::UnknownCell {
                level: self.number,
                glyph: shown(glyph),
                count,
                known: known.clone(),
                span: self.span(span),
            });
        }
    }
}

/// A character as a message shows it: a control character escaped, any
/// other as it is.
fn shown(c: char) -> String {
    match c {
        c if c.is_control() => c.escape_default().to_string(),
        c => c.to_string(),
    }
}

/// Every `glyph` in `rows`: its row, its column and its bytes.
fn marks<'a>(rows: &'a [Word<'a>], glyph: char) -> impl Iterator<Item = (usize, usize, Span)> + 'a {
    rows.iter().enumerate().flat_map(move |(r, row)| {
        row.text
            .char_indices()
            .enumerate()
            .filter(move |(_, (_, c))| *c == glyph)
            .map(move |(column, (at, c))| {
                let start = row.span.start + at;
                (r, column, Span::new(start, start + c.len_utf8()))
            })
    })
}
