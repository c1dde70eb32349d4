//! Every command that prints ends quietly with status 0 when the reader of
//! its stdout has closed the pipe (`relic rules schema | head -c 10`), as
//! ripgrep does, instead of panicking (issue 16 item 2).

use std::process::{Command, Stdio};

/// Runs relic with stdout a pipe whose reading end is already closed.
fn run_into_closed_pipe(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the relic binary runs")
}

fn assert_quiet(args: &[&str]) {
    let out = run_into_closed_pipe(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
    assert_eq!(out.status.code(), Some(0), "{args:?}:\n{stderr}");
}

#[test]
fn rules_commands_end_quietly_on_a_closed_pipe() {
    assert_quiet(&["rules", "schema"]);
    assert_quiet(&["rules", "show", "moving-maze"]);
    assert_quiet(&["rules", "check", "two-players"]);
    assert_quiet(&["rules", "check", "--format", "json", "two-players"]);
}

#[test]
fn board_commands_end_quietly_on_a_closed_pipe() {
    assert_quiet(&["check", "boards/classic-7x7.gbf"]);
    assert_quiet(&["check", "--format", "json", "boards/classic-7x7.gbf"]);
    assert_quiet(&["board", "new", "--seed", "1"]);
}

#[test]
fn solve_and_sim_end_quietly_on_a_closed_pipe() {
    assert_quiet(&["solve", "boards/learner-5x5.gbf"]);
    assert_quiet(&["solve", "boards/learner-5x5.gbf", "--format", "json"]);
    assert_quiet(&["sim", "--games", "2", "--max-turns", "50", "--seed", "1"]);
}

#[test]
fn play_and_replay_end_quietly_on_a_closed_pipe() {
    assert_quiet(&[
        "play",
        "--bots",
        "green=random,yellow=random,red=random,blue=random",
        "--seed",
        "1",
    ]);
    // A game whose plain text mode is a course's exact program (Stacked
    // Tic-Tac-Toe's instruction files).
    assert_quiet(&[
        "play",
        "--ruleset",
        "stacked-tic-tac-toe",
        "tests/fixtures/stacked-tictactoe/running-out-of-pieces.in",
    ]);
}
