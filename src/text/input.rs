//! Turning one input token into an action, by the phase of the turn.

use crate::board::{Direction, Pos, SlideAt};
use crate::engine::{Action, Game, Phase};

/// What a token asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A well-formed action (it may still be illegal).
    Act(Action),
    /// Malformed input: `Invalid input.`
    Invalid,
}

/// Parses `token` for the current phase of `game`.
///
/// Slide phase: `r`, `l`, a sliding indicator such as `n4` (side letter and
/// a row/column number of this maze), and `done` where the ruleset lets the
/// slide be skipped. Move phase: `n`, `e`, `s`, `w`, coordinates `X,Y`
/// (two whole numbers; coordinates off the maze are a pathfinding attempt
/// with no path), and `done`. `quit` works in every phase.
pub fn parse_command(token: &str, game: &Game) -> Command {
    if token == "quit" {
        return Command::Act(Action::Quit);
    }
    let action = match game.phase() {
        Phase::Slide => parse_slide_phase(token, game),
        Phase::Move => parse_move_phase(token),
        Phase::Over => None,
    };
    action.map_or(Command::Invalid, Command::Act)
}

fn parse_slide_phase(token: &str, game: &Game) -> Option<Action> {
    match token {
        "r" => return Some(Action::RotateClockwise),
        "l" => return Some(Action::RotateCounterclockwise),
        "done" if !game.rules().turn().slide_required => return Some(Action::Done),
        _ => {}
    }
    let mut chars = token.chars();
    let side = Direction::from_letter(chars.next()?)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let index: u8 = digits.parse().ok()?;
    let at = SlideAt::new(side, index);
    game.maze().has_line(at).then_some(Action::Slide(at))
}

fn parse_move_phase(token: &str) -> Option<Action> {
    if token == "done" {
        return Some(Action::Done);
    }
    if let [letter] = token.as_bytes() {
        return Direction::from_letter(*letter as char).map(Action::Step);
    }
    let (x, y) = token.split_once(',')?;
    Some(Action::MoveTo(Pos::new(coordinate(x)?, coordinate(y)?)))
}

/// A 1-based coordinate as a 0-based index. Numbers past the maze (or 0)
/// map to an index no maze has, so the engine answers "no path".
fn coordinate(text: &str) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = text.trim_start_matches('0');
    let number: u32 = if value.len() > 3 {
        u32::MAX
    } else {
        value.parse().unwrap_or(0)
    };
    Some(match number {
        1..=255 => (number - 1) as u8,
        _ => u8::MAX,
    })
}
