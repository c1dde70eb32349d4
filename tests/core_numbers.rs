//! Numbers given to macros: values and marks take them, rules refuse them.

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};

fn ruleset(rules: &str, macros: &str) -> String {
    format!(
        r#"game = "core"
name = "Numbers"
players = ["a", "b"]
rules = "{rules}"

[board]
width = 3
height = 1

[[kinds]]
name = "stone"
glyph = "o"

[[variables]]
name = "score"
min = -10
max = 10

[macros]
{macros}
"#
    )
}

fn load(rules: &str, macros: &str) -> Result<CoreGame, String> {
    let text = ruleset(rules, macros);
    let (_, program) =
        parse_core_resolved(&text, "numbers.toml", None).map_err(|e| e.render(80))?;
    Ok(CoreGame::new(program))
}

fn notations(game: &CoreGame) -> Vec<String> {
    let actions = game.legal_actions();
    actions.iter().map(|a| game.write_action(a)).collect()
}

#[test]
fn a_number_stands_for_its_value_and_its_digits() {
    let game = load(
        "any {empty} [stone] mark (gain(2) | gain(-1)) ->next",
        r#""gain(k)" = "[$ score = score + k] mark(k)""#,
    )
    .unwrap();
    let written = notations(&game);
    assert_eq!(written, ["a1-2", "a1--1", "b1-2", "b1--1", "c1-2", "c1--1"]);
    let mut after = game.clone();
    let action = game.legal_actions()[1];
    after.apply(&action).unwrap();
    assert_eq!(after.values()[0], -1);
}

#[test]
fn comparisons_read_the_number() {
    let game = load(
        "any {empty} [stone] mark (gain(2) | gain(-1)) ->next",
        r#""gain(k)" = "{$ score + k > 0} [$ score = score + k] mark(k)""#,
    )
    .unwrap();
    assert_eq!(notations(&game), ["a1-2", "b1-2", "c1-2"]);
}

#[test]
fn a_number_where_rules_are_expected_is_refused_at_the_argument() {
    let refused = load("twice(3) ->next", r#""twice(e)" = "e e""#).unwrap_err();
    assert!(refused.contains("core::rules::misplaced"), "{refused}");
    assert!(
        refused.contains("a number where rules are expected"),
        "{refused}"
    );
    assert!(
        refused.contains("twice(3)\n") || refused.contains("┬"),
        "{refused}"
    );
}

#[test]
fn the_expanded_rules_read_back_with_negative_numbers() {
    let text = ruleset(
        "any {empty} [stone] mark gain(-3) ->next",
        r#""gain(k)" = "[$ score = score + k] mark(k)""#,
    );
    let (core, program) = parse_core_resolved(&text, "numbers.toml", None).unwrap();
    let expanded = relic::lang::expanded_toml(&core, &program);
    assert!(expanded.contains("score + (0 - 3)"), "{expanded}");
    let (_, again) = parse_core_resolved(&expanded, "expanded.toml", None)
        .map_err(|e| e.render(80))
        .unwrap();
    let (first, second) = (CoreGame::new(program), CoreGame::new(again));
    assert_eq!(notations(&first), notations(&second));
    let play = |mut game: CoreGame| {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        game.values().to_vec()
    };
    assert_eq!(play(first), play(second));
}

#[test]
fn a_number_counts_a_repetition() {
    // Stones go up to k cells east of a1, over empty cells.
    let up_to = |count: &str| {
        let macros = format!(r#""reach-east(k)" = "@a1 (e {{empty}}){count}""#);
        load(
            "reach-east(2) [stone] mark ->next | reach-east(1) [stone] mark(one) mark ->next",
            &macros,
        )
        .map(|game| {
            let mut written = notations(&game);
            written.sort();
            written
        })
    };
    // `{0,k}` as written, `{k}` read as a test and counted, `{k,}` and
    // `{k,3}` counted by where they stand.
    assert_eq!(
        up_to("{0,k}").unwrap(),
        ["a1", "b1", "c1", "one-a1", "one-b1"]
    );
    assert_eq!(up_to("{k}").unwrap(), ["c1", "one-b1"]);
    assert_eq!(up_to("{k,}").unwrap(), ["c1", "one-b1", "one-c1"]);
    assert_eq!(up_to("{k,2}").unwrap(), ["c1", "one-b1", "one-c1"]);
    assert_eq!(up_to("{k, k}").unwrap(), ["c1", "one-b1"]);
}

#[test]
fn a_count_passed_on_from_macro_to_macro_and_inside_an_argument() {
    let game = load(
        "outer(2) ->next",
        r#""outer(j)" = "inner(j, (e {empty}){j})"
"inner(k, steps)" = "@a1 steps [stone] mark | @a1 (e{k})? [stone] mark(x) mark""#,
    )
    .unwrap();
    // The most times first, as every repetition tries them.
    assert_eq!(notations(&game), ["c1", "x-c1", "x-a1"]);
}

#[test]
fn a_count_that_is_no_number_is_refused_at_its_name() {
    let refused = load(
        "go(n) ->next",
        r#""go(k)" = "@a1 (e {empty}){0,k} [stone] mark""#,
    )
    .unwrap_err();
    assert!(refused.contains("core::rules::misplaced"), "{refused}");
    assert!(refused.contains("not given a number"), "{refused}");
    let negative = load(
        "go(-1) ->next",
        r#""go(k)" = "@a1 (e {empty}){0,k} [stone] mark""#,
    )
    .unwrap_err();
    assert!(negative.contains("a count below 0"), "{negative}");
    // `{k}` with rules for `k` is a test of what they name.
    let test = load(
        "any go(stone) [stone] mark ->next",
        r#""go(k)" = "{empty} e {k}""#,
    )
    .unwrap();
    assert!(notations(&test).is_empty());
}

#[test]
fn counted_rules_expand_to_numbers_and_read_back() {
    let text = ruleset(
        "go(2) ->next | go(1) mark(one) ->next",
        r#""go(k)" = "@a1 (e {empty}){0,k} e{k} [stone] mark""#,
    );
    let (core, program) = parse_core_resolved(&text, "numbers.toml", None).unwrap();
    let expanded = relic::lang::expanded_toml(&core, &program);
    assert!(expanded.contains("(e {empty}){0,2} e{2}"), "{expanded}");
    let (_, again) = parse_core_resolved(&expanded, "expanded.toml", None)
        .map_err(|e| e.render(80))
        .unwrap();
    assert_eq!(
        notations(&CoreGame::new(program)),
        notations(&CoreGame::new(again))
    );
}
