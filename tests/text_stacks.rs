//! The text board shows a cell's top piece; what lies beneath it is
//! written under the board, a line per stack, bottom first.

use relic::contract::{Game, TextView};
use relic::lang::{CoreGame, builtin_core, parse_core_resolved};

const TOWERS: &str = r#"game = "core"
name = "Towers"
players = ["white", "black"]
rules = "any [push stone] mark ->next"

[board]
width = 3
height = 2

[[kinds]]
name = "stone"
glyphs = ["W", "B"]
"#;

fn played(mut game: CoreGame, actions: &[&str]) -> String {
    for text in actions {
        let action = game.parse_action(text).unwrap();
        game.apply(&action).unwrap();
    }
    let mut out = String::new();
    game.write_position(&mut out);
    out
}

#[test]
fn each_stack_is_written_bottom_first_under_the_board() {
    let (_, program) = parse_core_resolved(TOWERS, "towers.toml", None).unwrap();
    let shown = played(CoreGame::new(program), &["a1", "a1", "b2", "a1"]);
    assert_eq!(
        shown,
        "2  . W .\n1  B . .\n   a b c\na1 holds, bottom first: W B B\n"
    );
}

#[test]
fn a_stack_of_like_pieces_whose_height_is_drawn_needs_no_line() {
    let kalah = CoreGame::new(builtin_core("kalah").unwrap().unwrap());
    let shown = played(kalah, &[]);
    assert!(shown.contains("o4"), "{shown}");
    assert!(!shown.contains("holds"), "{shown}");
}
