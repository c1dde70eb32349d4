//! The Boulder Dash cases of `../shared/conformance/boulder-dash/cases/`,
//! read in place: for every `NAME.board` with its `NAME.moves`, `relic
//! verify NAME.board NAME.moves --ruleset boulder-dash` must print
//! `NAME.expected` (the final board, status 0; or `GameError`, status 1,
//! with a diagnostic on stderr).

use crate::common;

use std::path::Path;

/// Runs one case; the problem found, if any.
fn run_case(board: &Path) -> Option<String> {
    let name = board.file_stem().unwrap_or_default().to_string_lossy();
    let moves = board.with_extension("moves");
    let expected = std::fs::read_to_string(board.with_extension("expected")).expect("expected");
    let want = expected.trim_end_matches('\n');
    let output = common::run_relic(
        [
            "verify",
            board.to_str().expect("a UTF-8 path"),
            moves.to_str().expect("a UTF-8 path"),
            "--ruleset",
            "boulder-dash",
        ],
        b"",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let got = stdout.strip_suffix('\n').unwrap_or(&stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let status = output.status.code();
    let (want_status, want_stderr) = match want {
        "GameError" => (Some(1), true),
        _ => (Some(0), false),
    };
    if got != want || status != want_status || stderr.trim().is_empty() == want_stderr {
        return Some(format!(
            "{name}: status {status:?} (want {want_status:?})\n--- got\n{got}\n--- want\n{want}\n--- stderr\n{stderr}"
        ));
    }
    None
}

#[test]
fn every_case_verifies_as_expected() {
    let Some(dir) = common::shared_dir("conformance/boulder-dash/cases") else {
        return;
    };
    let mut boards: Vec<_> = std::fs::read_dir(&dir)
        .expect("the cases' folder lists")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "board"))
        .collect();
    boards.sort();
    assert!(!boards.is_empty(), "no cases in {}", dir.display());
    let problems: Vec<String> = boards.iter().filter_map(|b| run_case(b)).collect();
    println!(
        "boulder-dash: {}/{} cases match",
        boards.len() - problems.len(),
        boards.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
