//! What tools see of a core game: a text board drawn from the glyphs, the
//! browser's generic grid view (every legal action a play whose steps are
//! its marked parts), a material evaluation for bots, and tallies.

use serde_json::{Value, json};

use super::action::{Action, WORD};
use super::game::{CoreEvent, CoreGame};
use super::schema::Shape;
use crate::contract::{
    BrowserView, Evaluate, Game, Outcome, Seat, SetupFormat, Status, Tallies, Tally, TextView,
};

/// The colour of neutral pieces.
const NEUTRAL_COLOUR: &str = "#868e96";

impl CoreGame {
    /// The text of one event.
    pub fn event_text(&self, event: &CoreEvent) -> String {
        let name = |seat: Seat| self.seat_name(seat);
        match event {
            CoreEvent::Played { seat, action } => {
                format!("{} plays {}.", name(*seat), action.write(self.program()))
            }
            CoreEvent::Quit { seat } if self.leaving() => {
                format!("{} leaves the game.", name(*seat))
            }
            CoreEvent::Quit { seat } => format!("{} resigns.", name(*seat)),
            CoreEvent::Fault(message) => message.clone(),
            CoreEvent::Ended(outcome) => match *outcome {
                Outcome::Won(s) => format!("{} wins.", name(s)),
                Outcome::Lost(s) => format!("{} loses.", name(s)),
                Outcome::Quit(s) if self.seat_count() == 2 => {
                    format!("{} has quit: {} wins.", name(s), name(1 - s))
                }
                Outcome::Quit(s) => format!("{} has quit.", name(s)),
                Outcome::Draw => "The game is a draw.".to_owned(),
                Outcome::Stopped => "Play was stopped.".to_owned(),
            },
        }
    }

    /// The widest a cell's text is: a glyph, and with
    /// [`Program::heights`](super::program::Program::heights) the tallest
    /// stack's height after it.
    fn glyph_width(&self) -> usize {
        let p = self.program();
        let shown = p.pieces.iter().filter(|pc| pc.shown);
        let glyph = (shown.map(|pc| pc.glyph.chars().count()))
            .max()
            .unwrap_or(1);
        if !p.heights {
            return glyph;
        }
        let tallest = (0..self.cells().len())
            .map(|c| self.shown_stack(c).len())
            .max();
        match tallest {
            Some(h) if h > 0 => glyph + h.to_string().len(),
            _ => glyph,
        }
    }

    /// What the text view writes for `cell`: its top's glyph, and its
    /// height after it when the ruleset shows heights (`o4`); pieces of
    /// kinds not shown are left out.
    fn cell_text(&self, cell: usize) -> String {
        let p = self.program();
        let shown = self.shown_stack(cell);
        let glyph = p.glyph(shown.last().copied().unwrap_or(0));
        match (p.heights, shown.len()) {
            (true, h) if h > 0 => format!("{glyph}{h}"),
            _ => glyph.to_owned(),
        }
    }

    /// A line for each stack whose pieces beneath the top the board
    /// cannot show (`b2 holds, bottom first: o O X`): every stack of two
    /// or more pieces, but one of like pieces when the board writes its
    /// height (`o4`).
    fn write_stacks(&self, out: &mut String) {
        let p = self.program();
        for cell in 0..self.cells().len() {
            let stack = self.shown_stack(cell);
            let alike = stack.windows(2).all(|w| w[0] == w[1]);
            if stack.len() < 2 || (p.heights && alike) {
                continue;
            }
            let glyphs = stack.iter().map(|&code| p.glyph(code));
            crate::contract::write_stack_line(out, &p.board.names[cell], glyphs);
        }
    }

    /// The pieces of `cell` that the views show, bottom first (those of
    /// kinds with `shown = false` left out).
    fn shown_stack(&self, cell: usize) -> Vec<u8> {
        let p = self.program();
        let mut stack = self.stack(cell);
        stack.retain(|&code| p.pieces[usize::from(code) - 1].shown);
        stack
    }
}

impl TextView for CoreGame {
    fn takes_undo(&self) -> bool {
        true
    }

    fn write_setup(&self, format: SetupFormat) -> Result<String, String> {
        match format {
            SetupFormat::Own => Ok(super::position::write_position(self)),
            SetupFormat::Fen => match super::fen::fen_refusal(self) {
                None => Ok(super::fen::write_fen(self) + "\n"),
                Some(why) => Err(format!("FEN cannot write this position: {why}")),
            },
        }
    }

    fn write_position(&self, out: &mut String) {
        let p = self.program();
        let b = &p.board;
        let cell = self.glyph_width();
        let label = b.height.to_string().len();
        for y in (0..b.height).rev() {
            let indent = match b.shape {
                Shape::Hex => usize::from(y) * (cell + 1) / 2,
                _ => 0,
            };
            let mut line = format!("{:>label$} {}", y + 1, " ".repeat(indent));
            for x in 0..b.width {
                let glyph = match b.at_xy(x, y) {
                    Some(c) => self.cell_text(usize::from(c)),
                    None => " ".to_owned(),
                };
                line.push_str(&format!(" {glyph:<cell$}"));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let mut footer = " ".repeat(label + 1);
        for x in 0..b.width {
            footer.push_str(&format!(" {:<cell$}", super::board::column_name(x)));
        }
        out.push_str(footer.trim_end());
        out.push('\n');
        self.write_stacks(out);
        for v in p.variables.iter().filter(|v| v.shown) {
            let values: Vec<String> = match v.per_player {
                true => (0..p.players.len())
                    .map(|s| {
                        format!(
                            "{} {}",
                            p.players[s],
                            self.values()[usize::from(v.slot) + s]
                        )
                    })
                    .collect(),
                false => vec![self.values()[usize::from(v.slot)].to_string()],
            };
            out.push_str(&format!("{}: {}\n", v.name, values.join(", ")));
        }
        crate::config::quit::write_left(self, |s| self.has_left(s), out);
    }

    fn write_prompt(&self, out: &mut String) {
        if let Status::ToMove(seat) = self.status() {
            let example = (self.legal_actions().first())
                .map(|a| format!(" (for example {})", self.write_action(a)))
                .unwrap_or_default();
            out.push_str(&format!("{} to move{example}: ", self.seat_name(seat)));
        }
    }

    fn write_events(&self, events: &[CoreEvent], out: &mut String) {
        for event in events {
            out.push_str(&self.event_text(event));
            out.push('\n');
        }
        if !events.is_empty() {
            self.write_position(out);
        }
    }

    fn write_refusal(&self, refusal: &super::game::CoreRefusal, out: &mut String) {
        out.push_str(&refusal.message);
        if let Some(legal) = self.legal_here() {
            out.push(' ');
            out.push_str(&legal);
        }
        out.push('\n');
    }
}

impl CoreGame {
    /// What a refusal adds: the legal actions here, the first few named
    /// ("Legal here: a1, b1 and 7 more."); `None` when the game is over.
    fn legal_here(&self) -> Option<String> {
        let actions = self.legal_actions();
        let named: Vec<String> = (actions.iter().take(crate::prose::FEW))
            .map(|a| self.write_action(a))
            .collect();
        (!actions.is_empty()).then(|| {
            format!(
                "Legal here: {}.",
                crate::prose::first_few(&named, actions.len())
            )
        })
    }

    fn part_texts(&self, action: &Action) -> Vec<String> {
        let p = self.program();
        (action.parts().iter())
            .map(|&part| match part & WORD {
                0 => p.board.names[usize::from(part)].clone(),
                _ => p.words[usize::from(part & !WORD)].clone(),
            })
            .collect()
    }

    fn cell_view(&self, cell: usize) -> Value {
        let p = self.program();
        let (x, y) = p.board.xy[cell];
        let name = &p.board.names[cell];
        let zones: Vec<usize> = (p.look.zones.iter().enumerate())
            .filter(|(_, zone)| zone.cells.binary_search(&(cell as u16)).is_ok())
            .map(|(i, _)| i)
            .collect();
        let mut title = name.clone();
        for &zone in &zones {
            title = format!("{title}, {}", p.look.zones[zone].name);
        }
        let mut view =
            json!({ "x": x + 1, "y": p.board.height - y, "title": title, "square": name });
        if let Some(&zone) = zones.first() {
            view["zone"] = json!(zone);
            if let Some(colour) = &p.look.zones[zone].colour {
                view["zone_colour"] = json!(colour);
            }
        }
        let shown = self.shown_stack(cell);
        if let Some(&code) = shown.last() {
            let piece = &p.pieces[usize::from(code) - 1];
            let colour = match piece.owner {
                Some(o) => p.colours[usize::from(o)].as_str(),
                None => NEUTRAL_COLOUR,
            };
            let kind = &p.kinds[usize::from(piece.kind)];
            let shape = piece.draw.shape;
            let glyph = match (piece.draw.symbol_of(piece.owner.map(usize::from)), shape) {
                (Some(symbol), _) => symbol,
                (None, Some(shape)) if shape.is_figure() => "",
                (None, _) => piece.glyph.as_str(),
            };
            let name = match piece.owner {
                Some(o) => format!("{} {kind}", p.players[usize::from(o)]),
                None => kind.clone(),
            };
            let mut layer = json!({
                "shape": shape.map(|s| s.name()),
                "glyph": glyph,
                "colour": colour,
                "name": name,
                "label": if shape.is_some() { None } else { Some(kind) },
            });
            let height = shown.len();
            if height > 1 {
                // A stack: its height drawn on the top piece, every piece
                // in the title, top first.
                layer["height"] = json!(height);
                let glyphs: Vec<&str> = shown.iter().rev().map(|&c| p.glyph(c)).collect();
                view["title"] = json!(format!("{title}: {}", glyphs.join(" over ")));
            }
            view["layers"] = json!([layer]);
        }
        view
    }
}

impl BrowserView for CoreGame {
    /// The generic grid renderer's view: cells, one tool (`play`) whose
    /// plays are the legal actions by their marked parts, buttons for
    /// actions on no cell and resigning.
    fn view(&self, seat: Option<Seat>) -> Value {
        let p = self.program();
        let playing = seat.is_some() && seat == self.status().to_move();
        let actions = if playing {
            self.legal_actions()
        } else {
            Vec::new()
        };
        let mut cells: Vec<Value> = (0..p.board.cells()).map(|c| self.cell_view(c)).collect();
        let mut on_cell: Vec<Vec<String>> = vec![Vec::new(); cells.len()];
        let (mut plays, mut buttons, mut listed) = (Vec::new(), Vec::new(), Vec::new());
        for action in &actions {
            let text = self.write_action(action);
            let steps = self.part_texts(action);
            let at: Vec<u16> = action.cells().collect();
            match at.as_slice() {
                [] => buttons.push(json!({ "label": text, "action": text })),
                [one] if steps.len() == 1 => on_cell[usize::from(*one)].push(text.clone()),
                _ => {}
            }
            let from = at.first().map(|&c| p.board.names[usize::from(c)].clone());
            let to = at.last().map(|&c| p.board.names[usize::from(c)].clone());
            listed.push(json!({ "action": text, "from": from, "to": to }));
            plays.push(json!({ "tool": "play", "steps": steps, "action": text }));
        }
        for (cell, mut here) in on_cell.into_iter().enumerate() {
            if here.len() == 1 {
                cells[cell]["action"] = json!(here.remove(0));
            }
        }
        if playing {
            let label = if self.leaving() { "Leave" } else { "Resign" };
            buttons.push(json!({ "label": label, "action": "quit" }));
        }
        let tools = vec![
            json!({ "id": "play", "label": "Play", "key": null, "enabled": !plays.is_empty() }),
        ];
        let status = self
            .status()
            .outcome()
            .map(|o| self.event_text(&CoreEvent::Ended(o)));
        let mut view = json!({
            "status": status,
            "renderer": "grid",
            "layout": match p.board.shape {
                Shape::Hex => "hex",
                Shape::Square | Shape::Graph => "square",
            },
            "title": p.name,
            "width": p.board.width,
            "height": p.board.height,
            "cells": cells,
            "tools": tools,
            "default_tool": "play",
            "plays": plays,
            "buttons": buttons,
            "seat_colours": p.colours,
            "actions": listed,
        });
        look_view(p, &mut view);
        view
    }

    fn event_view(&self, event: &CoreEvent) -> Value {
        json!({ "text": self.event_text(event) })
    }
}

/// How the board is drawn (`[browser]`): the coordinates on a grid's
/// edges (columns from the west, rows from the north), checkered squares,
/// or points with the lines between them and their dots, each point as the
/// view's `x` and `y`.
fn look_view(p: &super::program::Program, view: &mut Value) {
    let b = &p.board;
    if b.shape != Shape::Hex {
        view["columns"] = json!(
            (0..b.width)
                .map(super::board::column_name)
                .collect::<Vec<_>>()
        );
        view["rows"] = json!(
            (1..=b.height)
                .rev()
                .map(|y| y.to_string())
                .collect::<Vec<_>>()
        );
    }
    // Places of the drawing that are no cell (holes) are not drawn.
    view["sparse"] = json!(b.cells() < usize::from(b.width) * usize::from(b.height));
    let look = &p.look;
    view["checkered"] = json!(look.checkered);
    if !look.points {
        return;
    }
    let at = |cell: u16| {
        let (x, y) = b.xy[usize::from(cell)];
        [x + 1, b.height - y]
    };
    let lines: Vec<[u16; 4]> = (look.lines.iter())
        .map(|&(a, z)| {
            let ([x1, y1], [x2, y2]) = (at(a), at(z));
            [x1, y1, x2, y2]
        })
        .collect();
    view["points"] = json!(true);
    view["lines"] = json!(lines);
    view["dots"] = json!(look.dots.iter().map(|&c| at(c)).collect::<Vec<_>>());
}

impl CoreGame {
    /// The pieces `seat` has on the board, in stacks too.
    pub fn pieces_of(&self, seat: Seat) -> usize {
        let p = self.program();
        let owned = |&&c: &&u8| c != 0 && p.pieces[usize::from(c) - 1].owner == Some(seat as u8);
        let tops = self.cells().iter().filter(owned).count();
        let below = self.below();
        match below.is_empty() {
            true => tops,
            false => {
                tops + (0..self.cells().len())
                    .map(|c| below.of(c).iter().filter(owned).count())
                    .sum::<usize>()
            }
        }
    }
}

impl Evaluate for CoreGame {
    /// Material: the seat's pieces on the board against everyone else's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.status().outcome() {
            return outcome.reward(seat);
        }
        let mine = self.pieces_of(seat) as f64;
        let theirs: f64 = (0..self.seat_count())
            .filter(|&s| s != seat)
            .map(|s| self.pieces_of(s) as f64)
            .sum();
        0.5 + 0.5 * libm::tanh((mine - theirs) / 8.0)
    }
}

impl Tallies for CoreGame {
    /// The seat's pieces on the board at the end, then each variable the
    /// text view shows at the end: a per-player variable's copy for the
    /// seat, a variable of the whole game once.
    fn tallies(&self, seat: Seat) -> Vec<Tally> {
        let p = self.program();
        let pieces = Tally::at_end("pieces on the board", self.pieces_of(seat) as i64);
        let variables = p.variables.iter().filter(|v| v.shown).map(|v| {
            let name = Tally::name_of(&v.name);
            match v.per_player {
                true => Tally::at_end(name, i64::from(self.values()[usize::from(v.slot) + seat])),
                false => Tally::of_game(name, i64::from(self.values()[usize::from(v.slot)])),
            }
        });
        std::iter::once(pieces).chain(variables).collect()
    }
}
