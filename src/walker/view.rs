//! The capabilities every walker game has from the walker itself: text
//! (through its [`Codec`]), the browser's grid view, an evaluation for
//! bots and tallies for `relic sim`.

use serde_json::json;

use super::codec::Codec;
use super::events::{Action, Event, Refusal};
use super::schema::Mode;
use super::state::Walker;
use crate::bots::GameStrategies;
use crate::contract::{BrowserView, Evaluate, Game, Seat, Tallies, Tally, TextView};

impl<C: Codec> TextView for Walker<C> {
    fn write_position(&self, out: &mut String) {
        C::write_position(self, out);
    }

    fn write_prompt(&self, out: &mut String) {
        C::write_prompt(self, out);
    }

    fn write_events(&self, events: &[Event], out: &mut String) {
        C::write_events(self, events, out);
    }

    fn write_refusal(&self, refusal: &Refusal, out: &mut String) {
        C::write_refusal(self, refusal, out);
    }
}

impl<C: Codec> BrowserView for Walker<C> {
    /// The grid (north up, each kind drawn as its `draw` says), a tool per
    /// action (its key: its letter, or the first letter of its name free
    /// of the focus keys `w a s d` and `q`) and a play per legal action
    /// (the square the actor ends on), the `end` action as a button, and
    /// what has been taken.
    fn view(&self, seat: Option<Seat>) -> serde_json::Value {
        let program = self.program();
        let grid = self.grid();
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        let cells: Vec<_> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| self.cell_view(x, y))
            .collect();
        let playing = seat.is_some() && self.status().to_move().is_some();
        let legal = if playing {
            self.legal_actions()
        } else {
            Vec::new()
        };
        let (plays, buttons) = self.plays(&legal);
        let mut view = json!({
            "renderer": "grid",
            "title": program.name,
            "width": width,
            "height": height,
            "cells": cells,
            "tools": self.tools(&legal),
            "plays": plays,
            "buttons": buttons,
            "status": self.sentence(),
        });
        self.decorate(&mut view);
        view
    }

    fn event_view(&self, event: &Event) -> serde_json::Value {
        let program = self.program();
        match *event {
            Event::Stepped { from, to } => json!({ "kind": "stepped", "from": from, "to": to }),
            Event::Collected { at, kind } => json!({
                "kind": "collected", "at": at,
                "text": format!("Took the {} at ({},{}).", program.kinds[kind as usize].name, at.0, at.1),
            }),
            Event::Dug { at, .. } => json!({ "kind": "dug", "at": at }),
            Event::Pushed { from, to, .. } => json!({ "kind": "pushed", "from": from, "to": to }),
            Event::Physics(m) => json!({
                "kind": "physics", "rule": program.physics.rules[m.rule as usize].name,
                "from": m.from, "to": m.to,
            }),
            Event::Ended { end } => json!({
                "kind": "ended", "text": format!("Play is over: {}.", program.physics.ends[end as usize].name),
            }),
            Event::Acknowledged => json!({ "kind": "acknowledged" }),
        }
    }
}

impl<C: Codec> Evaluate for Walker<C> {
    /// More collected is better; an end the actor loses is worst.
    fn evaluate(&self, seat: Seat) -> f64 {
        match self.status().outcome() {
            Some(outcome) => outcome.reward(seat),
            None => {
                let taken: u32 = (0..self.program().kinds.len())
                    .map(|k| u32::from(self.collected(k as u8)))
                    .sum();
                0.5 + 0.5 * f64::from(taken) / f64::from(taken + 4)
            }
        }
    }
}

impl<C: Codec> Tallies for Walker<C> {
    /// Moves made, things collected and whether the player reached an end,
    /// each read at the end of a game.
    fn tallies(&self, _seat: Seat) -> Vec<Tally> {
        let mut out = vec![Tally::at_end("moves", i64::from(self.turn()))];
        let taken: i64 = (self.program().kinds.iter().enumerate())
            .filter(|(_, k)| k.collectable)
            .map(|(i, _)| i64::from(self.collected(i as u8)))
            .sum();
        out.push(Tally::at_end("collected", taken));
        let ends = self.program().actions.iter().any(|a| a.mode == Mode::End);
        out.push(Tally::at_end(
            "ended",
            i64::from(ends && self.ended().is_some()),
        ));
        out
    }
}

/// Walker games have no strategies of their own: the generic bots play.
impl<C: Codec> GameStrategies for Walker<C> {}

/// A square's name in the browser view (`x,y`, as the board numbers it).
fn square((x, y): (i32, i32)) -> String {
    format!("{x},{y}")
}

impl<C: Codec> Walker<C> {
    /// One cell of the browser view: row 1 is the top (north) row.
    fn cell_view(&self, x: i32, y: i32) -> serde_json::Value {
        let (program, grid) = (self.program(), self.grid());
        let id = grid.kind(x, y);
        let kind = &program.kinds[id as usize];
        let mut cell = json!({
            "x": x + 1, "y": grid.height() as i32 - y, "square": square((x, y)),
            "title": format!("{} ({x},{y})", kind.name),
        });
        let draw = &kind.draw;
        if let Some(fill) = &draw.fill {
            cell["fill"] = json!(fill);
        }
        if id != program.empty {
            let mut layer = json!({});
            let symbol = draw
                .symbol
                .clone()
                .unwrap_or_else(|| kind.glyph.to_string());
            if !symbol.is_empty() {
                layer["glyph"] = json!(symbol);
            }
            if let Some(shape) = draw.shape {
                layer["shape"] = json!(shape.name());
            }
            if let Some(colour) = &draw.colour {
                layer["colour"] = json!(colour);
            }
            cell["layers"] = json!([layer]);
        }
        cell
    }

    /// A play per legal action but `end` (the square the actor ends on),
    /// and a button per `end` action.
    fn plays(&self, legal: &[Action]) -> (Vec<serde_json::Value>, Vec<serde_json::Value>) {
        let program = self.program();
        let (mut plays, mut buttons) = (Vec::new(), Vec::new());
        for action in legal {
            let def = &program.actions[action.action as usize];
            let text = self.write_action(action);
            if def.mode == Mode::End {
                buttons.push(json!({ "label": format!("{text}: {}", def.name), "action": text }));
                continue;
            }
            let (dx, dy) = action.direction.delta();
            let n = i32::from(action.count);
            let to = (self.actor().0 + n * dx, self.actor().1 + n * dy);
            plays.push(json!({ "tool": def.name, "steps": [square(to)], "action": text }));
        }
        (plays, buttons)
    }

    /// The default tool, the actor's colour and what has been taken.
    fn decorate(&self, view: &mut serde_json::Value) {
        let program = self.program();
        if let Some(first) = program.actions.iter().find(|a| a.mode != Mode::End) {
            view["default_tool"] = json!(first.name);
        }
        if let Some(colour) = &program.kinds[program.actor as usize].draw.colour {
            view["seat_colours"] = json!([colour]);
        }
        if let Some(taken) = self.taken() {
            view["scores"] = json!([taken]);
            view["score_label"] = json!("Taken");
        }
    }

    /// A tool per action but `end`, enabled when it has a legal play.
    fn tools(&self, legal: &[Action]) -> Vec<serde_json::Value> {
        let mut used = String::from("wasdq");
        (self.program().actions.iter().enumerate())
            .filter(|(_, def)| def.mode != Mode::End)
            .map(|(i, def)| {
                let letters = std::iter::once(def.letter).chain(def.name.chars());
                let key = letters
                    .map(|c| c.to_ascii_lowercase())
                    .find(|c| c.is_ascii_alphanumeric() && !used.contains(*c));
                used.extend(key);
                let enabled = legal.iter().any(|a| usize::from(a.action) == i);
                json!({ "id": def.name, "label": def.name, "key": key.map(String::from), "enabled": enabled })
            })
            .collect()
    }

    /// How many collectable squares the actor has taken, if any kind is.
    fn taken(&self) -> Option<u32> {
        let kinds = &self.program().kinds;
        let collectable = || (0..kinds.len()).filter(|&k| kinds[k].collectable);
        collectable().next()?;
        Some(
            collectable()
                .map(|k| u32::from(self.collected(k as u8)))
                .sum(),
        )
    }

    /// The status sentence: how play ended, or what is taken and left.
    fn sentence(&self) -> String {
        if let Some(end) = self.ended() {
            return match self.status().to_move() {
                Some(_) => format!("Game over: {end}. Play the end action to finish."),
                None => format!("Game over: {end}."),
            };
        }
        let program = self.program();
        let counts: Vec<String> = (program.kinds.iter().enumerate())
            .filter(|(_, k)| k.collectable)
            .map(|(i, k)| {
                let left = self.grid().kinds().filter(|&g| usize::from(g) == i).count();
                let mut chars = k.name.chars();
                let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
                let name = first.unwrap_or_default() + chars.as_str();
                format!("{name}: {} taken, {left} left", self.collected(i as u8))
            })
            .collect();
        match counts.is_empty() {
            true => format!("Moves: {}.", self.turn()),
            false => format!("{}.", counts.join("; ")),
        }
    }
}
