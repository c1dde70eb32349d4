//! The body of `POST /api/action`: raw JSON, then a checked [`Request`].
//! Actions are read in the game's one notation
//! ([`crate::games::moving_maze::notation`]); whether an action is legal is
//! the engine's business, not this module's.

use serde::Deserialize;

use crate::games::moving_maze::engine::Action;
use crate::games::moving_maze::notation::parse_action;

/// The JSON as sent: exactly one of the fields.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequest {
    action: Option<String>,
    slide: Option<String>,
    step: Option<String>,
    #[serde(rename = "move")]
    move_to: Option<[u32; 2]>,
}

/// What a page asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// An action for the engine to judge.
    Play(Action),
    /// A fresh game on the same board, once this one is over.
    NewGame,
}

/// Parses a request body, or says what is wrong with it.
///
/// ```
/// use relic::games::moving_maze::engine::Action;
/// use relic::gui::{Request, parse_request};
///
/// let rotate = parse_request(br#"{"action": "rotate-cw"}"#);
/// assert_eq!(rotate, Ok(Request::Play(Action::RotateClockwise)));
/// assert!(parse_request(b"{").is_err());
/// ```
pub fn parse_request(body: &[u8]) -> Result<Request, String> {
    let raw: RawRequest =
        serde_json::from_slice(body).map_err(|error| format!("Malformed JSON: {error}."))?;
    let given = [
        raw.action.is_some(),
        raw.slide.is_some(),
        raw.step.is_some(),
        raw.move_to.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err("Give exactly one of \"action\", \"slide\", \"step\" or \"move\".".to_string());
    }
    if let Some(name) = raw.action {
        return named(&name);
    }
    let action = if let Some(at) = raw.slide {
        slide(&at)
    } else if let Some(text) = raw.step {
        step(&text)
    } else {
        let [x, y] = raw.move_to.unwrap_or_default();
        move_to(x, y)
    };
    action.map(Request::Play)
}

fn named(name: &str) -> Result<Request, String> {
    let action = match name {
        "rotate-cw" => Action::RotateClockwise,
        "rotate-ccw" => Action::RotateCounterclockwise,
        "new-game" => return Ok(Request::NewGame),
        _ => parse_action(name).ok_or_else(|| {
            format!(
                "Unknown action {name:?}: use rotate-cw, rotate-ccw, done, quit, new-game \
                 or an action in the game's notation, like \"n2\" or \"3,1\"."
            )
        })?,
    };
    Ok(Request::Play(action))
}

fn slide(text: &str) -> Result<Action, String> {
    match parse_action(text) {
        Some(action @ Action::Slide(_)) => Ok(action),
        _ => Err(format!(
            "Bad sliding indicator {text:?}: write a side and a number, like \"n2\"."
        )),
    }
}

fn step(text: &str) -> Result<Action, String> {
    match parse_action(text) {
        Some(action @ Action::Step(_)) => Ok(action),
        _ => Err(format!("Bad step {text:?}: use n, e, s or w.")),
    }
}

/// Coordinates are JSON numbers from 1; the pair is read as the notation's
/// `X,Y`.
fn move_to(x: u32, y: u32) -> Result<Action, String> {
    let bad = || format!("Bad coordinates [{x}, {y}]: columns and rows are numbered from 1.");
    if !(1..=255).contains(&x) || !(1..=255).contains(&y) {
        return Err(bad());
    }
    parse_action(&format!("{x},{y}")).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::moving_maze::board::{Direction, Pos, SlideAt};

    #[test]
    fn reads_every_kind_of_action() {
        let play = |body: &[u8]| {
            parse_request(body).map(|r| match r {
                Request::Play(action) => action,
                Request::NewGame => panic!("not an action"),
            })
        };
        assert_eq!(play(br#"{"action":"quit"}"#), Ok(Action::Quit));
        assert_eq!(
            parse_request(br#"{"action":"new-game"}"#),
            Ok(Request::NewGame)
        );
        assert_eq!(
            play(br#"{"slide":"w4"}"#),
            Ok(Action::Slide(SlideAt::new(Direction::West, 4)))
        );
        assert_eq!(play(br#"{"step":"s"}"#), Ok(Action::Step(Direction::South)));
        assert_eq!(
            play(br#"{"move":[3,1]}"#),
            Ok(Action::MoveTo(Pos::new(2, 0)))
        );
        assert_eq!(play(br#"{"action":"w4"}"#), play(br#"{"slide":"w4"}"#));
        assert_eq!(play(br#"{"action":"3,1"}"#), play(br#"{"move":[3,1]}"#));
        assert_eq!(
            play(br#"{"action":"l"}"#),
            play(br#"{"action":"rotate-ccw"}"#)
        );
    }

    #[test]
    fn reads_slides_in_the_games_notation_only() {
        for body in [
            &br#"{"slide":"n+2"}"#[..],
            br#"{"action":"n+2"}"#,
            br#"{"slide":"n"}"#,
        ] {
            assert!(
                parse_request(body).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        // `n0` is a sliding indicator (for no line): the engine refuses it
        let n0 = Action::Slide(SlideAt::new(Direction::North, 0));
        assert_eq!(parse_request(br#"{"slide":"n0"}"#), Ok(Request::Play(n0)));
    }

    #[test]
    fn refuses_what_is_not_an_action() {
        for body in [
            &br#"{}"#[..],
            br#"{"action":"fly"}"#,
            br#"{"slide":"x2"}"#,
            br#"{"slide":"n"}"#,
            br#"{"step":"ne"}"#,
            br#"{"move":[0,1]}"#,
            br#"{"move":[1,999]}"#,
            br#"{"action":"done","step":"n"}"#,
            br#"{"path":"/etc/passwd"}"#,
            b"[1,2]",
        ] {
            assert!(
                parse_request(body).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
