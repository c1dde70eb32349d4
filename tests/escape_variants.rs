//! Escape's rulesets say what a configuration's words mean: every built-in
//! variant is a short `extends` file of the base ruleset that changes a
//! meaning, and each house rule plays as it says; a wrong key or option
//! is reported with its span, a suggestion and a code (snapshots).

use std::path::Path;

use relic::escape::GameManager;
use relic::escape::config::parse_config;
use relic::escape::ruleset::{ESCAPE_BUILTINS, builtin_escape, load_escape, resolved_escape};
use relic::escape::{CountRule, Variant};
use relic::games::escape::ruleset::parse_escape;

/// A game of `text` under the built-in ruleset `name`.
fn under(name: &str, text: &str) -> GameManager {
    let rules = builtin_escape(name).unwrap().unwrap();
    GameManager::new(parse_config(text).unwrap(), rules.variant)
}

#[test]
fn the_base_ruleset_is_the_default_and_every_variant_extends_it_and_changes_it() {
    let base = builtin_escape("escape").unwrap().unwrap();
    assert_eq!(base.variant, Variant::default());
    assert_eq!(ESCAPE_BUILTINS[0].0, "escape");
    for (name, source) in &ESCAPE_BUILTINS[1..] {
        let path = Path::new("rulesets/escape").join(format!("{name}.toml"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), *source, "{name}");
        assert!(source.contains("\nextends = \"escape\"\n"), "{name}");
        let rules_lines = source
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count();
        assert!(rules_lines <= 10, "{name} is a few lines ({rules_lines})");
        let rules = builtin_escape(name).unwrap().unwrap();
        assert_ne!(rules.variant, base.variant, "{name} changes a meaning");
        let again = parse_escape(&resolved_escape(&rules), "x.toml", None).unwrap();
        assert_eq!(again, rules, "{name} survives `rules show`");
    }
}

const RACE: &str = "Coordinate type : SQUARE xMax : 9 yMax : 9
    Locations : (1, 1) player1 dog (1, 3) exit (9, 9) player2 dog (8, 8) player2 dog
    Piece descriptors : DOG omni [distance 2, value 3]
    Rules : SCORE 5";

#[test]
fn exits_can_score_double() {
    let mut base = under("escape", RACE);
    assert!(base.move_piece((1, 1), (1, 3)));
    assert_eq!((base.score(1), base.result()), (3, None));
    let mut double = under("escape-double-exits", RACE);
    assert!(double.move_piece((1, 1), (1, 3)));
    assert_eq!(double.score(1), 6);
    assert_eq!(double.result().as_deref(), Some("PLAYER1 wins"));
}

/// PLAYER1 takes PLAYER2's only piece: PLAYER2 is left without a move.
const STUCK: &str = "Coordinate type : SQUARE xMax : 9 yMax : 9
    Locations : (1, 1) player1 dog (1, 2) player2 dog (5, 5) exit
    Piece descriptors : DOG omni [distance 1]
    Rules : REMOVE";

#[test]
fn no_move_left_can_be_a_draw() {
    let mut base = under("escape", STUCK);
    assert!(base.move_piece((1, 1), (1, 2)));
    assert_eq!(base.result().as_deref(), Some("PLAYER1 wins"));
    let mut drawn = under("escape-stuck-draws", STUCK);
    assert!(drawn.move_piece((1, 1), (1, 2)));
    assert_eq!(drawn.result().as_deref(), Some("draw"));
    assert!(!drawn.move_piece((1, 2), (1, 3)), "play is over");
}

#[test]
fn remove_can_gain_the_removed_value() {
    let text = "Coordinate type : SQUARE xMax : 9 yMax : 9
        Locations : (1, 1) player1 dog (1, 2) player2 horse (1, 3) exit (9, 9) player2 horse
        Piece descriptors : DOG omni [distance 1, value 2] HORSE omni [distance 1, value 5]
        Rules : REMOVE";
    let mut base = under("escape", text);
    assert!(base.move_piece((1, 1), (1, 2)));
    assert!(base.move_piece((9, 9), (8, 8)));
    assert!(base.move_piece((1, 2), (1, 3)));
    assert_eq!(base.score(1), 2);
    let mut gains = under("escape-remove-gains", text);
    assert!(gains.move_piece((1, 1), (1, 2)));
    assert!(gains.move_piece((9, 9), (8, 8)));
    assert!(gains.move_piece((1, 2), (1, 3)));
    assert_eq!(gains.score(1), 7, "the DOG carried the HORSE's 5 points");
}

#[test]
fn the_later_years_count_moves_and_stop_at_exits() {
    let later = builtin_escape("escape-later").unwrap().unwrap();
    assert_eq!(later.variant.turn_limit, CountRule::MoveLimit);
    let text = "Coordinate type : SQUARE xMax : 9 yMax : 9
        Locations : (1, 1) player1 dog (1, 2) exit (9, 9) player2 dog
        Piece descriptors : DOG linear [distance 3]
        Rules : TURN_LIMIT 1";
    let mut m = under("escape-later", text);
    assert!(!m.move_piece((1, 1), (1, 3)), "no path crosses the exit");
    assert!(m.move_piece((1, 1), (2, 1)));
    assert_eq!(
        m.result().as_deref(),
        Some("draw"),
        "one move was the limit"
    );
}

#[test]
fn a_house_rule_file_extends_a_variant_in_a_few_lines() {
    let rules = load_escape(Path::new("tests/fixtures/escape/rulesets/house.toml")).unwrap();
    assert_eq!(rules.name, "Triple exits");
    let mut m = GameManager::new(parse_config(RACE).unwrap(), rules.variant);
    assert!(m.move_piece((1, 1), (1, 3)));
    assert_eq!(m.score(1), 9);
}

#[test]
fn wrong_keys_and_options_are_reported_as_the_snapshots_show() {
    for stem in ["misspelt", "trap-and-hurdle"] {
        let path = format!("tests/fixtures/escape/rulesets/{stem}.toml");
        let failure = load_escape(Path::new(&path)).expect_err(&path);
        insta::assert_snapshot!(format!("escape-ruleset-{stem}"), failure.render(80));
    }
}

#[test]
fn the_players_colours_come_from_the_ruleset_and_are_checked() {
    let base = builtin_escape("escape").unwrap().unwrap();
    assert_eq!(base.colours, ["blue".to_owned(), "red".to_owned()]);
    let colours = "game = \"escape\"\nextends = \"escape\"\n\
                   [[players]]\ncolour = \"gold\"\n[[players]]\ncolour = \"#1c7ed6\"\n";
    let rules = parse_escape(colours, "x.toml", None).unwrap();
    assert_eq!(rules.colours, ["gold".to_owned(), "#1c7ed6".to_owned()]);
    let again = parse_escape(&resolved_escape(&rules), "x.toml", None).unwrap();
    assert_eq!(again, rules, "the colours survive `rules show`");
    let report = |text: &str| parse_escape(text, "x.toml", None).unwrap_err().render(80);
    let bad = report(
        "game = \"escape\"\n[[players]]\ncolour = \"gren\"\n[[players]]\ncolour = \"url(x)\"\n",
    );
    assert!(bad.contains("`gren` is not a colour"), "{bad}");
    assert!(bad.contains("did you mean `green`?"), "{bad}");
    assert!(bad.contains("`url(x)` is not a colour"), "{bad}");
    let same =
        report("game = \"escape\"\n[[players]]\ncolour = \"Red\"\n[[players]]\ncolour = \"red\"\n");
    assert!(
        same.contains("PLAYER1 and PLAYER2 are both `red`"),
        "{same}"
    );
    let one = report("game = \"escape\"\n[[players]]\ncolour = \"red\"\n");
    assert!(one.contains("players"), "{one}");
}
