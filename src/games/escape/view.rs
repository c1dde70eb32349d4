//! What players see of Escape: the text view (square boards as a grid
//! with row 1 at the bottom, hex boards as offset rows), the browser's
//! generic grid view, an evaluation for bots and tallies for the
//! simulator.
//!
//! Pieces are drawn by their type's initial, upper case for PLAYER1 and
//! lower case for PLAYER2; `#` is a block, `E` an exit, `.` a clear
//! location.

use serde_json::json;

use crate::contract::{
    BrowserView, Evaluate, Game, InputUnit, Outcome, Seat, Status, Tallies, Tally, TextView,
};
use crate::mechanics::movement::{Axis, Coord, Tiling};

use super::config::LocationKind;
use super::play::{Action, Event, Refusal, player_name};
use super::state::EscapeGame;
use super::window::cut;

/// The widest finite axis drawn whole; longer and infinite axes are drawn
/// around what is on them.
const WHOLE_AXIS: u32 = 30;

impl EscapeGame {
    /// The coordinates drawn along one axis: the whole of a short finite
    /// axis, else the span of the locations, the pieces and `also`, one
    /// more each side (within the axis).
    fn shown(&self, axis: Axis, along: impl Fn(Coord) -> i32, also: &[Coord]) -> (i32, i32) {
        if let Axis::Finite(max) = axis
            && max <= WHOLE_AXIS
        {
            return (1, max as i32);
        }
        let used = self
            .table()
            .config
            .locations
            .iter()
            .map(|l| l.at)
            .chain(self.pieces().map(|(c, _)| c))
            .chain(also.iter().copied());
        let (low, high) = used
            .map(&along)
            .fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let (low, high) = if low > high {
            (0, 0)
        } else {
            (low.saturating_sub(1), high.saturating_add(1))
        };
        match axis {
            Axis::Finite(max) => (low.max(1), high.min(max as i32)),
            Axis::Infinite => (low, high),
        }
    }

    /// What is drawn for a location: a piece's initial (a stack's top
    /// piece's, then how many pieces it holds), else the terrain's sign.
    fn glyph(&self, at: Coord) -> String {
        let stack = self.stack(at);
        if let Some(&(_, piece)) = stack.last() {
            let initial = self.piece_type(piece).name.chars().next().unwrap_or('?');
            let initial = match piece.owner {
                0 => initial,
                _ => initial.to_ascii_lowercase(),
            };
            return match stack.len() {
                1 => initial.to_string(),
                n => format!("{initial}{n}"),
            };
        }
        match self.terrain(at) {
            LocationKind::Block => "#",
            LocationKind::Exit => "E",
            LocationKind::Clear => ".",
        }
        .to_owned()
    }

    fn write_square(&self, out: &mut String, xs: (i32, i32), ys: (i32, i32)) {
        let width = xs.0.to_string().len().max(xs.1.to_string().len());
        for x in (xs.0..=xs.1).rev() {
            out.push_str(&format!("{x:>width$} "));
            for y in ys.0..=ys.1 {
                out.push_str(&format!(" {:>3}", self.glyph((x, y))));
            }
            out.push('\n');
        }
        out.push_str(&format!("{:>width$} ", ""));
        for y in ys.0..=ys.1 {
            out.push_str(&format!(" {y:>3}"));
        }
        out.push_str("\n(x, y): x is the row, counted up from the bottom; y the column\n");
    }

    fn write_hex(&self, out: &mut String, xs: (i32, i32), ys: (i32, i32)) {
        let width = xs.0.to_string().len().max(xs.1.to_string().len());
        for x in (xs.0..=xs.1).rev() {
            let indent = 2 * (x - xs.0) as usize;
            out.push_str(&format!("x={x:>width$} {:indent$}", ""));
            for y in ys.0..=ys.1 {
                out.push_str(&format!(" {:>3}", self.glyph((x, y))));
            }
            out.push('\n');
        }
        out.push_str(&format!("y:{:>width$} ", ""));
        for y in ys.0..=ys.1 {
            out.push_str(&format!(" {y:>3}"));
        }
        out.push_str("\n(x, y): row x, slot y; each row up is half a slot to the right, so (x+1, y) is up and right of (x, y)\n");
    }

    fn write_legend(&self, out: &mut String) {
        let types: Vec<String> = self
            .table()
            .config
            .pieces
            .iter()
            .map(|p| format!("{} {}", p.name.chars().next().unwrap_or('?'), p.name))
            .collect();
        out.push_str(&format!(
            "{}; upper case PLAYER1, lower case PLAYER2; # block, E exit, . clear\n",
            types.join(", ")
        ));
        if self.table().variant.illegal_move == super::variant::IllegalMove::Loses {
            out.push_str("An illegal move loses the game.\n");
        }
        if self.tops().count() < self.pieces().count() {
            out.push_str("A number after a piece: a stack of that many pieces, the top one shown (it is the one that moves).\n");
        }
        let rules = self.table().config.rules;
        let mut line = format!(
            "Score: PLAYER1 {}, PLAYER2 {}",
            self.score(0),
            self.score(1)
        );
        if let Some(goal) = rules.score {
            line.push_str(&format!(" (SCORE {goal} wins)"));
        }
        line.push_str(&format!("; moves made: {}", self.moves()));
        if let Some(limit) = rules.turn_limit {
            line.push_str(&format!(" (TURN_LIMIT {limit})"));
        }
        out.push_str(&line);
        out.push('\n');
    }

    fn event_text(&self, event: &Event) -> String {
        match *event {
            Event::Moved {
                name,
                player,
                from,
                to,
            } => {
                let (who, from, to) = (player_name(player), shown(from), shown(to));
                format!("{who}'s {name} moves from {from} to {to}.")
            }
            Event::Escaped {
                name,
                player,
                exit,
                points,
                fell,
            } => {
                let how = if fell {
                    "falls into"
                } else {
                    "escapes through"
                };
                let (who, exit) = (player_name(player), shown(exit));
                let unit = if points == 1 { "point" } else { "points" };
                format!("{who}'s {name} {how} the exit at {exit}: {points} {unit}.")
            }
            Event::Removed { name, player, at } => {
                let (who, at) = (player_name(player), shown(at));
                format!("{who}'s {name} at {at} is removed.")
            }
            Event::Reduced { name, at, value } => {
                format!("The {name} at {} is now worth {value}.", shown(at))
            }
            Event::Resigned(seat) => format!("{} resigns.", player_name(seat)),
            Event::Forfeited(seat) => {
                format!("{} made an illegal move and loses.", player_name(seat))
            }
            Event::Ended(Outcome::Won(seat)) => format!("{} wins", player_name(seat)),
            Event::Ended(_) => "The game is a draw.".to_owned(),
        }
    }
}

/// A location as the game's messages write it: `(x, y)`.
fn shown(c: Coord) -> String {
    format!("({}, {})", c.0, c.1)
}

impl TextView for EscapeGame {
    fn write_position(&self, out: &mut String) {
        let board = *self.board();
        let focus = self.focus();
        let (xs, x_cut) = cut(self.shown(board.x, |c| c.0, &[]), focus.0);
        let (ys, y_cut) = cut(self.shown(board.y, |c| c.1, &[]), focus.1);
        match board.tiling {
            Tiling::Square => self.write_square(out, xs, ys),
            Tiling::Hex => self.write_hex(out, xs, ys),
        }
        if x_cut || y_cut {
            out.push_str(&self.window_note(xs, ys));
        }
        self.write_legend(out);
    }

    fn write_prompt(&self, out: &mut String) {
        if let Status::ToMove(seat) = self.status() {
            out.push_str(&format!(
                "{} to move (FROM TO, e.g. 1,1 1,2): ",
                player_name(seat)
            ));
        }
    }

    fn write_events(&self, events: &[Event], out: &mut String) {
        for event in events {
            out.push_str(&self.event_text(event));
            out.push('\n');
        }
        // As every game's text view: the position after a change.
        if !events.is_empty() {
            self.write_position(out);
        }
    }

    fn write_refusal(&self, refusal: &Refusal, out: &mut String) {
        out.push_str(&refusal.to_string());
        out.push('\n');
    }

    fn input_unit(&self) -> InputUnit {
        InputUnit::Lines
    }
}

impl BrowserView for EscapeGame {
    /// The generic grid renderer's view: hex boards in its hexagon layout
    /// (each row half a cell right of the row below, as axial coordinates
    /// are drawn), every legal move a play of two squares so that choosing
    /// a piece highlights where it can go (infinite axes are drawn far
    /// enough to show every destination), the coordinates on the edges,
    /// the players in the ruleset's colours, and a note when the board is
    /// too large to draw whole.
    fn view(&self, _seat: Option<Seat>) -> serde_json::Value {
        let board = *self.board();
        let legal = self.legal_actions();
        let targets: Vec<Coord> = (legal.iter())
            .filter_map(|action| match *action {
                Action::Move { to, .. } => Some(to),
                Action::Resign | Action::Forfeit => None,
            })
            .collect();
        // A large board is sent as a window around the pieces of the
        // player to move, as text mode draws it.
        let focus = self.focus();
        let (xs, x_cut) = cut(self.shown(board.x, |c| c.0, &targets), focus.0);
        let (ys, y_cut) = cut(self.shown(board.y, |c| c.1, &targets), focus.1);
        let layout = match board.tiling {
            Tiling::Square => "square",
            Tiling::Hex => "hex",
        };
        json!({
            "renderer": "grid",
            "title": "Escape",
            "layout": layout,
            "width": ys.1 - ys.0 + 1,
            "height": xs.1 - xs.0 + 1,
            // The edges' coordinates: y along the bottom, x up the side
            // (the largest at the top), as the squares are named `(x, y)`.
            "columns": (ys.0..=ys.1).map(|y| y.to_string()).collect::<Vec<_>>(),
            "rows": (xs.0..=xs.1).rev().map(|x| x.to_string()).collect::<Vec<_>>(),
            "cells": self.cell_views(xs, ys),
            "default_tool": "move",
            "plays": self.play_views(&legal),
            "buttons": [{ "label": "Resign", "action": "resign" }],
            "seat_colours": self.table.colours,
            "scores": [self.score(0), self.score(1)],
            "score_label": "points",
            "note": (x_cut || y_cut).then(|| self.window_note(xs, ys).trim_end().to_owned()),
        })
    }

    fn event_view(&self, event: &Event) -> serde_json::Value {
        json!({ "kind": "event", "text": self.event_text(event) })
    }
}

impl EscapeGame {
    /// The locations of rows `xs` (top first, the largest x) and columns
    /// `ys` in the grid view.
    fn cell_views(&self, xs: (i32, i32), ys: (i32, i32)) -> Vec<serde_json::Value> {
        let mut cells = Vec::new();
        for (row, x) in (xs.0..=xs.1).rev().enumerate() {
            for (column, y) in (ys.0..=ys.1).enumerate() {
                cells.push(self.cell_view((x, y), column + 1, row + 1));
            }
        }
        cells
    }

    /// Every legal move as a play of two squares.
    fn play_views(&self, legal: &[Action]) -> Vec<serde_json::Value> {
        let square = |c: Coord| format!("{},{}", c.0, c.1);
        (legal.iter())
            .filter_map(|action| match *action {
                Action::Move { from, to } => Some(json!({
                    "tool": "move",
                    "steps": [square(from), square(to)],
                    "action": self.write_action(action),
                })),
                Action::Resign | Action::Forfeit => None,
            })
            .collect()
    }

    /// One location in the grid view, at `column` and `row` from the top
    /// left: its square's name (as the notation writes it), its terrain as
    /// a fill, and its piece.
    fn cell_view(&self, at: Coord, column: usize, row: usize) -> serde_json::Value {
        let (x, y) = at;
        let mut cell = json!({
            "x": column, "y": row, "title": format!("({x}, {y})"), "square": format!("{x},{y}"),
        });
        match self.terrain(at) {
            LocationKind::Block => cell["fill"] = json!("#555555"),
            LocationKind::Exit => cell["fill"] = json!("#2e8b57"),
            LocationKind::Clear => {}
        }
        let stack = self.stack(at);
        match stack.last() {
            Some(&(_, top)) => {
                let colour = &self.table.colours[top.owner];
                // Every piece, bottom first; the top one labelled with its
                // value and the stack's height.
                let layers: Vec<serde_json::Value> = (stack.iter().enumerate())
                    .map(|(i, &(_, piece))| {
                        let name = self.piece_type(piece).name;
                        let glyph = name.chars().next().unwrap_or('?').to_string();
                        let mut layer =
                            json!({ "shape": "disc", "glyph": glyph, "colour": colour });
                        if i + 1 == stack.len() {
                            layer["label"] = json!(match stack.len() {
                                1 => format!("{name} {}", piece.value),
                                n => format!("{name} {}, {n} high", piece.value),
                            });
                        }
                        layer
                    })
                    .collect();
                let names: Vec<String> = (stack.iter().rev())
                    .map(|&(_, p)| format!("{} {}", self.piece_type(p).name, p.value))
                    .collect();
                let what = match stack.len() {
                    1 => self.piece_type(top).name.to_owned(),
                    n => format!("stack of {n}, top first: {}", names.join(", ")),
                };
                cell["layers"] = json!(layers);
                cell["stack"] = json!(stack.len());
                cell["title"] = json!(format!("({x}, {y}) {} {what}", player_name(top.owner)));
            }
            None => match self.terrain(at) {
                LocationKind::Block => cell["title"] = json!(format!("({x}, {y}) BLOCK")),
                LocationKind::Exit => cell["title"] = json!(format!("({x}, {y}) EXIT")),
                LocationKind::Clear => {}
            },
        }
        cell
    }
}

impl Evaluate for EscapeGame {
    /// Points scored plus half the value still on the board, against the
    /// other player's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Status::Over(outcome) = self.status() {
            return outcome.reward(seat);
        }
        let worth = |who: usize| {
            let on_board: f64 = self
                .pieces()
                .filter(|(_, p)| p.owner == who)
                .map(|(_, p)| f64::from(p.value))
                .sum();
            f64::from(self.score(who)) + on_board / 2.0
        };
        (worth(seat) + 1.0) / (worth(seat) + worth(1 - seat) + 2.0)
    }
}

impl Tallies for EscapeGame {
    /// Points scored, and pieces gone from the board (through exits or
    /// lost in conflicts), each read at the end of a game.
    fn tallies(&self, seat: Seat) -> Vec<Tally> {
        let placed = (self.table.config.locations.iter())
            .flat_map(|l| &l.pieces)
            .filter(|p| p.player == seat)
            .count();
        let left = self.pieces().filter(|(_, p)| p.owner == seat).count();
        vec![
            Tally::at_end("points", i64::from(self.score(seat))),
            Tally::at_end("pieces gone", (placed - left) as i64),
        ]
    }
}
