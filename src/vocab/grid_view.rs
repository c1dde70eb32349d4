//! The browser's view of a vocabulary game in the generic grid renderer's
//! format (`"renderer": "grid"`, see README, HTTP API): each square with
//! its visible piece (drawn as `[kinds.draw]` says, in its owner's colour
//! from `[[players]] colour`, the stack's height shown, grey pieces and
//! sink holes), the square's action when one click says it all (a drop's
//! on every square of its line, so a click anywhere in a column drops
//! there), the edges'
//! coordinates, the tools of the player to move with every legal action as
//! a play (a tool and the squares or choices that make it, `tools.rs`)
//! and what a tool attempts on a square no play uses, a button for
//! actions on no square (passing, quitting; a lost turn is what an
//! illegal attempt costs, not a button), each seat's reserve and captured
//! pieces; `actions` lists every legal action with its squares (`from`,
//! `to`) for other clients; `status`, once play is over, says how it ended
//! in the ruleset's words.

use serde_json::{Value, json};

use super::compile::Program;
use super::notation::line_of;
use super::piece_view::{piece_layer, pieces_view};
use super::schema::{Coordinates, Illegal, North, QuitResult, Shape};
use super::state::{Action, VocabGame};
use super::tools::{play_view, tools_view};
use crate::contract::{Game, Seat};

/// The fill of a sink hole: red, as the course draws it.
const SINK_FILL: &str = "#c92a2a";

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
    let (cells, plays, buttons) = clickables(game, &actions, playing);
    let (tools, default_tool) = tools_view(game, &plays);
    let listed: Vec<Value> = actions.iter().map(|a| game.action_view(a)).collect();
    // How play ended, in the ruleset's words (the page's status line).
    let status = game.end_event().map(|e| game.event_text(&e));
    let (columns, rows) = edges(p);
    let illegal = match p.illegal {
        Illegal::Refused => "refused",
        Illegal::LoseTurn => "lose-turn",
    };
    // Hexes drawn as the text view draws them: each row half a cell east
    // of the row below (rows drawn north up).
    let hex = p.geometry.shape == Shape::Hex && p.north == North::Up;
    let mut view = json!({
        "status": status,
        "renderer": "grid",
        "layout": if hex { "hex" } else { "square" },
        "title": p.name,
        "width": p.geometry.width,
        "height": p.geometry.height,
        "columns": columns,
        "rows": rows,
        "cells": cells,
        "tools": tools,
        "default_tool": default_tool,
        "plays": plays,
        "buttons": buttons,
        "illegal": illegal,
        "confirm_quit": p.appearance.confirm_quit,
        "checkered": p.appearance.checkered,
        "seat_colours": p.appearance.seat_colours,
        "pieces": pieces_view(game),
        "actions": listed,
    });
    game.flow_view(&mut view);
    view
}

/// The cells (each with its action when it has exactly one), the plays
/// and the buttons of `actions`, which `playing` may play.
fn clickables(
    game: &VocabGame,
    actions: &[Action],
    playing: bool,
) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let p = game.program();
    let mut on_square: Vec<Vec<String>> = vec![Vec::new(); p.geometry.cells()];
    let mut buttons = Vec::new();
    let mut plays = Vec::with_capacity(actions.len());
    for action in actions {
        let text = game.write_action(action);
        if let Action::Drop { kind, at } = *action {
            // A drop is played by a click anywhere on its line.
            for cell in line_cells(p, at) {
                on_square[usize::from(cell)].push(text.clone());
                let clicked = Action::Drop { kind, at: cell };
                plays.extend(play_view(game, &clicked, text.clone()));
            }
            continue;
        }
        match target(action) {
            Some(at) => on_square[usize::from(at)].push(text.clone()),
            None if matches!(action, Action::Pass) => {
                buttons.push(json!({ "label": "Pass", "action": text }));
            }
            None => {}
        }
        plays.extend(play_view(game, action, text));
    }
    let cells = (on_square.into_iter().enumerate())
        .map(|(cell, mut here)| {
            let mut view = cell_view(game, cell as u8);
            if here.len() == 1 {
                view["action"] = json!(here.remove(0));
            }
            view
        })
        .collect();
    if playing {
        let label = match p.quit {
            QuitResult::Draw => "Quit",
            QuitResult::Leave if p.players.len() > 2 => "Leave",
            QuitResult::Loss | QuitResult::Leave => "Resign",
        };
        buttons.push(json!({ "label": label, "action": "quit", "key": "q" }));
    }
    (cells, plays, buttons)
}

/// The labels of the columns, left to right, and of the rows, top to
/// bottom as drawn: the notation's (`a`, `1`), or the numbers from 1 when
/// the ruleset names squares by them (`[messages] square`).
fn edges(p: &Program) -> (Vec<String>, Vec<String>) {
    let g = &p.geometry;
    let numbers = !p.messages.text("square", &[]).contains("{name}")
        || g.coordinates == Coordinates::ColumnRow;
    let columns = (0..g.width)
        .map(|x| match numbers {
            true => (x + 1).to_string(),
            false => g.column_name(x),
        })
        .collect();
    let rows = (0..g.height).map(|y| (y + 1).to_string());
    let rows = match p.north {
        North::Up => rows.rev().collect(),
        _ => rows.collect(),
    };
    (columns, rows)
}

/// The squares of the drop line through `at` (a column, or a row for
/// drops east or west; just `at` for a line that is neither), where a
/// click plays the drop.
fn line_cells(p: &Program, at: u8) -> Vec<u8> {
    let line = line_of(p, at);
    (0..p.geometry.cells() as u8)
        .filter(|&cell| line_of(p, cell) == line)
        .collect()
}

/// The square an action is played on by clicking it, when it has one.
fn target(action: &Action) -> Option<u8> {
    match *action {
        Action::Place { at, .. } | Action::PlaceFrom { at, .. } => Some(at),
        _ => None,
    }
}

/// One square: where the grid draws it (column 1 at the left, row 1 at
/// the top as drawn), its name, its visible piece with the stack's height
/// (grey while it belongs to nobody), and a red fill for a sink hole.
fn cell_view(game: &VocabGame, cell: u8) -> Value {
    let p: &Program = game.program();
    let g = &p.geometry;
    let (x, y) = g.xy(cell);
    let row = match p.north {
        North::Up => g.height - y,
        _ => y + 1,
    };
    let name = p.square_text(cell);
    let mut title = name.clone();
    let mut view = json!({ "x": x + 1, "y": row, "square": g.name(cell) });
    let stack = game.stack(cell);
    if let Some(&top) = stack.last() {
        let neutral = game.neutral() >> cell & 1 == 1;
        let layer = piece_layer(p, top, neutral, stack.len());
        let glyphs: Vec<&str> = stack.iter().rev().map(|&c| p.glyph(c)).collect();
        title = format!("{name}: {}", glyphs.join(" over "));
        if neutral {
            title.push_str(" (grey)");
        }
        view["layers"] = json!([layer]);
    }
    if game.sinks() >> cell & 1 == 1 {
        view["fill"] = json!(SINK_FILL);
        title.push_str(" (sink hole)");
    }
    view["title"] = json!(title);
    view
}
