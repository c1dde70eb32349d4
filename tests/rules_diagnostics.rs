//! Every ruleset fixture in `tests/fixtures/rules/` has problems; their
//! reports (rendered without colour at width 80, and as JSON) are
//! snapshots. Every diagnostic has a stable code, a label and a help line.

use crate::common;

use std::path::PathBuf;

use relic::diagnostics::{JsonFile, JsonFiles};
use relic::rules::load_ruleset;

fn fixtures() -> Vec<PathBuf> {
    common::fixture_files("tests/fixtures/rules", "toml")
}

#[test]
fn every_ruleset_fixture_is_reported_as_snapshotted() {
    let files = fixtures();
    assert!(files.len() >= 10, "at least ten fixtures");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let failure = load_ruleset(&path).expect_err(&stem);
        assert!(!failure.unreadable, "{stem}");
        assert_eq!(failure.reports[0].path, path.display().to_string());
        for report in &failure.reports {
            assert!(!report.problems.is_empty(), "{stem}: {}", report.path);
            for diagnostic in report.json_diagnostics() {
                assert!(
                    diagnostic.code.starts_with("rules::"),
                    "{stem}: {diagnostic:?}"
                );
                assert!(diagnostic.help.is_some(), "{stem}: {diagnostic:?}");
                assert!(diagnostic.line.is_some(), "{stem}: {diagnostic:?}");
            }
        }
        insta::assert_snapshot!(format!("{stem}-human"), failure.render(80));
        let json = JsonFiles {
            files: failure.reports.iter().map(JsonFile::from).collect(),
        };
        insta::assert_json_snapshot!(format!("{stem}-json"), json);
    }
}

#[test]
fn a_syntax_error_does_not_hide_the_other_problems() {
    let path = PathBuf::from("tests/fixtures/rules/syntax-and-more.toml");
    let failure = load_ruleset(&path).expect_err("invalid");
    let codes: Vec<String> = failure.reports[0]
        .json_diagnostics()
        .into_iter()
        .map(|d| d.code)
        .collect();
    for code in [
        "rules::toml::syntax",
        "rules::turn_order::unknown",
        "rules::value::range",
        "rules::key::unknown",
    ] {
        assert!(codes.iter().any(|c| c == code), "no {code} in {codes:?}");
    }
}
