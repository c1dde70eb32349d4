//! A player's copy of a per-player variable (`score@next`, `score@b`,
//! `score@enemy`): read and written whoever moves, refused where the
//! variable is one for the game or the player is not there.

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};

/// Three players (or the first two), a per-player `score` and a game's
/// `round`.
fn ruleset(players: &str, rules: &str) -> String {
    format!(
        r#"game = "core"
name = "Copies"
players = [{players}]
rules = "{rules}"

[board]
width = 3
height = 3

[[kinds]]
name = "stone"
glyph = "o"

[[variables]]
name = "score"
max = 9
per_player = true

[[variables]]
name = "round"
max = 9
"#
    )
}

fn game(players: &str, rules: &str) -> Result<CoreGame, String> {
    let (_, program) = parse_core_resolved(&ruleset(players, rules), "copies.toml", None)
        .map_err(|e| e.render(80))?;
    Ok(CoreGame::new(program))
}

/// Plays `actions` and gives the variables' slots: score of a, b, c, then
/// round.
fn scores_after(rules: &str, actions: &[&str]) -> Vec<i32> {
    let mut game = game(r#""a", "b", "c""#, rules).unwrap();
    for text in actions {
        let action = game.parse_action(text).unwrap();
        game.apply(&action).unwrap();
    }
    game.values().to_vec()
}

#[test]
fn a_mover_writes_the_next_players_copy() {
    let rules = "any {empty} mark [$ score@next = score@next + 1] ->next";
    assert_eq!(scores_after(rules, &["a1"]), [0, 1, 0, 0]);
    assert_eq!(scores_after(rules, &["a1", "b1"]), [0, 1, 1, 0]);
    assert_eq!(scores_after(rules, &["a1", "b1", "c1"]), [1, 1, 1, 0]);
}

#[test]
fn a_named_players_copy_is_the_same_whoever_moves() {
    let rules = "any {empty} mark [$ score@b = score@b + 2, score = score + 1] ->next";
    assert_eq!(scores_after(rules, &["a1"]), [1, 2, 0, 0]);
    assert_eq!(scores_after(rules, &["a1", "b1"]), [1, 5, 0, 0]);
    assert_eq!(scores_after(rules, &["a1", "b1", "c1"]), [1, 7, 1, 0]);
}

#[test]
fn copies_are_read_in_values_and_comparisons() {
    // Only where the next player's score is below the mover's may one
    // place on the first row; `score@me` is the mover's own.
    let rules = "@a1 {empty} [stone] mark [$ score = score@next + 3] ->next \
                 | any {empty} {$ score@next < score@me} mark [$ round = round + 1] ->next";
    let mut game = game(r#""a", "b", "c""#, rules).unwrap();
    let legal = |g: &CoreGame| g.legal_actions().len();
    assert_eq!(legal(&game), 1, "a's score is not above b's");
    game.apply(&game.parse_action("a1").unwrap()).unwrap();
    assert_eq!(game.values(), [3, 0, 0, 0]);
    assert_eq!(legal(&game), 0, "b's score is not above c's, a1 is taken");
}

#[test]
fn enemy_names_the_other_of_two_players() {
    let rules = "any {empty} mark [$ score@enemy = score@enemy + 1] ->next";
    let mut game = game(r#""a", "b""#, rules).unwrap();
    for text in ["a1", "b1", "c1"] {
        game.apply(&game.parse_action(text).unwrap()).unwrap();
    }
    assert_eq!(game.values(), [1, 2, 0]);
}

#[test]
fn a_games_variable_and_an_unknown_player_are_refused_at_their_names() {
    let rules = "any {empty} mark [$ round@next = 1, score@nxt = 1] \
                 {$ score@enemy == 0} ->next";
    let shown = game(r#""a", "b", "c""#, rules).err().unwrap();
    assert!(shown.contains("core::rules::misplaced"), "{shown}");
    assert!(
        shown.contains("`round` cannot be used here: a variable that is one for the game"),
        "{shown}"
    );
    assert!(shown.contains("did you mean `next`?"), "{shown}");
    assert!(shown.contains("`enemy`"), "{shown}");
}

#[test]
fn the_expanded_rules_write_the_copies_back() {
    let rules = "any {empty} mark [$ score@next = score@next + 1] {$ score@a >= 0} ->next";
    let text = ruleset(r#""a", "b", "c""#, rules);
    let (resolved, program) = parse_core_resolved(&text, "copies.toml", None).unwrap();
    let expanded = relic::lang::expanded_toml(&resolved, &program);
    let again = parse_core_resolved(&expanded, "expanded.toml", None);
    assert!(again.is_ok(), "{expanded}");
    assert!(
        expanded.contains("score@next = score@next + 1"),
        "{expanded}"
    );
    assert!(expanded.contains("score@a >= 0"), "{expanded}");
}
