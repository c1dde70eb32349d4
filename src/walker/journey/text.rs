//! Text mode for level-walking games, every text from the ruleset's
//! `[text]` table: the frame (the level's rows, a rule, the inventory, a
//! rule, the stats), the prompt, and the messages.

use super::state::{Event, Journey, Refusal};
use crate::contract::{Game, InputUnit, NotationError, Outcome, Status, TextView};
use crate::walker::levels::NO_ITEM;

impl Journey {
    /// The level's rows: the actor, else an item's character, else how
    /// the cell is drawn.
    fn write_rows(&self, out: &mut String) {
        let program = self.program();
        let board = self.board();
        let columns = board.size().1;
        for (cell, kind) in board.kinds.kinds().enumerate() {
            let item = board.items[cell];
            let glyph = if !self.in_sight(cell) {
                program.text.hidden
            } else if cell == board.at {
                program.text.actor
            } else if item != NO_ITEM {
                program.items[usize::from(item)].glyph
            } else {
                program.kinds[usize::from(kind)].drawn
            };
            out.push(glyph);
            if (cell + 1) % columns == 0 {
                out.push('\n');
            }
        }
    }

    /// Whether `cell` is shown: within the ruleset's sight, if it has one.
    pub(super) fn in_sight(&self, cell: usize) -> bool {
        let Some(sight) = self.program().text.sight else {
            return true;
        };
        let board = self.board();
        let columns = board.size().1;
        let (r, c) = (cell / columns, cell % columns);
        let (ar, ac) = (board.at / columns, board.at % columns);
        (r.abs_diff(ar) + c.abs_diff(ac)) as u64 <= u64::from(sight)
    }

    /// The frame: rows, rule, inventory, rule, stats.
    fn write_frame(&self, out: &mut String) {
        let program = self.program();
        let text = &program.text;
        self.write_rows(out);
        for line in [&text.rule, &text.inventory] {
            out.push_str(line);
            out.push('\n');
        }
        if self.inventory().is_empty() {
            out.push_str(&text.empty);
            out.push('\n');
        }
        for &(item, count) in self.inventory().held() {
            out.push_str(&format!(
                "{}: {count}\n",
                program.items[usize::from(item)].name
            ));
        }
        out.push_str(&text.rule);
        out.push('\n');
        for (label, stat) in &program.shown {
            out.push_str(&format!("{label}: {}\n", self.stats()[*stat]));
        }
    }

    fn write_message(&self, message: &str, out: &mut String) {
        out.push('\n');
        out.push_str(message);
        out.push_str("\n\n");
    }
}

impl TextView for Journey {
    fn write_position(&self, out: &mut String) {
        self.write_frame(out);
    }

    fn write_prompt(&self, out: &mut String) {
        out.push_str(&self.program().text.prompt);
    }

    fn write_events(&self, events: &[Event], out: &mut String) {
        let _ = events;
        match self.status() {
            Status::Over(_) => self.write_outcome(out),
            Status::ToMove(_) => self.write_frame(out),
        }
    }

    fn write_refusal(&self, refusal: &Refusal, out: &mut String) {
        let text = &self.program().text;
        match refusal {
            Refusal::Blocked => {}
            Refusal::NoSuchItem(_) => self.write_message(&text.no_such_item, out),
            Refusal::NotHeld(_) => self.write_message(&text.not_held, out),
            Refusal::Over => return,
        }
        self.write_frame(out);
    }

    fn input_unit(&self) -> InputUnit {
        InputUnit::ExactLines
    }

    fn write_notation_error(&self, error: &NotationError, out: &mut String) {
        let _ = (error, out);
    }

    fn write_outcome(&self, out: &mut String) {
        let text = &self.program().text;
        let message = match self.status() {
            Status::Over(Outcome::Won(_)) => &text.won,
            Status::Over(_) => &text.lost,
            Status::ToMove(_) => return,
        };
        out.push_str(message);
        out.push('\n');
    }

    fn write_end_of_input(&self, out: &mut String) {
        let _ = out;
    }
}
