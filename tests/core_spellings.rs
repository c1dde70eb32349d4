//! Other spellings of an action (`spellings`): an action the turn's rules
//! do not list, but the spelling rules do, is read as the turn's action
//! that leaves the same position; a spelling that matches no action, or
//! more than one, is refused as before.

use crate::common;

use std::sync::Arc;

use common::inline_core::compiled;
use relic::contract::Game;
use relic::lang::{CoreGame, Program, builtin_core};

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

/// Stones placed on a row of three cells, with `spellings`.
fn stones(spellings: &str) -> Result<Arc<Program>, String> {
    let top = format!("spellings = {spellings:?}");
    compiled(
        "any {empty} mark [stone] ->next",
        &top,
        "width = 3\nheight = 1",
        "",
    )
}

#[test]
fn a_spelling_reads_only_as_the_one_action_leaving_the_same_position() {
    // `next` names the cell east of the one filled: `b1` fills a1.
    let east = stones("any {empty} <e mark> [stone] ->next").unwrap();
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
    let wrong = stones("any {empty} mark(x) [stone] ->me").unwrap();
    let game = CoreGame::new(wrong);
    assert_eq!(read_as(&game, "x"), None);
    // Two actions leave the position `pass` leaves: it is not one of
    // them, so it is refused.
    let rules = "mark(wait) ->next | mark(skip) ->next";
    let top = "spellings = \"mark(pass) ->next\"";
    let program = compiled(rules, top, "width = 1\nheight = 1", "").unwrap();
    let game = CoreGame::new(program);
    assert_eq!(read_as(&game, "pass"), None);
    assert_eq!(read_as(&game, "skip").as_deref(), Some("skip"));
}

#[test]
fn a_spelling_word_reads_as_the_action_it_plays() {
    let word = stones("@b1 {empty} mark(middle) [stone] ->next").unwrap();
    let game = CoreGame::new(word);
    assert_eq!(read_as(&game, "middle").as_deref(), Some("b1"));
}

#[test]
fn bad_spelling_rules_are_reported_in_place() {
    let shown = stones("any {empty} mark [ston] ->next").unwrap_err();
    assert!(shown.contains("ston"), "{shown}");
    assert!(shown.contains("spellings = "), "{shown}");
}

/// The parts of an action typed apart by spaces read as the action, in
/// every notation (a separator, or none, as chess's); records write it
/// with the separator.
#[test]
fn parts_typed_apart_by_spaces_read_as_the_action() {
    let chess = game("chess");
    assert_eq!(read_as(&chess, "e2 e4").as_deref(), Some("e2e4"));
    assert_eq!(read_as(&chess, " g1   f3 ").as_deref(), Some("g1f3"));
    let checkers = game("checkers");
    assert_eq!(read_as(&checkers, "c3 d4").as_deref(), Some("c3-d4"));
    assert_eq!(read_as(&checkers, "c3 z9"), None);
    assert_eq!(read_as(&checkers, "c3"), None);
}
