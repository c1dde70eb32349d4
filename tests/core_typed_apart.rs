//! A core game's action typed with its parts apart (`e2 e4`, `a3 c5 e7`)
//! is one action in text mode and in `relic verify`, where the words
//! begin one of the turn's actions (or one its `spellings` list); words
//! that do not (`e3 f5` in Othello) stay separate actions.

use crate::common;

use common::run_relic;
use relic::contract::{Game, InputUnit};
use relic::lang::{CoreGame, builtin_core};
use relic::verify::play_moves;

fn game(name: &str) -> CoreGame {
    CoreGame::new(builtin_core(name).unwrap().unwrap())
}

/// Checks that `moves`, played by `relic verify`'s reader, are the
/// actions `expected`, one by one.
fn plays_as(name: &str, moves: &str, expected: &[&str]) {
    let mut game = game(name);
    let end = play_moves(game.clone(), moves, InputUnit::Tokens).unwrap();
    for action in expected {
        game.apply(&game.parse_action(action).unwrap()).unwrap();
    }
    assert_eq!(end, game, "{moves:?} is not {expected:?}");
}

#[test]
fn words_join_while_they_begin_one_of_the_turns_actions() {
    let chess = game("chess");
    assert!(chess.joins_next("e2", "e4"));
    assert!(!chess.joins_next("e2", "e5") && !chess.joins_next("e2", "quit"));
    let othello = game("othello");
    assert!(!othello.joins_next("e3", "f5"), "two moves, not one");
}

#[test]
fn verify_reads_each_line_from_the_position_it_reaches() {
    plays_as("chess", "e2 e4 e7 e5\ng1 f3\n", &["e2e4", "e7e5", "g1f3"]);
    plays_as("othello", "e3 f5\n", &["e3", "f5"]);
}

#[test]
fn a_draughts_capture_typed_apart_is_one_action() {
    plays_as(
        "checkers",
        "c3 d4 f6 e5\nd4 f6\n",
        &["c3-d4", "f6-e5", "d4-f6"],
    );
}

#[test]
fn text_mode_reads_a_chess_move_typed_apart() {
    let out = run_relic(
        ["play", "--ruleset", "chess"],
        b"e2 e4\ne7 e5 g1 f3\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for played in ["white plays e2e4", "black plays e7e5", "white plays g1f3"] {
        assert!(text.contains(played), "{played} missing:\n{text}");
    }
    assert!(!text.contains("not a legal move"), "{text}");
}
