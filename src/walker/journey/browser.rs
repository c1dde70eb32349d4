//! The browser view of level-walking games, drawn by the page's `journey`
//! renderer: the level's cells by what they do (walls, hazards, locked
//! cells that open by a rule, exits, floor), items, the actor, the steps
//! the keys and clicks play, the inventory with a use action per item, the
//! stats with their bounds as bars, the level number and the outcome.
//!
//! With a ruleset's `sight`, the view holds nothing about cells out of
//! sight (their kind and item are left out, not just drawn grey): every
//! audience sees what the player sees.

use serde_json::{Value, json};

use super::compile::Bound;
use super::state::{Action, Event, Journey, Refusal};
use crate::contract::{BrowserView, Game, Outcome, Seat, Status};
use crate::walker::levels::NO_ITEM;

/// What a cell kind looks like, from what it does.
fn look(journey: &Journey, kind: u8) -> &'static str {
    let program = journey.program();
    let def = &program.kinds[usize::from(kind)];
    let opens = program.changes.iter().any(|c| c.from == kind);
    match () {
        _ if def.blocks && opens => "locked",
        _ if def.blocks => "wall",
        _ if def.exit => "exit",
        _ if def.on_enter.iter().any(|e| e.amount < 0) => "hazard",
        _ => "floor",
    }
}

/// The index of the rule that opens `kind`, if one does: locked cells and
/// the items that open them share a colour by it.
fn opened_by(journey: &Journey, kind: u8) -> Option<usize> {
    journey
        .program()
        .changes
        .iter()
        .position(|c| c.from == kind)
}

/// The rule a held `item` satisfies, if any.
fn opens_with(journey: &Journey, item: u8) -> Option<usize> {
    use crate::walker::changes::Condition;
    (journey.program().changes.iter())
        .position(|c| matches!(c.when, Condition::Held(i) | Condition::NoneLeft(i) if i == item))
}

impl Journey {
    /// The step actions and where they go as (columns, rows), legal or not.
    fn moves_view(&self, playing: bool) -> Vec<Value> {
        let legal = if playing {
            self.legal_actions()
        } else {
            Vec::new()
        };
        (self.program().steps.iter().enumerate())
            .map(|(i, (key, (dx, dy)))| {
                let open = legal.contains(&Action::Step(i as u8));
                json!({ "action": key, "dx": dx, "dy": dy, "legal": open })
            })
            .collect()
    }

    /// One cell of the level as the player sees it.
    fn browser_cell(&self, cell: usize) -> Value {
        let board = self.board();
        let columns = board.size().1;
        let (x, y) = (cell % columns + 1, cell / columns + 1);
        if !self.in_sight(cell) {
            return json!({ "x": x, "y": y, "look": "hidden", "name": "out of sight" });
        }
        let program = self.program();
        let kind = board.kinds.kind_at(cell);
        let mut view = json!({
            "x": x, "y": y,
            "look": look(self, kind),
            "name": program.kinds[usize::from(kind)].name,
            "glyph": program.kinds[usize::from(kind)].drawn.to_string(),
        });
        if let Some(rule) = opened_by(self, kind) {
            view["rule"] = json!(rule);
        }
        if board.items[cell] != NO_ITEM {
            view["item"] = self.item_view(board.items[cell]);
        }
        if cell == board.at {
            view["player"] = json!(true);
        }
        view
    }

    fn item_view(&self, item: u8) -> Value {
        let def = &self.program().items[usize::from(item)];
        let mut view = json!({ "name": def.name, "glyph": def.glyph.to_string() });
        if let Some(rule) = opens_with(self, item) {
            view["rule"] = json!(rule);
        }
        view
    }

    /// The inventory in its order, each item with the action that uses it.
    fn inventory_view(&self) -> Vec<Value> {
        (self.inventory().held().iter())
            .map(|&(item, count)| {
                let mut view = self.item_view(item);
                view["count"] = json!(count);
                view["action"] = json!(self.write_action(&Action::Use(item)));
                view
            })
            .collect()
    }

    /// The shown stats with their bounds and the bound that loses.
    fn stats_view(&self) -> Vec<Value> {
        let program = self.program();
        let defs = program.stats.defs();
        (program.shown.iter())
            .map(|(label, stat)| {
                let def = &defs[*stat];
                let mut view = json!({
                    "label": label, "value": self.stats()[*stat], "min": def.min, "max": def.max,
                });
                for &(_, bound) in program.lose.iter().filter(|(s, _)| s == stat) {
                    match bound {
                        Bound::AtMost(v) => view["lose_at_most"] = json!(v),
                        Bound::AtLeast(v) => view["lose_at_least"] = json!(v),
                    }
                }
                view
            })
            .collect()
    }

    /// The outcome, once play is over: `won` or `lost` and the ruleset's
    /// message.
    fn outcome_view(&self) -> Value {
        let text = &self.program().text;
        match self.status() {
            Status::Over(Outcome::Won(_)) => json!({ "result": "won", "text": text.won }),
            Status::Over(_) => json!({ "result": "lost", "text": text.lost }),
            Status::ToMove(_) => Value::Null,
        }
    }
}

impl BrowserView for Journey {
    fn view(&self, seat: Option<Seat>) -> Value {
        let playing = seat.is_some() && seat == self.status().to_move();
        let (rows, columns) = self.board().size();
        let cells: Vec<Value> = (0..rows * columns).map(|c| self.browser_cell(c)).collect();
        let program = self.program();
        let status = match self.outcome_view() {
            Value::Null => self.stats_line(),
            outcome => outcome["text"].as_str().unwrap_or_default().to_owned(),
        };
        json!({
            "renderer": "journey",
            "title": program.name,
            "seat_colours": ["#1c7ed6"],
            "width": columns,
            "height": rows,
            "level": self.board().level + 1,
            "levels": self.level_count(),
            "cells": cells,
            "moves": self.moves_view(playing),
            "inventory": self.inventory_view(),
            "inventory_title": program.text.inventory,
            "empty": program.text.empty,
            "stats": self.stats_view(),
            "sight": program.text.sight,
            "status": status,
            "phase": format!("level {}", self.board().level + 1),
            "outcome": self.outcome_view(),
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
        let log = !matches!(event, Event::Stepped(_));
        json!({ "kind": kind, "text": text, "log": log })
    }

    /// The ruleset's words for a use of an unknown or unheld item, as text
    /// mode prints them; other refusals in their own words.
    fn refusal_text(&self, refusal: &Refusal, _typed: &str) -> String {
        let text = &self.program().text;
        match refusal {
            Refusal::NoSuchItem(_) => text.no_such_item.clone(),
            Refusal::NotHeld(_) => text.not_held.clone(),
            other => other.to_string(),
        }
    }
}
