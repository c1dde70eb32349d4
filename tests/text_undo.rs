//! `undo` in text play: it takes back the last action, and the
//! computers' after it, in the games that take it (the vocabulary's and
//! the core language's); a save keeps only what stands; games whose
//! course prescribes their text read `undo` as they always did.

use crate::common;

fn play(args: &[&str], input: &str) -> (Option<i32>, String) {
    let out = common::run_relic(args.iter().copied(), input.as_bytes());
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), stdout)
}

#[test]
fn undo_takes_back_one_action_at_a_time_and_says_when_there_is_none() {
    let (status, out) = play(
        &["play", "--ruleset", "tic-tac-toe"],
        "a1\nb1\nundo\nundo\nundo\nc3\n",
    );
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Took back 1 action: b1.\n"), "{out}");
    assert!(out.contains("Took back 1 action: a1.\n"), "{out}");
    assert!(out.contains("Nothing to take back.\n"), "{out}");
    // The position after the last undo is the empty board again, and c3
    // is X's.
    assert!(out.contains("X places a mark on c3."), "{out}");
}

#[test]
fn undo_takes_back_the_computers_reply_too_and_the_save_keeps_what_stands() {
    let save = std::env::temp_dir().join(format!("relic-undo-{}.ron", std::process::id()));
    let save_arg = save.to_str().unwrap();
    let args = [
        "play",
        "--ruleset",
        "connect-four",
        "--bots",
        "yellow=random",
        "--save",
        save_arg,
    ];
    let (status, out) = play(&args, "d\nundo\ne\n");
    assert_eq!(status, Some(0), "{out}");
    let taken = out.lines().find(|l| l.contains("Took back")).unwrap();
    assert!(taken.ends_with(", d."), "{taken}");
    assert!(taken.contains("Took back 2 actions: "), "{taken}");
    let saved = std::fs::read_to_string(&save).unwrap();
    std::fs::remove_file(&save).unwrap();
    let actions = &saved[saved.rfind("actions:").unwrap()..];
    assert!(actions.contains("\"e\""), "{actions}");
    assert!(!actions.contains("\"d\""), "{actions}");
}

#[test]
fn undo_after_only_the_computers_opening_takes_it_back() {
    let args = ["play", "--ruleset", "connect-four", "--bots", "red=random"];
    let (status, out) = play(&args, "undo\n");
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Took back 1 action: "), "{out}");
    assert!(!out.contains("Nothing to take back"), "{out}");
}

#[test]
fn a_core_game_takes_undo_after_a_loaded_game_too() {
    let save = std::env::temp_dir().join(format!("relic-undo-core-{}.ron", std::process::id()));
    let save_arg = save.to_str().unwrap();
    let (status, _) = play(
        &["play", "--ruleset", "chess", "--save", save_arg],
        "e2e4\n",
    );
    assert_eq!(status, Some(0));
    let (status, out) = play(&["play", "--load", save_arg], "undo\n");
    std::fs::remove_file(&save).unwrap();
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Took back 1 action: e2e4.\n"), "{out}");
}

#[test]
fn undo_in_a_loaded_game_takes_back_the_computers_reply_it_holds() {
    let save = std::env::temp_dir().join(format!("relic-undo-bots-{}.ron", std::process::id()));
    let save_arg = save.to_str().unwrap();
    let bots = ["--bots", "yellow=random"];
    let saving = [
        &["play", "--ruleset", "connect-four"][..],
        &bots,
        &["--save", save_arg],
    ];
    let (status, _) = play(&saving.concat(), "d\n");
    assert_eq!(status, Some(0));
    let (status, out) = play(
        &[&["play", "--load", save_arg][..], &bots].concat(),
        "undo\n",
    );
    std::fs::remove_file(&save).unwrap();
    assert_eq!(status, Some(0), "{out}");
    let taken = out.lines().find(|l| l.contains("Took back")).unwrap();
    assert!(taken.contains("Took back 2 actions: "), "{taken}");
    assert!(taken.ends_with(", d."), "{taken}");
}

#[test]
fn moving_maze_reads_undo_as_its_course_says() {
    let (_, out) = play(&["play"], "undo\n");
    assert!(!out.contains("Took back"), "{out}");
    assert!(!out.contains("Nothing to take back"), "{out}");
}
