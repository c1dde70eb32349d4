//! Other spellings of an action (`spellings`): an action the turn's rules
//! do not list, but the spelling rules do, is read as the turn's action
//! that leaves the same position; a spelling that matches no action, or
//! more than one, is refused as before.

use std::sync::Arc;

use relic::contract::Game;
use relic::lang::{CoreGame, Program, builtin_core, parse_core_resolved};

fn game(name: &str) -> CoreGame {
    CoreGame::new(builtin_core(name).unwrap().unwrap())
}

fn read_as(game: &CoreGame, typed: &str) -> Option<String> {
    let action = game.parse_action(typed).ok()?;
    let legal = game.legal_actions().contains(&action);
    legal.then(|| game.write_action(&action))
}

#[test]
fn a_line_typed_from_its_other_end_is_the_line() {
    let dots = game("dots-and-boxes");
    assert_eq!(read_as(&dots, "c1-a1").as_deref(), Some("a1-c1"));
    assert_eq!(read_as(&dots, "a3-a1").as_deref(), Some("a1-a3"));
    assert_eq!(read_as(&dots, "a1-c1").as_deref(), Some("a1-c1"));
    assert_eq!(
        read_as(&dots, "e1-a1"),
        None,
        "no line joins dots two apart"
    );
    let mut after = dots.clone();
    after.apply(&dots.parse_action("c1-a1").unwrap()).unwrap();
    assert_eq!(read_as(&after, "c1-a1"), None, "a line is drawn once");
}

#[test]
fn a_broadside_named_from_its_other_end_is_the_broadside() {
    let abalone = game("abalone");
    assert_eq!(read_as(&abalone, "c5-c3-d6").as_deref(), Some("c3-c5-d4"));
    assert_eq!(read_as(&abalone, "c4-c3-d5").as_deref(), Some("c3-c4-d4"));
    assert_eq!(read_as(&abalone, "c5-c3-d5").as_deref(), Some("c3-c5-d3"));
    assert_eq!(
        read_as(&abalone, "c5-c3-e5"),
        None,
        "no marble moves two cells"
    );
}

fn stones(extra: &str) -> Arc<Program> {
    let source = format!(
        "game = \"core\"\nname = \"Stones\"\nplayers = [\"a\", \"b\"]\nrules = \"any {{empty}} mark [stone] ->next\"\n{extra}\n\
         [board]\nwidth = 3\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n"
    );
    parse_core_resolved(&source, "stones.toml", None)
        .map_err(|e| e.render(80))
        .unwrap()
        .1
}

#[test]
fn a_spelling_reads_only_as_the_one_action_leaving_the_same_position() {
    // `next` names the cell east of the one filled: `b1` fills a1.
    let east = stones("spellings = \"any {empty} <e mark> [stone] ->next\"");
    let game = CoreGame::new(east);
    assert_eq!(
        read_as(&game, "b1").as_deref(),
        Some("b1"),
        "its own spelling first"
    );
    let west_of = |typed| read_as(&game, typed);
    assert_eq!(west_of("c1").as_deref(), Some("c1"));
    // A spelling whose position no action leaves (the other player moves
    // next) is refused.
    let wrong = stones("spellings = \"any {empty} mark(x) [stone] ->me\"");
    let game = CoreGame::new(wrong);
    assert_eq!(read_as(&game, "x"), None);
    // Two actions leave the position `pass` leaves: it is not one of
    // them, so it is refused.
    let source = "game = \"core\"\nname = \"Passes\"\nplayers = [\"a\", \"b\"]\n\
                  rules = \"mark(wait) ->next | mark(skip) ->next\"\n\
                  spellings = \"mark(pass) ->next\"\n[board]\nwidth = 1\nheight = 1\n\
                  [[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let program = parse_core_resolved(source, "p.toml", None).unwrap().1;
    let game = CoreGame::new(program);
    assert_eq!(read_as(&game, "pass"), None);
    assert_eq!(read_as(&game, "skip").as_deref(), Some("skip"));
}

#[test]
fn a_spelling_word_reads_as_the_action_it_plays() {
    let word = stones("spellings = \"@b1 {empty} mark(middle) [stone] ->next\"");
    let game = CoreGame::new(word);
    assert_eq!(read_as(&game, "middle").as_deref(), Some("b1"));
}

#[test]
fn bad_spelling_rules_are_reported_in_place() {
    let source = "game = \"core\"\nname = \"Stones\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} mark [stone] ->next\"\n\
                  spellings = \"any {empty} mark [ston] ->next\"\n\
                  [board]\nwidth = 3\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let failure = parse_core_resolved(source, "s.toml", None).unwrap_err();
    let shown = failure.render(80);
    assert!(shown.contains("ston"), "{shown}");
    assert!(shown.contains("spellings = "), "{shown}");
}
