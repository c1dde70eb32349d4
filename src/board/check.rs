//! The second reading stage: raw lines of fields become a checked
//! [`Board`], or every problem found on the way.

use std::collections::BTreeMap;

use miette::SourceSpan;

use super::error::GbfError;
use super::grammar::{Field, LineKind, RawLine, parse_lines};
use super::tile::{Relic, Sides, Tile};
use super::{Board, BoardLimits, Maze};
use crate::diagnostics::Span;

/// Checks `source` against `limits`, collecting every problem.
pub(super) fn check_source(source: &str, limits: &BoardLimits) -> Result<Board, Vec<GbfError>> {
    if source.trim().is_empty() {
        return Err(vec![GbfError::Empty]);
    }
    let lines = match parse_lines(source) {
        Ok(lines) => lines,
        Err(error) => {
            let at = error.span.to_source_span(source.len());
            return Err(vec![GbfError::Syntax {
                message: error.message,
                at,
            }]);
        }
    };
    let mut checker = Checker {
        source_len: source.len(),
        limits,
        errors: Vec::new(),
    };
    let board = checker.check_lines(trim_trailing_blank(&lines));
    match board {
        Some(board) if checker.errors.is_empty() => Ok(board),
        _ => Err(checker.errors),
    }
}

/// The lines without the blank lines at the end of the file.
fn trim_trailing_blank(lines: &[RawLine]) -> &[RawLine] {
    let keep = lines
        .iter()
        .rposition(|line| !line.fields.is_empty())
        .map_or(0, |i| i + 1);
    &lines[..keep]
}

struct Checker<'a> {
    source_len: usize,
    limits: &'a BoardLimits,
    errors: Vec<GbfError>,
}

/// What line 1 said, where it could be read.
struct Size {
    width: Option<u64>,
    height: Option<u64>,
    height_span: Span,
}

impl Checker<'_> {
    fn span(&self, span: Span) -> SourceSpan {
        span.to_source_span(self.source_len)
    }

    fn end_of_file(&self) -> SourceSpan {
        Span::new(self.source_len, self.source_len).to_source_span(self.source_len)
    }

    fn check_lines(&mut self, lines: &[RawLine]) -> Option<Board> {
        let size = self.check_size(&lines[0]);
        let count = self.check_count(lines.get(1));
        let floating = self.check_floating(lines.get(2));
        let rows: Vec<&RawLine> = lines.iter().filter(|l| l.kind == LineKind::Row).collect();
        let maze_rows = self.check_rows(&rows, &size);
        let (relics_per_colour, count_span) = count?;
        let mut relics = Vec::new();
        if let Some((tile, span)) = floating {
            relics.extend(tile.relic().map(|r| (r, span)));
        }
        for (tile, span) in maze_rows.iter().flatten() {
            relics.extend(tile.relic().map(|r| (r, *span)));
        }
        self.check_relics(&relics, relics_per_colour, count_span);
        let tiles: Vec<Vec<Tile>> = maze_rows
            .into_iter()
            .map(|row| row.into_iter().map(|t| t.0).collect())
            .collect();
        let maze = Maze::from_rows(&tiles)?;
        Some(Board::new_unchecked(maze, floating?.0, relics_per_colour))
    }

    fn check_size(&mut self, line: &RawLine) -> Size {
        let mut size = Size {
            width: None,
            height: None,
            height_span: line.span,
        };
        if line.fields.len() != 2 {
            let found = line.fields.len();
            self.errors.push(GbfError::SizeFields {
                found,
                at: self.span(line.span),
            });
            return size;
        }
        let (min_w, max_w) = (self.limits.min_width, self.limits.max_width);
        let (min_h, max_h) = (self.limits.min_height, self.limits.max_height);
        size.width = self.check_dimension(&line.fields[0], "width", min_w, max_w);
        size.height = self.check_dimension(&line.fields[1], "height", min_h, max_h);
        size.height_span = line.fields[1].span;
        size
    }

    /// Reads a width or height; `None` if unreadable. Out-of-range or even
    /// values are reported but still returned, so rows can be checked.
    fn check_dimension(
        &mut self,
        field: &Field,
        dimension: &'static str,
        min: u8,
        max: u8,
    ) -> Option<u64> {
        let value = self.number(field, dimension, "7")?;
        let at = self.span(field.span);
        if value < u64::from(min) || value > u64::from(max) {
            self.errors.push(GbfError::SizeOutOfRange {
                dimension,
                value,
                min,
                max,
                at,
            });
            return (value <= u64::from(super::MAX_SIDE)).then_some(value);
        }
        if self.limits.odd_sizes && value % 2 == 0 {
            let (below, above) = (value.saturating_sub(1), value + 1);
            self.errors.push(GbfError::EvenSize {
                dimension,
                value,
                below,
                above,
                at,
            });
        }
        Some(value)
    }

    fn number(&mut self, field: &Field, what: &'static str, example: &'static str) -> Option<u64> {
        let digits = !field.text.is_empty() && field.text.bytes().all(|b| b.is_ascii_digit());
        match field.text.parse::<u64>() {
            Ok(value) if digits => Some(value),
            _ if digits => Some(u64::MAX),
            _ => {
                let text = field.text.clone();
                self.errors.push(GbfError::NotANumber {
                    what,
                    text,
                    example,
                    at: self.span(field.span),
                });
                None
            }
        }
    }

    fn check_count(&mut self, line: Option<&RawLine>) -> Option<(u8, Span)> {
        let max = self.limits.max_relics;
        let Some(line) = line else {
            let at = self.end_of_file();
            let what = "the number of relics per colour";
            self.errors.push(GbfError::MissingLine {
                line: 2,
                what,
                example: "2",
                at,
            });
            return None;
        };
        if line.fields.len() != 1 {
            let found = line.fields.len();
            self.errors.push(GbfError::CountFields {
                found,
                max,
                at: self.span(line.span),
            });
            return None;
        }
        let field = &line.fields[0];
        let value = self.number(field, "relic count", "2")?;
        if value > u64::from(max) {
            self.errors.push(GbfError::RelicCountRange {
                value,
                max,
                at: self.span(field.span),
            });
            return None;
        }
        Some((value as u8, field.span))
    }

    fn check_floating(&mut self, line: Option<&RawLine>) -> Option<(Tile, Span)> {
        let Some(line) = line else {
            let at = self.end_of_file();
            let what = "the floating tile";
            self.errors.push(GbfError::MissingLine {
                line: 3,
                what,
                example: "1010xx",
                at,
            });
            return None;
        };
        if line.fields.len() != 1 {
            let found = line.fields.len();
            self.errors.push(GbfError::FloatingFields {
                found,
                at: self.span(line.span),
            });
            return None;
        }
        let field = &line.fields[0];
        Some((self.check_tile(field)?, field.span))
    }

    fn check_rows(&mut self, rows: &[&RawLine], size: &Size) -> Vec<Vec<(Tile, Span)>> {
        let mut checked = Vec::new();
        for (index, row) in rows.iter().enumerate() {
            if row.fields.is_empty() {
                self.errors.push(GbfError::BlankLine {
                    at: self.span(row.span),
                });
                continue;
            }
            if let Some(expected) = size.width.filter(|&w| w != row.fields.len() as u64) {
                let found = row.fields.len();
                let at = self.span(row.span);
                self.errors.push(GbfError::RowWidth {
                    row: index + 1,
                    expected,
                    found,
                    at,
                });
            }
            let tiles: Vec<_> = row
                .fields
                .iter()
                .filter_map(|f| Some((self.check_tile(f)?, f.span)))
                .collect();
            checked.push(tiles);
        }
        let found = rows.iter().filter(|r| !r.fields.is_empty()).count();
        self.check_row_count(rows, found, size);
        checked
    }

    fn check_row_count(&mut self, rows: &[&RawLine], found: usize, size: &Size) {
        let Some(expected) = size.height.filter(|&h| h != found as u64) else {
            return;
        };
        let (at, label) = if found as u64 > expected {
            let first_extra = rows[expected as usize].span.start;
            let last = rows[rows.len() - 1].span.end;
            (Span::new(first_extra, last), "rows beyond the height")
        } else {
            (size.height_span, "height declared here")
        };
        let at = self.span(at);
        self.errors.push(GbfError::RowCount {
            expected,
            found,
            at,
            label,
        });
    }

    /// Checks one six-character tile, reporting every fault in it.
    fn check_tile(&mut self, field: &Field) -> Option<Tile> {
        let chars: Vec<(usize, char)> = field.text.char_indices().collect();
        if chars.len() != 6 {
            let (text, length) = (field.text.clone(), chars.len());
            self.errors.push(GbfError::TileLength {
                text,
                length,
                at: self.span(field.span),
            });
            return None;
        }
        let at = |i: usize| {
            let start = field.span.start + chars[i].0;
            Span::new(start, start + chars[i].1.len_utf8())
        };
        let sides = self.check_bits(field, &chars, at);
        let relic = self.check_relic(&chars, at);
        let sides = sides?;
        if sides.count() < 2 {
            let (tile, open) = (field.text.clone(), sides.count());
            self.errors.push(GbfError::TooFewOpenSides {
                tile,
                open,
                at: self.span(field.span),
            });
            return None;
        }
        Some(Tile::new(sides, relic?))
    }

    fn check_bits(
        &mut self,
        field: &Field,
        chars: &[(usize, char)],
        at: impl Fn(usize) -> Span,
    ) -> Option<Sides> {
        let mut flags = [false; 4];
        let mut ok = true;
        for i in 0..4 {
            match chars[i].1 {
                '0' => flags[i] = false,
                '1' => flags[i] = true,
                other => {
                    let (text, tile) = (other.to_string(), field.text.clone());
                    self.errors.push(GbfError::TileBit {
                        text,
                        tile,
                        at: self.span(at(i)),
                    });
                    ok = false;
                }
            }
        }
        ok.then_some(Sides::from_flags(flags))
    }

    /// `Some(None)` for `xx`, `Some(Some(relic))` for a relic, `None` after
    /// reporting a problem.
    fn check_relic(
        &mut self,
        chars: &[(usize, char)],
        at: impl Fn(usize) -> Span,
    ) -> Option<Option<Relic>> {
        let (colour, order) = (chars[4].1, chars[5].1);
        if colour == 'x' && order == 'x' {
            return Some(None);
        }
        if colour == 'x' || order == 'x' {
            let text = format!("{colour}{order}");
            let both = Span::new(at(4).start, at(5).end);
            self.errors.push(GbfError::HalfRelic {
                text,
                at: self.span(both),
            });
            return None;
        }
        let known = self.limits.relic_colours.contains(&colour);
        if !known {
            let expected = self
                .limits
                .relic_colours
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ");
            self.errors.push(GbfError::RelicColour {
                colour: colour.to_string(),
                expected,
                at: self.span(at(4)),
            });
        }
        let digit = order.to_digit(10).filter(|d| *d >= 1);
        if digit.is_none() {
            self.errors.push(GbfError::RelicNumber {
                text: order.to_string(),
                at: self.span(at(5)),
            });
        }
        Some(Some(Relic::new(colour, digit? as u8)?)).filter(|_| known)
    }

    fn check_relics(&mut self, relics: &[(Relic, Span)], count: u8, count_span: Span) {
        let mut seen: BTreeMap<Relic, Span> = BTreeMap::new();
        for &(relic, span) in relics {
            if relic.order() > count {
                let at = self.span(span);
                self.errors.push(GbfError::RelicAboveCount {
                    relic: relic.to_string(),
                    count,
                    at,
                });
            } else if let Some(&first) = seen.get(&relic) {
                let (first, again) = (self.span(first), self.span(span));
                self.errors.push(GbfError::DuplicateRelic {
                    relic: relic.to_string(),
                    first,
                    again,
                });
            } else {
                seen.insert(relic, span);
            }
        }
        for &colour in &self.limits.relic_colours {
            for order in 1..=count {
                let relic = Relic::new(colour, order).expect("colours are lower-case letters");
                if !seen.contains_key(&relic) {
                    let at = self.span(count_span);
                    self.errors.push(GbfError::MissingRelic {
                        relic: relic.to_string(),
                        count,
                        at,
                    });
                }
            }
        }
    }
}
