//! The browser's view of a vocabulary game in the generic grid renderer's
//! format (`"renderer": "grid"`, see README, HTTP API): each square with
//! its visible piece (the stack's height, grey pieces and sinks shown),
//! the square's action when one click says it all, the tools of the
//! player to move with every legal action as a play (a tool and the
//! squares or choices that make it, `tools.rs`), and a button for actions
//! on no square; `actions` lists every legal action with its squares
//! (`from`, `to`) for other clients; `status`, once play is over, says how
//! it ended in the ruleset's words.

use serde_json::{Value, json};

use super::compile::Program;
use super::schema::North;
use super::state::{Action, VocabGame};
use super::tools::{play_view, tools_view};
use crate::contract::{Game, Seat};

/// The colours seats are drawn in, in turn order.
const SEAT_COLOURS: [&str; 4] = ["blue", "red", "green", "yellow"];

/// The colour of pieces that belong to nobody for now.
const NEUTRAL_COLOUR: &str = "#868e96";

/// The fill of a sink hole.
const SINK_FILL: &str = "#343a40";

/// The cells, tools, plays and buttons of `game` as `seat` sees it: only
/// the seat to move gets actions.
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
    let mut plays = Vec::with_capacity(actions.len());
    for action in &actions {
        let text = game.write_action(action);
        match target(action) {
            Some(at) => on_square[usize::from(at)].push(text.clone()),
            None if !matches!(action, Action::Move { .. } | Action::Effect { .. }) => {
                buttons.push(json!({ "label": text, "action": text }));
            }
            None => {}
        }
        plays.extend(play_view(game, action, text));
    }
    let cells: Vec<Value> = (on_square.into_iter().enumerate())
        .map(|(cell, mut here)| {
            let mut view = cell_view(game, cell as u8);
            if here.len() == 1 {
                view["action"] = json!(here.remove(0));
            }
            view
        })
        .collect();
    if playing {
        buttons.push(json!({ "label": "Resign", "action": "quit" }));
    }
    let (tools, default_tool) = tools_view(game, &plays);
    let listed: Vec<Value> = actions.iter().map(|a| game.action_view(a)).collect();
    // How play ended, in the ruleset's words (the page's status line).
    let status = game.end_event().map(|e| game.event_text(&e));
    let mut view = json!({
        "status": status,
        "renderer": "grid",
        "title": p.name,
        "width": p.geometry.width,
        "height": p.geometry.height,
        "cells": cells,
        "tools": tools,
        "default_tool": default_tool,
        "plays": plays,
        "buttons": buttons,
        "seat_colours": &SEAT_COLOURS[..p.players.len().min(4)],
        "actions": listed,
    });
    game.flow_view(&mut view);
    view
}

/// The square an action is played on by clicking it, when it has one.
fn target(action: &Action) -> Option<u8> {
    match *action {
        Action::Place { at, .. } | Action::Drop { at, .. } | Action::PlaceFrom { at, .. } => {
            Some(at)
        }
        _ => None,
    }
}

/// One square: where the grid draws it (column 1 at the left, row 1 at
/// the top as drawn), its name, its visible piece with the stack's height
/// when more than one (grey while it belongs to nobody), and a dark fill
/// for a sink hole.
fn cell_view(game: &VocabGame, cell: u8) -> Value {
    let p: &Program = game.program();
    let g = &p.geometry;
    let (x, y) = g.xy(cell);
    let row = match p.north {
        North::Up => g.height - y,
        _ => y + 1,
    };
    let name = g.name(cell);
    let mut view = json!({ "x": x + 1, "y": row, "title": name, "square": name });
    let stack = game.stack(cell);
    if let Some(&top) = stack.last() {
        let (_, owner) = Program::decode(top);
        let colour = match game.neutral() >> cell & 1 {
            1 => NEUTRAL_COLOUR,
            _ => SEAT_COLOURS[usize::from(owner) % SEAT_COLOURS.len()],
        };
        let mut layer = json!({ "glyph": p.glyph(top), "colour": colour });
        if stack.len() > 1 {
            layer["label"] = json!(stack.len().to_string());
        }
        view["layers"] = json!([layer]);
    }
    if game.sinks() >> cell & 1 == 1 {
        view["fill"] = json!(SINK_FILL);
        view["title"] = json!(format!("{name} (sink hole)"));
    }
    view
}
