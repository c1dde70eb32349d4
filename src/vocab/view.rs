//! What tools see of a vocabulary game: a generic text board drawn from the
//! glyphs, a cell-and-layer view for the browser, a generic evaluation for
//! bots, and tallies for the simulator.
//!
//! The browser view is one JSON object:
//!
//! ```json
//! { "game": "Tic-tac-toe", "shape": "square", "width": 3, "height": 3,
//!   "north": "up", "turn": 1, "to_move": 1, "outcome": null,
//!   "players": [{ "name": "X", "reserve": [{ "kind": "mark", "left": null }] }],
//!   "cells": [{ "square": "a1", "x": 0, "y": 0,
//!               "layers": [{ "kind": "mark", "owner": 0, "glyph": "X", "size": 1 }] }],
//!   "actions": [{ "action": "b1", "from": null, "to": "b1" }] }
//! ```
//!
//! `cells` lists every square (`x` east, `y` north, from 0; hex boards in
//! axial coordinates), each stack bottom first; `actions` are the legal
//! actions in the game's notation with the squares a click selects.

use serde_json::{Value, json};

use super::schema::{North, Shape};
use super::state::{Action, Event, VocabGame};
use crate::contract::{BrowserView, Evaluate, Game, Outcome, Seat, Tallies, Tally, TextView};

impl VocabGame {
    /// The text of one event.
    pub(super) fn event_text(&self, event: &Event) -> String {
        let p = &self.program;
        let sq = |at: u8| p.square_text(at);
        let name = |seat: Seat| p.players[seat].name.clone();
        let kind = |k: u8| p.kinds[usize::from(k)].name.clone();
        let m = &p.messages;
        match *event {
            Event::Placed { seat, kind: k, at } => m.text(
                "placed",
                &[
                    ("player", &name(seat)),
                    ("kind", &kind(k)),
                    ("square", &sq(at)),
                ],
            ),
            Event::Moved {
                seat,
                kind: k,
                from,
                to,
            } => m.text(
                "moved",
                &[
                    ("player", &name(seat)),
                    ("kind", &kind(k)),
                    ("from", &sq(from)),
                    ("to", &sq(to)),
                ],
            ),
            Event::Captured { owner, kind: k, at } => m.text(
                "captured",
                &[
                    ("player", &name(owner)),
                    ("kind", &kind(k)),
                    ("square", &sq(at)),
                ],
            ),
            Event::Passed { seat } => m.text("passed", &[("player", &name(seat))]),
            Event::Used { seat, rule, at } => m.text(
                "used",
                &[
                    ("player", &name(seat)),
                    ("rule", &p.rules[usize::from(rule)].name),
                    ("square", &sq(at)),
                ],
            ),
            Event::Returned {
                owner,
                kind: k,
                from,
            } => m.text(
                "returned",
                &[
                    ("player", &name(owner)),
                    ("kind", &kind(k)),
                    ("square", &sq(from)),
                ],
            ),
            Event::Sink { at } => m.text("sink", &[("square", &sq(at))]),
            Event::TurnLost { seat, .. } => m.text("turn_lost", &[("player", &name(seat))]),
            Event::Quit { seat } => m.text("quit", &[("player", &name(seat))]),
            Event::Ended(outcome) => match outcome {
                Outcome::Won(s) => m.text("won", &[("player", &name(s))]),
                Outcome::Lost(s) => m.text("lost", &[("player", &name(s))]),
                Outcome::Quit(s) => m.text("quit", &[("player", &name(s))]),
                Outcome::Draw => m.text("draw", &[]),
                Outcome::Stopped => m.text("stopped", &[]),
            },
        }
    }

    /// The rows from the top of the drawing down.
    fn drawn_rows(&self) -> Vec<u8> {
        let rows = 0..self.program.geometry.height;
        match self.program.north {
            North::Up => rows.rev().collect(),
            North::Down => rows.collect(),
        }
    }
}

impl VocabGame {
    /// A line for each stack of two or more pieces, whose pieces beneath
    /// the top the board cannot show (`b2 holds, bottom first: o3 b3`).
    fn write_stacks(&self, out: &mut String) {
        let p = &self.program;
        for cell in (0..p.geometry.cells()).filter_map(|c| u8::try_from(c).ok()) {
            let stack = self.stack(cell);
            if stack.len() < 2 {
                continue;
            }
            let glyphs = stack.iter().map(|&code| p.glyph(code));
            crate::contract::write_stack_line(out, &p.geometry.name(cell), glyphs);
        }
    }
}

impl TextView for VocabGame {
    fn takes_undo(&self) -> bool {
        true
    }

    fn write_position(&self, out: &mut String) {
        let p = &self.program;
        let g = &p.geometry;
        let cell = (p.kinds.iter())
            .flat_map(|k| k.glyphs.iter().map(|s| s.chars().count()))
            .max()
            .unwrap_or(1);
        let label = g.height.to_string().len();
        for y in self.drawn_rows() {
            let indent = if g.shape == Shape::Hex {
                usize::from(y) * (cell + 1) / 2
            } else {
                0
            };
            let mut line = format!("{:>label$} {}", y + 1, " ".repeat(indent));
            for x in 0..g.width {
                let top = self.top(g.cell(x, y));
                let glyph = if top == 0 { "." } else { p.glyph(top) };
                line.push_str(&format!(" {glyph:<cell$}"));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let mut footer = " ".repeat(label + 1);
        for x in 0..g.width {
            footer.push_str(&format!(" {:<cell$}", g.column_name(x)));
        }
        out.push_str(footer.trim_end());
        out.push('\n');
        self.write_stacks(out);
        self.write_reserves(out);
        self.write_counters(out);
        crate::config::quit::write_left(self, |s| self.has_left(s), out);
    }

    fn write_prompt(&self, out: &mut String) {
        if let Some(seat) = self.status.to_move() {
            let name = self.seat_name(seat);
            let phase = self.phase_name().unwrap_or_default();
            let example = super::hints::how_to_act(self);
            let values = [
                ("player", name.as_str()),
                ("phase", phase),
                ("example", example.as_str()),
            ];
            out.push_str(&self.program.messages.text("prompt", &values));
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

    fn write_refusal(&self, refusal: &super::state::Refusal, out: &mut String) {
        out.push_str(&refusal.message);
        out.push('\n');
    }

    /// The ruleset's text for how play ended (`[messages]`: `won`, `draw`,
    /// `quit`, ...), as the event log says it.
    fn write_outcome(&self, out: &mut String) {
        if let Some(end) = self.end_event() {
            out.push_str(&self.event_text(&end));
            out.push('\n');
        }
    }
}

impl VocabGame {
    /// One line per player with a finite reserve: `X: small 2, large 1`.
    fn write_reserves(&self, out: &mut String) {
        let p = &self.program;
        let placed = (p.rules.iter())
            .filter(|r| r.mechanic == super::schema::Mechanic::Place)
            .fold(0u16, |m, r| m | r.kinds);
        for (seat, player) in p.players.iter().enumerate() {
            let counts: Vec<String> = (0..p.kinds.len() as u8)
                .filter(|k| placed >> k & 1 == 1)
                .filter_map(|k| {
                    Some(format!(
                        "{} {}",
                        p.kinds[usize::from(k)].name,
                        self.reserve(seat, k)?
                    ))
                })
                .collect();
            if !counts.is_empty() {
                out.push_str(&format!("{}: {}\n", player.name, counts.join(", ")));
            }
        }
    }

    pub(super) fn action_view(&self, action: &Action) -> Value {
        let g = &self.program.geometry;
        let (from, to) = match *action {
            Action::Place { at, .. } | Action::Drop { at, .. } | Action::PlaceFrom { at, .. } => {
                (None, Some(g.name(at)))
            }
            Action::Effect { at, .. } => (None, Some(g.name(at))),
            Action::Move { from, to } => (Some(g.name(from)), Some(g.name(to))),
            Action::Pass | Action::Quit | Action::Forfeit { .. } => (None, None),
        };
        json!({ "action": self.write_action(action), "from": from, "to": to })
    }
}

impl BrowserView for VocabGame {
    /// The generic grid renderer's view (`grid_view.rs`).
    fn view(&self, seat: Option<Seat>) -> Value {
        super::grid_view::grid_view(self, seat)
    }

    /// The event's text, the seat it is about (the log's colour dot),
    /// and `"console": true` for a lost turn, which the course's GUI
    /// prints on the console (`Invalid move`).
    fn event_view(&self, event: &Event) -> Value {
        let seat = match *event {
            Event::Placed { seat, .. }
            | Event::Moved { seat, .. }
            | Event::Passed { seat }
            | Event::Used { seat, .. }
            | Event::TurnLost { seat, .. }
            | Event::Quit { seat } => Some(seat),
            Event::Captured { owner, .. } | Event::Returned { owner, .. } => Some(owner),
            Event::Ended(Outcome::Won(seat) | Outcome::Lost(seat) | Outcome::Quit(seat)) => {
                Some(seat)
            }
            Event::Ended(_) | Event::Sink { .. } => None,
        };
        let mut view = json!({ "text": self.event_text(event), "seat": seat });
        if matches!(event, Event::TurnLost { .. }) {
            view["console"] = json!(true);
        }
        view
    }
}

impl Evaluate for VocabGame {
    /// Open lines (no opponent piece) weigh the square of the pieces in
    /// them; then material; then how far pieces have come toward their
    /// target squares.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.status.outcome() {
            return outcome.reward(seat);
        }
        let mine = self.tops[seat];
        let theirs = self.occupied() & !mine;
        let mut score = 0.0;
        for &mask in &self.program.lines.masks {
            let (m, t) = ((mask & mine).count_ones(), (mask & theirs).count_ones());
            match (m, t) {
                (m, 0) => score += f64::from(m * m),
                (0, t) => score -= f64::from(t * t),
                _ => {}
            }
        }
        score += f64::from(mine.count_ones()) - f64::from(theirs.count_ones());
        score += self.advance(seat)
            - (0..self.seat_count())
                .filter(|&s| s != seat)
                .map(|s| self.advance(s))
                .sum::<f64>();
        0.5 + 0.5 * libm::tanh(score / 16.0)
    }
}

impl VocabGame {
    /// How close `seat`'s pieces are to its target squares, squared per piece.
    fn advance(&self, seat: Seat) -> f64 {
        let p = &self.program;
        if p.goals[seat] == 0 {
            return 0.0;
        }
        let forward = p.players[seat].forward;
        let mut pieces = self.tops[seat];
        let mut total = 0.0;
        while pieces != 0 {
            let mut cell = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let mut left = 0u32;
            while let Some(next) = p.geometry.neighbour(cell, forward, false) {
                cell = next;
                left += 1;
            }
            let gone = f64::from(u32::from(p.geometry.height.max(p.geometry.width)) - left);
            total += gone * gone / 8.0;
        }
        total
    }
}

impl Tallies for VocabGame {
    /// Pieces shown, pieces in reserve (where some reserve is not
    /// unlimited), then each counter's value for `seat` (a game counter's
    /// one value), each read at the end of a game.
    fn tallies(&self, seat: Seat) -> Vec<Tally> {
        let on_board = i64::from(self.tops[seat].count_ones());
        let mut tallies = vec![Tally::at_end("pieces shown", on_board)];
        let kinds = 0..self.program.kinds.len() as u8;
        let counted: Vec<u16> = kinds.filter_map(|k| self.reserve(seat, k)).collect();
        if !counted.is_empty() {
            let reserve = counted.into_iter().map(i64::from).sum();
            tallies.push(Tally::at_end("in reserve", reserve));
        }
        for (c, counter) in self.program.flow.counters.iter().enumerate() {
            let value = self.counter(c, seat).unwrap_or(counter.start);
            tallies.push(Tally::at_end(counter.name, i64::from(value)));
        }
        tallies
    }
}
