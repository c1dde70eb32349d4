//! The board-file fixtures, run by one generic test each way:
//! every file in `tests/fixtures/gbf/invalid/` must be rejected, and its
//! rendered report (no colour, 80 columns) and its JSON are snapshots;
//! every file in `tests/fixtures/gbf/valid/` must load and print back to a
//! board that reads the same.

use std::path::{Path, PathBuf};

use relic::board::{BoardLimits, parse_board, read_board_file};
use relic::diagnostics::JsonFile;

/// The `.gbf` files of a fixture folder, sorted by name.
fn fixtures(folder: &str) -> Vec<PathBuf> {
    // Relative, so that the path shown in reports is the same on every machine.
    let dir = Path::new("tests/fixtures/gbf").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "gbf"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn invalid_boards_are_reported_as_the_snapshots_show() {
    let files = fixtures("invalid");
    assert!(files.len() >= 15, "only {} invalid fixtures", files.len());
    for path in files {
        let error = read_board_file(&path, &BoardLimits::default())
            .expect_err(&format!("{} should be rejected", path.display()));
        assert!(!error.unreadable, "{}", path.display());
        let report = &error.report;
        assert!(!report.is_ok());
        insta::assert_snapshot!(format!("{}.report", stem(&path)), report.render(80));
        insta::assert_json_snapshot!(format!("{}.json", stem(&path)), JsonFile::from(report));
    }
}

#[test]
fn every_code_is_used_by_some_invalid_fixture() {
    let mut used = std::collections::BTreeSet::new();
    for path in fixtures("invalid") {
        let error = read_board_file(&path, &BoardLimits::default()).expect_err("invalid");
        used.extend(error.report.json_diagnostics().into_iter().map(|d| d.code));
    }
    // Codes a fixture file cannot show: the path problems and the size
    // limit are tested in board_files.rs; `gbf::syntax` is a safety net
    // the lenient grammar never reaches.
    let expected = [
        "gbf::file::empty",
        "gbf::file::encoding",
        "gbf::size::fields",
        "gbf::size::number",
        "gbf::size::even",
        "gbf::size::range",
        "gbf::relics::fields",
        "gbf::relics::number",
        "gbf::relics::range",
        "gbf::line::missing",
        "gbf::line::too_long",
        "gbf::file::too_many",
        "gbf::floating::fields",
        "gbf::tile::length",
        "gbf::tile::bit",
        "gbf::tile::closed",
        "gbf::relic::colour",
        "gbf::relic::number",
        "gbf::relic::half",
        "gbf::relic::range",
        "gbf::relic::duplicate",
        "gbf::relic::missing",
        "gbf::rows::count",
        "gbf::rows::width",
        "gbf::rows::blank",
    ];
    let expected: std::collections::BTreeSet<String> =
        expected.iter().map(|c| c.to_string()).collect();
    assert_eq!(used, expected);
}

#[test]
fn valid_boards_load_and_round_trip() {
    let files = fixtures("valid");
    assert!(!files.is_empty());
    for path in files {
        let limits = BoardLimits::default();
        let board = read_board_file(&path, &limits)
            .unwrap_or_else(|e| panic!("{}:\n{}", path.display(), e.report.render(80)));
        let printed = board.to_gbf();
        assert_eq!(parse_board(&printed, &limits).as_ref().ok(), Some(&board));
    }
}
