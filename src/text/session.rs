//! The text-mode loop, for every game: prompt, read an input, apply it,
//! print what happened, all through the game's [`TextView`].

use std::io::{self, BufRead, Write};

use super::tokens::Tokens;
use crate::contract::take_back::{NoUndo, replay_movers, took_back, undo_point, written_from};
use crate::contract::{NotationError, Outcome, Seat, Status, TextView};

/// How a text session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndOfGame {
    /// A seat won.
    Won(Seat),
    /// A seat quit (resigned).
    Quit,
    /// Play ended otherwise: a draw, a loss, a stop at a limit.
    Over(Outcome),
    /// Input ended first.
    EndOfInput,
}

impl EndOfGame {
    /// How a session ends when play ends with `outcome`.
    pub fn of(outcome: Outcome) -> EndOfGame {
        match outcome {
            Outcome::Won(seat) => EndOfGame::Won(seat),
            Outcome::Quit(_) => EndOfGame::Quit,
            other => EndOfGame::Over(other),
        }
    }
}

pub use crate::contract::END_OF_INPUT;

/// The reason given to [`TextView::write_notation_error`] for input that is
/// not UTF-8 text or is longer than any action.
pub const UNREADABLE_INPUT: &str = "not UTF-8 text, or too long to be an action";

/// A game played through text. Output is gathered in one reused buffer
/// and written to `out` (then flushed) at every prompt and at the end.
///
/// The session keeps the history of the actions the game accepted, except
/// a resignation, from which a saved game is written.
pub struct TextSession<G: TextView, W: Write> {
    game: G,
    out: W,
    /// Where [`TextView::write_help`] goes, if anywhere.
    notes: Option<Box<dyn Write>>,
    text: String,
    events: Vec<G::Event>,
    history: Vec<G::Action>,
    /// The seat that played each action of `history` (known once the
    /// session has `start`), which `undo` goes by.
    movers: Vec<Seat>,
    /// The position before `history`, from which `undo` replays.
    start: Option<G>,
}

/// The word that takes back the last action in games that take it
/// ([`TextView::takes_undo`]).
pub const UNDO: &str = "undo";

impl<G: TextView, W: Write> TextSession<G, W> {
    /// A session on a new `game` writing to `out`.
    pub fn new(game: G, out: W) -> TextSession<G, W> {
        let start = game.clone();
        TextSession::resume(game, Vec::new(), out).with_start(start)
    }

    /// Keeps `start`, the position before the history, so that `undo`
    /// can take back actions played before the session too.
    pub fn with_start(mut self, start: G) -> TextSession<G, W> {
        self.movers = replay_movers(start.clone(), &self.history).1;
        self.start = Some(start);
        self
    }

    /// A session on `game`, reached by playing `history` (a loaded game).
    pub fn resume(game: G, history: Vec<G::Action>, out: W) -> TextSession<G, W> {
        TextSession {
            game,
            out,
            notes: None,
            text: String::with_capacity(16 * 1024),
            events: Vec::new(),
            history,
            movers: Vec::new(),
            start: None,
        }
    }

    /// Writes the game's help for people ([`TextView::write_help`]) to
    /// `notes` (standard error in `relic play`), each note after the
    /// output before it and before the next prompt.
    pub fn with_notes(mut self, notes: impl Write + 'static) -> TextSession<G, W> {
        self.notes = Some(Box::new(notes));
        self
    }

    /// The game being played.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The actions played so far (all but a resignation), oldest first.
    pub fn history(&self) -> &[G::Action] {
        &self.history
    }

    /// Hands back the game and the output.
    pub fn into_parts(self) -> (G, W) {
        (self.game, self.out)
    }

    /// Prints the banner, the position and the first prompt. A game whose
    /// play is already over (a loaded one) prints its outcome instead of a
    /// prompt and returns how it ended.
    pub fn start(&mut self) -> io::Result<Option<EndOfGame>> {
        self.game.write_banner(&mut self.text);
        self.game.write_position(&mut self.text);
        if let Status::Over(outcome) = self.game.status() {
            self.game.write_outcome(&mut self.text);
            self.flush()?;
            return Ok(Some(EndOfGame::of(outcome)));
        }
        self.note(None)?;
        self.prompt()?;
        Ok(None)
    }

    /// Handles one input (`None`: input that was not valid UTF-8 or too
    /// long); returns how the game ended, if it did.
    pub fn handle_token(&mut self, token: Option<&str>) -> io::Result<Option<EndOfGame>> {
        self.handle_input(token, |_| true)
    }

    /// Handles one input as [`TextSession::handle_token`] does, where
    /// `undo` takes back actions until a seat for which `person` holds
    /// is to move (at least one action).
    pub fn handle_input(
        &mut self,
        token: Option<&str>,
        person: impl Fn(Seat) -> bool,
    ) -> io::Result<Option<EndOfGame>> {
        let read = match token {
            Some(typed) => self.game.parse_action(typed).map(|a| (a, typed)),
            None => Err(NotationError::new(UNREADABLE_INPUT)),
        };
        match read {
            Ok((action, typed)) => self.handle_action(action, typed),
            Err(_) if token == Some(UNDO) && self.game.takes_undo() => {
                self.undo(person)?;
                Ok(None)
            }
            Err(error) => {
                self.game.write_notation_error(&error, &mut self.text);
                self.note(Some(token.unwrap_or_default()))?;
                self.prompt()?;
                Ok(None)
            }
        }
    }

    /// Applies `action`, typed as `typed`, and prints what happened. A
    /// refused action the rules punish ([`crate::contract::Game::penalty`])
    /// is followed by its penalty.
    pub fn handle_action(
        &mut self,
        action: G::Action,
        typed: &str,
    ) -> io::Result<Option<EndOfGame>> {
        self.handle_once(action, typed, true)
    }

    fn handle_once(
        &mut self,
        action: G::Action,
        typed: &str,
        penalise: bool,
    ) -> io::Result<Option<EndOfGame>> {
        let mut events = std::mem::take(&mut self.events);
        events.clear();
        let mover = self.game.status().to_move().unwrap_or(0);
        if let Err(refusal) = self.game.apply_into(&action, &mut events) {
            self.game
                .write_refusal_as_typed(&refusal, typed, &mut self.text);
            self.events = events;
            if let Some(penalty) = self.game.penalty(&action).filter(|_| penalise) {
                let written = self.game.write_action(&penalty);
                return self.handle_once(penalty, &written, false);
            }
            self.note(Some(typed))?;
            self.prompt()?;
            return Ok(None);
        }
        let status = self.game.status();
        // A resignation is recorded too: the game ended by it.
        self.history.push(action);
        self.movers.push(mover);
        self.game
            .write_events_as_typed(&events, typed, &mut self.text);
        self.events = events;
        match status {
            Status::Over(outcome) => {
                self.flush()?;
                Ok(Some(EndOfGame::of(outcome)))
            }
            Status::ToMove(_) => {
                self.prompt()?;
                Ok(None)
            }
        }
    }

    /// Writes `input` and a newline, as if typed after the prompt (a
    /// computer's action, echoed).
    pub fn echo(&mut self, input: &str) -> io::Result<()> {
        self.text.push_str(input);
        self.text.push('\n');
        self.flush()
    }

    /// Writes the standings, if the game keeps any (play stopped at a
    /// limit).
    pub fn standings(&mut self) -> io::Result<()> {
        self.game.write_standings(&mut self.text);
        self.flush()
    }

    /// Input ended before play did: says so.
    pub fn end_of_input(&mut self) -> io::Result<EndOfGame> {
        self.game.write_end_of_input(&mut self.text);
        self.flush()?;
        Ok(EndOfGame::EndOfInput)
    }

    /// The game's help after `after`, on the notes, if the session has
    /// them and the game has help to give.
    fn note(&mut self, after: Option<&str>) -> io::Result<()> {
        let Some(notes) = self.notes.as_mut() else {
            return Ok(());
        };
        let mut help = String::new();
        self.game.write_help(after, &mut help);
        if help.is_empty() {
            return Ok(());
        }
        self.out.write_all(self.text.as_bytes())?;
        self.text.clear();
        self.out.flush()?;
        notes.write_all(help.as_bytes())?;
        notes.flush()
    }

    /// Takes back the last action, then the computers' before it until a
    /// seat for which `person` holds is to move ([`undo_point`]; all of
    /// them when only computers have played), and shows the position
    /// again.
    fn undo(&mut self, person: impl Fn(Seat) -> bool) -> io::Result<()> {
        let keep = match undo_point(&self.movers, |seat| !person(seat), None) {
            Ok(keep) => Some(keep),
            Err(NoUndo::ComputersOnly) => Some(0),
            Err(NoUndo::Nothing | NoUndo::Theirs(_)) => None,
        };
        let (Some(start), Some(keep)) = (self.start.as_ref(), keep) else {
            self.text.push_str("Nothing to take back.\n");
            return self.prompt();
        };
        let game = replayed(start, &self.history[..keep]);
        let taken = written_from(&game, &self.history[keep..]);
        self.history.truncate(keep);
        self.movers.truncate(keep);
        self.game = game;
        self.text.push_str(&took_back(&taken));
        self.text.push('\n');
        self.game.write_position(&mut self.text);
        self.prompt()
    }

    fn prompt(&mut self) -> io::Result<()> {
        self.game.write_prompt(&mut self.text);
        self.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(self.text.as_bytes())?;
        self.text.clear();
        self.out.flush()
    }
}

/// Plays `game` in text mode from `input` to `out` until play is over or
/// input ends. Returns the final position and how the session ended.
pub fn play_text<G: TextView, R: BufRead, W: Write>(
    game: G,
    input: R,
    out: W,
) -> io::Result<(G, EndOfGame)> {
    let mut session = TextSession::new(game, out);
    let end = run(&mut session, input, |_, _| {})?;
    Ok((session.into_parts().0, end))
}

/// Runs a fresh or resumed `session` on `input` (cut into actions as the
/// game's [`TextView::input_unit`] says) to its end, calling `observe`
/// after every turn that ends and once at the end (with how the session
/// ended). This is where a front end saves the game as it goes.
pub fn run<G: TextView, R: BufRead, W: Write>(
    session: &mut TextSession<G, W>,
    input: R,
    mut observe: impl FnMut(&TextSession<G, W>, Option<EndOfGame>),
) -> io::Result<EndOfGame> {
    if let Some(end) = session.start()? {
        observe(session, Some(end));
        return Ok(end);
    }
    let mut inputs = Tokens::with_unit(input, session.game().input_unit());
    loop {
        let turn = session.game().turn();
        let game = session.game();
        let input = inputs.next_input(|word, next| game.joins_next(word, next))?;
        let end = match input {
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

/// The position `history` leads to from `start` (actions the game
/// accepted before, so legal again).
fn replayed<G: TextView>(start: &G, history: &[G::Action]) -> G {
    let mut game = start.clone();
    let mut events = Vec::new();
    for action in history {
        events.clear();
        game.apply_legal_into(action, &mut events);
    }
    game
}
