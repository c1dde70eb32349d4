//! Moving Maze's [`TextView`]: what the specification's text mode prints,
//! byte for byte. The loop that drives it is generic ([`crate::text`]).

use std::fmt::Write as _;

use super::input::illegal_message;
use super::render::{write_banner, write_board, write_scoreboard};
use crate::contract::{END_OF_INPUT, Game as _, NotationError, Outcome, Status, TextView};
use crate::games::moving_maze::engine::{Event, Game, IllegalAction, Phase};
use crate::games::moving_maze::notation::INVALID_INPUT;

impl TextView for Game {
    /// The board block: the maze with its numbers and the floating tile.
    fn write_position(&self, out: &mut String) {
        write_board(out, self);
    }

    /// `[Green] Rotate and slide the floating tile: ` and `> ` on the next
    /// line, or `Move your adventurer:` in the move phase.
    fn write_prompt(&self, out: &mut String) {
        let message = match self.phase() {
            Phase::Slide => "Rotate and slide the floating tile:",
            Phase::Move | Phase::Over => "Move your adventurer:",
        };
        let _ = write!(
            out,
            "[{}] {message} \n> ",
            self.seat_name(self.current_seat())
        );
    }

    /// Each action's report and the board after it; relic collections,
    /// ends of turns, the win and the quit with the scoreboard. A
    /// collection owes a scoreboard, paid by the end of the turn or the
    /// win that follows it, or at the end.
    fn write_events(&self, events: &[Event], out: &mut String) {
        let mut owed = None;
        for event in events {
            write_event(self, event, out, &mut owed);
        }
        if owed.is_some() {
            write_scoreboard(out, self);
        }
    }

    /// The specification's message (Table 1) for the refusal.
    fn write_refusal(&self, refusal: &IllegalAction, out: &mut String) {
        let _ = writeln!(out, "{refusal}");
    }

    /// The message, with a pathfinding target shown as typed (it may name
    /// no tile, such as `99,1`).
    fn write_refusal_as_typed(&self, refusal: &IllegalAction, typed: &str, out: &mut String) {
        out.push_str(&illegal_message(*refusal, typed));
        out.push('\n');
    }

    /// `Invalid input.`, whatever is wrong with the input (the
    /// specification gives no other message).
    fn write_notation_error(&self, _error: &NotationError, out: &mut String) {
        out.push_str(INVALID_INPUT);
        out.push('\n');
    }

    /// The rule, the ruleset's name and the relic goal, and the rule again.
    fn write_banner(&self, out: &mut String) {
        write_banner(out, self);
    }

    /// `Green has won.` (or `Game has been quit.`) and the scoreboard.
    fn write_outcome(&self, out: &mut String) {
        match self.status() {
            Status::Over(Outcome::Won(seat)) => write_won(self, seat, out),
            Status::Over(_) => {
                out.push_str("Game has been quit.\n");
                write_scoreboard(out, self);
            }
            Status::ToMove(_) => {}
        }
    }

    /// The scoreboard.
    fn write_standings(&self, out: &mut String) {
        write_scoreboard(out, self);
    }

    /// `End of input: the game was not finished.` and the scoreboard.
    fn write_end_of_input(&self, out: &mut String) {
        out.push_str(END_OF_INPUT);
        out.push('\n');
        write_scoreboard(out, self);
    }
}

/// Writes one event; `owed` is the seat whose collection still owes the
/// scoreboard.
fn write_event(game: &Game, event: &Event, out: &mut String, owed: &mut Option<usize>) {
    if write_action_report(out, event) {
        write_board(out, game);
        return;
    }
    let name = |seat: usize| game.rules().seats()[seat].name.as_str();
    match *event {
        Event::RelicCollected { seat, .. } => {
            if owed.is_some_and(|s| s != seat) {
                write_scoreboard(out, game);
            }
            let _ = writeln!(out, "{} has collected a relic.", name(seat));
            *owed = Some(seat);
        }
        Event::AllRelicsCollected { seat } => {
            let _ = writeln!(out, "{} has all their relics.", name(seat));
        }
        Event::TurnEnded { seat } => {
            let _ = writeln!(out, "End of {}'s turn.", name(seat));
            write_scoreboard(out, game);
            write_board(out, game);
            *owed = None;
        }
        Event::Won { seat } => {
            write_won(game, seat, out);
            *owed = None;
        }
        Event::Quit => {
            out.push_str("Game has been quit.\n");
            write_scoreboard(out, game);
        }
        _ => {}
    }
}

fn write_won(game: &Game, seat: usize, out: &mut String) {
    let _ = writeln!(out, "{} has won.", game.rules().seats()[seat].name);
    write_scoreboard(out, game);
}

/// Writes the report of a successful action (`Rotating right.`,
/// `Inserting at n4.`, `Moving west.`, `Moving to 3,1.`), after which the
/// board is reprinted; false for events that are not such a report.
fn write_action_report(out: &mut String, event: &Event) -> bool {
    let _ = match *event {
        Event::Rotated {
            clockwise: true, ..
        } => writeln!(out, "Rotating right."),
        Event::Rotated { .. } => writeln!(out, "Rotating left."),
        Event::Slid { at, .. } => writeln!(out, "Inserting at {at}."),
        Event::SlideSkipped => writeln!(out, "Skipping the slide."),
        Event::Moved {
            step: Some(direction),
            ..
        } => writeln!(out, "Moving {direction}."),
        Event::Moved { step: None, to, .. } => writeln!(out, "Moving to {to}."),
        _ => return false,
    };
    true
}
