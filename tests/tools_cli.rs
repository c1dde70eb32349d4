//! The generic tools' commands on Moving Maze: `relic perft` against the
//! perft data files, `relic verify` on moves files.

mod common;

use common::{fixture_files, run_relic};

/// Every perft data file holds the command that wrote it (`# relic perft
/// ...`) and the table it printed: the command must print it again.
#[test]
fn perft_counts_match_the_data_files() {
    let files = fixture_files("tests/fixtures/moving-maze/perft", "txt");
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let command = text
            .lines()
            .find_map(|line| line.strip_prefix("# relic "))
            .unwrap_or_else(|| panic!("{} names no command", path.display()));
        let expected: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| format!("{line}\n"))
            .collect();
        let output = run_relic(command.split_whitespace(), b"");
        assert!(output.status.success(), "{}", path.display());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{}",
            path.display()
        );
    }
}

/// What a command printed, as users read it.
fn transcript(args: &[&str]) -> String {
    let output = run_relic(args, b"");
    format!(
        "status: {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn perft_without_distinct_prints_leaves_only() {
    insta::assert_snapshot!(transcript(&[
        "perft",
        "moving-maze",
        "boards/learner-5x5.gbf",
        "--depth",
        "3"
    ]));
}

#[test]
fn perft_refuses_a_bad_ruleset_or_setup() {
    let bad_ruleset = run_relic(["perft", "no-such-ruleset.toml", "--depth", "1"], b"");
    assert_eq!(bad_ruleset.status.code(), Some(2));
    insta::assert_snapshot!(transcript(&[
        "perft",
        "moving-maze",
        "tests/fixtures/moving-maze/perft/learner-5x5.txt",
        "--depth",
        "1"
    ]));
    let zero = run_relic(["perft", "moving-maze", "--depth", "0"], b"");
    assert_eq!(zero.status.code(), Some(2));
}

fn verify(moves: &str) -> String {
    let path = format!("tests/fixtures/moving-maze/verify/{moves}.txt");
    transcript(&["verify", "boards/learner-5x5.gbf", &path])
}

#[test]
fn verify_prints_the_final_position() {
    insta::assert_snapshot!(verify("legal"));
}

#[test]
fn verify_names_the_first_illegal_action() {
    insta::assert_snapshot!(verify("last-exit"));
}

#[test]
fn verify_names_an_action_outside_the_notation() {
    insta::assert_snapshot!(verify("not-an-action"));
}

#[test]
fn verify_refuses_a_missing_moves_file() {
    let output = run_relic(
        ["verify", "boards/learner-5x5.gbf", "no-such-moves.txt"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read the moves"));
}
