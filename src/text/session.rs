//! The text-mode loop: prompt, read a token, apply it, render the events.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use super::tokens::Tokens;
use crate::games::moving_maze::engine::{Action, Event, Game, Phase};
use crate::games::moving_maze::text::{Command, illegal_message, parse_command, shown_coordinates};
use crate::games::moving_maze::text::{write_banner, write_board, write_scoreboard};

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
/// specification prints. Output is gathered in one reused buffer and
/// written to `out` (then flushed) at every prompt and at the end.
///
/// The session keeps the history of the actions the engine accepted (all
/// but `quit`), from which a saved game is written.
pub struct TextSession<W: Write> {
    game: Game,
    out: W,
    text: String,
    events: Vec<Event>,
    history: Vec<Action>,
}

impl<W: Write> TextSession<W> {
    /// A session on a new `game` writing to `out`.
    pub fn new(game: Game, out: W) -> TextSession<W> {
        TextSession::resume(game, Vec::new(), out)
    }

    /// A session on `game`, reached by playing `history` (a loaded game).
    pub fn resume(game: Game, history: Vec<Action>, out: W) -> TextSession<W> {
        TextSession {
            game,
            out,
            text: String::with_capacity(16 * 1024),
            events: Vec::new(),
            history,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The actions played so far (all but `quit`), oldest first.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// Hands back the game and the output.
    pub fn into_parts(self) -> (Game, W) {
        (self.game, self.out)
    }

    /// Prints the start banner, the board and the first prompt. A game that
    /// is already won (a loaded one) prints the winner and the scoreboard
    /// instead of a prompt and returns how it ended.
    pub fn start(&mut self) -> io::Result<Option<EndOfGame>> {
        write_banner(&mut self.text, &self.game);
        write_board(&mut self.text, &self.game);
        if let Some(seat) = self.game.winner() {
            self.write_won(seat);
            self.flush()?;
            return Ok(Some(EndOfGame::Won(seat)));
        }
        self.prompt()?;
        Ok(None)
    }

    /// Handles one input token (`None`: a token that was not valid UTF-8 or
    /// too long); returns how the game ended, if it did.
    pub fn handle_token(&mut self, token: Option<&str>) -> io::Result<Option<EndOfGame>> {
        match token.map(|t| (t, parse_command(t, &self.game))) {
            Some((typed, Command::Act(action))) => self.handle_action(action, typed),
            _ => {
                self.text.push_str("Invalid input.\n");
                self.prompt()?;
                Ok(None)
            }
        }
    }

    /// Applies `action`, typed as `typed`, and renders what happened.
    pub fn handle_action(&mut self, action: Action, typed: &str) -> io::Result<Option<EndOfGame>> {
        let mut events = std::mem::take(&mut self.events);
        events.clear();
        if let Err(illegal) = self.game.apply_into(action, &mut events) {
            self.text.push_str(&illegal_message(illegal, typed));
            self.text.push('\n');
            self.events = events;
            self.prompt()?;
            return Ok(None);
        }
        if action != Action::Quit {
            self.history.push(action);
        }
        self.render_events(&events, typed);
        let end = events.iter().find_map(|event| match event {
            Event::Won { seat } => Some(EndOfGame::Won(*seat)),
            Event::Quit => Some(EndOfGame::Quit),
            _ => None,
        });
        self.events = events;
        match end {
            Some(_) => self.flush()?,
            None => self.prompt()?,
        }
        Ok(end)
    }

    /// Input ended: says so, prints the scoreboard.
    pub fn end_of_input(&mut self) -> io::Result<EndOfGame> {
        self.text.push_str(END_OF_INPUT);
        self.text.push('\n');
        write_scoreboard(&mut self.text, &self.game);
        self.flush()?;
        Ok(EndOfGame::EndOfInput)
    }

    fn render_events(&mut self, events: &[Event], typed: &str) {
        let mut scoreboard_owed = None;
        for event in events {
            self.render_event(event, typed, &mut scoreboard_owed);
        }
        if scoreboard_owed.is_some() {
            write_scoreboard(&mut self.text, &self.game);
        }
    }

    /// Renders one event. A relic collection owes a scoreboard, paid by the
    /// end of the turn or the win that follows it, or at the end.
    fn render_event(&mut self, event: &Event, typed: &str, scoreboard_owed: &mut Option<usize>) {
        let game = &self.game;
        let out = &mut self.text;
        if write_action_report(out, event, typed) {
            write_board(out, game);
            return;
        }
        let name = |seat: usize| game.rules().seats()[seat].name.as_str();
        match *event {
            Event::RelicCollected { seat, .. } => {
                if scoreboard_owed.is_some_and(|s| s != seat) {
                    write_scoreboard(out, game);
                }
                out.push_str(name(seat));
                out.push_str(" has collected a relic.\n");
                *scoreboard_owed = Some(seat);
            }
            Event::AllRelicsCollected { seat } => {
                out.push_str(name(seat));
                out.push_str(" has all their relics.\n");
            }
            Event::TurnEnded { seat } => {
                let _ = writeln!(out, "End of {}'s turn.", name(seat));
                write_scoreboard(out, game);
                write_board(out, game);
                *scoreboard_owed = None;
            }
            Event::Won { seat } => {
                self.write_won(seat);
                *scoreboard_owed = None;
            }
            Event::Quit => {
                out.push_str("Game has been quit.\n");
                write_scoreboard(out, game);
            }
            _ => {}
        }
    }

    fn write_won(&mut self, seat: usize) {
        self.text.push_str(&self.game.rules().seats()[seat].name);
        self.text.push_str(" has won.\n");
        write_scoreboard(&mut self.text, &self.game);
    }

    fn prompt(&mut self) -> io::Result<()> {
        let seat = &self.game.rules().seats()[self.game.current_seat()];
        let message = match self.game.phase() {
            Phase::Slide => "Rotate and slide the floating tile:",
            Phase::Move | Phase::Over => "Move your adventurer:",
        };
        self.text.push('[');
        self.text.push_str(&seat.name);
        self.text.push_str("] ");
        self.text.push_str(message);
        self.text.push_str(" \n> ");
        self.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(self.text.as_bytes())?;
        self.text.clear();
        self.out.flush()
    }
}

/// Writes the report of a successful action (`Rotating right.`,
/// `Inserting at n4.`, `Moving west.`, ...), after which the board is
/// reprinted; false for events that are not such a report.
fn write_action_report(out: &mut String, event: &Event, typed: &str) -> bool {
    match *event {
        Event::Rotated {
            clockwise: true, ..
        } => out.push_str("Rotating right.\n"),
        Event::Rotated { .. } => out.push_str("Rotating left.\n"),
        Event::Slid { at, .. } => {
            let _ = writeln!(out, "Inserting at {at}.");
        }
        Event::SlideSkipped => out.push_str("Skipping the slide.\n"),
        Event::Moved {
            step: Some(direction),
            ..
        } => {
            let _ = writeln!(out, "Moving {direction}.");
        }
        Event::Moved { step: None, .. } => {
            let _ = writeln!(out, "Moving to {}.", shown_coordinates(typed));
        }
        _ => return false,
    }
    true
}

/// Plays `game` in text mode from `input` to `out` until someone wins, a
/// player quits, or input ends. Returns the finished game and how it ended.
///
/// ```
/// use relic::{board::parse_board, engine::Game, rules::Rules, text::{play_text, EndOfGame}};
/// let rules = Rules::standard();
/// let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
/// let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// let mut out = Vec::new();
/// let (_, end) = play_text(game, &b"r n2 quit"[..], &mut out).unwrap();
/// assert_eq!(end, EndOfGame::Quit);
/// assert!(String::from_utf8(out).unwrap().contains("Inserting at n2."));
/// ```
pub fn play_text<R: BufRead, W: Write>(
    game: Game,
    input: R,
    out: W,
) -> io::Result<(Game, EndOfGame)> {
    let mut session = TextSession::new(game, out);
    let end = run(&mut session, input, |_, _| {})?;
    Ok((session.into_parts().0, end))
}

/// Runs a started or fresh `session` on `input` to its end, calling
/// `observe` after every turn that ends and once at the end (with how the
/// game ended). This is where a front end saves the game as it goes.
pub fn run<R: BufRead, W: Write>(
    session: &mut TextSession<W>,
    input: R,
    mut observe: impl FnMut(&TextSession<W>, Option<EndOfGame>),
) -> io::Result<EndOfGame> {
    if let Some(end) = session.start()? {
        observe(session, Some(end));
        return Ok(end);
    }
    let mut tokens = Tokens::new(input);
    loop {
        let turn = session.game().turn();
        let end = match tokens.next_token()? {
            Some(token) => session.handle_token(token.text())?,
            None => Some(session.end_of_input()?),
        };
        if end.is_some() || session.game().turn() != turn {
            observe(session, end);
        }
        if let Some(end) = end {
            return Ok(end);
        }
    }
}
