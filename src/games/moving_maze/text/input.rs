//! Text mode's reading of one input token (through the game's one
//! notation) and its messages that show coordinates as typed.

use std::borrow::Cow;

use crate::games::moving_maze::engine::{Action, Game, IllegalAction};
use crate::games::moving_maze::notation::{read_action, without_leading_zeros};
use crate::games::moving_maze::rules::{MazeMessages, Value};

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

/// Coordinates as messages show them: `X,Y` as typed, without leading
/// zeros (`03,1` shows as `3,1`).
///
/// ```
/// assert_eq!(relic::games::moving_maze::text::shown_coordinates("03,010"), "3,10");
/// assert_eq!(relic::games::moving_maze::text::shown_coordinates("0,1"), "0,1");
/// ```
pub fn shown_coordinates(token: &str) -> Cow<'_, str> {
    let Some((x, y)) = token.split_once(',') else {
        return Cow::Borrowed(token);
    };
    let (x, y) = (without_leading_zeros(x), without_leading_zeros(y));
    if x.len() + y.len() + 1 == token.len() {
        Cow::Borrowed(token)
    } else {
        Cow::Owned(format!("{x},{y}"))
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

/// Appends the message of `refusal` in `messages`, for `player`; a
/// pathfinding target is shown as `typed` when given.
pub(crate) fn write_refusal(
    messages: &MazeMessages,
    refusal: &IllegalAction,
    typed: Option<&str>,
    player: &str,
    out: &mut String,
) {
    let (message, fill) = refusal.message();
    let fill = fill.player(player);
    let shown = typed.map(shown_coordinates);
    let fill = match (refusal, shown.as_deref().and_then(|t| t.split_once(','))) {
        (IllegalAction::NoPathTo(_), Some((x, y))) => fill.xy(Value::Text(x), Value::Text(y)),
        _ => fill,
    };
    messages.write(message, fill, out);
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
