//! `relic check` as a user runs it: exit statuses, the JSON document, and
//! the human output.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const FIXTURES: &str = "tests/fixtures/gbf";

fn relic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS")
        .output()
        .expect("relic runs")
}

fn status(output: &Output) -> i32 {
    output.status.code().expect("relic exits normally")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// The shipped boards, sorted.
fn shipped_boards() -> Vec<String> {
    let mut boards: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("boards"))
            .unwrap()
            .map(|e| format!("boards/{}", e.unwrap().file_name().to_string_lossy()))
            .filter(|name| name.ends_with(".gbf"))
            .collect();
    boards.sort();
    boards
}

#[test]
fn every_shipped_board_passes() {
    let boards = shipped_boards();
    assert_eq!(boards.len(), 4, "{boards:?}");
    // The 13x13 board needs a ruleset that allows boards that large.
    let args: Vec<&str> = ["check", "--ruleset", "large-boards"]
        .into_iter()
        .chain(boards.iter().map(String::as_str))
        .collect();
    let output = relic(&args);
    assert_eq!(status(&output), 0, "{}", stderr(&output));
    let expected: String = boards.iter().map(|b| format!("{b}: ok\n")).collect();
    assert_eq!(stdout(&output), expected);
    assert_eq!(stderr(&output), "");
}

#[test]
fn exit_status_is_1_when_a_file_has_problems() {
    let bad = format!("{FIXTURES}/invalid/relic-duplicate.gbf");
    let output = relic(&["check", "boards/learner-5x5.gbf", &bad]);
    assert_eq!(status(&output), 1);
    let json = relic(&["check", "--format", "json", &bad]);
    assert_eq!(status(&json), 1);
}

#[test]
fn exit_status_is_2_for_unreadable_files_even_beside_faulty_ones() {
    let bad = format!("{FIXTURES}/invalid/tile-bit.gbf");
    for args in [
        vec!["check", "no/such/board.gbf"],
        vec!["check", "boards"],
        vec!["check", &bad, "no/such/board.gbf", "boards/grand-9x9.gbf"],
        vec!["check", "--format", "json", "boards"],
    ] {
        let output = relic(&args);
        assert_eq!(status(&output), 2, "{args:?}");
    }
}

#[test]
fn exit_status_is_2_for_usage_errors() {
    for args in [
        vec!["check"],
        vec!["check", "--format", "xml", "boards/learner-5x5.gbf"],
        vec!["check", "--no-such-option", "boards/learner-5x5.gbf"],
        vec![
            "check",
            "--ruleset",
            "no-such-ruleset",
            "boards/learner-5x5.gbf",
        ],
    ] {
        let output = relic(&args);
        assert_eq!(status(&output), 2, "{args:?}");
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
}

/// The keys of a JSON object, in order.
fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn json_has_exactly_the_documented_shape() {
    let bad = format!("{FIXTURES}/invalid/many-problems-crlf.gbf");
    let output = relic(&[
        "check",
        "--format",
        "json",
        "boards/classic-7x7.gbf",
        &bad,
        "missing.gbf",
    ]);
    assert_eq!(status(&output), 2);
    let document: Value = serde_json::from_str(&stdout(&output)).expect("one JSON document");
    assert_eq!(keys(&document), ["files"]);
    let files = document["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    for file in files {
        assert_eq!(keys(file), ["diagnostics", "ok", "path"]);
    }
    assert_eq!(files[0]["path"], "boards/classic-7x7.gbf");
    assert_eq!(files[0]["ok"], true);
    assert_eq!(files[0]["diagnostics"], Value::Array(Vec::new()));
    assert_eq!(files[1]["ok"], false);
    assert_eq!(files[2]["ok"], false);
    let all = files[1]["diagnostics"].as_array().unwrap().iter();
    for diagnostic in all.chain(files[2]["diagnostics"].as_array().unwrap()) {
        let fields = [
            "code", "column", "help", "length", "line", "message", "offset", "severity",
        ];
        assert_eq!(keys(diagnostic), fields);
        assert!(diagnostic["code"].as_str().unwrap().starts_with("gbf::"));
        assert_eq!(diagnostic["severity"], "error");
        assert!(diagnostic["help"].is_string());
    }
    // The fields come in the documented order.
    let text = stdout(&output);
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap();
    let order = [
        "files",
        "path",
        "ok",
        "diagnostics",
        "code",
        "severity",
        "message",
    ];
    assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{text}");
    let order = ["message", "line", "column", "offset", "length", "help"];
    assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{text}");
    let missing = &files[2]["diagnostics"][0];
    assert_eq!(missing["code"], "gbf::io::not_found");
    assert!(missing["line"].is_null() && missing["offset"].is_null());
}

#[test]
fn json_positions_are_1_based_in_characters_and_offsets_in_bytes() {
    let file = format!("{FIXTURES}/invalid/relic-colour-unicode.gbf");
    let output = relic(&["check", "--format", "json", &file]);
    let document: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let found: Vec<(String, u64, u64, u64, u64)> = document["files"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let n = |key: &str| d[key].as_u64().unwrap();
            let code = d["code"].as_str().unwrap().to_owned();
            (code, n("line"), n("column"), n("offset"), n("length"))
        })
        .collect();
    // Line 4 is `1010é1 1210xx 1010xx`, starting at byte 13; `é` is two bytes.
    let expected = [
        ("gbf::relic::colour".to_owned(), 4, 5, 17, 2),
        ("gbf::tile::bit".to_owned(), 4, 9, 22, 1),
    ];
    assert_eq!(found, expected);
}

#[test]
fn human_output_reports_on_stderr_and_sums_up_on_stdout() {
    let bad = format!("{FIXTURES}/invalid/relic-range.gbf");
    let output = relic(&["check", "boards/learner-5x5.gbf", &bad, "missing.gbf"]);
    let shown = format!(
        "--- stdout\n{}--- stderr\n{}",
        stdout(&output),
        stderr(&output)
    );
    insta::assert_snapshot!(shown);
}

#[test]
fn a_relic_on_its_own_players_start_corner_is_refused() {
    let board = format!("{FIXTURES}/homes/relic-on-own-corner.gbf");
    let output = relic(&["check", &board]);
    assert_eq!(status(&output), 1);
    insta::assert_snapshot!(stderr(&output));
    let json = relic(&["check", "--format", "json", &board]);
    let codes: Vec<Value> =
        serde_json::from_slice::<Value>(&json.stdout).unwrap()["files"][0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].clone())
            .collect();
    assert_eq!(codes, ["gbf::relic::home", "gbf::relic::home"]);
    let play = relic(&["play", &board]);
    assert_eq!(status(&play), 1);
    assert_eq!(stdout(&play), "The game board file is inconsistent.\n");
    assert!(stderr(&play).contains("gbf::relic::home"));
    // A puzzle whose adventurer starts elsewhere may have its relic there.
    let solve = relic(&[
        "solve",
        &board,
        "--from",
        "3,3",
        "--ruleset",
        "tests/fixtures/solo-green.toml",
    ]);
    assert_eq!(status(&solve), 0, "{}", stderr(&solve));
}

/// A ruleset file given to `relic check` is checked as `relic rules
/// check` checks it (not read as a board), beside the setup files, in
/// order, with no `--ruleset` needed when every file is a ruleset.
#[test]
fn ruleset_files_are_checked_as_rulesets() {
    let good = "rulesets/stacked-tic-tac-toe.toml";
    let bad = "tests/fixtures/rules/unknown-key.toml";
    let alone = relic(&["check", good]);
    assert_eq!(
        (status(&alone), stdout(&alone)),
        (0, format!("{good}: ok\n"))
    );
    let mixed = relic(&["check", bad, "boards/classic-7x7.gbf"]);
    assert_eq!(status(&mixed), 1, "{}", stderr(&mixed));
    let verdicts: Vec<String> = stdout(&mixed).lines().map(str::to_owned).collect();
    assert_eq!(verdicts.len(), 2, "{verdicts:?}");
    assert!(
        verdicts[0].starts_with(&format!("{bad}: invalid")),
        "{verdicts:?}"
    );
    assert_eq!(verdicts[1], "boards/classic-7x7.gbf: ok");
    assert!(
        stderr(&mixed).contains("rules::key::unknown"),
        "{}",
        stderr(&mixed)
    );
    assert!(!stderr(&mixed).contains("gbf::"), "{}", stderr(&mixed));
}
