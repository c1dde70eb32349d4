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

#[test]
fn a_search_that_outgrows_its_budget_says_so_with_status_1() {
    let out = relic(&[
        "solve",
        "boards/classic-7x7.gbf",
        "--relics",
        "6",
        "--nodes",
        "20000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "No solution within the budget: the search for Green from 1,1 made 20000 nodes \
         without finding one or ruling it out (raise --nodes or lower --depth).\n"
    );
    let json = relic(&[
        "solve", "--relics", "6", "--nodes", "20000", "--format", "json",
    ]);
    assert_eq!(json.status.code(), Some(1));
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["outcome"], "over budget");
}

#[test]
fn depth_and_budget_are_bounded() {
    for args in [
        &["solve", "--depth", "21"][..],
        &["solve", "--nodes", "0"],
        &["solve", "--others", "some"],
        &["solve", "--others", "random", "--from", "2,2"],
    ] {
        let out = relic(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn with_several_players_the_solver_says_it_plays_alone_and_checks_against_the_others() {
    let out = relic(&["solve", "boards/learner-5x5.gbf", "--others", "random"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("The solver plays alone"), "{stderr}");
    assert!(
        stderr.contains("With the others moving at random (seed 1): the answer "),
        "{stderr}"
    );
    let json = relic(&[
        "solve",
        "boards/learner-5x5.gbf",
        "--others",
        "random",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["others"], "random");
    assert_eq!(answer["check"]["seed"], 5);
    let holds = answer["check"]["holds"].as_bool().unwrap();
    assert_eq!(holds, answer["check"]["failed_turn"].is_null());
}

#[test]
fn a_player_holding_every_relic_gets_the_way_home() {
    let dir = std::env::temp_dir().join(format!("relic-solve-home-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.ron");
    let solo = "tests/fixtures/solo-green.toml";
    let collect = relic(&[
        "solve",
        "boards/learner-5x5.gbf",
        "--ruleset",
        solo,
        "--no-home",
    ]);
    assert_eq!(collect.status.code(), Some(0));
    let mut play = Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["play", "boards/learner-5x5.gbf", "--ruleset", solo])
        .args(["--save", save.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    play.stdin
        .take()
        .unwrap()
        .write_all(&collect.stdout)
        .unwrap();
    play.wait().unwrap();
    let home = relic(&["solve", "--load", save.to_str().unwrap()]);
    assert_eq!(home.status.code(), Some(0), "{}", text(&home.stderr));
    let summary = text(&home.stderr);
    assert!(summary.ends_with(" to get home.\n"), "{summary}");
    assert!(!summary.contains("collect"), "{summary}");
    let nothing = relic(&["solve", "--relics", "0", "--no-home"]);
    assert_eq!(nothing.status.code(), Some(0));
    assert!(
        text(&nothing.stderr)
            .starts_with("Green needs 0 turns from 1,1 with nothing to collect.\n"),
        "{}",
        text(&nothing.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
