//! `relic play --core`: a game played on the core interpreter, its rules'
//! core form for the setup (Moving Maze for its board, a vocabulary game
//! lowered), recorded and replayed on its own; rules with no core form
//! refused.

use crate::common;

use common::run_relic;

#[test]
fn moving_maze_plays_on_the_core_and_its_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.ron");
    let record = record.to_str().unwrap();
    let args = [
        "play",
        "--core",
        "--record",
        record,
        "boards/learner-5x5.gbf",
    ];
    let out = run_relic(args, b"N2\ndone\nr\nS2\nE2\ndone\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(stdout.contains("green plays N2"), "{stdout}");
    // Green slides and ends its move; yellow turns the floating tile, may
    // not slide into the last exit point (S2), slides E2.
    assert!(stdout.contains("yellow plays r"), "{stdout}");
    assert!(!stdout.contains("plays S2") && stdout.contains("yellow plays E2"));
    let replay = run_relic(["replay", record], b"");
    assert_eq!(replay.status.code(), Some(0), "{replay:?}");
    assert!(String::from_utf8_lossy(&replay.stdout).contains("yellow plays E2"));
}

#[test]
fn a_vocabulary_game_plays_on_the_core() {
    let out = run_relic(
        ["play", "--core", "--ruleset", "connect-four"],
        b"d\nquit\n",
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("plays d"));
}

#[test]
fn escape_plays_on_the_core() {
    let out = run_relic(["play", "--core", "--ruleset", "escape"], b"a2-b3\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("player1 plays a2-b3"), "{text}");
    assert!(
        text.contains("score1: 0") && !text.contains("steps:"),
        "{text}"
    );
}

#[test]
fn rules_without_a_core_form_are_refused() {
    let endless = "tests/fixtures/escape/valid/hex-infinite.egc";
    let out = run_relic(["play", "--core", "--ruleset", "escape", endless], b"");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cli::no_core_form"));
    let out = run_relic(["play", "--core", "--load", "x.ron"], b"");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
