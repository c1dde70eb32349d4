//! Moving Maze's [`TextView`]: what the specification's text mode prints,
//! byte for byte. The loop that drives it is generic ([`crate::text`]).

use super::input::write_refusal;
use super::render::{write_banner, write_board, write_scoreboard};
use crate::contract::{Game as _, NotationError, Outcome, Status, TextView};
use crate::games::moving_maze::engine::{Event, Game, IllegalAction, Phase};
use crate::games::moving_maze::rules::{Fill, MazeMessage, Value};

impl TextView for Game {
    /// The board block: the maze with its numbers and the floating tile.
    fn write_position(&self, out: &mut String) {
        write_board(out, self);
    }

    /// `[Green] Rotate and slide the floating tile: ` and `> ` on the next
    /// line, or `Move your adventurer:` in the move phase.
    fn write_prompt(&self, out: &mut String) {
        let message = match self.phase() {
            Phase::Slide => MazeMessage::SlidePrompt,
            Phase::Move | Phase::Over => MazeMessage::MovePrompt,
        };
        let fill = Fill::default().player(current(self));
        self.rules().messages().write(message, fill, out);
        out.push_str(" \n> ");
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

    /// The ruleset's message for the refusal (by default the
    /// specification's, Table 1).
    fn write_refusal(&self, refusal: &IllegalAction, out: &mut String) {
        write_refusal(self.rules().messages(), refusal, None, current(self), out);
        out.push('\n');
    }

    /// The message, with a pathfinding target shown as typed (it may name
    /// no tile, such as `99,1`).
    fn write_refusal_as_typed(&self, refusal: &IllegalAction, typed: &str, out: &mut String) {
        let messages = self.rules().messages();
        write_refusal(messages, refusal, Some(typed), current(self), out);
        out.push('\n');
    }

    /// `Invalid input.` (`invalid_input`), whatever is wrong with the
    /// input (the specification gives no other message).
    fn write_notation_error(&self, _error: &NotationError, out: &mut String) {
        say(
            self,
            MazeMessage::InvalidInput,
            Fill::default().player(current(self)),
            out,
        );
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
                say(self, MazeMessage::Quit, Fill::default(), out);
                write_scoreboard(out, self);
            }
            Status::ToMove(_) => {}
        }
    }

    /// The ruleset's `won` message (no scoreboard), or `game_over`.
    fn write_outcome_line(&self, out: &mut String) {
        match self.winner() {
            Some(seat) => say(
                self,
                MazeMessage::Won,
                Fill::default().player(name(self, seat)),
                out,
            ),
            None => say(self, MazeMessage::GameOver, Fill::default(), out),
        }
    }

    /// The scoreboard.
    fn write_standings(&self, out: &mut String) {
        write_scoreboard(out, self);
    }

    /// `End of input: the game was not finished.` and the scoreboard.
    fn write_end_of_input(&self, out: &mut String) {
        say(
            self,
            MazeMessage::EndOfInput,
            Fill::default().player(current(self)),
            out,
        );
        write_scoreboard(out, self);
    }
}

/// The name of the seat to play (or that played last).
fn current(game: &Game) -> &str {
    name(game, game.current_seat())
}

/// The name of `seat`.
fn name(game: &Game, seat: usize) -> &str {
    let seats = game.rules().seats();
    seats.get(seat).map_or("", |s| s.name.as_str())
}

/// Appends `message` of the game's ruleset and a line end.
fn say(game: &Game, message: MazeMessage, fill: Fill<'_>, out: &mut String) {
    game.rules().messages().write(message, fill, out);
    out.push('\n');
}

/// Writes one event; `owed` is the seat whose collection still owes the
/// scoreboard.
fn write_event(game: &Game, event: &Event, out: &mut String, owed: &mut Option<usize>) {
    if write_action_report(game, out, event) {
        write_board(out, game);
        return;
    }
    match *event {
        Event::RelicCollected {
            seat, collected, ..
        } => write_collected(game, (seat, collected), out, owed),
        Event::AllRelicsCollected { seat } => say_of(game, MazeMessage::AllRelics, seat, out),
        Event::TurnEnded { seat } => {
            say_of(game, MazeMessage::TurnEnded, seat, out);
            write_scoreboard(out, game);
            write_board(out, game);
            *owed = None;
        }
        Event::Won { seat } => {
            write_won(game, seat, out);
            *owed = None;
        }
        Event::Quit => {
            say_of(game, MazeMessage::Quit, game.current_seat(), out);
            write_scoreboard(out, game);
        }
        _ => {}
    }
}

/// `seat` collected a relic, its `collected`-th: the scoreboard another
/// seat's collection still owes first, then the message; this one owes it.
fn write_collected(
    game: &Game,
    (seat, collected): (usize, u8),
    out: &mut String,
    owed: &mut Option<usize>,
) {
    if owed.is_some_and(|s| s != seat) {
        write_scoreboard(out, game);
    }
    let fill = Fill::default()
        .player(name(game, seat))
        .count(collected.into());
    say(game, MazeMessage::RelicCollected, fill, out);
    *owed = Some(seat);
}

/// Appends `message` about `seat` (its `{player}`) and a line end.
fn say_of(game: &Game, message: MazeMessage, seat: usize, out: &mut String) {
    say(game, message, Fill::default().player(name(game, seat)), out);
}

fn write_won(game: &Game, seat: usize, out: &mut String) {
    let name = name(game, seat);
    say(game, MazeMessage::Won, Fill::default().player(name), out);
    write_scoreboard(out, game);
}

/// Writes the report of a successful action (`Rotating right.`,
/// `Inserting at n4.`, `Moving west.`, `Moving to 3,1.`), after which the
/// board is reprinted; false for events that are not such a report.
fn write_action_report(game: &Game, out: &mut String, event: &Event) -> bool {
    let fill = Fill::default().player(current(game));
    let (message, fill) = match *event {
        Event::Rotated {
            clockwise: true, ..
        } => (MazeMessage::RotatedRight, fill),
        Event::Rotated { .. } => (MazeMessage::RotatedLeft, fill),
        Event::Slid { at, .. } => (MazeMessage::Slid, fill.indicator(at)),
        Event::SlideSkipped => (MazeMessage::SlideSkipped, fill),
        Event::Moved {
            seat,
            step: Some(direction),
            ..
        } => {
            let fill = fill.player(name(game, seat)).direction(direction);
            (MazeMessage::Stepped, fill)
        }
        Event::Moved {
            seat,
            step: None,
            to,
            ..
        } => {
            let (x, y) = (u32::from(to.x) + 1, u32::from(to.y) + 1);
            let fill = fill.player(name(game, seat));
            (
                MazeMessage::MovedTo,
                fill.xy(Value::Number(x), Value::Number(y)),
            )
        }
        _ => return false,
    };
    say(game, message, fill, out);
    true
}
