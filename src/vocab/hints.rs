//! How to type an action now, in words with an example taken from the
//! legal actions (`a column a to g, for example d`): what text play's
//! prompt shows and what every notation error ends with.

use super::notation::{line_of, write};
use super::state::{Action, VocabGame};
use crate::contract::Game;

/// The kinds of action a prompt can explain, in the order it lists them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Drop,
    Place,
    PlaceFrom,
    Move,
    Effect,
    Pass,
}

const CLASSES: [Class; 6] = [
    Class::Drop,
    Class::Place,
    Class::PlaceFrom,
    Class::Move,
    Class::Effect,
    Class::Pass,
];

fn class(action: &Action) -> Option<Class> {
    Some(match action {
        Action::Drop { .. } => Class::Drop,
        Action::Place { .. } => Class::Place,
        Action::PlaceFrom { .. } => Class::PlaceFrom,
        Action::Move { .. } => Class::Move,
        Action::Effect { .. } => Class::Effect,
        Action::Pass => Class::Pass,
        Action::Quit | Action::Forfeit { .. } => return None,
    })
}

/// How the actions legal now are typed, each kind with an example (the
/// middle one of its kind); empty when play is over.
///
/// ```
/// use relic::vocab::{VocabGame, builtin_vocab, hints::how_to_act};
/// let game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
/// assert_eq!(how_to_act(&game), "a column a to g, for example d");
/// let game = VocabGame::new(builtin_vocab("breakthrough").unwrap().unwrap());
/// assert!(how_to_act(&game).starts_with("a move FROM-TO, for example "));
/// ```
pub fn how_to_act(game: &VocabGame) -> String {
    let legal = game.legal_actions();
    let mut parts = Vec::new();
    for wanted in CLASSES {
        let of_class: Vec<&Action> = legal.iter().filter(|a| class(a) == Some(wanted)).collect();
        let Some(example) = of_class.get(of_class.len() / 2) else {
            continue;
        };
        let example = write(game.program(), example);
        parts.push(match wanted {
            Class::Pass => "`pass`".to_owned(),
            _ => format!("{}, for example {example}", what(game, wanted, &example)),
        });
    }
    parts.join("; or ")
}

/// One kind of action in words.
fn what(game: &VocabGame, class: Class, example: &str) -> String {
    match class {
        Class::Drop => lines(game),
        Class::Place if example.contains('@') => "a piece and a square KIND@SQUARE".to_owned(),
        Class::Place => "a square".to_owned(),
        Class::PlaceFrom => "a reserve stack and a square STACK@SQUARE".to_owned(),
        Class::Move => "a move FROM-TO".to_owned(),
        Class::Effect => "an effect RULE@SQUARE".to_owned(),
        Class::Pass => "`pass`".to_owned(),
    }
}

/// The drop lines: `a column a to g` or `a row 1 to 6`.
fn lines(game: &VocabGame) -> String {
    let program = game.program();
    let Some(rule) = program.rules.iter().find(|r| r.drop.is_some()) else {
        return "a line".to_owned();
    };
    let mut names: Vec<String> = rule.entries.iter().map(|&e| line_of(program, e)).collect();
    names.dedup();
    let (_, dx, _) = program.geometry.directions()[usize::from(rule.drop.unwrap_or(4))];
    let line = if dx == 0 { "column" } else { "row" };
    match (names.first(), names.last()) {
        (Some(first), Some(last)) if first != last => format!("a {line} {first} to {last}"),
        _ => format!("a {line}"),
    }
}
