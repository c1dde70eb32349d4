//! The test game: plain 3x3 tic-tac-toe, written against `relic::contract`
//! only, so that every generic tool (text play, records, `relic verify`,
//! perft, the invariant harness, the browser API, bots, sim) is shown to
//! work for a game it was not written for.
//!
//! Seats: `X` (0) moves first, then `O` (1). Notation: a cell as column
//! letter and row number, `a1` (top left) to `c3` (bottom right), or
//! `quit` to resign. Legal actions are the empty cells in reading order
//! (`a1 b1 c1 a2 ...`).

use std::fmt::Write as _;

use relic::contract::{
    BrowserView, Evaluate, Game, NotationError, Outcome, Seat, Status, Tallies, TextView,
};
use serde_json::json;

/// The eight lines of three cells.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A tic-tac-toe position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// Each cell's mark: `None` empty, `Some(seat)`.
    cells: [Option<Seat>; 9],
    /// Set once a seat resigned.
    quit: Option<Seat>,
}

/// Mark a cell (0..9, reading order), or resign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Place(usize),
    Quit,
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Placed { seat: Seat, cell: usize },
    Over(Outcome),
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("{} is taken.", cell_name(*.0))]
    Taken(usize),
    #[error("There is no cell {0}.")]
    NoCell(usize),
    #[error("The game is over.")]
    Over,
}

/// A cell's name in the notation: `a1` to `c3`.
pub fn cell_name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, cell / 3 + 1)
}

impl TicTacToe {
    /// The empty board, `X` to move.
    pub fn new() -> TicTacToe {
        TicTacToe::default()
    }

    fn marks(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    fn line_owner(&self) -> Option<Seat> {
        LINES.iter().find_map(|&[a, b, c]| {
            let mark = self.cells[a]?;
            (self.cells[b] == Some(mark) && self.cells[c] == Some(mark)).then_some(mark)
        })
    }
}

impl Game for TicTacToe {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["X", "O"][seat].to_owned()
    }

    fn status(&self) -> Status {
        if let Some(seat) = self.quit {
            return Status::Over(Outcome::Quit(seat));
        }
        match self.line_owner() {
            Some(seat) => Status::Over(Outcome::Won(seat)),
            None if self.marks() == 9 => Status::Over(Outcome::Draw),
            None => Status::ToMove(self.marks() % 2),
        }
    }

    fn turn(&self) -> u32 {
        self.marks() as u32
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if !self.status().is_over() {
            out.extend(
                (0..9)
                    .filter(|&c| self.cells[c].is_none())
                    .map(Action::Place),
            );
        }
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Status::ToMove(seat) = self.status() else {
            return Err(Refusal::Over);
        };
        match *action {
            Action::Place(cell) if cell >= 9 => return Err(Refusal::NoCell(cell)),
            Action::Place(cell) if self.cells[cell].is_some() => return Err(Refusal::Taken(cell)),
            Action::Place(cell) => {
                self.cells[cell] = Some(seat);
                events.push(Event::Placed { seat, cell });
            }
            Action::Quit => self.quit = Some(seat),
        }
        if let Status::Over(outcome) = self.status() {
            events.push(Event::Over(outcome));
        }
        Ok(())
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        if text == "quit" {
            return Ok(Action::Quit);
        }
        match text.as_bytes() {
            &[column @ b'a'..=b'c', row @ b'1'..=b'3'] => Ok(Action::Place(
                usize::from(row - b'1') * 3 + usize::from(column - b'a'),
            )),
            _ => Err(NotationError::new(format!(
                "`{text}` is not a cell (a1 to c3) or quit."
            ))),
        }
    }

    fn write_action(&self, action: &Action) -> String {
        match *action {
            Action::Place(cell) => cell_name(cell),
            Action::Quit => "quit".to_owned(),
        }
    }
}

impl TextView for TicTacToe {
    fn write_position(&self, out: &mut String) {
        out.push_str("  a b c\n");
        for row in 0..3 {
            let _ = write!(out, "{}", row + 1);
            for cell in &self.cells[row * 3..row * 3 + 3] {
                out.push(' ');
                out.push(cell.map_or('.', |seat| ['X', 'O'][seat]));
            }
            out.push('\n');
        }
    }

    fn write_prompt(&self, out: &mut String) {
        if let Status::ToMove(seat) = self.status() {
            let _ = write!(out, "{} to play: ", self.seat_name(seat));
        }
    }

    fn write_events(&self, events: &[Event], out: &mut String) {
        for event in events {
            match *event {
                Event::Placed { seat, cell } => {
                    let _ = writeln!(out, "{} plays {}.", self.seat_name(seat), cell_name(cell));
                }
                Event::Over(Outcome::Won(seat)) => {
                    let _ = writeln!(out, "{} wins.", self.seat_name(seat));
                }
                Event::Over(Outcome::Quit(seat)) => {
                    let _ = writeln!(out, "{} resigns.", self.seat_name(seat));
                }
                Event::Over(_) => out.push_str("Draw.\n"),
            }
        }
        if events.iter().any(|e| matches!(e, Event::Placed { .. })) {
            self.write_position(out);
        }
    }

    fn write_refusal(&self, refusal: &Refusal, out: &mut String) {
        let _ = writeln!(out, "{refusal}");
    }
}

/// The seats' marks and colours in the browser.
const MARKS: [(&str, &str); 2] = [("X", "blue"), ("O", "red")];

/// The generic grid renderer's view: the marks, and for the seat to move
/// (only) the empty cells as targets that play them.
impl BrowserView for TicTacToe {
    fn view(&self, seat: Option<Seat>) -> serde_json::Value {
        let playing = seat.is_some() && seat == self.status().to_move();
        let cells: Vec<_> = (0..9)
            .map(|cell| {
                let mut view =
                    json!({ "x": cell % 3 + 1, "y": cell / 3 + 1, "title": cell_name(cell) });
                match self.cells[cell] {
                    Some(owner) => {
                        let (glyph, colour) = MARKS[owner];
                        view["layers"] = json!([{ "glyph": glyph, "colour": colour }]);
                    }
                    None if playing => view["action"] = json!(cell_name(cell)),
                    None => {}
                }
                view
            })
            .collect();
        json!({
            "renderer": "grid",
            "title": "Tic-tac-toe",
            "width": 3,
            "height": 3,
            "cells": cells,
            "buttons": [{ "label": "Resign", "action": "quit" }],
            "seat_colours": MARKS.map(|(_, colour)| colour),
        })
    }

    fn event_view(&self, event: &Event) -> serde_json::Value {
        match *event {
            Event::Placed { seat, cell } => json!({
                "kind": "placed", "seat": seat, "at": cell_name(cell),
                "text": format!("{} took {}.", self.seat_name(seat), cell_name(cell)),
            }),
            Event::Over(outcome) => json!({
                "kind": "over", "outcome": format!("{outcome:?}"),
                "text": format!("The game is over: {outcome:?}."),
            }),
        }
    }
}

impl Evaluate for TicTacToe {
    /// Lines still open to `seat` against lines open to the other seat.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Status::Over(outcome) = self.status() {
            return outcome.reward(seat);
        }
        let open = |who: Seat| {
            LINES
                .iter()
                .filter(|line| line.iter().all(|&c| self.cells[c] != Some(1 - who)))
                .count() as f64
        };
        (open(seat) + 1.0) / (open(seat) + open(1 - seat) + 2.0)
    }
}

impl Tallies for TicTacToe {
    fn tallies(&self, seat: Seat) -> Vec<relic::contract::Tally> {
        let marks = self.cells.iter().filter(|&&c| c == Some(seat)).count();
        vec![relic::contract::Tally::per_turn("marks", marks as i64)]
    }
}

/// No strategies of its own: the generic bots play it.
impl relic::bots::GameStrategies for TicTacToe {}
