//! No byte string makes the ruleset loader or the record reader panic:
//! arbitrary bytes, and text made of the tokens their grammars use (so
//! that generated inputs get past the first character), read from a file
//! as the commands read them. A rejected input always comes with a
//! problem that renders and serialises.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use relic::rules::load_ruleset;
use relic::save::read_record_file;
use relic::save::record::Record;

/// A fresh file holding `bytes`, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let unique = format!("relic-props-{}-{n}-{name}", std::process::id());
        let path = std::env::temp_dir().join(unique);
        std::fs::write(&path, bytes).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Text from tokens of TOML rulesets.
fn ruleset_text() -> impl Strategy<Value = String> {
    let tokens = prop::sample::select(vec![
        "[board]",
        "[slide]",
        "[[players]]",
        "[movement]",
        "[relics]",
        "\n",
        " = ",
        "\"",
        "extends",
        "moving-maze",
        "game",
        "vocabulary",
        "name",
        "turn_order",
        "[",
        "]",
        ",",
        "colour",
        "green",
        "corner",
        "top-left",
        "max_width",
        "13",
        "-1",
        "true",
        "{",
        "}",
        "relic",
        "g",
        "#",
        "'''",
        "\\u0000",
        "pathfinding",
        "rows",
        "even",
        "\u{1b}",
        "é",
    ]);
    prop::collection::vec(tokens, 0..60).prop_map(|parts| parts.concat())
}

/// Text from tokens of RON records.
fn record_text() -> impl Strategy<Value = String> {
    let tokens = prop::sample::select(vec![
        "(",
        ")",
        "version:",
        " 3",
        " 2",
        "1",
        ",",
        "ruleset:",
        "r#\"",
        "\"#",
        "\"",
        "game:",
        "\"moving-maze\"",
        "setup:",
        "board:",
        "actions:",
        "[",
        "]",
        "\"n2\"",
        "\"r\"",
        "\"done\"",
        "seed:",
        "bots:",
        "Some(",
        "None",
        "\n",
        "extends = \"x\"",
        "3 3\n1\n",
        "1010xx",
        "//",
        "/*",
        "\\",
        "é",
    ]);
    prop::collection::vec(tokens, 0..60).prop_map(|parts| parts.concat())
}

fn check_ruleset(bytes: &[u8]) {
    let file = TempFile::new("ruleset.toml", bytes);
    if let Err(failure) = load_ruleset(&file.0) {
        assert!(failure.problem_count() > 0, "rejected without a problem");
        for report in &failure.reports {
            assert!(!report.render(80).is_empty());
            let _ = report.json_diagnostics();
        }
    }
}

fn check_record(bytes: &[u8]) {
    let file = TempFile::new("record.ron", bytes);
    if let Err(report) = read_record_file(&file.0) {
        assert!(!report.is_ok(), "rejected without a problem");
        assert!(!report.render(80).is_empty());
        let _ = report.json_diagnostics();
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        let _ = Record::from_ron(text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_bytes_panic_the_ruleset_loader(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check_ruleset(&bytes);
    }

    #[test]
    fn no_ruleset_tokens_panic_the_ruleset_loader(text in ruleset_text()) {
        check_ruleset(text.as_bytes());
    }

    #[test]
    fn no_bytes_panic_the_record_reader(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check_record(&bytes);
    }

    #[test]
    fn no_record_tokens_panic_the_record_reader(text in record_text()) {
        check_record(text.as_bytes());
    }
}
