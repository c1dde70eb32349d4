//! Escape's one notation: `X,Y X,Y` (from, then to), for example
//! `4,4 4,5`; parentheses and spaces around the numbers are allowed when
//! read (`(4, 4) (4, 5)`). `resign` gives up; `forfeit` is what an
//! illegal move becomes where the ruleset says it loses.

use crate::contract::NotationError;

use super::play::Action;

/// Writes `action`.
///
/// ```
/// use relic::games::escape::{Action, notation::{read, write}};
/// let action = Action::Move { from: (4, 4), to: (-1, 5) };
/// assert_eq!(write(&action), "4,4 -1,5");
/// assert_eq!(read("(4, 4) (-1, 5)").unwrap(), action);
/// ```
pub fn write(action: &Action) -> String {
    match action {
        Action::Move { from, to } => format!("{},{} {},{}", from.0, from.1, to.0, to.1),
        Action::Resign => "resign".to_owned(),
        Action::Forfeit => "forfeit".to_owned(),
    }
}

/// Reads an action.
pub fn read(text: &str) -> Result<Action, NotationError> {
    let text = text.trim();
    match text {
        "resign" => return Ok(Action::Resign),
        "forfeit" => return Ok(Action::Forfeit),
        _ => {}
    }
    let cleaned: String = text
        .chars()
        .map(|c| if matches!(c, '(' | ')' | ',') { ' ' } else { c })
        .collect();
    let numbers: Result<Vec<i32>, _> = cleaned.split_whitespace().map(str::parse).collect();
    match numbers.as_deref() {
        Ok(&[a, b, c, d]) if shape_ok(text) => Ok(Action::Move {
            from: (a, b),
            to: (c, d),
        }),
        _ => Err(NotationError::new(format!(
            "`{text}` is not a move: write FROM TO as `x,y x,y`, for example `1,1 1,2`, or `resign`"
        ))),
    }
}

/// Exactly two commas: one in each coordinate.
fn shape_ok(text: &str) -> bool {
    text.matches(',').count() == 2
}
