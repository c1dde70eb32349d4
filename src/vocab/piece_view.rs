//! Pieces as the browser draws them (a layer of the generic grid
//! renderer): the kind's shape and symbol from `[kinds.draw]`, in the
//! owner's colour (grey while the piece belongs to nobody), scaled by its
//! size where sizes differ, with the height of the stack it tops; and each
//! seat's pieces off the board: what is left in reserve and what has been
//! captured.

use serde_json::{Value, json};

use super::compile::Program;
use super::state::VocabGame;

/// The colour of pieces that belong to nobody for now.
pub(super) const NEUTRAL_COLOUR: &str = "#868e96";

/// The layer of piece `code` (kind and owner) drawn `neutral` (grey) or
/// in its owner's colour, topping a stack of `height`.
pub(super) fn piece_layer(p: &Program, code: u8, neutral: bool, height: usize) -> Value {
    let (kind, owner) = Program::decode(code);
    let draw = &p.appearance.kinds[usize::from(kind)];
    let glyph = p.glyph(code);
    let colour = match neutral {
        true => NEUTRAL_COLOUR,
        false => &p.appearance.seat_colours[usize::from(owner)],
    };
    let symbol = match (draw.symbol_of(Some(usize::from(owner))), draw.shape) {
        (Some(symbol), _) => symbol,
        (None, Some(shape)) if shape.is_figure() => "",
        (None, _) => glyph,
    };
    let mut layer = json!({
        "shape": draw.shape.map(|s| s.name()),
        "glyph": symbol,
        "colour": colour,
        "owner": owner,
        "name": format!("{} {}", p.players[usize::from(owner)].name, p.kinds[usize::from(kind)].name),
    });
    if let Some(scale) = scale(p, kind) {
        layer["scale"] = json!(scale);
    }
    if height > 1 {
        layer["height"] = json!(height);
    }
    layer
}

/// How large `kind` is drawn where kinds differ in size: from 0.5 for the
/// smallest to 1 for the largest.
fn scale(p: &Program, kind: u8) -> Option<f64> {
    let sizes = p.kinds.iter().map(|k| k.size);
    let (min, max) = (sizes.clone().min()?, sizes.max()?);
    if min == max {
        return None;
    }
    let size = p.kinds[usize::from(kind)].size;
    let scale = 0.5 + 0.5 * f64::from(size - min) / f64::from(max - min);
    Some((scale * 100.0).round() / 100.0)
}

/// Each seat's pieces off the board: `{"reserve": [...], "captured":
/// [...]}`, each a piece layer with a `count`. The reserve lists kinds
/// with a limited reserve (or reserve stacks); captured pieces are those
/// of a countable kind missing from the board and the reserve.
pub(super) fn pieces_view(game: &VocabGame) -> Vec<Value> {
    let p = game.program();
    let kinds = p.kinds.len();
    let mut now = vec![0i32; p.players.len() * kinds];
    let mut start = vec![0i32; p.players.len() * kinds];
    for cell in 0..p.geometry.cells() as u8 {
        for &code in game.stack(cell) {
            now[index(p, code)] += 1;
        }
    }
    for &(_, code) in &p.setup {
        start[index(p, code)] += 1;
    }
    (0..p.players.len())
        .map(|seat| {
            let mut reserve = Vec::new();
            let mut captured = Vec::new();
            for kind in 0..kinds as u8 {
                let Some(left) = in_reserve(game, seat, kind) else {
                    continue;
                };
                let code = Program::code(kind, seat as u8);
                let i = index(p, code);
                let initial = start[i] + initial_reserve(p, kind);
                let missing = initial - now[i] - left;
                if left > 0 {
                    reserve.push(counted(p, code, left));
                }
                if missing > 0 {
                    captured.push(counted(p, code, missing));
                }
            }
            json!({ "reserve": reserve, "captured": captured })
        })
        .collect()
}

fn index(p: &Program, code: u8) -> usize {
    let (kind, owner) = Program::decode(code);
    usize::from(owner) * p.kinds.len() + usize::from(kind)
}

/// How many of `kind` `seat` has off the board, where that is counted.
fn in_reserve(game: &VocabGame, seat: usize, kind: u8) -> Option<i32> {
    let p = game.program();
    if p.stacks > 0 {
        let held = (0..usize::from(p.stacks))
            .filter(|&s| game.reserve_stack(seat, s).iter().any(|&(k, _)| k == kind))
            .count();
        return Some(held as i32);
    }
    let limited = p.kinds[usize::from(kind)].reserve.is_some();
    match game.reserve(seat, kind) {
        Some(left) if limited => Some(i32::from(left)),
        // No reserve: pieces only leave the board.
        _ if !limited && !places(p, kind) => Some(0),
        _ => None,
    }
}

/// Whether some rule places pieces of `kind` from an unlimited reserve.
fn places(p: &Program, kind: u8) -> bool {
    use super::schema::Mechanic;
    (p.rules.iter()).any(|r| r.mechanic == Mechanic::Place && r.kinds >> kind & 1 == 1)
}

/// Each player's reserve of `kind` at the start.
fn initial_reserve(p: &Program, kind: u8) -> i32 {
    match p.stacks {
        0 => p.kinds[usize::from(kind)].reserve.map_or(0, i32::from),
        stacks => i32::from(stacks),
    }
}

fn counted(p: &Program, code: u8, count: i32) -> Value {
    let mut layer = piece_layer(p, code, false, 1);
    layer["count"] = json!(count);
    layer
}
