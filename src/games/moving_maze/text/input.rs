//! Turning one input token into an action: the text notation of actions
//! (phase-free, shared with saved games) and the phase filter of text mode.

use std::borrow::Cow;

use crate::games::moving_maze::board::{Direction, Pos, SlideAt};
use crate::games::moving_maze::engine::{Action, Game, IllegalAction, Phase};

/// What a token asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A well-formed action (it may still be illegal).
    Act(Action),
    /// Malformed input: `Invalid input.`
    Invalid,
}

/// Reads the text notation of an action, whatever the phase: `r`, `l`, a
/// sliding indicator (`n4`), a step (`n`), coordinates (`3,1`), `done`,
/// `quit`. Case matters; numbers are ASCII digits (leading zeros allowed).
///
/// Coordinates that name no tile (`0,1`, `99,1`) still read as a
/// [`Action::MoveTo`], to a position no maze has, so the engine answers
/// "no path". A sliding indicator's line is not checked against a maze.
///
/// ```
/// use relic::games::moving_maze::board::{Direction, Pos, SlideAt};
/// use relic::games::moving_maze::engine::Action;
/// use relic::text::parse_action;
/// assert_eq!(parse_action("n4"), Some(Action::Slide(SlideAt::new(Direction::North, 4))));
/// assert_eq!(parse_action("3,1"), Some(Action::MoveTo(Pos::new(2, 0))));
/// assert_eq!(parse_action("N4"), None);
/// assert_eq!(parse_action("3,"), None);
/// ```
pub fn parse_action(token: &str) -> Option<Action> {
    match token {
        "quit" => return Some(Action::Quit),
        "done" => return Some(Action::Done),
        "r" => return Some(Action::RotateClockwise),
        "l" => return Some(Action::RotateCounterclockwise),
        _ => {}
    }
    if let Some((x, y)) = token.split_once(',') {
        return Some(Action::MoveTo(Pos::new(coordinate(x)?, coordinate(y)?)));
    }
    let mut chars = token.chars();
    let side = Direction::from_letter(chars.next()?)?;
    if chars.as_str().is_empty() {
        return Some(Action::Step(side));
    }
    SlideAt::parse(token).map(Action::Slide)
}

/// Parses `token` for the current phase of `game`.
///
/// Slide phase: `r`, `l`, a sliding indicator naming a row or column of
/// this maze, and `done` where the ruleset lets the slide be skipped. Move
/// phase: `n`, `e`, `s`, `w`, coordinates `X,Y`, and `done`. `quit` works
/// in every phase. Anything else is [`Command::Invalid`].
pub fn parse_command(token: &str, game: &Game) -> Command {
    let Some(action) = parse_action(token) else {
        return Command::Invalid;
    };
    let fits = match (game.phase(), action) {
        (_, Action::Quit) => true,
        (Phase::Slide, Action::RotateClockwise | Action::RotateCounterclockwise) => true,
        (Phase::Slide, Action::Slide(at)) => game.maze().has_line(at),
        (Phase::Slide, Action::Done) => !game.rules().turn().slide_required,
        (Phase::Move, Action::Step(_) | Action::MoveTo(_) | Action::Done) => true,
        _ => false,
    };
    if fits {
        Command::Act(action)
    } else {
        Command::Invalid
    }
}

/// Coordinates as messages show them: `X,Y` as typed, without leading
/// zeros (`03,1` shows as `3,1`).
///
/// ```
/// assert_eq!(relic::text::shown_coordinates("03,010"), "3,10");
/// assert_eq!(relic::text::shown_coordinates("0,1"), "0,1");
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

/// The message for an illegal action typed as `typed`: the engine's
/// message, with pathfinding targets shown as typed (they may name no tile).
pub fn illegal_message(illegal: IllegalAction, typed: &str) -> String {
    match illegal {
        IllegalAction::NoPathTo(_) => {
            format!("Cannot move to {}: no path.", shown_coordinates(typed))
        }
        other => other.to_string(),
    }
}

fn without_leading_zeros(digits: &str) -> &str {
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() && !digits.is_empty() {
        &digits[digits.len() - 1..]
    } else {
        trimmed
    }
}

/// A whole number written in ASCII digits; values past 999 read as 999
/// (no maze is that large).
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = without_leading_zeros(text);
    Some(if value.len() > 3 {
        999
    } else {
        value.parse().ok()?
    })
}

/// A 1-based coordinate as a 0-based index. Numbers past the maze (or 0)
/// map to an index no maze has, so the engine answers "no path".
fn coordinate(text: &str) -> Option<u8> {
    Some(match number(text)? {
        n @ 1..=255 => (n - 1) as u8,
        _ => u8::MAX,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_tokens_read_as_nothing() {
        for token in [
            "", "N2", "R", "Done", "QUIT", "x", "nn", "4n", "n-1", "n+2", "3,", ",3", "3,3,3", ",",
            "a,b", "-1,2", "+1,2", "1 ,2", "n 4", "n4x", "é", "nörd", "3.1", "3;1",
        ] {
            assert_eq!(parse_action(token), None, "{token:?}");
        }
    }

    #[test]
    fn well_formed_tokens_read_as_actions() {
        let slide = |side, index| Some(Action::Slide(SlideAt::new(side, index)));
        assert_eq!(parse_action("n02"), slide(Direction::North, 2));
        assert_eq!(parse_action("w10"), slide(Direction::West, 10));
        assert_eq!(parse_action("e0"), slide(Direction::East, 0));
        assert_eq!(parse_action("s99999"), None);
        assert_eq!(parse_action("s"), Some(Action::Step(Direction::South)));
        assert_eq!(parse_action("0,1"), Some(Action::MoveTo(Pos::new(255, 0))));
        assert_eq!(
            parse_action("0002,00001"),
            Some(Action::MoveTo(Pos::new(1, 0)))
        );
        assert_eq!(
            parse_action("123456789,1"),
            Some(Action::MoveTo(Pos::new(255, 0)))
        );
    }

    #[test]
    fn coordinates_are_shown_without_leading_zeros() {
        assert_eq!(shown_coordinates("3,1"), "3,1");
        assert_eq!(shown_coordinates("003,00"), "3,0");
        assert_eq!(shown_coordinates("123456789,1"), "123456789,1");
    }
}
