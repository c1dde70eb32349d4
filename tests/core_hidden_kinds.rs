//! Kinds with `shown = false`: the rules see them, the text and browser
//! views do not (a cell shows the shown piece beneath, or nothing), and
//! setups and position files still write them.

use relic::contract::{BrowserView, Game, TextView};
use relic::lang::{CoreGame, parse_core_resolved, position};

const MARKED: &str = r#"
game = "core"
name = "Marked"
description = "Stones leave a hidden trail."
players = ["a", "b"]
rules = "any {empty} mark [push trail] [push stone] ->next"

[board]
width = 3
height = 1
setup = ["t.."]

[[kinds]]
name = "stone"
glyphs = ["A", "B"]

[[kinds]]
name = "trail"
glyph = "t"
shown = false
"#;

#[test]
fn hidden_kinds_are_left_out_of_the_views_only() {
    let program = parse_core_resolved(MARKED, "marked.toml", None).unwrap().1;
    let mut game = CoreGame::new(program);
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
