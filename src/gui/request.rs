//! The body of `POST /api/action`: raw JSON, then a checked [`Request`].
//! The action itself is text in the game's one notation, read by the game
//! ([`crate::contract::Game::parse_action`]); whether it is legal is the
//! game's business, not this module's.

use serde::Deserialize;

/// The JSON as sent: exactly one of the fields.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRequest {
    action: Option<String>,
    new_game: Option<bool>,
    undo: Option<bool>,
}

/// What a page asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// An action in the game's notation, for the game to read and judge.
    Play(String),
    /// A fresh game from the same position, once this one is over.
    NewGame,
    /// Take back the last action, and the computers' before it, back to
    /// a person's turn.
    Undo,
}

/// Parses a request body, or says what is wrong with it.
///
/// ```
/// use relic::gui::{Request, parse_request};
///
/// let slide = parse_request(br#"{"action": "n2"}"#);
/// assert_eq!(slide, Ok(Request::Play("n2".to_string())));
/// assert_eq!(parse_request(br#"{"new_game": true}"#), Ok(Request::NewGame));
/// assert_eq!(parse_request(br#"{"undo": true}"#), Ok(Request::Undo));
/// assert!(parse_request(b"{").is_err());
/// ```
pub fn parse_request(body: &[u8]) -> Result<Request, String> {
    let raw: RawRequest =
        serde_json::from_slice(body).map_err(|error| format!("Malformed JSON: {error}."))?;
    match (raw.action, raw.new_game, raw.undo) {
        (Some(action), None, None) => Ok(Request::Play(action)),
        (None, Some(true), None) => Ok(Request::NewGame),
        (None, None, Some(true)) => Ok(Request::Undo),
        _ => Err(
            "Give exactly one of \"action\" (in the game's notation), \"new_game\": true or \"undo\": true."
                .to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_action_or_a_new_game() {
        assert_eq!(
            parse_request(br#"{"action":"quit"}"#),
            Ok(Request::Play("quit".to_string()))
        );
        assert_eq!(parse_request(br#"{"new_game":true}"#), Ok(Request::NewGame));
    }

    #[test]
    fn refuses_what_is_not_a_request() {
        for body in [
            &br#"{}"#[..],
            br#"{"action":5}"#,
            br#"{"new_game":false}"#,
            br#"{"action":"done","new_game":true}"#,
            br#"{"undo":false}"#,
            br#"{"undo":true,"new_game":true}"#,
            br#"{"slide":"n2"}"#,
            br#"{"path":"/etc/passwd"}"#,
            b"[1,2]",
            b"null",
        ] {
            assert!(
                parse_request(body).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
