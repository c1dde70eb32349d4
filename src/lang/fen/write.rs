//! A core game's position written as FEN, the inverse of reading: what
//! `read_fen` reads back to the same position.

use crate::contract::{Game, Status};
use crate::lang::fen_spec::FenTable;
use crate::lang::game::CoreGame;
use crate::lang::program::Program;
use crate::lang::schema::Shape;

/// Why no FEN placement describes `program`'s board, if none does.
pub(super) fn board_refusal(program: &Program) -> Option<String> {
    match program.board.shape {
        Shape::Square if program.board.has_gaps() => Some("its board has holes".to_owned()),
        Shape::Square => None,
        Shape::Hex => Some("its board is a hex grid".to_owned()),
        Shape::Graph => Some("its board is a graph of points".to_owned()),
    }
}

/// Why `game`'s position cannot be written as FEN (a board FEN cannot
/// describe, a stack, a glyph of more than one letter), if it cannot.
///
/// ```
/// use relic::lang::{CoreGame, builtin_core, fen::fen_refusal};
/// assert_eq!(fen_refusal(&CoreGame::new(builtin_core("chess").unwrap().unwrap())), None);
/// let kalah = CoreGame::new(builtin_core("kalah").unwrap().unwrap());
/// assert_eq!(fen_refusal(&kalah).unwrap(), "its board is a graph of points");
/// ```
pub fn fen_refusal(game: &CoreGame) -> Option<String> {
    let p = game.program();
    if let Some(why) = board_refusal(p) {
        return Some(why);
    }
    let cell = (0..p.board.cells()).find(|&c| game.height(c) > 1);
    if let Some(cell) = cell {
        return Some(format!("{} holds a stack", p.board.names[cell]));
    }
    let long = (0..p.board.cells()).find(|&c| !writable(p, p.glyph(game.cells()[c])));
    long.map(|cell| {
        let glyph = p.glyph(game.cells()[cell]);
        format!(
            "the piece `{glyph}` on {} is written with more than one letter, the first of them a piece's",
            p.board.names[cell]
        )
    })
}

/// Whether a placement can write `glyph` so that it reads back: one
/// letter, or letters (no digit, `/` or blank) whose first is no piece's
/// glyph (`+P`, where `+` is none), read as one piece.
fn writable(p: &Program, glyph: &str) -> bool {
    let mut chars = glyph.chars();
    let Some(first) = chars.next() else {
        return true;
    };
    if chars.as_str().is_empty() {
        return true;
    }
    let plain = !glyph.contains(|c: char| c.is_ascii_digit() || c == '/' || c.is_whitespace());
    let first = first.to_string();
    plain && !p.pieces.iter().any(|piece| piece.glyph == first)
}

/// The position of `game` as FEN text (placement, side to move, castling,
/// en-passant square, halfmove clock, fullmove number). Pieces whose glyph
/// is longer than one letter, and stacks of more than one piece, cannot be
/// written and show as `?` (which the reader refuses): [`fen_refusal`]
/// says whether a position has any.
///
/// ```
/// use relic::lang::{CoreGame, builtin_core, fen::write_fen};
/// let chess = CoreGame::new(builtin_core("chess").unwrap().unwrap());
/// assert_eq!(write_fen(&chess), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub fn write_fen(game: &CoreGame) -> String {
    let p = game.program();
    let t = &p.fen;
    let player = match game.status() {
        Status::ToMove(seat) => seat,
        Status::Over(_) => game.turn() as usize % p.players.len(),
    };
    let mover = (player + p.players.len() - 1) % p.players.len();
    let (cells, passed) = written_cells(game, t, mover);
    let mut out = placement(game, &cells);
    out.push(' ');
    out.push_str(t.sides.get(player).map_or("-", String::as_str));
    if !t.hands.is_empty() {
        out.push(' ');
        out.push_str(&hands(game, t));
        out.push_str(&format!(" {}", game.turn() + 1));
        return out;
    }
    let rights: String = (t.castling.iter())
        .filter(|r| game.values()[r.1] == r.3)
        .map(|r| r.0)
        .collect();
    out.push(' ');
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    out.push_str(passed.map_or("-", |c| &p.board.names[usize::from(c)]));
    let clock = t.halfmove.map_or(0, |(slot, ..)| game.values()[slot]);
    let fullmove = game.turn() as usize / p.players.len() + 1;
    out.push_str(&format!(" {clock} {fullmove}"));
    out
}

/// The cells with the mover's passed piece written as its written kind,
/// and the square it passed.
fn written_cells(game: &CoreGame, t: &FenTable, mover: usize) -> (Vec<u8>, Option<u16>) {
    let mut cells = game.cells().to_vec();
    let Some(passant) = &t.en_passant else {
        return (cells, None);
    };
    let board = &game.program().board;
    let mut passed = None;
    for (cell, code) in cells.iter_mut().enumerate() {
        let Some(owner) = passant.becomes.iter().position(|b| b == code) else {
            continue;
        };
        *code = passant.written[owner];
        let from = (0..board.cells() as u16)
            .find(|&c| board.neighbour(c, passant.step[owner]) == cell as u16);
        let empty = from.is_some_and(|c| game.cells()[usize::from(c)] == 0);
        if owner == mover && empty && passed.is_none() {
            passed = from;
        }
    }
    (cells, passed)
}

/// SFEN's hands: each letter's count, the first player's (upper case)
/// then the second's, a count written only above one; `-` for none.
fn hands(game: &CoreGame, t: &FenTable) -> String {
    let mut out = String::new();
    for player in 0..2 {
        for &(letter, slot, _, _) in &t.hands {
            let n = game.values()[slot + player];
            if n > 1 {
                out.push_str(&n.to_string());
            }
            if n > 0 {
                out.push(match player {
                    0 => letter,
                    _ => letter.to_ascii_lowercase(),
                });
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn placement(game: &CoreGame, cells: &[u8]) -> String {
    let p = game.program();
    let mut out = String::new();
    for y in (0..p.board.height).rev() {
        let mut empty = 0;
        for x in 0..p.board.width {
            let code = p.board.at_xy(x, y).map_or(0, |c| cells[usize::from(c)]);
            if code == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            let glyph = p.glyph(code);
            let cell = p.board.at_xy(x, y).map_or(0, usize::from);
            out.push_str(if writable(p, glyph) && game.height(cell) < 2 {
                glyph
            } else {
                "?"
            });
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    out
}
