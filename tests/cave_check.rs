//! `relic check --ruleset boulder-dash FILE...`: board texts and game
//! files (`.moves`) are checked, every problem reported with its code,
//! span and help (snapshots at 80 columns), a missing file is "not read"
//! (status 2), and `--format json` gives one document.

use crate::common;

fn check(files: &[&str], json: bool) -> String {
    let paths: Vec<String> = (files.iter())
        .map(|f| format!("tests/fixtures/boulder-dash/check/{f}"))
        .collect();
    let mut args = vec!["check", "--ruleset", "boulder-dash"];
    args.extend(paths.iter().map(String::as_str));
    if json {
        args.extend(["--format", "json"]);
    }
    let output = common::run_relic(args, b"");
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn good_boards_and_game_files_are_ok() {
    let text = check(&["good.board", "good.moves"], false);
    assert!(text.starts_with("status Some(0)"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn every_problem_of_a_board_is_reported() {
    let text = check(&["many_problems.board"], false);
    assert!(text.starts_with("status Some(1)"), "{text}");
    for code in ["row_number", "width", "glyph", "footer", "actor"] {
        assert!(
            text.contains(&format!("boulder_dash::board::{code}")),
            "{code}: {text}"
        );
    }
    insta::assert_snapshot!(text);
}

#[test]
fn every_problem_of_a_game_file_is_reported() {
    let text = check(&["many_problems.moves", "good.board"], false);
    assert!(text.starts_with("status Some(1)"), "{text}");
    assert!(text.contains("good.board: ok"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_missing_file_is_not_read_and_json_is_one_document() {
    let text = check(&["absent.board", "good.moves"], false);
    assert!(
        text.starts_with("status Some(2)") && text.contains("not read"),
        "{text}"
    );
    let output = check(&["many_problems.moves"], true);
    let json = output
        .split("--- stdout\n")
        .nth(1)
        .unwrap()
        .split("--- stderr")
        .next()
        .unwrap();
    let document: serde_json::Value = serde_json::from_str(json).unwrap();
    assert!(
        document["files"][0]["diagnostics"]
            .as_array()
            .unwrap()
            .len()
            >= 4,
        "{document}"
    );
}
