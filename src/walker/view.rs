//! The capabilities every walker game has from the walker itself: text
//! (through its [`Codec`]), the browser's grid view, an evaluation for
//! bots and tallies for `relic sim`.

use serde_json::json;

use super::codec::Codec;
use super::events::{Event, Refusal};
use super::schema::Mode;
use super::state::Walker;
use crate::bots::GameStrategies;
use crate::contract::{BrowserView, Evaluate, Game, Seat, Tallies, TextView};

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
    fn view(&self, seat: Option<Seat>) -> serde_json::Value {
        let program = self.program();
        let grid = self.grid();
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        let cells: Vec<_> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| {
                let kind = &program.kinds[grid.kind(x, y) as usize];
                let mut cell =
                    json!({ "x": x + 1, "y": y + 1, "title": format!("{} ({x},{y})", kind.name) });
                if grid.kind(x, y) != program.empty {
                    cell["layers"] = json!([{ "glyph": kind.glyph.to_string() }]);
                }
                cell
            })
            .collect();
        let playing = seat.is_some() && self.status().to_move().is_some();
        let buttons: Vec<_> = if playing {
            self.legal_actions()
                .iter()
                .filter(|a| a.count <= 1)
                .map(|a| {
                    let text = self.write_action(a);
                    json!({ "label": text, "action": text })
                })
                .collect()
        } else {
            Vec::new()
        };
        json!({
            "renderer": "grid",
            "title": program.name,
            "width": width,
            "height": height,
            "cells": cells,
            "buttons": buttons,
        })
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
    fn tallies(&self, _seat: Seat) -> Vec<(&'static str, i64)> {
        let mut out = vec![("moves", i64::from(self.turn()))];
        let taken: i64 = (self.program().kinds.iter().enumerate())
            .filter(|(_, k)| k.collectable)
            .map(|(i, _)| i64::from(self.collected(i as u8)))
            .sum();
        out.push(("collected", taken));
        let ends = self.program().actions.iter().any(|a| a.mode == Mode::End);
        out.push(("ended", i64::from(ends && self.ended().is_some())));
        out
    }
}

/// Walker games have no strategies of their own: the generic bots play.
impl<C: Codec> GameStrategies for Walker<C> {}
