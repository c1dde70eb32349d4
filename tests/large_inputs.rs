//! Large valid inputs stay small to show and fast to check (issue 31
//! item 10): an Escape board of 1,000,000 squares with two pieces 10,000
//! apart is drawn as a window around the pieces of the player to move,
//! saying so; a Boulder Dash game file of many moves is read one move at a
//! time and verified in linear time and little memory, and the first
//! illegal move is still named by its number and line.

use crate::common;

use common::cave_walk::walk;

const FAR: &str = "tests/fixtures/escape/large/far-pieces.egc";

#[test]
fn a_huge_escape_board_is_drawn_as_a_window_that_says_so() {
    let out = common::run_relic(["play", FAR, "text"], b"");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.len() < 16 * 1024,
        "the first screen is {} bytes",
        stdout.len()
    );
    assert!(
        stdout.contains(
            "The board is too large to draw whole: shown are rows 11 to 51 and columns 1 to 41"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("outside them: PLAYER2 FROG at (50, 10000)"),
        "{stdout}"
    );
}

#[test]
fn the_window_follows_the_player_to_move_in_the_browser_view_too() {
    use relic::contract::{BrowserView, Game};
    use relic::games::escape::{EscapeGame, Variant, config::parse_config};
    let text = std::fs::read_to_string(FAR).unwrap();
    let mut game = EscapeGame::new(parse_config(&text).unwrap(), Variant::default());
    let first = game.view(None);
    assert_eq!(
        (first["width"].as_u64(), first["height"].as_u64()),
        (Some(41), Some(41))
    );
    assert!(first["note"].as_str().unwrap().contains("columns 1 to 41"));
    let action = game.parse_action("50,1 50,2").unwrap();
    game.apply(&action).unwrap();
    let second = game.view(None);
    let note = second["note"].as_str().unwrap();
    assert!(note.contains("columns 9960 to 10000"), "{note}");
}

#[test]
fn a_long_boulder_dash_game_verifies_move_by_move() {
    let dir = tempfile::tempdir().unwrap();
    let (board, moves) = walk(dir.path(), 100_000, false);
    let out = common::run_relic(["verify", &board, &moves, "--ruleset", "boulder-dash"], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (board, moves) = walk(dir.path(), 100_000, true);
    let out = common::run_relic(["verify", &board, &moves, "--ruleset", "boulder-dash"], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("action 100000 (`M(W;2)`), on line 100001"),
        "{stderr}"
    );
}

#[test]
fn reading_a_game_file_keeps_every_move_and_its_line() {
    let program = relic::walker::builtin_walker("boulder-dash")
        .unwrap()
        .unwrap();
    let text = "3 5,3\n  M(E;1)\n\nM(W;1) M(E;1)\nignored";
    let file = relic::games::boulder_dash::read_game_file(&program, text).unwrap();
    let lines: Vec<usize> = file.moves.iter().map(|m| m.line).collect();
    assert_eq!(lines, [2, 4, 4]);
    let at = file.moves[2].at;
    assert_eq!(&text[at.offset()..at.offset() + at.len()], "M(E;1)");
}
