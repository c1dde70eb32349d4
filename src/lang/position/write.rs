//! A core game's position written as a position file: what
//! [`super::read_position`] reads back to the same cells, stacks,
//! variables, player to move and turn count.

use crate::contract::Game;
use crate::lang::game::CoreGame;
use crate::lang::program::Variable;
use crate::lang::setup_rows::write_rows;

/// The position of `game` as a position file: a comment naming the game,
/// then `board`, `to_move`, `turn` and every variable.
///
/// ```
/// use relic::contract::Game;
/// use relic::lang::{CoreGame, builtin_core, position};
/// let kalah = builtin_core("kalah").unwrap().unwrap();
/// let mut game = CoreGame::new(kalah.clone());
/// game.apply(&game.parse_action("c1").unwrap()).unwrap();
/// let text = position::write_position(&game);
/// assert!(text.contains("to_move = \"north\""), "{text}");
/// let again = position::start_from_position(kalah, "p.toml", &text).unwrap();
/// assert_eq!(position::write_position(&again), text);
/// ```
pub fn write_position(game: &CoreGame) -> String {
    let p = game.program();
    let mut out = format!("# A position of {}.\n", p.name);
    out.push_str("board = [\n");
    for row in write_rows(&p.board, |code| p.glyph(code), |cell| game.stack(cell)) {
        out.push_str(&format!("    {},\n", quoted(&row)));
    }
    out.push_str("]\n");
    let mover = &p.players[usize::from(game.mover())];
    out.push_str(&format!("to_move = {}\n", quoted(mover)));
    out.push_str(&format!("turn = {}\n", game.turn()));
    if !p.variables.is_empty() {
        out.push_str("\n[variables]\n");
    }
    for v in &p.variables {
        let value = variable_value(v, &p.players, game.values());
        out.push_str(&format!("{} = {value}\n", key(&v.name)));
    }
    out
}

/// A variable's value as written: a number, or a table of the players'.
fn variable_value(v: &Variable, players: &[String], values: &[i32]) -> String {
    let slot = usize::from(v.slot);
    match v.per_player {
        false => values[slot].to_string(),
        true => {
            let pairs: Vec<String> = (players.iter().enumerate())
                .map(|(seat, name)| format!("{} = {}", key(name), values[slot + seat]))
                .collect();
            format!("{{ {} }}", pairs.join(", "))
        }
    }
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// A TOML key: bare when it can be, else quoted.
fn key(name: &str) -> String {
    let bare = !name.is_empty()
        && (name.chars()).all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    match bare {
        true => name.to_owned(),
        false => quoted(name),
    }
}
