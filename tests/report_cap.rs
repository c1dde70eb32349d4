//! A huge broken file gets a bounded report (issue 31 item 11): at most
//! `MAX_LISTED` problems listed, then "and N more problems (T in all)",
//! in human and JSON output alike.

use crate::common;

use relic::diagnostics::MAX_LISTED;

/// An Escape configuration with `bad` location lines that do not parse.
fn broken_configuration(bad: usize) -> String {
    let mut text = String::from("Coordinate type : SQUARE\nxMax : 8\nyMax : 8\nLocations :\n");
    for i in 0..bad {
        text.push_str(&format!("    (1,1) player1 WOLF{i}\n"));
    }
    text.push_str("Piece descriptors :\n    snail omni [distance 1]\nRules :\n    SCORE 1\n");
    text
}

fn check(dir: &std::path::Path, args: &[&str]) -> (String, String) {
    let out = common::run_relic_in(dir, args, b"");
    assert_eq!(out.status.code(), Some(1));
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_huge_broken_file_lists_the_first_problems_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.egc"), broken_configuration(3000)).unwrap();
    let (stdout, stderr) = check(dir.path(), &["check", "big.egc"]);
    let total: usize = (stdout.split("invalid, ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .map(|n| n.replace(',', "").parse().unwrap())
        .expect(&stdout);
    assert!(total > MAX_LISTED, "{stdout}");
    let more = total - MAX_LISTED;
    let line = format!("and {more} more problems ({total} in all, the first {MAX_LISTED} listed)");
    assert!(
        stderr.contains(&line),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
    assert!(
        stderr.len() < 1000 * MAX_LISTED,
        "{} bytes of report",
        stderr.len()
    );

    let (json, _) = check(dir.path(), &["check", "--format", "json", "big.egc"]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let file = &value["files"][0];
    assert_eq!(file["diagnostics"].as_array().unwrap().len(), MAX_LISTED);
    assert_eq!(file["more"], more);
    assert_eq!(file["total"], total);
}

#[test]
fn a_small_report_has_no_count_of_more() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("small.egc"), broken_configuration(3)).unwrap();
    let (_, stderr) = check(dir.path(), &["check", "small.egc"]);
    assert!(!stderr.contains("more problems"), "{stderr}");
    let (json, _) = check(dir.path(), &["check", "--format", "json", "small.egc"]);
    assert!(
        !json.contains("\"more\"") && !json.contains("\"total\""),
        "{json}"
    );
}
