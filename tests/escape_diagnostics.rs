//! Escape configuration fixtures, one generic test each way: every file in
//! `tests/fixtures/escape/invalid/` is rejected, and its rendered report
//! (no colour, 80 columns) and JSON are snapshots; every file in
//! `tests/fixtures/escape/valid/` loads and starts a game.

use crate::common;

use std::path::Path;

use relic::contract::Game;
use relic::diagnostics::JsonFile;
use relic::escape::config::read_config_file;
use relic::escape::{EscapeGame, Variant};

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn invalid_configurations_are_reported_as_the_snapshots_show() {
    let files = common::fixture_files("tests/fixtures/escape/invalid", "egc");
    assert!(files.len() >= 20, "only {} invalid fixtures", files.len());
    for path in files {
        let failure =
            read_config_file(&path).expect_err(&format!("{} should be rejected", path.display()));
        assert!(!failure.unreadable, "{}", path.display());
        assert!(!failure.report.is_ok());
        insta::assert_snapshot!(format!("escape-{}.report", stem(&path)), failure.render(80));
        insta::assert_json_snapshot!(
            format!("escape-{}.json", stem(&path)),
            JsonFile::from(&failure.report)
        );
    }
}

#[test]
fn every_code_is_used_by_some_invalid_fixture() {
    let mut used = std::collections::BTreeSet::new();
    for path in common::fixture_files("tests/fixtures/escape/invalid", "egc") {
        let failure = read_config_file(&path).expect_err("invalid");
        used.extend(
            failure
                .report
                .json_diagnostics()
                .into_iter()
                .map(|d| d.code),
        );
    }
    let expected = [
        "egc::file::encoding",
        "egc::syntax::unexpected",
        "egc::syntax::comment",
        "egc::syntax::empty_attributes",
        "egc::syntax::empty_section",
        "egc::syntax::order",
        "egc::value::too_large",
        "egc::value::negative",
        "egc::value::zero",
        "egc::coordinate::unsupported",
        "egc::axis::duplicate",
        "egc::axis::missing",
        "egc::location::off_board",
        "egc::location::duplicate",
        "egc::location::obstacle",
        "egc::player::unknown",
        "egc::piece::undescribed",
        "egc::piece::duplicate",
        "egc::pattern::missing",
        "egc::pattern::hex",
        "egc::pattern::undefined",
        "egc::attribute::undefined",
        "egc::attribute::duplicate",
        "egc::attribute::value_missing",
        "egc::attribute::value_unexpected",
        "egc::attribute::fly_distance",
        "egc::rule::duplicate",
        "egc::rule::value_missing",
        "egc::rule::value_unexpected",
        "egc::rule::exclusive",
    ];
    for code in expected {
        assert!(used.contains(code), "no fixture shows {code}");
    }
}

#[test]
fn a_missing_file_is_unreadable() {
    let failure = read_config_file(Path::new("tests/fixtures/escape/none.egc")).unwrap_err();
    assert!(failure.unreadable);
    assert!(failure.render(80).contains("egc::io::unreadable"));
}

#[test]
fn valid_configurations_load_and_play() {
    let files = common::fixture_files("tests/fixtures/escape/valid", "egc");
    assert!(files.len() >= 3);
    for path in files {
        let config = read_config_file(&path)
            .unwrap_or_else(|f| panic!("{} should load:\n{}", path.display(), f.render(80)));
        let game = EscapeGame::new(config, Variant::default());
        assert!(!game.legal_actions().is_empty(), "{}", path.display());
    }
}

/// The 2021 grammar's corner cases read as its tokens say: `type` is
/// optional, the sign is a token of its own (`- 3`), `-0` is 0, leading
/// zeros, comments nest, form feeds and carriage returns are white
/// space, sections repeat and come in any order, axes in either order.
#[test]
fn the_grammars_corner_cases_read_as_the_tokens_say() {
    let path = Path::new("tests/fixtures/escape/valid/grammar-corners.egc");
    let config = read_config_file(path).unwrap_or_else(|f| panic!("{}", f.render(80)));
    let at: Vec<(i32, i32)> = config.locations.iter().map(|l| l.at).collect();
    assert_eq!(at, [(-3, 4), (0, 2), (5, -5)]);
    assert_eq!(config.rules.score, Some(2));
    assert_eq!(config.pieces.len(), 2);
    assert!(config.pieces[0].mover.fly);
    assert_eq!(config.pieces[0].mover.budget, 2);
}
