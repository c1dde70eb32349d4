//! Values with `*`, `/`, `%` and the cursor's `column` and `row`.

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};

fn ruleset(rules: &str) -> String {
    format!(
        r#"game = "core"
name = "Arithmetic"
players = ["a", "b"]
rules = "{rules}"

[board]
width = 3
height = 3

[[kinds]]
name = "stone"
glyph = "o"

[[variables]]
name = "x"
min = -100
max = 100
"#
    )
}

fn legal(rules: &str) -> Vec<String> {
    let (_, program) = parse_core_resolved(&ruleset(rules), "arithmetic.toml", None)
        .map_err(|e| e.render(80))
        .unwrap();
    let game = CoreGame::new(program);
    let actions = game.legal_actions();
    actions.iter().map(|a| game.write_action(a)).collect()
}

#[test]
fn parity_of_the_cursor_picks_the_dark_squares() {
    let dark = legal("any {empty} {$ (column + row) % 2 == 0} [stone] mark ->next");
    assert_eq!(dark, ["a1", "c1", "b2", "a3", "c3"]);
    let north_east = legal("any {empty} {$ column * row >= 6} [stone] mark ->next");
    assert_eq!(north_east, ["c2", "b3", "c3"]);
}

#[test]
fn products_bind_tighter_and_division_rounds_down() {
    for (test, holds) in [
        ("2 + 3 * 4 == 14", true),
        ("(2 + 3) * 4 == 20", true),
        ("7 / 2 == 3", true),
        ("0 - 7 / 2 == 0 - 3", true),
        ("(0 - 7) / 2 == 0 - 4", true),
        ("(0 - 7) % 2 == 1", true),
        ("5 / 0 == 0", true),
        ("5 % 0 == 0", true),
        ("12 / 2 / 3 == 2", true),
        ("12 / 2 / 3 == 18", false),
    ] {
        let rules = format!("{{$ {test}}} @a1 [stone] mark ->next");
        assert_eq!(legal(&rules).len(), usize::from(holds), "{test}");
    }
}

#[test]
fn the_expanded_rules_print_the_arithmetic_back() {
    let text = ruleset(
        "any {empty} [stone] [$ x = (column + 1) * (row - 2) % 5 - 12 / (2 * 3)] mark ->next",
    );
    let (core, program) = parse_core_resolved(&text, "arithmetic.toml", None).unwrap();
    let expanded = relic::lang::expanded_toml(&core, &program);
    assert!(
        expanded.contains("[$ x = (column + 1) * (row - 2) % 5 - 12 / (2 * 3)]"),
        "{expanded}"
    );
    let (_, again) = parse_core_resolved(&expanded, "again.toml", None).unwrap();
    let values = |program| {
        let mut game = CoreGame::new(program);
        let mut seen = Vec::new();
        while let Some(action) = game.legal_actions().first().copied() {
            game.apply(&action).unwrap();
            seen.push(game.values()[0]);
        }
        seen
    };
    let first = values(program);
    assert_eq!(first, values(again));
    // a1: (1 + 1) * (1 - 2) % 5 - 2 = -2 % 5 - 2 = 3 - 2.
    assert_eq!(first[0], 1);
}
