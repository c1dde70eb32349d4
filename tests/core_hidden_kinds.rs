//! Kinds with `shown = false`: the rules see them, the text and browser
//! views do not (a cell shows the shown piece beneath, or nothing), and
//! setups and position files still write them.

use crate::common;

use common::inline_core::compiled;
use relic::contract::{BrowserView, Game, TextView};
use relic::lang::{CoreGame, position};

/// Stones leave a hidden trail on a row of three cells, one there at the
/// start.
fn marked() -> CoreGame {
    let rules = "any {empty} mark [push trail] [push stone] ->next";
    let board = "width = 3\nheight = 1\nsetup = [\"t..\"]";
    let trail = "[[kinds]]\nname = \"trail\"\nglyph = \"t\"\nshown = false";
    CoreGame::new(compiled(rules, "", board, trail).unwrap())
}

#[test]
fn hidden_kinds_are_left_out_of_the_views_only() {
    let mut game = marked();
    let mut text = String::new();
    game.write_position(&mut text);
    assert_eq!(text.lines().next(), Some("1  . . ."), "{text}");
    let view = game.view(Some(0));
    assert!(view["cells"][0].get("layers").is_none(), "{view}");
    let b1 = game.parse_action("b1").unwrap();
    game.apply(&b1).unwrap();
    let mut text = String::new();
    game.write_position(&mut text);
    assert_eq!(text.lines().next(), Some("1  . A ."), "{text}");
    let view = game.view(Some(0));
    assert!(
        view["cells"][1]["layers"][0].get("height").is_none(),
        "{view}"
    );
    assert_eq!(view["cells"][1]["layers"][0]["glyph"], "A");
    let file = position::write_position(&game);
    assert!(file.contains("\"t   t/A .\""), "{file}");
}
