//! `relic replay` in text mode: a record played back as the text mode
//! shows it, each recorded input echoed after the prompt.

use std::io::{self, Write};

use super::TextSession;
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::text::scoreboard;
use crate::save::SavedGame;

/// Prints the game of `record` as the text mode would, from its start up
/// to `to` actions (all when `None`), each input echoed after the `> `
/// prompt; a game stopped before its end finishes with the scoreboard.
/// Returns the position shown. The record was checked when it was read,
/// so every action is legal.
pub fn play_back<W: Write>(record: &SavedGame, to: Option<usize>, out: W) -> io::Result<Game> {
    let game = Game::new(record.rules().clone(), record.board())
        .map_err(|error| io::Error::other(error.to_string()))?;
    let mut session = TextSession::new(game, out);
    session.start()?;
    let total = record.actions().len();
    let count = to.unwrap_or(total).min(total);
    for &action in &record.actions()[..count] {
        let input = action.to_string();
        let (game, mut out) = session.into_parts();
        writeln!(out, "{input}")?;
        session = TextSession::new(game, out);
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
