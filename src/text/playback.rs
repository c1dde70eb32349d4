//! `relic replay` of a Moving Maze record in text mode: the game played
//! back as the specification's text mode shows it, each recorded input
//! echoed after the prompt.

use std::io::{self, Write};

use super::TextSession;
use crate::games::moving_maze::engine::{Action, Game};
use crate::games::moving_maze::text::scoreboard;

/// Prints the game of `actions` played from `start` as the text mode
/// would, up to `to` actions (all when `None`), each input echoed after
/// the `> ` prompt; a game stopped before its end finishes with the
/// scoreboard. Returns the position shown. The actions were checked when
/// the record was read, so every one is legal.
///
/// ```
/// use relic::contract::Game as _;
/// use relic::games::{Setup, moving_maze};
/// use relic::rules::Rules;
/// use relic::text::play_back;
/// let start = moving_maze::load(&Rules::standard(), &Setup::Default).unwrap();
/// let actions = [start.parse_action("r").unwrap()];
/// let mut out = Vec::new();
/// play_back(start, &actions, None, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("End of replay after 1 of 1 actions."));
/// ```
pub fn play_back<W: Write>(
    start: Game,
    actions: &[Action],
    to: Option<usize>,
    out: W,
) -> io::Result<Game> {
    let mut session = TextSession::new(start, out);
    session.start()?;
    let total = actions.len();
    let count = to.unwrap_or(total).min(total);
    for &action in &actions[..count] {
        let input = action.to_string();
        session.echo(&input)?;
        session.handle_action(action, &input)?;
    }
    let (game, mut out) = session.into_parts();
    if !game.is_over() {
        let summary = format!(
            "\nEnd of replay after {count} of {total} actions.\n{}",
            scoreboard(&game)
        );
        out.write_all(summary.as_bytes())?;
    }
    out.flush()?;
    Ok(game)
}
