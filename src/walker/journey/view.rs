//! The browser view (the generic grid renderer), the evaluation bots use
//! and the simulator's tallies, for level-walking games.

use serde_json::{Value, json};

use super::compile::Bound;
use super::state::{Action, Event, Journey};
use crate::contract::{BrowserView, Evaluate, Game, Seat, Status, Tallies};
use crate::walker::levels::NO_ITEM;

impl Journey {
    /// The cell's fill: blocking dark, exits green, harmful orange.
    fn fill(&self, kind: u8) -> &'static str {
        let kind = &self.program().kinds[usize::from(kind)];
        if kind.blocks {
            "#3b3b3b"
        } else if kind.exit {
            "#9be59b"
        } else if kind.on_enter.iter().any(|e| e.amount < 0) {
            "#f08030"
        } else {
            "#f4f1e8"
        }
    }

    /// The step that enters `cell`, if one is legal now.
    fn step_to(&self, cell: usize, playing: bool) -> Option<String> {
        let legal = playing.then(|| self.legal_actions())?;
        legal.into_iter().find_map(|action| {
            let Action::Step(step) = action else {
                return None;
            };
            let offset = self.program().steps[usize::from(step)].1;
            (self.board().target(offset) == Some(cell)).then(|| self.write_action(&action))
        })
    }

    fn cell_view(&self, cell: usize, playing: bool) -> Value {
        let program = self.program();
        let board = self.board();
        let columns = board.size().1;
        let kind = board.kinds[cell];
        if !self.in_sight(cell) {
            return json!({
                "x": cell % columns + 1,
                "y": cell / columns + 1,
                "fill": "#8a8a8a",
                "title": "hidden",
            });
        }
        let mut layers = Vec::new();
        let drawn = program.kinds[usize::from(kind)].drawn;
        if drawn != ' ' {
            layers.push(json!({ "glyph": drawn.to_string(), "colour": "#ffffff" }));
        }
        if board.items[cell] != NO_ITEM {
            let item = &program.items[usize::from(board.items[cell])];
            layers.push(json!({ "shape": "disc", "glyph": item.glyph.to_string(), "colour": "#d4a017", "label": item.name }));
        }
        if cell == board.at {
            layers.push(json!({ "shape": "disc", "glyph": program.text.actor.to_string(), "colour": "#1f5fbf", "label": "player" }));
        }
        let mut view = json!({
            "x": cell % columns + 1,
            "y": cell / columns + 1,
            "fill": self.fill(kind),
            "title": program.kinds[usize::from(kind)].name,
            "layers": layers,
        });
        if let Some(action) = self.step_to(cell, playing) {
            view["action"] = json!(action);
        }
        view
    }

    /// The stats as the text frame names them, for the status line.
    fn stats_line(&self) -> String {
        let program = self.program();
        let shown: Vec<String> = (program.shown.iter())
            .map(|(label, stat)| format!("{label} {}", self.stats()[*stat]))
            .collect();
        format!(
            "Level {} of {}: {}",
            self.board().level + 1,
            self.level_count(),
            shown.join(", ")
        )
    }

    /// How far every lose bound is, from 0 (reached) to 1 (far).
    fn safety(&self) -> f64 {
        let program = self.program();
        let defs = program.stats.defs();
        (program.lose.iter())
            .map(|&(stat, bound)| {
                let value = f64::from(self.stats()[stat]);
                let (min, max) = (f64::from(defs[stat].min), f64::from(defs[stat].max));
                let (gap, range) = match bound {
                    Bound::AtMost(v) => (value - f64::from(v), max - f64::from(v)),
                    Bound::AtLeast(v) => (f64::from(v) - value, f64::from(v) - min),
                };
                if range > 0.0 {
                    (gap / range).clamp(0.0, 1.0)
                } else {
                    1.0
                }
            })
            .fold(1.0, f64::min)
    }
}

impl BrowserView for Journey {
    fn view(&self, seat: Option<Seat>) -> Value {
        let playing = seat.is_some() && seat == self.status().to_move();
        let (rows, columns) = self.board().size();
        let cells: Vec<Value> = (0..rows * columns)
            .map(|c| self.cell_view(c, playing))
            .collect();
        let program = self.program();
        let buttons: Vec<Value> = (self.inventory().held().iter())
            .map(|&(item, count)| {
                let action = self.write_action(&Action::Use(item));
                let name = &program.items[usize::from(item)].name;
                json!({ "label": format!("{name} ({count})"), "action": action })
            })
            .collect();
        let status = match self.status() {
            Status::Over(_) => {
                let mut text = String::new();
                crate::contract::TextView::write_outcome(self, &mut text);
                text.trim_end().to_owned()
            }
            Status::ToMove(_) => self.stats_line(),
        };
        json!({
            "renderer": "grid",
            "title": program.name,
            "width": columns,
            "height": rows,
            "cells": cells,
            "buttons": buttons,
            "status": status,
            "phase": format!("level {}", self.board().level + 1),
        })
    }

    fn event_view(&self, event: &Event) -> Value {
        let program = self.program();
        let item_name = |item: u8| program.items[usize::from(item)].name.clone();
        let (kind, text) = match *event {
            Event::Stepped(_) => ("stepped", "A step.".to_owned()),
            Event::PickedUp(item) => ("picked-up", format!("Picked up {}.", item_name(item))),
            Event::CellsChanged => ("changed", "Cells changed.".to_owned()),
            Event::Used(item) => ("used", format!("Used {}.", item_name(item))),
            Event::LevelStarted(level) => ("level", format!("Level {} starts.", level + 1)),
            Event::Won => ("won", program.text.won.clone()),
            Event::Lost => ("lost", program.text.lost.clone()),
        };
        json!({ "kind": kind, "text": text })
    }
}

impl Evaluate for Journey {
    /// Levels completed, plus how far the actor is from every losing bound.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Status::Over(outcome) = self.status() {
            return outcome.reward(seat);
        }
        (self.board().level as f64 + 0.9 * self.safety()) / self.level_count() as f64
    }
}

impl Tallies for Journey {
    fn tallies(&self, _seat: Seat) -> Vec<(&'static str, i64)> {
        let held: u32 = self
            .inventory()
            .held()
            .iter()
            .map(|&(_, count)| count)
            .sum();
        vec![
            ("levels", self.board().level as i64),
            ("steps", i64::from(self.steps())),
            ("items", i64::from(held)),
        ]
    }
}

/// No strategies of its own: the generic bots play it.
impl crate::bots::GameStrategies for Journey {}
