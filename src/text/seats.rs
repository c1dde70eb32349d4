//! Text-mode games with computer seats: a computer's turn prints exactly
//! what the same inputs typed by a person print, its inputs echoed after
//! the `> ` prompt, so transcripts keep the specification's format.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::rc::Rc;

use super::{EndOfGame, TextSession, Tokens};
use crate::bots::BotRng;
use crate::games::moving_maze::bots::{Seats, Strategy};
use crate::games::moving_maze::engine::{Action, Game};
use crate::games::moving_maze::text::{Command, parse_command, scoreboard};

/// How a game with computer seats ended, and every legal action played
/// (what a replay records).
#[derive(Debug)]
pub struct PlayedGame {
    /// The final game.
    pub game: Game,
    /// How it ended.
    pub end: EndOfGame,
    /// Every legal action, in order.
    pub actions: Vec<Action>,
}

/// Lets the session and the echo share one writer.
struct Shared<W>(Rc<RefCell<W>>);

impl<W: Write> Write for Shared<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

/// Plays `game` in text mode: computer seats choose their turns with
/// `rng`, people type on `input`. Stops when someone wins, a person quits,
/// input ends on a person's turn, or (with only computers) after
/// `max_turns` turns.
pub fn play_text_with_bots<R: BufRead, W: Write>(
    game: Game,
    mut seats: Seats,
    rng: &mut BotRng,
    input: R,
    out: W,
    max_turns: u32,
) -> io::Result<PlayedGame> {
    let out = Rc::new(RefCell::new(out));
    let mut session = TextSession::new(game, Shared(out.clone()));
    session.start()?;
    let mut tokens = Tokens::new(input);
    let mut actions = Vec::new();
    loop {
        let seat = session.game().current_seat();
        let end = match seats.get_mut(seat).and_then(Option::as_mut) {
            Some(_) if session.game().turn() >= max_turns => Some(turn_limit(&mut session, &out)?),
            Some(bot) => computer_turn(&mut session, bot.as_mut(), rng, &out, &mut actions)?,
            None => person_input(&mut session, &mut tokens, &mut actions)?,
        };
        if let Some(end) = end {
            let game = session.into_parts().0;
            return Ok(PlayedGame { game, end, actions });
        }
    }
}

/// Plays one computer turn, echoing each input after the prompt.
fn computer_turn<W: Write>(
    session: &mut TextSession<Game, Shared<W>>,
    bot: &mut dyn Strategy,
    rng: &mut BotRng,
    out: &Rc<RefCell<W>>,
    actions: &mut Vec<Action>,
) -> io::Result<Option<EndOfGame>> {
    let turn = bot.choose_turn(session.game(), rng);
    let start = session.game().turn();
    for action in turn {
        let input = action.to_string();
        writeln!(out.borrow_mut(), "{input}")?;
        let before = session.game().clone();
        let end = session.handle_action(action, &input)?;
        if *session.game() != before {
            actions.push(action);
        }
        if end.is_some() {
            return Ok(end);
        }
    }
    if session.game().turn() == start {
        // No legal way to end the turn under these rules: stop rather than loop.
        return Ok(Some(session.end_of_input()?));
    }
    Ok(None)
}

/// Reads and plays one token typed by a person.
fn person_input<R: BufRead, W: Write>(
    session: &mut TextSession<Game, W>,
    tokens: &mut Tokens<R>,
    actions: &mut Vec<Action>,
) -> io::Result<Option<EndOfGame>> {
    let Some(token) = tokens.next_token()? else {
        return Ok(Some(session.end_of_input()?));
    };
    let text = token.text();
    let Some(Command::Act(action)) = text.map(|t| parse_command(t, session.game())) else {
        return session.handle_token(text);
    };
    let before = session.game().clone();
    let end = session.handle_action(action, text.unwrap_or_default())?;
    if *session.game() != before {
        actions.push(action);
    }
    Ok(end)
}

/// The message printed when a game of computers reaches the turn limit.
pub const TURN_LIMIT: &str = "Turn limit reached: the game was not finished.";

fn turn_limit<W: Write>(
    session: &mut TextSession<Game, Shared<W>>,
    out: &Rc<RefCell<W>>,
) -> io::Result<EndOfGame> {
    let text = format!("\n{TURN_LIMIT}\n{}", scoreboard(session.game()));
    out.borrow_mut().write_all(text.as_bytes())?;
    out.borrow_mut().flush()?;
    Ok(EndOfGame::EndOfInput)
}
