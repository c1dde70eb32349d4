//! A faulty line over 65,535 characters is shown clipped around its label
//! (miette panicked on it), by every command that reads the file
//! (issue 16 item 3). The fixtures are in `tests/fixtures/long-line/`.

use crate::common;

use common::run_relic;

/// Runs relic and returns its stderr, checking the status and that
/// nothing panicked.
fn stderr_of(args: &[&str], status: i32) -> String {
    let out = run_relic(args, b"");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 diagnostics");
    assert!(!stderr.contains("panicked"), "{args:?}:\n{stderr}");
    assert_eq!(out.status.code(), Some(status), "{args:?}:\n{stderr}");
    assert!(
        stderr.lines().all(|line| line.chars().count() <= 100),
        "{args:?} shows a line over 100 characters:\n{stderr}"
    );
    stderr
}

const RULESET: &str = "tests/fixtures/long-line/ruleset.toml";
const BOARD: &str = "tests/fixtures/long-line/board.gbf";
const RECORD: &str = "tests/fixtures/long-line/record.ron";

#[test]
fn a_ruleset_with_a_long_faulty_line_is_reported_clipped() {
    let checked = stderr_of(&["rules", "check", RULESET], 1);
    insta::assert_snapshot!(checked);
    assert!(checked.contains("long-line/ruleset.toml:2:70018"));
    // `rules check` adds a blank line after each file's reports.
    assert_eq!(
        stderr_of(&["play", "--ruleset", RULESET], 2) + "\n",
        checked
    );
}

#[test]
fn a_board_with_a_long_line_is_reported_clipped() {
    insta::assert_snapshot!(stderr_of(&["check", BOARD], 1));
}

#[test]
fn a_record_with_a_long_faulty_line_is_reported_clipped() {
    let replayed = stderr_of(&["replay", RECORD], 1);
    insta::assert_snapshot!(replayed);
    assert!(replayed.contains("long-line/record.ron:85:70015"));
    assert_eq!(stderr_of(&["play", "--load", RECORD], 1), replayed);
}
