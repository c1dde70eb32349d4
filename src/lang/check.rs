//! The check of a core ruleset's tables (board, players, kinds, player
//! directions, variables, starting position), every problem at once, each
//! pointed at its bytes; what passes becomes the tables the rules are
//! compiled against ([`Tables`]).

use std::collections::HashMap;

use super::board::Board;
use super::error::CoreError;
use super::locate::{Found, Locator};
use super::program::{Piece, Variable};
use super::schema::CoreRuleset;
use super::setup_rows::read_rows;
use crate::config::colour::{colour_help, is_colour};
use crate::config::tree::Step::{At, Key};
use crate::config::validate::suggestion_help;

/// The checked tables of a ruleset.
#[derive(Clone, Debug)]
pub struct Tables {
    /// The board.
    pub board: Board,
    /// Kinds' names and whether players own them.
    pub kinds: Vec<(String, bool)>,
    /// Pieces (cell code `i + 1`).
    pub pieces: Vec<Piece>,
    /// Player directions' names.
    pub alias_names: Vec<String>,
    /// `aliases[a * players + p]`.
    pub aliases: Vec<u8>,
    /// Variables and slot count.
    pub variables: Vec<Variable>,
    /// Slots.
    pub slots: usize,
    /// The cells at the start (each stack's top).
    pub start: Vec<u8>,
    /// The pieces beneath each cell's top at the start, bottom first;
    /// empty when no cell of the setup holds a stack.
    pub start_below: Vec<Vec<u8>>,
    /// The player who moves first.
    pub first: u8,
    /// How the browser draws the board.
    pub look: super::look::Look,
}

impl Tables {
    /// The cell code of kind `k`'s piece owned by `player` (the neutral
    /// piece for a kind players do not own), or 0 when there is none.
    pub fn code_of(&self, k: usize, player: Option<u8>) -> u8 {
        let owner = player.filter(|_| self.kinds[k].1);
        let piece =
            (self.pieces.iter()).position(|pc| usize::from(pc.kind) == k && pc.owner == owner);
        piece.map_or(0, |i| i as u8 + 1)
    }
}

/// Checks the tables of `r`; `None` when some problem stops the rules
/// from being checked against them.
pub fn check_tables(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) -> Option<Tables> {
    let board = board(r, loc, out);
    names(r, board.as_ref(), loc, out);
    let (kinds, pieces) = kinds(r, loc, out);
    let (variables, slots) = variables(r, loc, out);
    colours(r, loc, out);
    let board = board?;
    let (alias_names, aliases) = aliases(r, &board, loc, out);
    let rows = &r.board.setup;
    let path = [Key("board"), Key("setup")];
    let (start, start_below) = read_rows(rows, &path, (&board, &pieces), loc, out);
    let first = first_player(r, loc, out);
    let look = super::look::check_look(r, &board, loc, out);
    Some(Tables {
        first,
        look,
        board,
        kinds,
        pieces,
        alias_names,
        aliases,
        variables,
        slots,
        start,
        start_below,
    })
}

/// The index of `first` among the players (0, reported, when it is none).
fn first_player(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) -> u8 {
    let Some(first) = &r.first else {
        return 0;
    };
    match r.players.iter().position(|p| p == first) {
        Some(p) => p as u8,
        None => {
            unknown_player(r, first, loc.at(&[Key("first")]), out);
            0
        }
    }
}

/// Reports `name`, written where a player belongs, as no player of `r`.
fn unknown_player(
    r: &CoreRuleset,
    name: &str,
    at: (usize, miette::SourceSpan),
    out: &mut Vec<Found>,
) {
    let players: Vec<&str> = r.players.iter().map(String::as_str).collect();
    push(out, at, |span| CoreError::UnknownName {
        what: "player",
        name: name.to_owned(),
        span,
        help: suggestion_help(name, "the players are", &players),
    });
}

fn push(
    out: &mut Vec<Found>,
    (file, span): (usize, miette::SourceSpan),
    make: impl FnOnce(miette::SourceSpan) -> CoreError,
) {
    out.push((file, make(span)));
}

fn board(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) -> Option<Board> {
    let b = &r.board;
    if usize::from(b.width) * usize::from(b.height) > super::schema::MAX_CELLS {
        push(out, loc.at(&[Key("board"), Key("width")]), |span| {
            CoreError::Board {
                message: format!(
                    "a {}x{} board has more than {} cells",
                    b.width,
                    b.height,
                    super::schema::MAX_CELLS
                ),
                span,
                help: "make the board smaller".into(),
            }
        });
        return None;
    }
    let shape_is_graph = b.shape == super::schema::Shape::Graph;
    for (key, written) in [
        ("points", !b.points.is_empty()),
        ("links", !b.links.is_empty()),
        ("opposite", !b.opposite.is_empty()),
    ] {
        if written && !shape_is_graph {
            push(out, loc.at(&[Key("board"), Key(key)]), |span| {
                CoreError::Board {
                    message: format!("`{key}` describes a graph board, but the shape is a grid"),
                    span,
                    help: "set `shape = \"graph\"`, or leave the key out".into(),
                }
            });
        }
    }
    for (key, written) in [("holes", !b.holes.is_empty()), ("hexagon", b.hexagon)] {
        if written && shape_is_graph {
            push(out, loc.at(&[Key("board"), Key(key)]), |span| {
                CoreError::Board {
                    message: format!("`{key}` cuts a grid, but the shape is a graph"),
                    span,
                    help: "a graph board has only the points it lists: leave the key out".into(),
                }
            });
            return None;
        }
    }
    match Board::build(b) {
        Ok(board) => Some(board),
        Err(problems) => {
            for problem in problems {
                let mut path = vec![Key("board"), Key(problem.key)];
                if let Some(d) = &problem.direction {
                    path.push(Key(d));
                }
                if let Some(i) = problem.index {
                    path.push(At(i));
                }
                let at = match problem.inner {
                    Some((start, end)) => loc.inside(&path, start, end),
                    None => loc.at(&path),
                };
                push(out, at, |span| CoreError::Board {
                    message: problem.message,
                    span,
                    help: problem.help,
                });
            }
            None
        }
    }
}

/// Names given twice, or a keyword, across every table of names: each
/// reported where it is given the second time, macros in the order of
/// the file.
fn names(r: &CoreRuleset, board: Option<&Board>, loc: &Locator, out: &mut Vec<Found>) {
    type Given = Option<(usize, miette::SourceSpan)>;
    let refused = super::keywords::REFUSED_NAMES.iter();
    let mut seen: HashMap<String, (&'static str, Given)> = refused
        .map(|k| ((*k).to_owned(), ("a keyword", None)))
        .collect();
    if let Some(board) = board {
        for d in &board.directions {
            seen.insert(d.clone(), ("a direction of the board", None));
        }
    }
    let mut check = |what: &'static str, name: &str, at: (usize, miette::SourceSpan)| {
        let theirs = match what {
            "player" => "the name of a player",
            "kind" => "the name of a kind",
            "direction" => "the name of a direction",
            "variable" => "the name of a variable",
            _ => "the name of a macro",
        };
        if let Some(&(other, given)) = seen.get(name) {
            let first = given
                .filter(|(file, _)| *file == at.0)
                .map(|(_, span)| span);
            push(out, at, |span| CoreError::DuplicateName {
                what,
                name: name.to_owned(),
                other: other.to_owned(),
                span,
                first,
            });
        } else {
            seen.insert(name.to_owned(), (theirs, Some(at)));
        }
    };
    for (i, p) in r.players.iter().enumerate() {
        check("player", p, loc.at(&[Key("players"), At(i)]));
    }
    for (i, k) in r.kinds.iter().enumerate() {
        check("kind", &k.name, loc.at(&[Key("kinds"), At(i), Key("name")]));
    }
    for alias in r.directions.keys() {
        check("direction", alias, loc.key_at(&[Key("directions")], alias));
    }
    for (i, v) in r.variables.iter().enumerate() {
        check(
            "variable",
            &v.name,
            loc.at(&[Key("variables"), At(i), Key("name")]),
        );
    }
    let mut macros: Vec<(&str, (usize, miette::SourceSpan))> = (r.macros.keys())
        .map(|key| {
            let name = key.split('(').next().unwrap_or(key).trim();
            (name, loc.key_at(&[Key("macros")], key))
        })
        .collect();
    macros.sort_by_key(|(_, (file, span))| (*file, span.offset()));
    for (name, at) in macros {
        check("macro", name, at);
    }
}

/// The colours seats are drawn in when the ruleset gives none, in turn
/// order.
const SEAT_COLOURS: [&str; 8] = [
    "blue", "red", "green", "yellow", "purple", "orange", "teal", "brown",
];

/// Each player's colour: the ruleset's `colours` (lower case), else the
/// seat palette in turn order.
///
/// ```
/// let chess = relic::lang::builtin_core("chess").unwrap().unwrap();
/// assert_eq!(chess.colours, ["white", "black"]);
/// ```
pub fn seat_colours(r: &CoreRuleset) -> Vec<String> {
    match r.colours.len() == r.players.len() {
        true => r.colours.iter().map(|c| c.to_ascii_lowercase()).collect(),
        false => (0..r.players.len())
            .map(|p| SEAT_COLOURS[p % SEAT_COLOURS.len()].to_owned())
            .collect(),
    }
}

/// `colours`: one colour per player, each a colour, no two the same.
fn colours(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) {
    if r.colours.is_empty() {
        return;
    }
    let (given, players) = (r.colours.len(), r.players.len());
    if given != players {
        push(out, loc.at(&[Key("colours")]), |span| CoreError::Colour {
            message: format!("{given} colours for {players} players"),
            span,
            help: "give one colour per player, in the order of `players`".into(),
        });
    }
    for (i, colour) in r.colours.iter().enumerate() {
        let earlier = r.colours[..i]
            .iter()
            .position(|c| c.eq_ignore_ascii_case(colour));
        let (message, help) = match (is_colour(colour), earlier) {
            (false, _) => (format!("`{colour}` is not a colour"), colour_help(colour)),
            (true, Some(_)) => (
                format!("`{colour}` is given twice"),
                "give each player its own colour, so that the board tells their pieces apart"
                    .to_owned(),
            ),
            (true, None) => continue,
        };
        push(out, loc.at(&[Key("colours"), At(i)]), |span| {
            CoreError::Colour {
                message,
                span,
                help,
            }
        });
    }
}

fn glyph_ok(g: &str) -> bool {
    let n = g.chars().count();
    (1..=3).contains(&n) && g != "." && !g.chars().any(char::is_whitespace)
}

fn kinds(
    r: &CoreRuleset,
    loc: &Locator,
    out: &mut Vec<Found>,
) -> (Vec<(String, bool)>, Vec<Piece>) {
    let players = r.players.len();
    let mut kinds = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    for (k, kind) in r.kinds.iter().enumerate() {
        let path = [Key("kinds"), At(k)];
        if let Some(problem) = kind.draw.symbols_problem(kind.glyph.is_none(), players) {
            let at = loc.at(&[path[0], path[1], Key("draw"), Key("symbols")]);
            push(out, at, |span| CoreError::Symbols {
                kind: kind.name.clone(),
                problem,
                span,
            });
        }
        let mut problem = |key: &'static str, text: String| {
            let at = loc.at(&[path[0], path[1], Key(key)]);
            push(out, at, |span| CoreError::Glyphs {
                kind: kind.name.clone(),
                problem: text,
                span,
            });
        };
        let owned = kind.glyph.is_none();
        let glyphs: Vec<(Option<u8>, &String)> = match (&kind.glyph, kind.glyphs.len()) {
            (Some(g), 0) => vec![(None, g)],
            (Some(_), _) => {
                problem(
                    "glyph",
                    "has both `glyph` (neutral) and `glyphs` (owned)".into(),
                );
                kinds.push((kind.name.clone(), owned));
                continue;
            }
            (None, n) if n != players => {
                problem(
                    "glyphs",
                    format!("has {n} glyphs but the game has {players} players"),
                );
                kinds.push((kind.name.clone(), owned));
                continue;
            }
            (None, _) => kind
                .glyphs
                .iter()
                .enumerate()
                .map(|(p, g)| (Some(p as u8), g))
                .collect(),
        };
        for (owner, glyph) in glyphs {
            let key = if owned { "glyphs" } else { "glyph" };
            if !glyph_ok(glyph) {
                problem(key, format!("has glyph {glyph:?}, which cannot be drawn"));
            } else if pieces.iter().any(|p| &p.glyph == glyph) {
                problem(key, format!("has glyph `{glyph}`, which another piece has"));
            }
            pieces.push(Piece {
                kind: k as u16,
                owner,
                glyph: glyph.clone(),
                draw: kind.draw.clone(),
                shown: kind.shown,
            });
        }
        kinds.push((kind.name.clone(), owned));
    }
    if pieces.len() > 127 {
        push(out, loc.at(&[Key("kinds")]), |span| CoreError::Limit {
            what: format!("the kinds make {} pieces (one per owner)", pieces.len()),
            span,
            help: "a game has at most 127 pieces (kinds times owners)".into(),
        });
    }
    (kinds, pieces)
}

fn variables(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) -> (Vec<Variable>, usize) {
    let mut slots = 0usize;
    let mut vars = Vec::new();
    for (i, v) in r.variables.iter().enumerate() {
        if let Some(&start) = v
            .start
            .all()
            .iter()
            .find(|&&s| !(v.min..=v.max).contains(&s))
        {
            push(out, loc.at(&[Key("variables"), At(i)]), |span| {
                CoreError::VariableRange {
                    name: v.name.clone(),
                    start,
                    min: v.min,
                    max: v.max,
                    span,
                }
            });
        }
        if let Some(problem) = start_problem(v, r.players.len()) {
            push(
                out,
                loc.at(&[Key("variables"), At(i), Key("start")]),
                |span| CoreError::VariableStart {
                    name: v.name.clone(),
                    problem,
                    span,
                },
            );
        }
        vars.push(Variable {
            name: v.name.clone(),
            slot: slots as u16,
            per_player: v.per_player,
            min: v.min,
            max: v.max,
            start: v.start.clone(),
            repetition: v.repetition,
            shown: v.shown,
        });
        slots += if v.per_player { r.players.len() } else { 1 };
    }
    (vars, slots)
}

/// What is wrong with a per-player `start` list, if anything.
fn start_problem(v: &super::schema::VariableSpec, players: usize) -> Option<String> {
    let super::schema::StartValue::Each(each) = &v.start else {
        return None;
    };
    match (v.per_player, each.len()) {
        (false, _) => Some("has a start per player but is not `per_player`".into()),
        (true, n) if n != players => Some(format!(
            "has {n} start values but the game has {players} players"
        )),
        _ => None,
    }
}

/// The player directions (a placeholder where one is wrong, reported).
fn aliases(
    r: &CoreRuleset,
    board: &Board,
    loc: &Locator,
    out: &mut Vec<Found>,
) -> (Vec<String>, Vec<u8>) {
    let mut names = Vec::new();
    let mut table = Vec::new();
    for (alias, meaning) in &r.directions {
        names.push(alias.clone());
        for player in &r.players {
            let path = [Key("directions"), Key(alias), Key(player)];
            match meaning.get(player) {
                Some(dir) => match board.direction(dir) {
                    Some(d) => table.push(d),
                    None => {
                        let dirs: Vec<&str> = board.directions.iter().map(String::as_str).collect();
                        push(out, loc.at(&path), |span| CoreError::UnknownName {
                            what: "direction",
                            name: dir.clone(),
                            span,
                            help: suggestion_help(dir, "the board's directions are", &dirs),
                        });
                        table.push(0);
                    }
                },
                None => {
                    push(out, loc.at(&path[..2]), |span| {
                        CoreError::Board {
                        message: format!("direction `{alias}` says nothing for player `{player}`"),
                        span,
                        help: "give every player's direction, such as `forward = { white = \"n\", black = \"s\" }`".into(),
                    }
                    });
                    table.push(0);
                }
            }
        }
        for written in meaning.keys().filter(|k| !r.players.contains(k)) {
            let at = loc.key_at(&[Key("directions"), Key(alias)], written);
            unknown_player(r, written, at, out);
        }
    }
    (names, table)
}
