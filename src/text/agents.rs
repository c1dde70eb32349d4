//! Text play with computer seats for every game: people type their
//! actions, computers' actions (from any [`Agent`]) are echoed after the
//! prompt as if typed.

use std::io::{self, BufRead, Write};

use super::{EndOfGame, TextSession, Tokens};
use crate::bots::{BotRng, BoxedAgent};
use crate::contract::TextView;

/// The message printed when a game of computers reaches the turn limit.
pub const TURN_LIMIT: &str = "Turn limit reached: the game was not finished.";

/// Plays a fresh or resumed `session` to its end: seat `s` is played by
/// `agents[s]` when it is `Some`, else by the next input on `input`.
/// `observe` is called after every action applied and once at the end.
/// When every seat is a computer, play stops at `max_turns` with
/// [`TURN_LIMIT`] and the standings.
///
/// ```
/// use relic::bots::{choose_strategy, seeded_rng};
/// use relic::games::{GameRules, GameVisitor, Playable, Setup, builtin_game_rules, with_game};
/// use relic::text::{EndOfGame, TextSession, play_with_agents};
/// struct BotsOnly;
/// impl GameVisitor for BotsOnly {
///     type Output = EndOfGame;
///     fn visit<G: Playable>(self, game: G) -> EndOfGame {
///         let mut agents: Vec<_> = (0..game.seat_count())
///             .map(|_| Some(choose_strategy::<G>("random").unwrap().agent()))
///             .collect();
///         let mut session = TextSession::new(game, Vec::new());
///         let mut rng = seeded_rng(1);
///         play_with_agents(&mut session, &mut agents, &mut rng, &b""[..], 100, |_, _| {}).unwrap()
///     }
/// }
/// let rules = builtin_game_rules("tic-tac-toe").unwrap().unwrap();
/// let end = with_game(&rules, &Setup::Default, BotsOnly).unwrap();
/// assert!(!matches!(end, EndOfGame::EndOfInput));
/// ```
pub fn play_with_agents<G: TextView, R: BufRead, W: Write>(
    session: &mut TextSession<G, W>,
    agents: &mut [Option<BoxedAgent<G>>],
    rng: &mut BotRng,
    input: R,
    max_turns: u32,
    mut observe: impl FnMut(&TextSession<G, W>, Option<EndOfGame>),
) -> io::Result<EndOfGame> {
    if let Some(end) = session.start()? {
        observe(session, Some(end));
        return Ok(end);
    }
    let all_computers = agents.iter().all(Option::is_some);
    let mut inputs = Tokens::with_unit(input, session.game().input_unit());
    loop {
        let seat = session.game().status().to_move();
        let agent = seat
            .and_then(|seat| agents.get_mut(seat))
            .and_then(Option::as_mut);
        let end = match agent {
            Some(_) if all_computers && session.game().turn() >= max_turns => {
                session.echo(&format!("\n{TURN_LIMIT}"))?;
                session.standings()?;
                Some(EndOfGame::EndOfInput)
            }
            Some(agent) => match agent.choose(session.game(), rng) {
                Some(action) => {
                    let typed = session.game().write_action(&action);
                    session.echo(&typed)?;
                    session.handle_action(action, &typed)?
                }
                None => Some(session.end_of_input()?),
            },
            None => {
                let game = session.game();
                let input = inputs.next_input(|word, next| game.joins_next(word, next))?;
                let person = |seat: usize| agents.get(seat).is_none_or(Option::is_none);
                match input {
                    Some(token) => session.handle_input(token.text(), person)?,
                    None => Some(session.end_of_input()?),
                }
            }
        };
        observe(session, end);
        if let Some(end) = end {
            return Ok(end);
        }
    }
}
