//! Text mode for level-walking games, every text from the ruleset's
//! `[text]` table: the frame (the level's rows, a rule, the inventory, a
//! rule, the stats), the prompt, and the messages.

use super::state::{Event, Journey, Refusal};
use crate::contract::{Game, InputUnit, NotationError, Outcome, Status, TextView};
use crate::walker::changes::Condition;
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

    /// The legend and how to play at the start and after `help`; after a
    /// blocked step, what is in the way; after anything else it did not
    /// take, what to type instead. (The screen is the course's exact text,
    /// so this goes to the side channel.)
    fn write_help(&self, after: Option<&str>, out: &mut String) {
        let program = self.program();
        match after {
            None | Some("help") => self.write_legend(out),
            Some(key) if program.steps.iter().any(|(k, _)| k == key) => {
                out.push_str(&format!("`{key}` is blocked: {}.\n", self.in_the_way(key)));
            }
            Some(typed) if typed.starts_with(&format!("{} ", program.use_word)) => {
                out.push_str(&format!("{}.\n", self.items_help()));
            }
            Some(typed) => out.push_str(&format!(
                "`{}` is not a move: {}; `help` shows the legend.\n",
                typed.escape_debug(),
                self.how_to_move()
            )),
        }
    }
}

/// What a kind of cell does, in words: when it changes ("opens once no
/// Coin is left") and what entering it costs ("-5 hp on entering"), for
/// the legend and the language server's hover.
pub fn kind_notes(program: &super::Program, id: usize) -> Vec<String> {
    let mut notes: Vec<String> = (program.changes.iter())
        .filter(|c| usize::from(c.from) == id)
        .map(|c| match c.when {
            Condition::NoneLeft(item) => {
                format!("opens once no {} is left", item_name(program, item))
            }
            Condition::Held(item) => {
                format!("opens while you hold a {}", item_name(program, item))
            }
        })
        .collect();
    notes.extend((program.kinds[id].on_enter.iter()).map(|effect| {
        let stat = &program.stats.defs()[effect.stat].name;
        format!("{:+} {stat} on entering", effect.amount)
    }));
    notes
}

impl Journey {
    /// Every character of the screen and what it is, and how to play.
    fn write_legend(&self, out: &mut String) {
        let program = self.program();
        let mut signs = vec![format!("{} you", program.text.actor)];
        for (id, kind) in program.kinds.iter().enumerate() {
            let Some(glyph) = kind.glyph.filter(|g| *g != ' ') else {
                continue;
            };
            let notes = kind_notes(program, id);
            match notes.is_empty() {
                true => signs.push(format!("{glyph} {}", kind.name)),
                false => signs.push(format!("{glyph} {} ({})", kind.name, notes.join(", "))),
            }
        }
        signs.extend((program.items.iter()).map(|item| format!("{} {}", item.glyph, item.name)));
        out.push_str(&format!(
            "{}: {}; a space is floor.\n",
            program.name,
            signs.join(", ")
        ));
        out.push_str(&format!("{}.\n", capitalised(&self.how_to_move())));
    }

    /// How moves are typed, with an example.
    fn how_to_move(&self) -> String {
        let program = self.program();
        let steps: Vec<String> = (program.steps.iter())
            .map(|(key, offset)| format!("`{key}` {}", direction(*offset)))
            .collect();
        let example = program.items.first().map_or("NAME", |i| i.name.as_str());
        format!(
            "type {} to step, or `{} NAME` to use an item you hold (for example `{} {example}`)",
            steps.join(", "),
            program.use_word,
            program.use_word
        )
    }

    /// The names items are used by, and what is held.
    fn items_help(&self) -> String {
        let program = self.program();
        let names: Vec<&str> = program.items.iter().map(|i| i.name.as_str()).collect();
        let held: Vec<&str> = (self.inventory().held().iter())
            .map(|&(item, _)| program.items[usize::from(item)].name.as_str())
            .collect();
        let held = match held.is_empty() {
            true => "you hold none".to_owned(),
            false => format!("you hold {}", held.join(", ")),
        };
        format!(
            "Items are used by their exact name after one space (`{} {}`): {}; {held}",
            program.use_word,
            names.first().unwrap_or(&"NAME"),
            names.join(", ")
        )
    }

    /// What stops a step by `key`: the cell there, or the maze's edge.
    fn in_the_way(&self, key: &str) -> String {
        let program = self.program();
        let board = self.board();
        let offset = (program.steps.iter()).find(|(k, _)| k == key).map(|s| s.1);
        match offset.and_then(|o| board.target(o)) {
            Some(cell) => {
                let kind = &program.kinds[usize::from(board.kinds.kind_at(cell))];
                format!("there is a {} that way", kind.name)
            }
            None => {
                "that is the edge of the maze (a level is left through an open door)".to_owned()
            }
        }
    }
}

/// The name of item `item`.
fn item_name(program: &crate::walker::journey::Program, item: u8) -> &str {
    program
        .items
        .get(usize::from(item))
        .map_or("?", |i| i.name.as_str())
}

/// A step's direction in words (`(dx, dy)`, y counting rows down).
fn direction(offset: crate::walker::grid::Offset) -> String {
    match offset {
        (0, -1) => "up".to_owned(),
        (0, 1) => "down".to_owned(),
        (-1, 0) => "left".to_owned(),
        (1, 0) => "right".to_owned(),
        (columns, rows) => format!("{columns:+} columns {rows:+} rows"),
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
