//! The command line's own errors (issue 16): each is a diagnostic with a
//! `cli::` code, a help line and a label on the argument at fault, printed
//! at width 80 without colour into a pipe, and as the one JSON document of
//! a command whose `--format json` was asked for. The rendered forms of a
//! representative set are snapshots.

use crate::common;

use std::path::PathBuf;

const CAVE: &str = "tests/fixtures/boulder-dash/solve/hanging.board";
const NO_GOAL: &str = "tests/fixtures/boulder-dash/solve/no-goal.toml";

/// What `relic ARGS` writes on stderr, with its exit status.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let output = common::run_relic(args, b"");
    let stderr = String::from_utf8(output.stderr).unwrap();
    (output.status.code(), stderr)
}

#[test]
fn an_unknown_player_is_underlined_and_the_players_are_listed() {
    let (status, stderr) = refused(&["solve", "--player", "purple"]);
    assert_eq!(status, Some(2));
    assert!(!stderr.contains('\u{1b}'), "no colour into a pipe");
    insta::assert_snapshot!(stderr);
}

#[test]
fn the_json_form_is_the_one_document_on_stdout() {
    let output = common::run_relic(["solve", "--player=purple", "--format", "json"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stderr.is_empty());
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    insta::assert_json_snapshot!(document);
}

#[test]
fn options_that_exclude_each_other_are_named_with_how_to_fix_it() {
    let (status, stderr) = refused(&["solve", "--others", "random", "--from", "1,1"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_moving_maze_option_for_a_cave_and_a_cave_without_a_goal_are_refused() {
    let (status, stderr) = refused(&["solve", CAVE, "--ruleset", "boulder-dash", "--relics", "2"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("maze_only_option", stderr);
    let (status, stderr) = refused(&["solve", CAVE, "--ruleset", NO_GOAL]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("no_goal", stderr);
}

#[test]
fn unknown_names_suggest_what_exists() {
    let (status, stderr) = refused(&["rules", "schema", "chess"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("unknown_game", stderr);
    let (status, stderr) = refused(&["explain", "cli::unknown_gam"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("unknown_code", stderr);
}

#[test]
fn files_that_cannot_be_read_or_written_are_named() {
    let (status, stderr) = refused(&["verify", CAVE, "no/such.moves", "--ruleset", "boulder-dash"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("unreadable", stderr);
    let target = "no/such/folder/board.gbf";
    let (status, stderr) = refused(&["board", "new", "--seed", "1", "--output", target]);
    assert_eq!(status, Some(1));
    assert!(
        !PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(target)
            .exists()
    );
    insta::assert_snapshot!("unwritable", stderr);
}

#[test]
fn a_simulation_of_identical_games_is_refused_at_the_option() {
    let (status, stderr) = refused(&["sim", "--games", "2", "--bots", "greedy", "--opening=0"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!(stderr);
}

/// No user-facing error is a plain line: every `relic:`/`error:` line of
/// old is gone from the command-line code.
#[test]
fn no_error_is_printed_without_a_code() {
    let cli = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut plain = Vec::new();
    for dir in ["cli", "gui", "save", "text"] {
        for entry in std::fs::read_dir(cli.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (n, line) in text.lines().enumerate() {
                if line.contains("\"relic: ") || line.contains("\"error: {") {
                    plain.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        plain.is_empty(),
        "errors without a code:\n{}",
        plain.join("\n")
    );
}

#[test]
fn a_command_line_the_parser_refuses_is_a_coded_diagnostic() {
    let (status, stderr) = refused(&["solve", "--frob"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("usage_unknown_option", stderr);
    let (status, stderr) = refused(&["sim", "--games", "0"]);
    assert_eq!(status, Some(2));
    insta::assert_snapshot!("usage_bad_value", stderr);
    let help = common::run_relic(["solve", "--help"], b"");
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: relic solve"));
}
