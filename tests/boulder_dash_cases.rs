//! Boulder Dash through `relic verify`, one snapshot per case: every
//! reason a move can be refused and every physics rule
//! (`tests/fixtures/boulder-dash/cases/NAME.{board,moves}`), and every
//! problem a game file can have, located
//! (`tests/fixtures/boulder-dash/game-files/*.moves`, on `board.board`).
//! Each snapshot holds the status, stdout and stderr (80 columns, no
//! colour).

use crate::common;

use std::path::{Path, PathBuf};

fn files(folder: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new("tests/fixtures/boulder-dash").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

fn verify(board: &Path, moves: &Path) -> String {
    let output = common::run_relic(
        [
            "verify",
            board.to_str().unwrap(),
            moves.to_str().unwrap(),
            "--ruleset",
            "boulder-dash",
        ],
        b"",
    );
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_case_verifies_as_its_snapshot_shows() {
    let boards = files("cases", "board");
    assert!(boards.len() >= 25, "only {} cases", boards.len());
    for board in boards {
        let text = verify(&board, &board.with_extension("moves"));
        insta::assert_snapshot!(format!("case.{}", stem(&board)), text);
    }
}

#[test]
fn every_game_file_problem_is_located() {
    let board = Path::new("tests/fixtures/boulder-dash/game-files/board.board");
    let games = files("game-files", "moves");
    assert!(games.len() >= 12, "only {} game files", games.len());
    for game in games {
        insta::assert_snapshot!(format!("game.{}", stem(&game)), verify(board, &game));
    }
}
