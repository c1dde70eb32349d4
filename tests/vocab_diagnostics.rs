//! Every vocabulary ruleset fixture in `tests/fixtures/vocab/` has
//! problems; their reports (rendered without colour at width 80, and as
//! JSON) are snapshots. Every diagnostic has a stable code, a label and a
//! help line.

use crate::common;

use relic::diagnostics::{JsonFile, JsonFiles};
use relic::vocab::load_vocab;

#[test]
fn every_vocab_fixture_is_reported_as_snapshotted() {
    let files = common::fixture_files("tests/fixtures/vocab", "toml");
    assert!(files.len() >= 25, "at least 25 fixtures");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let failure = load_vocab(&path).expect_err(&stem);
        assert!(!failure.unreadable, "{stem}");
        assert_eq!(failure.reports[0].path, path.display().to_string());
        for report in &failure.reports {
            assert!(!report.problems.is_empty(), "{stem}: {}", report.path);
            for diagnostic in report.json_diagnostics() {
                let code = &diagnostic.code;
                assert!(
                    code.starts_with("vocab::") || code.starts_with("rules::"),
                    "{stem}: {diagnostic:?}"
                );
                assert!(diagnostic.help.is_some(), "{stem}: {diagnostic:?}");
                assert!(diagnostic.line.is_some(), "{stem}: {diagnostic:?}");
            }
        }
        insta::assert_snapshot!(format!("vocab-{stem}-human"), failure.render(80));
        let json = JsonFiles {
            files: failure.reports.iter().map(JsonFile::from).collect(),
        };
        insta::assert_json_snapshot!(format!("vocab-{stem}-json"), json);
    }
}
