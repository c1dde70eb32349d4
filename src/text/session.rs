//! The text-mode loop: prompt, read a token, apply it, render the events.

use std::io::{self, BufRead, Write};

use super::input::{Command, parse_command};
use super::render::{banner, board, scoreboard};
use super::tokens::Tokens;
use crate::engine::{Action, Event, Game, Phase};

/// How a text session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndOfGame {
    /// A player won (their seat).
    Won(usize),
    /// A player typed `quit`.
    Quit,
    /// Input ended first.
    EndOfInput,
}

/// The message printed when input ends before the game does.
pub const END_OF_INPUT: &str = "End of input: the game was not finished.";

/// A game played through text: renders to `out` exactly as the
/// specification prints.
pub struct TextSession<W: Write> {
    game: Game,
    out: W,
}

impl<W: Write> TextSession<W> {
    /// A session on `game` writing to `out`.
    pub fn new(game: Game, out: W) -> TextSession<W> {
        TextSession { game, out }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Hands back the game and the output.
    pub fn into_parts(self) -> (Game, W) {
        (self.game, self.out)
    }

    /// Prints the start banner, the board and the first prompt.
    pub fn start(&mut self) -> io::Result<()> {
        let text = banner(&self.game) + &board(&self.game);
        self.out.write_all(text.as_bytes())?;
        self.prompt()
    }

    /// Handles one input token; returns how the game ended, if it did.
    pub fn handle_token(&mut self, token: Option<&str>) -> io::Result<Option<EndOfGame>> {
        match token.map(|t| parse_command(t, &self.game)) {
            Some(Command::Act(action)) => self.handle_action(action, token.unwrap_or_default()),
            _ => {
                self.out.write_all(b"Invalid input.\n")?;
                self.prompt()?;
                Ok(None)
            }
        }
    }

    /// Applies `action`, typed as `input`, and renders what happened.
    pub fn handle_action(&mut self, action: Action, input: &str) -> io::Result<Option<EndOfGame>> {
        let events = match self.game.apply(action) {
            Ok(events) => events,
            Err(illegal) => {
                let message = match action {
                    Action::MoveTo(_) => format!("Cannot move to {input}: no path."),
                    _ => illegal.to_string(),
                };
                writeln!(self.out, "{message}")?;
                self.prompt()?;
                return Ok(None);
            }
        };
        let text = self.render_events(&events, input);
        self.out.write_all(text.as_bytes())?;
        let end = events.iter().find_map(|event| match event {
            Event::Won { seat } => Some(EndOfGame::Won(*seat)),
            Event::Quit => Some(EndOfGame::Quit),
            _ => None,
        });
        match end {
            Some(_) => self.out.flush()?,
            None => self.prompt()?,
        }
        Ok(end)
    }

    /// Input ended: says so, prints the scoreboard.
    pub fn end_of_input(&mut self) -> io::Result<EndOfGame> {
        let text = format!("{END_OF_INPUT}\n{}", scoreboard(&self.game));
        self.out.write_all(text.as_bytes())?;
        self.out.flush()?;
        Ok(EndOfGame::EndOfInput)
    }

    fn render_events(&self, events: &[Event], input: &str) -> String {
        let game = &self.game;
        let name = |seat: usize| game.rules().seats()[seat].name.as_str();
        let mut out = String::new();
        let mut scoreboard_owed = None;
        for event in events {
            match *event {
                Event::Rotated { clockwise, .. } => {
                    out += if clockwise {
                        "Rotating right.\n"
                    } else {
                        "Rotating left.\n"
                    };
                    out += &board(game);
                }
                Event::Slid { at, .. } => out += &format!("Inserting at {at}.\n{}", board(game)),
                Event::SlideSkipped => out += &format!("Skipping the slide.\n{}", board(game)),
                Event::Displaced { .. } => {}
                Event::Moved {
                    step: Some(direction),
                    ..
                } => out += &format!("Moving {direction}.\n{}", board(game)),
                Event::Moved { step: None, .. } => {
                    out += &format!("Moving to {input}.\n{}", board(game))
                }
                Event::RelicCollected { seat, .. } => {
                    if scoreboard_owed.is_some_and(|s| s != seat) {
                        out += &scoreboard(game);
                    }
                    out += &format!("{} has collected a relic.\n", name(seat));
                    scoreboard_owed = Some(seat);
                }
                Event::AllRelicsCollected { seat } => {
                    out += &format!("{} has all their relics.\n", name(seat))
                }
                Event::TurnEnded { seat } => {
                    out += &format!(
                        "End of {}'s turn.\n{}{}",
                        name(seat),
                        scoreboard(game),
                        board(game)
                    );
                    scoreboard_owed = None;
                }
                Event::Won { seat } => {
                    out += &format!("{} has won.\n{}", name(seat), scoreboard(game));
                    scoreboard_owed = None;
                }
                Event::Quit => out += &format!("Game has been quit.\n{}", scoreboard(game)),
            }
        }
        if scoreboard_owed.is_some() {
            out += &scoreboard(game);
        }
        out
    }

    fn prompt(&mut self) -> io::Result<()> {
        let seat = &self.game.rules().seats()[self.game.current_seat()];
        let message = match self.game.phase() {
            Phase::Slide => "Rotate and slide the floating tile:",
            Phase::Move | Phase::Over => "Move your adventurer:",
        };
        write!(self.out, "[{}] {message} \n> ", seat.name)?;
        self.out.flush()
    }
}

/// Plays `game` in text mode from `input` to `out` until someone wins, a
/// player quits, or input ends. Returns the finished game and how it ended.
pub fn play_text<R: BufRead, W: Write>(
    game: Game,
    input: R,
    out: W,
) -> io::Result<(Game, EndOfGame)> {
    let mut session = TextSession::new(game, out);
    session.start()?;
    let mut tokens = Tokens::new(input);
    loop {
        let Some(token) = tokens.next_token()? else {
            let end = session.end_of_input()?;
            return Ok((session.into_parts().0, end));
        };
        if let Some(end) = session.handle_token(token.text())? {
            return Ok((session.into_parts().0, end));
        }
    }
}
