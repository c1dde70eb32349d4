//! `relic solve` as users see it: the inputs, the JSON document, the
//! messages and exit statuses.

use std::process::{Command, Output};

fn relic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn text_output_is_inputs_on_stdout_and_a_summary_on_stderr() {
    let out = relic(&["solve", "boards/learner-5x5.gbf"]);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!(format!(
        "stdout:\n{}stderr:\n{}",
        text(&out.stdout),
        text(&out.stderr)
    ));
}

#[test]
fn json_output_gives_the_turn_count_and_inputs() {
    let out = relic(&["solve", "boards/learner-5x5.gbf", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    insta::assert_json_snapshot!(answer);
}

#[test]
fn no_solution_within_the_depth_says_so_with_status_1() {
    let out = relic(&["solve", "boards/learner-5x5.gbf", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "No solution: Green cannot do it from 1,1 within 1 turn.\n"
    );
    let json = relic(&[
        "solve",
        "boards/learner-5x5.gbf",
        "--depth",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(json.status.code(), Some(1));
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["solved"], false);
    assert_eq!(answer["turns"], serde_json::Value::Null);
}

#[test]
fn bad_requests_are_refused_with_status_2() {
    for args in [
        &["solve", "--from", "9,9"][..],
        &["solve", "--from", "0,1"],
        &["solve", "--player", "pink"],
        &["solve", "--relics", "7"],
        &["solve", "no-such-board.gbf"],
    ] {
        let out = relic(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn another_player_and_start_tile_can_be_chosen() {
    let out = relic(&[
        "solve", "--player", "red", "--from", "4,4", "--relics", "2", "--format", "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["player"], "red");
    assert_eq!(answer["from"], "4,4");
    assert_eq!(answer["relics"], serde_json::json!(["r1", "r2"]));
}

#[test]
fn a_saved_game_is_solved_from_its_position_for_the_player_to_move() {
    let dir = std::env::temp_dir().join(format!("relic-solve-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.ron");
    let mut play = Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["play", "--save", save.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    play.stdin.take().unwrap().write_all(b"e2 done\n").unwrap();
    play.wait().unwrap();
    let out = relic(&[
        "solve",
        "--load",
        save.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["player"], "yellow");
    assert_eq!(answer["from"], "7,1");
    let with_board = relic(&[
        "solve",
        "--load",
        save.to_str().unwrap(),
        "boards/learner-5x5.gbf",
    ]);
    assert_eq!(with_board.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
