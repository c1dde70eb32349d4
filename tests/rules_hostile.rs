//! A hostile ruleset, 1 MiB of unknown keys, is checked in one pass (it
//! took 62 s before; the time is measured in `benches/rules.rs`, not
//! here) and reports at most 100 problems, counting the rest in one more
//! (issue 16 item 4, the ruleset part).

use relic::rules::{MAX_PROBLEMS, parse_ruleset};

/// `size` bytes or a little more of `unknown_key_N = 1` lines.
fn unknown_keys(size: usize) -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < size {
        text += &format!("unknown_key_{i} = 1\n");
        i += 1;
    }
    text
}

#[test]
fn a_mebibyte_of_unknown_keys_reports_a_hundred_and_counts_the_rest() {
    let text = unknown_keys(1 << 20);
    let keys = text.lines().count();
    let failure = parse_ruleset(&text, "hostile.toml", None).unwrap_err();
    let json = failure.reports[0].json_diagnostics();
    assert_eq!(json.len(), MAX_PROBLEMS + 1);
    assert!(
        json[..MAX_PROBLEMS]
            .iter()
            .all(|d| d.code == "rules::key::unknown")
    );
    let last = &json[MAX_PROBLEMS];
    assert_eq!(last.code, "rules::too_many");
    assert_eq!(
        last.message,
        format!(
            "{} more problems not shown: relic stops after 100",
            keys - MAX_PROBLEMS
        )
    );
    assert_eq!(last.line, Some(MAX_PROBLEMS + 1));
}

#[test]
fn a_hundred_problems_are_all_shown() {
    let hundred: String = (0..MAX_PROBLEMS)
        .map(|i| format!("unknown_key_{i} = 1\n"))
        .collect();
    let failure = parse_ruleset(&hundred, "hundred.toml", None).unwrap_err();
    let codes: Vec<String> = failure.reports[0]
        .json_diagnostics()
        .into_iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes.len(), MAX_PROBLEMS);
    assert!(!codes.iter().any(|c| c == "rules::too_many"));
}
