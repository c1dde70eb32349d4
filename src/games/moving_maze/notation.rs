//! Moving Maze's one notation for actions: the specification's text-mode
//! tokens (`r`, `l`, `n4`, `w`, `3,1`, `done`, `quit`). Text mode, saved
//! games and replays, the browser API, bots and the solver's printed
//! answers all read actions with [`parse_action`] (or [`read_action`] in
//! the context of a position) and write them with [`write_action`].

use std::fmt;

use crate::contract::NotationError;
use crate::games::moving_maze::board::{Direction, Pos, SlideAt};
use crate::games::moving_maze::engine::{Action, Game, Phase};
use crate::games::moving_maze::wording::{invalid_input, refusal_text, without_leading_zeros};

/// What text mode prints for a token that is not an action here.
pub const INVALID_INPUT: &str = "Invalid input.";

/// How actions are written, for diagnostics about text that is not one.
pub const NOTATION_HELP: &str =
    "actions are written as in text mode: `r`, `l`, `n4`, `n`, `3,1`, `done`";

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
/// use relic::games::moving_maze::notation::parse_action;
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

/// Writes `action` in the notation; [`parse_action`] reads it back.
///
/// ```
/// use relic::games::moving_maze::board::{Direction, SlideAt};
/// use relic::games::moving_maze::engine::Action;
/// use relic::games::moving_maze::notation::{parse_action, write_action};
/// let slide = Action::Slide(SlideAt::new(Direction::East, 3));
/// assert_eq!(write_action(&slide), "e3");
/// assert_eq!(parse_action(&write_action(&slide)), Some(slide));
/// ```
pub fn write_action(action: &Action) -> String {
    action.to_string()
}

impl fmt::Display for Action {
    /// The notation of this action: [`write_action`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::RotateClockwise => f.write_str("r"),
            Action::RotateCounterclockwise => f.write_str("l"),
            Action::Slide(at) => write!(f, "{at}"),
            Action::Step(direction) => write!(f, "{}", direction.letter()),
            Action::MoveTo(pos) => write!(f, "{pos}"),
            Action::Done => f.write_str("done"),
            Action::Quit => f.write_str("quit"),
        }
    }
}

/// Reads `token` as an action in the position `game`, as text mode does:
/// the notation of [`parse_action`], keeping only what the phase allows.
///
/// Slide phase: `r`, `l`, a sliding indicator naming a row or column of
/// this maze, and `done` where the engine lets the slide be skipped. Move
/// phase: `n`, `e`, `s`, `w`, coordinates `X,Y`, and `done`. `quit` works
/// in every phase. Anything else is refused: an action of the notation
/// that the phase does not read with the engine's reason for refusing it,
/// any other text with the ruleset's `invalid_input` message (by default
/// [`INVALID_INPUT`]), each in the ruleset's words (text mode says
/// `invalid_input` for both, as the specification does). Whether a
/// well-read action is legal is the engine's answer, not this function's.
///
/// ```
/// use relic::games::moving_maze::board::parse_board;
/// use relic::games::moving_maze::engine::{Action, Game};
/// use relic::games::moving_maze::notation::read_action;
/// use relic::rules::Rules;
/// let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
/// let rules = Rules::standard();
/// let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// assert_eq!(read_action(&game, "jump").unwrap_err().message, "Invalid input.");
/// // in the notation, but not read in the slide phase: the engine's reason
/// assert_eq!(read_action(&game, "done").unwrap_err().message, "Slide the floating tile first.");
/// assert!(read_action(&game, "n4").is_err()); // no fourth column
/// assert!(read_action(&game, "n1").is_ok()); // a fixed column: the engine refuses it
/// ```
pub fn read_action(game: &Game, token: &str) -> Result<Action, NotationError> {
    let invalid = || NotationError::new(invalid_input(game));
    let action = parse_action(token).ok_or_else(invalid)?;
    let fits = match (game.phase(), action) {
        (_, Action::Quit) => true,
        (Phase::Slide, Action::RotateClockwise | Action::RotateCounterclockwise) => true,
        (Phase::Slide, Action::Slide(at)) => game.maze().has_line(at),
        (Phase::Slide, Action::Done) => game.may_skip_slide(),
        (Phase::Move, Action::Step(_) | Action::MoveTo(_) | Action::Done) => true,
        _ => false,
    };
    if fits {
        Ok(action)
    } else {
        Err(NotationError::new(unread_reason(game, action, token)))
    }
}

/// Why an action of the notation is not read in this phase: the engine's
/// refusal of it, in the ruleset's words (text mode says only
/// `invalid_input` for it, as the specification does).
fn unread_reason(game: &Game, action: Action, token: &str) -> String {
    match game.clone().apply(action) {
        Err(refusal) => refusal_text(game, &refusal, token),
        Ok(_) => invalid_input(game),
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
}
