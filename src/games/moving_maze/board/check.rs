//! The second reading stage: raw lines of fields become a checked
//! [`Board`], or every problem found on the way, in file order.

use miette::SourceSpan;

use super::counted::Counted;
use super::error::GbfError;
use super::grammar::{Field, LineKind, RawLine, parse_lines};
use super::tile::{Relic, Sides, Tile};
use super::{Board, BoardLimits, MAX_SIDE, Maze, Pos};
use crate::diagnostics::Span;

/// Checks `source` against `limits`, collecting every problem, sorted by
/// where it is in the file.
pub(super) fn check_source(source: &str, limits: &BoardLimits) -> Result<Board, Vec<GbfError>> {
    if source.trim().is_empty() {
        return Err(vec![GbfError::Empty]);
    }
    let lines = match parse_lines(source) {
        Ok(lines) => lines,
        Err(error) => {
            let at = error.span.to_source_span(source.len());
            let message = error.message;
            return Err(vec![GbfError::Syntax { message, at }]);
        }
    };
    let mut checker = Checker {
        source,
        limits,
        errors: Vec::new(),
        relics: Vec::new(),
        relics_uncertain: false,
    };
    let lines = trim_trailing_blank(&lines);
    let board = checker.check_lines(lines);
    match board {
        Some(board) if checker.errors.is_empty() => Ok(board),
        _ => {
            let errors = checker.errors;
            let errors = long_lines_once(errors, lines, source);
            Err(in_file_order(errors, source.len()))
        }
    }
}

/// The longest line reported in full: a GBF line needs under 80 bytes, and
/// a report shows the whole line of each problem.
pub const MAX_LINE_BYTES: usize = 1024;

/// One problem for each line over [`MAX_LINE_BYTES`] instead of every
/// problem on it, so that a huge line is shown once.
fn long_lines_once(errors: Vec<GbfError>, lines: &[RawLine], source: &str) -> Vec<GbfError> {
    let long: Vec<(usize, Span)> = (1..)
        .zip(lines)
        .filter(|(_, line)| line.span.len() > MAX_LINE_BYTES)
        .map(|(number, line)| (number, line.span))
        .collect();
    if long.is_empty() {
        return errors;
    }
    let on_long_line = |error: &GbfError| {
        let at = error.primary_span().unwrap_or_default().start;
        // `long` is sorted: look only at the last long line starting before `at`.
        let after = long.partition_point(|(_, line)| line.start <= at);
        after > 0 && at <= long[after - 1].1.end
    };
    let mut kept: Vec<GbfError> = errors.into_iter().filter(|e| !on_long_line(e)).collect();
    kept.extend(long.iter().map(|&(line, span)| {
        let mut beyond = span.start + MAX_LINE_BYTES;
        while !source.is_char_boundary(beyond) {
            beyond += 1;
        }
        let first = source[beyond..].chars().next().map_or(1, char::len_utf8);
        GbfError::LineTooLong {
            line,
            length: span.len(),
            max: MAX_LINE_BYTES,
            at: Span::new(beyond, beyond + first).to_source_span(source.len()),
        }
    }));
    kept
}

/// The most problems reported for one file; a file with more is far from
/// a board, and reporting them all would only bury the first ones.
pub const MAX_PROBLEMS: usize = 100;

/// The problems sorted by position, the first [`MAX_PROBLEMS`] of them and
/// a note of how many more there are.
fn in_file_order(mut errors: Vec<GbfError>, source_len: usize) -> Vec<GbfError> {
    errors.sort_by_key(|e| e.primary_span().map_or(0, |s| s.start));
    if errors.len() > MAX_PROBLEMS {
        let more = errors.len() - MAX_PROBLEMS;
        let next = errors[MAX_PROBLEMS].primary_span().unwrap_or_default();
        errors.truncate(MAX_PROBLEMS);
        errors.push(GbfError::TooManyProblems {
            shown: MAX_PROBLEMS,
            more,
            at: next.to_source_span(source_len),
        });
    }
    errors
}

/// The lines without the blank lines at the end of the file.
fn trim_trailing_blank<'s, 'a>(lines: &'s [RawLine<'a>]) -> &'s [RawLine<'a>] {
    let keep = lines
        .iter()
        .rposition(|line| !line.fields.is_empty())
        .map_or(0, |i| i + 1);
    &lines[..keep]
}

struct Checker<'a> {
    source: &'a str,
    limits: &'a BoardLimits,
    errors: Vec<GbfError>,
    /// Every relic read, floating tile first, and where its two characters are.
    relics: Vec<(Relic, Span)>,
    /// Whether some tile's relic could not be read, so that relics seeming
    /// to be missing may only be unreadable.
    relics_uncertain: bool,
}

/// What line 1 said, where it could be read.
struct Size {
    width: Option<u64>,
    height: Option<u64>,
    width_span: Span,
    height_span: Span,
}

impl Checker<'_> {
    fn span(&self, span: Span) -> SourceSpan {
        span.to_source_span(self.source.len())
    }

    /// The last character of the file: miette cannot label the empty end.
    fn end_of_file(&self) -> SourceSpan {
        let last = self.source.char_indices().last().map_or(0, |(i, _)| i);
        self.span(Span::new(last, self.source.len()))
    }

    fn check_lines(&mut self, lines: &[RawLine]) -> Option<Board> {
        let size = self.check_size(&lines[0]);
        let count = lines.get(1).and_then(|line| self.check_count(line));
        let floating = lines.get(2).and_then(|line| self.check_floating(line));
        if lines.len() < 3 {
            self.file_ends_early(lines.len());
            return None;
        }
        let rows: Vec<&RawLine> = lines.iter().filter(|l| l.kind == LineKind::Row).collect();
        let tiles = self.check_rows(&rows, &size);
        // With no rows at all, listing every relic as missing is only noise.
        self.relics_uncertain |= tiles.is_empty();
        let (relics_per_colour, count_span) = count?;
        self.check_relics(relics_per_colour, count_span);
        let maze = Maze::from_rows(&tiles)?;
        self.check_homes(&maze, &rows);
        Some(Board::new_unchecked(maze, floating?, relics_per_colour))
    }

    /// Reports that the file stops after `lines` lines, before the floating
    /// tile.
    fn file_ends_early(&mut self, lines: usize) {
        let what = match lines {
            1 => "the relic count K, the floating tile and the rows are",
            _ => "the floating tile and the rows are",
        };
        let at = self.end_of_file();
        let error = GbfError::MissingLine {
            after: lines,
            what,
            at,
        };
        self.errors.push(error);
    }

    fn check_size(&mut self, line: &RawLine) -> Size {
        let mut size = Size {
            width: None,
            height: None,
            width_span: line.span,
            height_span: line.span,
        };
        if line.fields.len() != 2 {
            let found = Counted::new(line.fields.len(), "field");
            let at = self.span(line.span);
            self.errors.push(GbfError::SizeFields { found, at });
            return size;
        }
        // The engine's limit: a maze is at most MAX_SIDE (13) tiles wide
        // and high, whatever the ruleset's limits say; a game state holds
        // its tiles inline and a tile set has a bit for each of them.
        let (min_w, max_w) = (self.limits.min_width, self.limits.max_width.min(MAX_SIDE));
        let (min_h, max_h) = (self.limits.min_height, self.limits.max_height.min(MAX_SIDE));
        size.width = self.check_dimension(&line.fields[0], "width", min_w, max_w);
        size.height = self.check_dimension(&line.fields[1], "height", min_h, max_h);
        size.width_span = line.fields[0].span;
        size.height_span = line.fields[1].span;
        size
    }

    /// Reads a width or height; `None` if unreadable or out of range (then
    /// the rows are not measured against it). An even value is reported but
    /// still returned.
    fn check_dimension(
        &mut self,
        field: &Field,
        dimension: &'static str,
        min: u8,
        max: u8,
    ) -> Option<u64> {
        let Some(value) = number(field.text) else {
            let (text, at) = (field.text.to_owned(), self.span(field.span));
            let error = GbfError::SizeNotANumber {
                dimension,
                text,
                at,
            };
            self.errors.push(error);
            return None;
        };
        let at = self.span(field.span);
        if value < u64::from(min) || value > u64::from(max) {
            let error = GbfError::SizeOutOfRange {
                dimension,
                value,
                min,
                max,
                at,
            };
            self.errors.push(error);
            return None;
        }
        if self.limits.odd_sizes && value % 2 == 0 {
            let (below, above) = (value.saturating_sub(1), value + 1);
            let error = GbfError::EvenSize {
                dimension,
                value,
                below,
                above,
                at,
            };
            self.errors.push(error);
        }
        Some(value)
    }

    fn check_count(&mut self, line: &RawLine) -> Option<(u8, Span)> {
        // One digit numbers a relic, so K is at most 9 whatever the limits say.
        let max = self.limits.max_relics.min(9);
        let [field] = line.fields.as_slice() else {
            let found = Counted::new(line.fields.len(), "field");
            let at = self.span(line.span);
            self.errors.push(GbfError::CountFields { found, max, at });
            return None;
        };
        let at = self.span(field.span);
        let Some(value) = number(field.text) else {
            let text = field.text.to_owned();
            self.errors
                .push(GbfError::CountNotANumber { text, max, at });
            return None;
        };
        if value > u64::from(max) {
            self.errors
                .push(GbfError::RelicCountRange { value, max, at });
            return None;
        }
        Some((value as u8, field.span))
    }

    fn check_floating(&mut self, line: &RawLine) -> Option<Tile> {
        let [field] = line.fields.as_slice() else {
            let found = Counted::new(line.fields.len(), "tile");
            let at = self.span(line.span);
            self.relics_uncertain = true;
            self.errors.push(GbfError::FloatingFields { found, at });
            return None;
        };
        self.check_tile(field)
    }

    fn check_rows(&mut self, rows: &[&RawLine], size: &Size) -> Vec<Vec<Tile>> {
        let mut checked = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            if row.fields.is_empty() {
                let at = self.span(row.span);
                self.errors.push(GbfError::BlankLine { at });
                continue;
            }
            if let Some(expected) = size.width.filter(|&w| w != row.fields.len() as u64) {
                let error = GbfError::RowWidth {
                    row: index + 1,
                    expected,
                    found: Counted::new(row.fields.len(), "tile"),
                    at: self.span(row.span),
                    width_at: self.span(size.width_span),
                };
                self.errors.push(error);
            }
            let tiles = row.fields.iter().filter_map(|f| self.check_tile(f));
            checked.push(tiles.collect());
        }
        self.check_row_count(rows, size);
        checked
    }

    fn check_row_count(&mut self, rows: &[&RawLine], size: &Size) {
        let filled: Vec<&RawLine> = rows
            .iter()
            .copied()
            .filter(|r| !r.fields.is_empty())
            .collect();
        let found = filled.len();
        let Some(expected) = size.height.filter(|&h| h != found as u64) else {
            return;
        };
        let count = Counted::new(found, "row");
        let height_at = self.span(size.height_span);
        let (at, label) = match filled.as_slice() {
            [] => (height_at, "height declared here"),
            [.., last] if found as u64 > expected => {
                let first_extra = filled[expected as usize].span.start;
                (
                    self.span(Span::new(first_extra, last.span.end)),
                    "rows beyond the height",
                )
            }
            [first, .., last] | [first @ last] => (
                self.span(Span::new(first.span.start, last.span.end)),
                "too few rows",
            ),
        };
        let height_at = (at != height_at).then_some(height_at);
        let error = GbfError::RowCount {
            expected,
            found: count,
            at,
            label,
            height_at,
        };
        self.errors.push(error);
    }

    /// Checks one six-character tile, reporting every fault in it, and
    /// notes its relic when that can be read.
    fn check_tile(&mut self, field: &Field) -> Option<Tile> {
        let Some(chars) = six_chars(field) else {
            let text = field.text.to_owned();
            let length = Counted::new(field.text.chars().count(), "character");
            let at = self.span(field.span);
            self.errors.push(GbfError::TileLength { text, length, at });
            self.relics_uncertain = true;
            return None;
        };
        let sides = self.check_bits(field, &chars);
        let relic = self.check_relic(chars[4], chars[5]);
        match relic {
            Some(Some(relic)) => {
                let span = Span::new(chars[4].0.start, chars[5].0.end);
                self.relics.push((relic, span));
            }
            Some(None) => {}
            None => self.relics_uncertain = true,
        }
        let sides = sides?;
        if sides.count() < 2 {
            let tile = field.text.to_owned();
            let open = Counted::new(sides.count() as usize, "open side");
            let at = self.span(Span::new(field.span.start, chars[3].0.end));
            self.errors
                .push(GbfError::TooFewOpenSides { tile, open, at });
            return None;
        }
        Some(Tile::new(sides, relic?))
    }

    fn check_bits(&mut self, field: &Field, chars: &[(Span, char); 6]) -> Option<Sides> {
        let mut flags = [false; 4];
        let mut ok = true;
        for (flag, &(span, c)) in flags.iter_mut().zip(chars) {
            match c {
                '0' => *flag = false,
                '1' => *flag = true,
                other => {
                    let text = other.to_string();
                    let tile = field.text.to_owned();
                    let at = self.span(span);
                    self.errors.push(GbfError::TileBit { text, tile, at });
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
        (colour_at, colour): (Span, char),
        (order_at, order): (Span, char),
    ) -> Option<Option<Relic>> {
        match (colour, order) {
            ('x', 'x') => return Some(None),
            ('x', _) | (_, 'x') => {
                let text = format!("{colour}{order}");
                let at = self.span(Span::new(colour_at.start, order_at.end));
                self.errors.push(GbfError::HalfRelic { text, at });
                return None;
            }
            _ => {}
        }
        // A colour letter must also be one a relic can carry (lower case).
        let known = self.limits.relic_colours.contains(&colour) && Relic::new(colour, 1).is_some();
        if !known {
            let expected = self.colour_list();
            let colour = colour.to_string();
            let at = self.span(colour_at);
            let error = GbfError::RelicColour {
                colour,
                expected,
                at,
            };
            self.errors.push(error);
        }
        let digit = order.to_digit(10).filter(|d| *d >= 1);
        if digit.is_none() {
            let (text, at) = (order.to_string(), self.span(order_at));
            self.errors.push(GbfError::RelicNumber { text, at });
        }
        Some(Some(Relic::new(colour, digit? as u8)?)).filter(|_| known)
    }

    /// The ruleset's colour letters, for messages: "`g`, `y`, `r`, `b`".
    fn colour_list(&self) -> String {
        let quoted: Vec<String> = self
            .limits
            .relic_colours
            .iter()
            .map(|c| format!("`{c}`"))
            .collect();
        quoted.join(", ")
    }

    /// Every relic numbered 1..=K once per colour, none above K.
    fn check_relics(&mut self, count: u8, count_span: Span) {
        let colours = &self.limits.relic_colours;
        // seen[colour][order - 1]: where that relic was first found.
        let mut seen = vec![[None::<Span>; 9]; colours.len()];
        let mut errors = Vec::new();
        for &(relic, span) in &self.relics {
            let Some(colour) = colours.iter().position(|&c| c == relic.colour()) else {
                continue;
            };
            let slot = &mut seen[colour][usize::from(relic.order()) - 1];
            if relic.order() > count {
                errors.push(GbfError::RelicAboveCount {
                    relic: relic.to_string(),
                    count,
                    at: self.span(span),
                    count_at: self.span(count_span),
                });
            } else if let Some(first) = *slot {
                errors.push(GbfError::DuplicateRelic {
                    relic: relic.to_string(),
                    first: self.span(first),
                    again: self.span(span),
                });
            } else {
                *slot = Some(span);
            }
        }
        self.errors.append(&mut errors);
        if !self.relics_uncertain {
            self.check_missing_relics(&seen, count, count_span);
        }
    }

    /// No player's relic on that player's start corner (the rows are the
    /// maze's, so the corner tiles are fields of the first and last row).
    fn check_homes(&mut self, maze: &Maze, rows: &[&RawLine]) {
        for home in &self.limits.homes {
            let x = if home.left { 0 } else { maze.width() - 1 };
            let y = if home.top { 0 } else { maze.height() - 1 };
            let Some(relic) = maze.tile(Pos::new(x, y)).relic() else {
                continue;
            };
            let field = &rows[usize::from(y)].fields[usize::from(x)];
            if relic.colour() == home.relic && (relic.order() == 1 || !home.first_only) {
                let corner = match (home.top, home.left) {
                    (true, true) => "top left",
                    (true, false) => "top right",
                    (false, true) => "bottom left",
                    (false, false) => "bottom right",
                };
                let at = Span::new(field.span.end - 2, field.span.end);
                let (relic, at) = (relic.to_string(), self.span(at));
                self.errors
                    .push(GbfError::RelicOnHome { relic, corner, at });
            }
        }
    }

    /// One problem listing every relic 1..=K of any colour that is absent.
    fn check_missing_relics(&mut self, seen: &[[Option<Span>; 9]], count: u8, count_span: Span) {
        let mut missing = Vec::new();
        for order in 1..=count {
            for (colour, found) in self.limits.relic_colours.iter().zip(seen) {
                if found[usize::from(order) - 1].is_none() {
                    missing.push(format!("`{colour}{order}`"));
                }
            }
        }
        if missing.is_empty() {
            return;
        }
        let what = match missing.len() {
            1 => format!("relic {} is missing", missing[0]),
            n => format!("{n} relics are missing ({})", missing.join(", ")),
        };
        let at = self.span(count_span);
        self.errors.push(GbfError::MissingRelic { what, count, at });
    }
}

/// The field's characters and their spans, if it holds exactly six.
fn six_chars(field: &Field) -> Option<[(Span, char); 6]> {
    let mut chars = [(Span::default(), ' '); 6];
    let mut found = field.text.char_indices();
    for slot in &mut chars {
        let (i, c) = found.next()?;
        let start = field.span.start + i;
        *slot = (Span::new(start, start + c.len_utf8()), c);
    }
    found.next().is_none().then_some(chars)
}

/// A field of decimal digits as a number (saturating at `u64::MAX`), or
/// `None` if it holds anything else.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u64::MAX))
}
