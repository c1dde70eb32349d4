//! `relic replay` in text mode, for every game: a record's actions played
//! back as text mode shows them, each echoed after the prompt.

use std::io::{self, Write};

use super::TextSession;
use crate::contract::TextView;

/// Prints the game of `actions` played from `start` as text mode would,
/// up to `to` actions (all when `None`), each echoed in the game's
/// notation after the prompt; a game stopped before its end finishes with
/// `End of replay after N of M actions.` and the game's standings
/// ([`TextView::write_standings`]). Returns the position shown, or the
/// first action the game refuses as an error (a record is checked when it
/// is read, so that is a bug).
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
pub fn play_back<G: TextView, W: Write>(
    start: G,
    actions: &[G::Action],
    to: Option<usize>,
    out: W,
) -> io::Result<G> {
    let mut session = TextSession::new(start, out);
    session.start()?;
    let total = actions.len();
    let count = to.unwrap_or(total).min(total);
    for action in &actions[..count] {
        let input = session.game().write_action(action);
        session.echo(&input)?;
        let before = session.history().len();
        session.handle_action(action.clone(), &input)?;
        if session.history().len() == before {
            return Err(io::Error::other(format!("`{input}` does not replay")));
        }
    }
    let (game, mut out) = session.into_parts();
    if !game.status().is_over() {
        let mut summary = format!("\nEnd of replay after {count} of {total} actions.\n");
        game.write_standings(&mut summary);
        out.write_all(summary.as_bytes())?;
    }
    out.flush()?;
    Ok(game)
}
