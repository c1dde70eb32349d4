//! Text mode's reading of one input token (through the game's one
//! notation) and its messages that show coordinates as typed.

use crate::games::moving_maze::engine::{Action, Game, IllegalAction};
use crate::games::moving_maze::notation::read_action;
use crate::games::moving_maze::rules::MazeMessages;
pub use crate::games::moving_maze::wording::shown_coordinates;
pub(crate) use crate::games::moving_maze::wording::write_refusal;

/// What a token asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A well-formed action (it may still be illegal).
    Act(Action),
    /// Malformed input: `Invalid input.`
    Invalid,
}

/// Parses `token` for the current position of `game`: the game's notation
/// read in context ([`read_action`]), as text mode reads it.
pub fn parse_command(token: &str, game: &Game) -> Command {
    match read_action(game, token) {
        Ok(action) => Command::Act(action),
        Err(_) => Command::Invalid,
    }
}

/// The standard message for an illegal action typed as `typed`: the
/// engine's message, with pathfinding targets shown as typed (they may
/// name no tile).
///
/// ```
/// use relic::games::moving_maze::board::Pos;
/// use relic::games::moving_maze::engine::IllegalAction;
/// use relic::games::moving_maze::text::illegal_message;
/// let refusal = IllegalAction::NoPathTo(Pos::new(0, 0));
/// assert_eq!(illegal_message(refusal, "01,1"), "Cannot move to 1,1: no path.");
/// ```
pub fn illegal_message(illegal: IllegalAction, typed: &str) -> String {
    let mut out = String::new();
    write_refusal(
        MazeMessages::standard(),
        &illegal,
        Some(typed),
        "",
        &mut out,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_shown_without_leading_zeros() {
        assert_eq!(shown_coordinates("3,1"), "3,1");
        assert_eq!(shown_coordinates("003,00"), "3,0");
        assert_eq!(shown_coordinates("123456789,1"), "123456789,1");
    }
}
