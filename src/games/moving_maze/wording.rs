//! How Moving Maze words what it says to a player, in its ruleset's
//! `[messages]`: a refusal (a pathfinding target shown as typed, without
//! leading zeros), input that is no action, for the seat to play. Text
//! mode, the browser view and the notation's errors all word them here.

use std::borrow::Cow;

use crate::games::moving_maze::engine::{Game, IllegalAction};
use crate::games::moving_maze::rules::{Fill, MazeMessage, MazeMessages, Value};

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

/// `digits` without leading zeros (`0` stays `0`).
pub(crate) fn without_leading_zeros(digits: &str) -> &str {
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() && !digits.is_empty() {
        &digits[digits.len() - 1..]
    } else {
        trimmed
    }
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

/// `game`'s ruleset's words for `refusal` of the action typed `typed`, for
/// the seat to play.
pub(crate) fn refusal_text(game: &Game, refusal: &IllegalAction, typed: &str) -> String {
    let mut out = String::new();
    let messages = game.rules().messages();
    write_refusal(messages, refusal, Some(typed), current_name(game), &mut out);
    out
}

/// `game`'s ruleset's `invalid_input` message, for the seat to play.
pub(crate) fn invalid_input(game: &Game) -> String {
    let fill = Fill::default().player(current_name(game));
    game.rules()
        .messages()
        .text(MazeMessage::InvalidInput, fill)
}

/// The name of the seat to play (or that played last).
pub(crate) fn current_name(game: &Game) -> &str {
    seat_name(game, game.current_seat())
}

/// The name of `seat` (empty for a seat the rules do not have).
pub(crate) fn seat_name(game: &Game, seat: usize) -> &str {
    game.rules()
        .seats()
        .get(seat)
        .map_or("", |s| s.name.as_str())
}
