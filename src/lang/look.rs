//! How the browser draws a core game's board (`[browser]`): squares,
//! checkered or not, or points joined by lines (Go's and Xiangqi's
//! boards, and every graph board, whose lines are its links), with dots
//! and extra lines. Checked at load with the other tables; the engine
//! never reads it, only the browser view ([`super::view`]).

use super::board::Board;
use super::error::CoreError;
use super::locate::{Found, Locator};
pub use super::look_spec::{BoardStyle, BrowserSpec, ZoneSpec};
use super::schema::{CoreRuleset, Shape};
use crate::config::colour::{colour_help, is_colour};
use crate::config::tree::Step::{At, Key};
use crate::config::validate::suggestion_help;

/// The checked look of the board.
///
/// ```
/// use relic::lang::builtin_core;
/// let go = builtin_core("go").unwrap().unwrap();
/// // 9x9 points: 8 lines of 9 points each way, and five star points.
/// let look = &go.look;
/// assert_eq!((look.points, look.lines.len(), look.dots.len()), (true, 144, 5));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Squares alternate light and dark.
    pub checkered: bool,
    /// Pieces stand on points joined by [`Look::lines`].
    pub points: bool,
    /// The lines drawn, each between two cells.
    pub lines: Vec<(u16, u16)>,
    /// The cells drawn with a dot.
    pub dots: Vec<u16>,
    /// The areas drawn tinted, each named on its cells.
    pub zones: Vec<Zone>,
}

/// An area of the board drawn tinted (`[browser] zones`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// Its cells, sorted.
    pub cells: Vec<u16>,
    /// Its tint's colour, lower case, when the ruleset gives one.
    pub colour: Option<String>,
}

/// Checks `[browser]` of `r` against `board`: every problem is pushed to
/// `out` (code `core::browser`) and left out of the look.
pub(super) fn check_look(
    r: &CoreRuleset,
    board: &Board,
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Look {
    let spec = &r.browser;
    let zones = (spec.zones.iter().enumerate())
        .map(|(i, zone)| check_zone(zone, i, board, loc, out))
        .collect();
    let graph = r.board.shape == Shape::Graph;
    let points = match spec.board {
        Some(BoardStyle::Squares) if graph => {
            problem(
                out,
                loc.at(&key("board")),
                "a graph board is drawn as points",
                || "leave `board` out: a graph's points are drawn joined by its links".into(),
            );
            true
        }
        Some(style) => style == BoardStyle::Points,
        None => graph,
    };
    if spec.checkered && points {
        problem(
            out,
            loc.at(&key("checkered")),
            "points are not checkered",
            || "leave `checkered` out, or draw squares (`board = \"squares\"`)".into(),
        );
    }
    if !points {
        only_on_points(spec, loc, out);
        return Look {
            checkered: spec.checkered,
            zones,
            ..Look::default()
        };
    }
    let dots = match spec.dots.is_empty() && graph {
        // A graph's points are where its lines meet or end: each dotted.
        true => (0..board.cells() as u16).collect(),
        false => (spec.dots.iter().enumerate())
            .filter_map(|(i, name)| cell(board, name, (i, "dots", 0), loc, out))
            .collect(),
    };
    let mut lines = neighbour_lines(board);
    for (i, text) in spec.gaps.iter().enumerate() {
        if let Some(pair) = pair(board, text, (i, "gaps"), loc, out) {
            match lines.binary_search(&sorted(pair)) {
                Ok(at) => drop(lines.remove(at)),
                Err(_) if inherited(loc, "gaps", i) => {}
                Err(_) => problem(
                    out,
                    loc.at(&[Key("browser"), Key("gaps"), At(i)]),
                    &format!("`{text}` are not neighbours"),
                    || {
                        "a gap leaves out the line between two neighbouring points; for others, draw no line (`lines` adds lines)".into()
                    },
                ),
            }
        }
    }
    for (i, text) in spec.lines.iter().enumerate() {
        let Some(line) = pair(board, text, (i, "lines"), loc, out) else {
            continue;
        };
        match hole_crossed(board, line) {
            None => lines.push(line),
            // A parent's line over a hole its extension cut: not drawn.
            Some(_) if inherited(loc, "lines", i) => {}
            Some(hole) => problem(
                out,
                loc.at(&[Key("browser"), Key("lines"), At(i)]),
                &format!("`{text}` crosses the hole at {hole}"),
                || {
                    "a line is drawn through every place between its ends: end it at the hole, or draw one line on each side of it".into()
                },
            ),
        }
    }
    Look {
        checkered: false,
        points: true,
        lines,
        dots,
        zones,
    }
}

/// The first hole a straight line of a board of squares passes over
/// (orthogonal or diagonal; other lines run between places), by name.
///
/// A cross-shaped board's diagonal from `a3` to `e7` crosses nothing; one
/// from `a1` would start in the cut corner and is not a line of cells.
fn hole_crossed(board: &Board, (a, b): (u16, u16)) -> Option<String> {
    if board.shape != Shape::Square {
        return None;
    }
    let [(ax, ay), (bx, by)] = [a, b].map(|c| board.xy[usize::from(c)]);
    let (dx, dy) = (i32::from(bx) - i32::from(ax), i32::from(by) - i32::from(ay));
    let steps = dx.abs().max(dy.abs());
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return None;
    }
    (1..steps)
        .map(|k| {
            let x = i32::from(ax) + dx.signum() * k;
            let y = i32::from(ay) + dy.signum() * k;
            (x as u16, y as u16)
        })
        .find(|&(x, y)| board.at_xy(x, y).is_none())
        .map(|(x, y)| super::board::cell_name(x, y))
}

/// Zone `i`, its cells found: each entry a cell or a range `a7:i9` of
/// places of the grid (a hole may be a corner).
fn check_zone(
    zone: &ZoneSpec,
    i: usize,
    board: &Board,
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Zone {
    let path = [Key("browser"), Key("zones"), At(i)];
    let missing = match (zone.name.trim().is_empty(), zone.cells.is_empty()) {
        (true, _) => Some(("a name", Key("name"))),
        (false, true) => Some(("cells", Key("cells"))),
        (false, false) => None,
    };
    if let Some((what, key)) = missing {
        let at = loc.at(&[path[0], path[1], path[2], key]);
        problem(out, at, &format!("a zone without {what}"), || {
            "give each zone a name and its cells: `{ name = \"promotion zone\", cells = [\"a7:i9\"] }`".into()
        });
    }
    let mut cells = Vec::new();
    for (j, entry) in zone.cells.iter().enumerate() {
        let at = [Key("browser"), Key("zones"), At(i), Key("cells"), At(j)];
        let (first, last) = entry.split_once(':').unwrap_or((entry, entry));
        let corners = [(first, 0), (last, entry.len() - last.len())]
            .map(|(name, start)| zone_place(board, name.trim(), (&at, start), loc, out));
        if let [Some(a), Some(b)] = corners {
            cells.extend(board.rectangle(a, b));
        }
    }
    cells.sort_unstable();
    cells.dedup();
    Zone {
        name: zone.name.trim().to_owned(),
        cells,
        colour: zone_colour(zone, &path, loc, out),
    }
}

/// A zone's `colour`, when it is one (else reported and left out).
fn zone_colour(
    zone: &ZoneSpec,
    path: &[crate::config::tree::Step<'static>; 3],
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Option<String> {
    let colour = zone.colour.as_deref()?.trim();
    if is_colour(colour) {
        return Some(colour.to_ascii_lowercase());
    }
    let at = loc.at(&[path[0], path[1], path[2], Key("colour")]);
    problem(out, at, &format!("`{colour}` is not a colour"), || {
        colour_help(colour)
    });
    None
}

/// The grid place a zone's corner `name` names (written at byte `start`
/// of the entry at `at`), or `None` once reported.
fn zone_place(
    board: &Board,
    name: &str,
    (at, start): (&[crate::config::tree::Step<'static>], usize),
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Option<(u16, u16)> {
    let found = board.place(name);
    let written = loc.at(at).0;
    let sized = |key| loc.at(&[Key("board"), Key(key)]).0;
    let resized = written > sized("width") || written > sized("height");
    if found.is_none() && !resized {
        let names: Vec<&str> = board.names.iter().map(String::as_str).collect();
        problem(
            out,
            loc.inside(at, start, start + name.len()),
            &format!("`{name}` is no cell of the board"),
            || suggestion_help(name, "the cells are named", &names),
        );
    }
    found
}

/// `dots`, `lines` and `gaps` on a board of squares.
fn only_on_points(spec: &BrowserSpec, loc: &Locator, out: &mut Vec<Found>) {
    for (name, written) in [
        ("dots", !spec.dots.is_empty()),
        ("lines", !spec.lines.is_empty()),
        ("gaps", !spec.gaps.is_empty()),
    ] {
        if written {
            let message = format!("`{name}` belongs to a board of points, not squares");
            problem(out, loc.at(&key(name)), &message, || {
                "add `board = \"points\"` to `[browser]`, or leave the key out".into()
            });
        }
    }
}

/// The lines between each cell and its neighbours: orthogonal ones on a
/// square grid, every one on a hex grid or a graph; each once.
fn neighbour_lines(board: &Board) -> Vec<(u16, u16)> {
    let orthogonal = ["n", "e", "s", "w"];
    let drawn: Vec<u8> = (0..board.directions.len() as u8)
        .filter(|&d| {
            board.shape != Shape::Square
                || orthogonal.contains(&board.directions[usize::from(d)].as_str())
        })
        .collect();
    let mut lines: Vec<(u16, u16)> = (0..board.cells() as u16)
        .flat_map(|cell| drawn.iter().map(move |&d| (cell, board.neighbour(cell, d))))
        .filter(|&(_, next)| next != super::board::OFF)
        .map(sorted)
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

fn sorted((a, b): (u16, u16)) -> (u16, u16) {
    (a.min(b), a.max(b))
}

/// The two cells of `text` (`"d1 f3"`), entry `i` of `list`.
fn pair(
    board: &Board,
    text: &str,
    (i, list): (usize, &'static str),
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Option<(u16, u16)> {
    let words = super::locate::words_at(text);
    let entry = loc.at(&[Key("browser"), Key(list), At(i)]);
    let [(a_at, a), (b_at, b)] = words.as_slice() else {
        let message = format!("`{text}` is not two points");
        let help = || "write the names of two points separated by a space: \"d1 f3\"".into();
        problem(out, entry, &message, help);
        return None;
    };
    let a = cell(board, a, (i, list, *a_at), loc, out);
    let b = cell(board, b, (i, list, *b_at), loc, out);
    match (a?, b?) {
        (a, b) if a == b => {
            let message = format!("`{text}` joins a point to itself");
            problem(out, entry, &message, || "name two different points".into());
            None
        }
        (a, b) => Some((a, b)),
    }
}

/// The cell `name`, written at byte `start` of entry `i` of `list`.
fn cell(
    board: &Board,
    name: &str,
    (i, list, start): (usize, &'static str, usize),
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Option<u16> {
    let found = board.cell(name);
    if found.is_none() && !inherited(loc, list, i) {
        let path = [Key("browser"), Key(list), At(i)];
        let names: Vec<&str> = board.names.iter().map(String::as_str).collect();
        let message = format!("`{name}` is no point of the board");
        problem(
            out,
            loc.inside(&path, start, start + name.len()),
            &message,
            || suggestion_help(name, "the points are named", &names),
        );
    }
    found
}

/// Whether entry `i` of `list` was written in a ruleset that a later one
/// extends and resizes the board of (file 0 is the one loaded, each
/// further file what the one before extends): its points may no longer be
/// on the board, and it is left out unreported.
fn inherited(loc: &Locator, list: &'static str, i: usize) -> bool {
    let written = loc.at(&[Key("browser"), Key(list), At(i)]).0;
    let sized = |key| loc.at(&[Key("board"), Key(key)]).0;
    written > sized("width") || written > sized("height")
}

fn key(name: &'static str) -> [crate::config::tree::Step<'static>; 2] {
    [Key("browser"), Key(name)]
}

fn problem(
    out: &mut Vec<Found>,
    (file, span): (usize, miette::SourceSpan),
    message: &str,
    help: impl FnOnce() -> String,
) {
    out.push((
        file,
        CoreError::Browser {
            message: message.to_owned(),
            span,
            help: help(),
        },
    ));
}
