//! The course's published Stacked Tic-Tac-Toe cases, read in place from
//! `../shared/conformance/stacked-tictactoe/hand-in-{1,2}/`: `relic play
//! --ruleset stacked-tic-tac-toe NN.in` (the instruction file as the one
//! argument) and the same instructions on stdin must both print
//! `NN.expected`, compared ignoring trailing blank lines.

use crate::common;

use std::path::Path;

/// `text` without the empty lines at its end.
fn trimmed(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let mut lines: Vec<&str> = text.split('\n').collect();
    while lines
        .last()
        .is_some_and(|l| l.trim_end_matches('\r').is_empty())
    {
        lines.pop();
    }
    lines.join("\n")
}

fn first_difference(got: &str, want: &str) -> String {
    let line = (got.lines().zip(want.lines()))
        .position(|(a, b)| a != b)
        .unwrap_or(got.lines().count().min(want.lines().count()));
    format!(
        "from line {}\n  got:  {:?}\n  want: {:?}",
        line + 1,
        got.lines().nth(line).unwrap_or("<end>"),
        want.lines().nth(line).unwrap_or("<end>")
    )
}

/// Runs one case both ways; the problems found.
fn run_case(input: &Path) -> Vec<String> {
    let expected = std::fs::read(input.with_extension("expected")).expect("expected output");
    let want = trimmed(&expected);
    let instructions = std::fs::read(input).expect("instruction file");
    let path = input.to_str().expect("a UTF-8 path");
    let by_file = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe", path], b"");
    let by_stdin = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe"], &instructions);
    let mut problems = Vec::new();
    for (how, output) in [("file", by_file), ("stdin", by_stdin)] {
        let got = trimmed(&output.stdout);
        if got != want || !output.status.success() {
            let name = input.file_name().unwrap_or_default().to_string_lossy();
            let diff = first_difference(&got, &want);
            problems.push(format!("{name} ({how}): {diff}"));
        }
    }
    problems
}

fn run_hand_in(name: &str) {
    let Some(dir) = common::shared_dir(&format!("conformance/stacked-tictactoe/{name}")) else {
        return;
    };
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("the cases' folder lists")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no cases in {}", dir.display());
    let failed: Vec<Vec<String>> = inputs.iter().map(|p| run_case(p)).collect();
    let passed = failed.iter().filter(|f| f.is_empty()).count();
    println!(
        "stacked-tictactoe {name}: {passed}/{} match (file and stdin)",
        inputs.len()
    );
    let problems: Vec<String> = failed.into_iter().flatten().collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn hand_in_1_cases_match() {
    run_hand_in("hand-in-1");
}

#[test]
fn hand_in_2_cases_match() {
    run_hand_in("hand-in-2");
}
