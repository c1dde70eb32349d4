//! What each game on the walker supplies: its exact text. A codec is a
//! marker type; [`super::Walker`]`<C>` is the game's position and gets
//! [`TextView`](crate::contract::TextView) from it. The notation has a
//! default shared by walker games: an action's letter, then the direction
//! and the count in brackets (`M(E;3)`), and an `end` action's letter
//! alone (`0`).

use std::fmt::Debug;
use std::hash::Hash;

use super::events::Action;
use super::events::{Event, Refusal};
use super::program::Program;
use super::schema::{Direction, Mode};
use super::state::Walker;
use crate::contract::NotationError;

/// A walker game's codec: its notation and its text.
pub trait Codec: Clone + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Reads one action: by default `L(d;n)` with `L` an action's letter,
    /// `d` one of `N S E W` and `n` a digit from 1 to 9, or an `end`
    /// action's letter alone.
    fn parse_action(program: &Program, text: &str) -> Result<Action, NotationError> {
        parse_bracketed(program, text)
    }

    /// Writes one action (the inverse of [`Codec::parse_action`]).
    fn write_action(program: &Program, action: &Action) -> String {
        write_bracketed(program, action)
    }

    /// Writes the position as the game prints it.
    fn write_position(game: &Walker<Self>, out: &mut String);

    /// Writes what the game prints for events (nothing by default).
    fn write_events(game: &Walker<Self>, events: &[Event], out: &mut String) {
        let _ = (game, events, out);
    }

    /// Writes a refusal (by default its message on a line).
    fn write_refusal(game: &Walker<Self>, refusal: &Refusal, out: &mut String) {
        let _ = game;
        out.push_str(&refusal.to_string());
        out.push('\n');
    }

    /// The prompt before each action (`> ` by default).
    fn write_prompt(game: &Walker<Self>, out: &mut String) {
        let _ = game;
        out.push_str("> ");
    }
}

/// Reads `L(d;n)` or an end action's letter alone.
///
/// ```
/// use relic::walker::{builtin_walker, parse_bracketed, write_bracketed};
/// let program = builtin_walker("boulder-dash").unwrap().unwrap();
/// let action = parse_bracketed(&program, "M(E;3)").unwrap();
/// assert_eq!(action.count, 3);
/// assert_eq!(write_bracketed(&program, &action), "M(E;3)");
/// assert!(parse_bracketed(&program, "M(E;0)").is_err());
/// ```
pub fn parse_bracketed(program: &Program, text: &str) -> Result<Action, NotationError> {
    let bad = || {
        let letters: Vec<String> = program
            .actions
            .iter()
            .map(|a| match a.mode {
                Mode::End => a.letter.to_string(),
                _ => format!("{}(d;n)", a.letter),
            })
            .collect();
        NotationError::new(format!(
            "`{text}` is not an action: write {} with d one of N, S, E, W and n from 1 to 9",
            letters.join(", ")
        ))
    };
    let chars: Vec<char> = text.trim().chars().collect();
    let letter = *chars.first().ok_or_else(bad)?;
    let index = program.action_of_letter(letter).ok_or_else(bad)?;
    if program.actions[index as usize].mode == Mode::End {
        return match chars.len() {
            1 => Ok(Action {
                action: index,
                direction: Direction::N,
                count: 0,
            }),
            _ => Err(bad()),
        };
    }
    match chars[1..] {
        ['(', d, ';', n @ '1'..='9', ')'] => Ok(Action {
            action: index,
            direction: Direction::from_letter(d).ok_or_else(bad)?,
            count: n as u8 - b'0',
        }),
        _ => Err(bad()),
    }
}

/// Writes `L(d;n)`, or an end action's letter alone.
pub fn write_bracketed(program: &Program, action: &Action) -> String {
    let def = &program.actions[action.action as usize];
    match def.mode {
        Mode::End => def.letter.to_string(),
        _ => format!(
            "{}({};{})",
            def.letter,
            action.direction.letter(),
            action.count
        ),
    }
}
