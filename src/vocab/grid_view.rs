//! The browser's view of a vocabulary game in the generic grid renderer's
//! format (`"renderer": "grid"`, see README, HTTP API): each square with
//! its visible piece, the square's action when one click says it all, and
//! a button for every other legal action; `actions` lists every legal
//! action with its squares (`from`, `to`) for other clients.

use serde_json::{Value, json};

use super::compile::Program;
use super::schema::North;
use super::state::{Action, VocabGame};
use crate::contract::{Game, Seat};

/// The colours seats are drawn in, in turn order.
const SEAT_COLOURS: [&str; 4] = ["blue", "red", "green", "yellow"];

/// The cells, the buttons and the seats' colours of `game` as `seat` sees
/// it: only the seat to move gets actions.
pub(super) fn grid_view(game: &VocabGame, seat: Option<Seat>) -> Value {
    let p = game.program();
    let playing = seat.is_some() && seat == game.status().to_move();
    let actions = if playing {
        game.legal_actions()
    } else {
        Vec::new()
    };
    let mut on_square: Vec<Vec<String>> = vec![Vec::new(); p.geometry.cells()];
    let mut buttons = Vec::new();
    let listed: Vec<Value> = actions.iter().map(|a| game.action_view(a)).collect();
    for action in &actions {
        let text = game.write_action(action);
        match target(action) {
            Some(at) => on_square[usize::from(at)].push(text),
            None => buttons.push(json!({ "label": text, "action": text })),
        }
    }
    let mut cells = Vec::with_capacity(on_square.len());
    for (cell, mut here) in on_square.into_iter().enumerate() {
        let cell = cell as u8;
        let mut view = cell_view(game, cell);
        match here.len() {
            0 => {}
            1 => view["action"] = json!(here.remove(0)),
            _ => buttons.extend(here.into_iter().map(|t| json!({ "label": t, "action": t }))),
        }
        cells.push(view);
    }
    if playing {
        buttons.push(json!({ "label": "Resign", "action": "quit" }));
    }
    json!({
        "renderer": "grid",
        "title": p.name,
        "width": p.geometry.width,
        "height": p.geometry.height,
        "cells": cells,
        "buttons": buttons,
        "seat_colours": &SEAT_COLOURS[..p.players.len().min(4)],
        "actions": listed,
    })
}

/// The square an action is played on by clicking it, when it has one.
fn target(action: &Action) -> Option<u8> {
    match *action {
        Action::Place { at, .. } | Action::Drop { at, .. } => Some(at),
        _ => None,
    }
}

/// One square: where the grid draws it (column 1 at the left, row 1 at
/// the top as drawn), its name, and its visible piece with the stack's
/// height when more than one.
fn cell_view(game: &VocabGame, cell: u8) -> Value {
    let p: &Program = game.program();
    let g = &p.geometry;
    let (x, y) = g.xy(cell);
    let row = match p.north {
        North::Up => g.height - y,
        _ => y + 1,
    };
    let mut view = json!({ "x": x + 1, "y": row, "title": g.name(cell), "square": g.name(cell) });
    let stack = game.stack(cell);
    if let Some(&top) = stack.last() {
        let (_, owner) = Program::decode(top);
        let colour = SEAT_COLOURS[usize::from(owner) % SEAT_COLOURS.len()];
        let mut layer = json!({ "glyph": p.glyph(top), "colour": colour });
        if stack.len() > 1 {
            layer["label"] = json!(stack.len().to_string());
        }
        view["layers"] = json!([layer]);
    }
    view
}
