//! The value `turn`: the number of actions played before the one being
//! made, read by rules (a first move in the centre, an offer on the
//! second), kept apart in listings of one position at different turns,
//! and hidden by a variable of that name.

use crate::common;

use common::inline_core::compiled;
use relic::contract::Game;
use relic::lang::CoreGame;

/// Two players on a 3x3 board of stones, with the tables `tail`.
fn game(rules: &str, tail: &str) -> CoreGame {
    CoreGame::new(
        compiled(rules, "", "width = 3\nheight = 3", tail).unwrap_or_else(|e| panic!("{e}")),
    )
}

fn legal(game: &CoreGame) -> Vec<String> {
    let mut texts: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    texts.sort();
    texts
}

fn play(game: &mut CoreGame, text: &str) {
    let action = game.parse_action(text).unwrap();
    game.apply(&action).unwrap();
}

#[test]
fn the_first_move_is_made_in_the_centre() {
    let rules =
        "{$ turn == 0} @b2 [stone] mark ->next | {$ turn > 0} any {empty} [stone] mark ->next";
    let mut g = game(rules, "");
    assert_eq!(legal(&g), ["b2"]);
    play(&mut g, "b2");
    assert_eq!(legal(&g).len(), 8, "every empty square on the second");
    play(&mut g, "a1");
    assert_eq!(legal(&g).len(), 7);
}

#[test]
fn one_position_lists_by_its_turn() {
    // Waiting leaves the board and the player as they were: the third
    // turn's position is the first's, but only it may stop.
    let rules = "mark(wait) ->next | {$ turn >= 2} mark(stop) end(win)";
    let mut g = game(rules, "");
    assert_eq!(legal(&g), ["wait"]);
    play(&mut g, "wait");
    assert_eq!(legal(&g), ["wait"]);
    play(&mut g, "wait");
    assert_eq!(legal(&g), ["stop", "wait"]);
    play(&mut g, "stop");
    assert!(g.status().is_over());
}

#[test]
fn turn_counts_every_action_in_patterns_and_assignments() {
    let rules = "any {empty} [stone] mark [$ last = turn] ->next";
    let extra = "[[variables]]\nname = \"last\"\nmax = 9\n";
    let mut g = game(rules, extra);
    for (i, square) in ["a1", "b1", "c1"].into_iter().enumerate() {
        play(&mut g, square);
        assert_eq!(g.values(), [i as i32]);
    }
}

#[test]
fn a_variable_named_turn_hides_the_value() {
    let rules = "{$ turn == 0} any {empty} [stone] mark ->next";
    let extra = "[[variables]]\nname = \"turn\"\nmax = 9\n";
    let mut g = game(rules, extra);
    play(&mut g, "a1");
    assert_eq!(legal(&g).len(), 8, "the variable stays 0");
}

/// The rendered problems of a ruleset that does not load.
fn problems(rules: &str) -> String {
    match compiled(rules, "", "width = 3\nheight = 3", "") {
        Ok(_) => panic!("`{rules}` loaded"),
        Err(out) => out,
    }
}

#[test]
fn a_misspelt_value_is_offered_the_built_in_ones() {
    let out = problems("{$ trun == 0} any {empty} [stone] mark ->next");
    assert!(out.contains("variable `trun` is not defined"), "{out}");
    assert!(out.contains("did you mean `turn`?"), "{out}");
    assert!(out.contains("built-in values and players"), "{out}");
}

#[test]
fn an_assigned_variable_with_no_table_says_where_to_declare_it() {
    let out = problems("any {empty} [stone] [$ score = 2] mark ->next");
    assert!(out.contains("variable `score` is not defined"), "{out}");
    assert!(
        out.contains("`[[variables]]` table: `name = \"score\"`"),
        "{out}"
    );
}

#[test]
fn observations_show_the_turn_where_the_rules_read_it() {
    use relic::contract::Observe;
    let counters = |g: &CoreGame| {
        let layout = g.layout().expect("a layout");
        let mut planes = vec![0.0; layout.planes.len() * 9];
        let mut counters = vec![0.0; layout.counters.len()];
        g.observe(&mut planes, &mut counters);
        (layout.counters, counters)
    };
    let rules =
        "{$ turn == 0} @b2 [stone] mark ->next | {$ turn > 0} any {empty} [stone] mark ->next";
    let mut g = game(rules, "");
    play(&mut g, "b2");
    play(&mut g, "a1");
    assert_eq!(counters(&g), (vec!["turn".to_owned()], vec![2.0]));
    // Rules that never read it show no such counter.
    let g = game("any {empty} [stone] mark ->next", "");
    assert_eq!(counters(&g).0, Vec::<String>::new());
}
