//! Maze Runner's level files: every fixture in
//! `tests/fixtures/maze-runner/invalid/` is reported as its snapshot shows
//! (rendered at 80 columns without colour, and as JSON), every one in
//! `levels/` reads cleanly, and arbitrary text never makes the reader panic.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use relic::diagnostics::JsonFile;
use relic::games::maze_runner::level_syntax;
use relic::games::maze_runner::levels::{LevelSyntax, parse_levels, read_level_file};
use relic::walker::journey::journey_ruleset;

fn syntax() -> LevelSyntax {
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    level_syntax(&program)
}

fn fixtures(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new("tests/fixtures/maze-runner").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn invalid_level_files_are_reported_as_the_snapshots_show() {
    let syntax = syntax();
    let files = fixtures("invalid");
    assert!(files.len() >= 10, "only {} invalid fixtures", files.len());
    for path in files {
        let report = match read_level_file(&path, &syntax) {
            Err(failure) => failure.report,
            Ok((_, warnings)) => warnings,
        };
        assert!(!report.is_ok(), "{} has no problem", path.display());
        insta::assert_snapshot!(format!("{}.report", stem(&path)), report.render(80));
        insta::assert_json_snapshot!(format!("{}.json", stem(&path)), JsonFile::from(&report));
    }
}

#[test]
fn several_starts_are_a_warning_and_the_last_one_counts() {
    let text = "Maze 1 - 3 4\n####\nP PD\n####\n";
    let (file, warnings) = parse_levels(text, &syntax()).unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!(file.levels[0].start, (1, 2));
}

/// The syntax of the built-in ruleset named `name`.
fn syntax_of(name: &str) -> LevelSyntax {
    let program = journey_ruleset(Path::new(name)).unwrap().unwrap();
    level_syntax(&program)
}

#[test]
fn valid_level_files_read_cleanly() {
    for path in fixtures("levels") {
        // The keys level is written for the variant with keys.
        let syntax = match stem(&path).as_str() {
            "keys" => syntax_of("maze-runner-keys"),
            _ => syntax(),
        };
        let (file, warnings) =
            read_level_file(&path, &syntax).unwrap_or_else(|f| panic!("{}", f.report.render(80)));
        assert!(warnings.is_ok(), "{}", warnings.render(80));
        assert!(!file.levels.is_empty());
    }
}

#[test]
fn text_before_the_first_header_and_blank_lines_are_ignored() {
    let text = "notes\n\n  Maze 1 - 2 3  \r\n\r\n  P D \r\n###";
    let (file, _) = parse_levels(text, &syntax()).unwrap();
    assert_eq!(file.levels[0].cells.iter().collect::<String>(), "P D###");
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "(Maze [0-9 -]{0,8}\n|[#PDLCMWAH x\t\r\n]{0,12}\n){0,12}") {
        let _ = parse_levels(&text, &syntax());
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in "\\PC{0,200}") {
        let _ = parse_levels(&text, &syntax());
    }
}
