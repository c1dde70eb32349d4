//! Board rows as a ruleset's `[board] setup` and a position file's
//! `board` write them: one row per line of the board from the north edge
//! down, a glyph per cell (`.` empty), glyphs separated by spaces when any
//! has more than one letter, a stack as its glyphs bottom first joined by
//! `/`. Read into cells, every problem at once; written back by
//! [`write_rows`].

use super::board::Board;
use super::error::CoreError;
use super::locate::{Found, Locator};
use super::program::Piece;
use crate::config::tree::Step::{self, At};
use crate::config::validate::suggestion_help;

/// The cells written by `rows` at `path` (what could be read of them,
/// the rest reported): each cell's top, and the pieces beneath the tops
/// (bottom first; empty when no cell holds a stack).
pub(super) fn read_rows(
    rows: &[String],
    path: &[Step],
    (board, pieces): (&Board, &[Piece]),
    loc: &Locator,
    out: &mut Vec<Found>,
) -> (Vec<u8>, Vec<Vec<u8>>) {
    let mut stacks = vec![Vec::new(); board.cells()];
    let height = usize::from(board.height);
    if !rows.is_empty() && rows.len() != height {
        let (file, span) = loc.at(path);
        let problem = format!("{} rows given, the board has {height}", rows.len());
        let row = rows.len();
        out.push((file, CoreError::Setup { row, problem, span }));
    } else {
        for (i, row) in rows.iter().enumerate() {
            let mut here = path.to_vec();
            here.push(At(i));
            let at = |bytes: Option<(usize, usize)>| match bytes {
                Some((start, end)) => loc.inside(&here, start, end),
                None => loc.at(&here),
            };
            read_row(board, pieces, (i, row), &mut stacks, at, out);
        }
    }
    let cells = stacks
        .iter()
        .map(|s| s.last().copied().unwrap_or(0))
        .collect();
    let below: Vec<Vec<u8>> = (stacks.into_iter())
        .map(|mut s| {
            s.pop();
            s
        })
        .collect();
    match below.iter().all(Vec::is_empty) {
        true => (cells, Vec::new()),
        false => (cells, below),
    }
}

/// Row `i` (from the north edge) into `stacks`; `at` says where bytes of
/// the row are written (`None`: the whole row).
fn read_row(
    board: &Board,
    pieces: &[Piece],
    (i, row): (usize, &String),
    stacks: &mut [Vec<u8>],
    at: impl Fn(Option<(usize, usize)>) -> (usize, miette::SourceSpan),
    out: &mut Vec<Found>,
) {
    let problem = |out: &mut Vec<Found>, bytes: Option<(usize, usize)>, problem: String| {
        let (file, span) = at(bytes);
        let row = i + 1;
        out.push((file, CoreError::Setup { row, problem, span }));
    };
    let y = (usize::from(board.height) - 1 - i) as u16;
    let glyphs = glyphs_of(row);
    if glyphs.len() != usize::from(board.width) {
        let found = format!("{} glyphs, the board is {} wide", glyphs.len(), board.width);
        return problem(out, None, found);
    }
    for (x, &(start, glyph)) in glyphs.iter().enumerate() {
        let bytes = Some((start, start + glyph.len()));
        let Some(stack) = read_stack(glyph, pieces, || at(bytes), out) else {
            continue;
        };
        if board.at_xy(x as u16, y).is_none() && !stack.is_empty() {
            let place = super::board::cell_name(x as u16, y);
            let what = match board.shape {
                super::schema::Shape::Graph => {
                    format!("a piece on {place}, where the graph has no point")
                }
                _ => format!("a piece on {place}, a hole of the board"),
            };
            problem(out, bytes, what);
        } else if let Some(cell) = board.at_xy(x as u16, y) {
            stacks[usize::from(cell)] = stack;
        }
    }
}

/// The glyphs of a row with the byte each starts at: separated by spaces
/// when the row has any, else one character each.
fn glyphs_of(row: &str) -> Vec<(usize, &str)> {
    if !row.contains(' ') {
        return (row.char_indices())
            .map(|(at, c)| (at, &row[at..at + c.len_utf8()]))
            .collect();
    }
    super::locate::words_at(row)
}

/// A cell's stack, bottom first: `.` is empty, a glyph one piece, glyphs
/// joined by `/` a stack (`6/g1/G`); `None` (reported) when a glyph names
/// no piece.
fn read_stack(
    glyph: &str,
    pieces: &[Piece],
    here: impl Fn() -> (usize, miette::SourceSpan),
    out: &mut Vec<Found>,
) -> Option<Vec<u8>> {
    let code = |g: &str| {
        pieces
            .iter()
            .position(|p| p.glyph == g)
            .map(|p| p as u8 + 1)
    };
    if glyph == "." {
        return Some(Vec::new());
    }
    if let Some(code) = code(glyph) {
        return Some(vec![code]);
    }
    let parts: Vec<&str> = match glyph.contains('/') {
        true => glyph.split('/').collect(),
        false => vec![glyph],
    };
    let mut stack = Vec::new();
    for part in parts {
        let Some(code) = code(part) else {
            let known: Vec<&str> = pieces.iter().map(|p| p.glyph.as_str()).collect();
            let (file, span) = here();
            out.push((
                file,
                CoreError::UnknownName {
                    what: "glyph",
                    name: part.to_owned(),
                    span,
                    help: suggestion_help(part, "the glyphs are", &known),
                },
            ));
            return None;
        };
        stack.push(code);
    }
    Some(stack)
}

/// The rows [`read_rows`] reads back to these cells: a glyph per cell
/// (`.` for an empty cell, a hole or a spot of a graph's drawing with no
/// point), a stack as its glyphs bottom first joined by `/`; when any
/// cell's text is longer than one character, the cells are separated by
/// spaces and padded to line columns up.
///
/// ```
/// use relic::lang::{CoreGame, builtin_core, setup_rows::write_rows};
/// let chess = CoreGame::new(builtin_core("chess").unwrap().unwrap());
/// let p = chess.program();
/// let rows = write_rows(&p.board, |code| p.glyph(code), |cell| chess.stack(cell));
/// assert_eq!((rows[0].as_str(), rows[4].as_str()), ("rnbqkbnr", "........"));
/// ```
pub fn write_rows<'g>(
    board: &Board,
    glyph: impl Fn(u8) -> &'g str,
    stack: impl Fn(usize) -> Vec<u8>,
) -> Vec<String> {
    let texts: Vec<Vec<String>> = (0..board.height)
        .rev()
        .map(|y| {
            (0..board.width)
                .map(|x| match board.at_xy(x, y) {
                    Some(cell) => stack_text(&stack(usize::from(cell)), &glyph),
                    None => ".".to_owned(),
                })
                .collect()
        })
        .collect();
    let width = texts.iter().flatten().map(|t| t.chars().count()).max();
    let width = width.unwrap_or(1);
    (texts.into_iter())
        .map(|row| match width {
            1 => row.concat(),
            _ => {
                let padded: Vec<String> = row.iter().map(|t| format!("{t:<width$}")).collect();
                padded.join(" ").trim_end().to_owned()
            }
        })
        .collect()
}

fn stack_text<'g>(stack: &[u8], glyph: &impl Fn(u8) -> &'g str) -> String {
    match stack {
        [] => ".".to_owned(),
        pieces => pieces
            .iter()
            .map(|&c| glyph(c))
            .collect::<Vec<_>>()
            .join("/"),
    }
}
