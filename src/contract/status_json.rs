//! What the browser shell reads of a game's status, as JSON: the one
//! form every server of the page sends (`relic serve`, the playground).

use serde_json::{Value, json};

use super::{Outcome, Status};

/// A [`Status`] as the page reads it: `{"over": false, "to_move": SEAT}`,
/// or `{"over": true, "outcome": "won"|"draw"|"lost"|"quit"|"stopped",
/// "seat": SEAT|null}`.
///
/// ```
/// use relic::contract::{Outcome, Status};
/// use relic::contract::status_json;
/// assert_eq!(status_json(Status::ToMove(1))["to_move"], 1);
/// assert_eq!(status_json(Status::Over(Outcome::Won(2)))["outcome"], "won");
/// assert_eq!(status_json(Status::Over(Outcome::Draw))["seat"], serde_json::Value::Null);
/// ```
pub fn status_json(status: Status) -> Value {
    let Status::Over(outcome) = status else {
        return json!({ "over": false, "to_move": status.to_move() });
    };
    let (name, seat) = match outcome {
        Outcome::Won(seat) => ("won", Some(seat)),
        Outcome::Draw => ("draw", None),
        Outcome::Lost(seat) => ("lost", Some(seat)),
        Outcome::Quit(seat) => ("quit", Some(seat)),
        Outcome::Stopped => ("stopped", None),
    };
    json!({ "over": true, "outcome": name, "seat": seat })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_has_a_name() {
        for (outcome, name, seat) in [
            (Outcome::Won(1), "won", json!(1)),
            (Outcome::Draw, "draw", Value::Null),
            (Outcome::Lost(0), "lost", json!(0)),
            (Outcome::Quit(2), "quit", json!(2)),
            (Outcome::Stopped, "stopped", Value::Null),
        ] {
            let status = status_json(Status::Over(outcome));
            assert_eq!(
                status,
                json!({ "over": true, "outcome": name, "seat": seat })
            );
        }
    }
}
