//! Rulesets that mix the mechanics of two game families on the one
//! interpreter (`rulesets/mixed/`): each checks, counts its moves as
//! worked out by hand, plays the scenes that show its mixed mechanic, and
//! keeps every law of the contract in seeded random games. Connect Four
//! with blasts extends the vocabulary's `connect-four` in its core form
//! and adds the walker's falling rocks.

mod common;

use std::path::Path;
use std::sync::Arc;

use relic::contract::{Game, Outcome, Status};
use relic::harness::{Config, check};
use relic::lang::{CoreGame, Program, load_core_resolved_with};
use relic::perft::perft;

fn program(file: &str) -> Arc<Program> {
    let (_, program) = load_core_resolved_with(Path::new(file), relic::vocab::lower::core_source)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    program
}

/// Plays `moves` (in the game's notation) from the start.
fn played(program: &Arc<Program>, moves: &[&str]) -> CoreGame {
    let mut game = CoreGame::new(program.clone());
    for text in moves {
        let action = game.parse_action(text).unwrap();
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    }
    game
}

/// The board as the text view's rows, the top row first (`.` empty).
fn rows(game: &CoreGame) -> Vec<String> {
    let program = game.program();
    let (width, height) = (program.board.width, program.board.height);
    (0..height)
        .rev()
        .map(|y| {
            (0..width)
                .map(|x| {
                    let cell = program.board.at_xy(x, y).unwrap();
                    match game.cells()[usize::from(cell)] {
                        0 => '.',
                        code => program.pieces[usize::from(code) - 1]
                            .glyph
                            .chars()
                            .next()
                            .unwrap(),
                    }
                })
                .collect()
        })
        .collect()
}

const BLAST: &str = "rulesets/mixed/connect-four-blast.toml";

#[test]
fn connect_four_blast_counts_its_moves() {
    let program = program(BLAST);
    let game = CoreGame::new(program);
    // Seven drops; then each drop again or the one blast of the one disc;
    // then nine (seven drops, two discs to blast) after two drops, seven
    // after a blast has emptied the grid (49 * 9 + 7 * 7).
    let counts: Vec<u64> = perft(&game, 3, false)
        .iter()
        .map(|row| row.leaves)
        .collect();
    assert_eq!(counts, [7, 56, 490]);
}

#[test]
fn a_blast_lets_the_discs_above_fall() {
    let program = program(BLAST);
    // Red a1, Yellow a2, Red a3, Yellow b1; Red blasts a1: Yellow's disc
    // falls to a1, Red's to a2.
    let game = played(&program, &["a", "a", "a", "b", "blast-a1"]);
    let board = rows(&game);
    assert_eq!(board[3], ".......", "{board:#?}");
    assert_eq!(board[4], "R......", "{board:#?}");
    assert_eq!(board[5], "YY.....", "{board:#?}");
    assert_eq!(game.status(), Status::ToMove(1));
    // Each player blasts once a game: Yellow still may, Red no longer.
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert!(listed.iter().any(|a| a.starts_with("blast-")), "{listed:?}");
    let game = played(&program, &["a", "a", "a", "b", "blast-a1", "blast-b1"]);
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert!(
        listed.iter().all(|a| !a.starts_with("blast-")),
        "{listed:?}"
    );
}

#[test]
fn a_blast_that_makes_a_line_wins_and_one_that_hands_a_line_over_loses() {
    let program = program(BLAST);
    // Red holds a1 b1 c1 under Yellow's d1: Red blasts d1, the Red disc
    // above it falls to d1 and Red has four.
    let win = played(
        &program,
        &["a", "d", "b", "g", "c", "g", "d", "g", "blast-d1"],
    );
    assert_eq!(win.status(), Status::Over(Outcome::Won(0)));
    // Yellow's blast of the same square hands Red the line: Yellow loses.
    let handed = played(&program, &["a", "d", "b", "g", "c", "g", "d", "blast-d1"]);
    assert_eq!(handed.status(), Status::Over(Outcome::Won(0)));
}

#[test]
fn connect_four_blast_keeps_the_contract() {
    let game = CoreGame::new(program(BLAST));
    let config = Config {
        seed: 11,
        games: 20,
        max_actions: 60,
    };
    let report = check(&game, &config).unwrap_or_else(|v| panic!("{v}"));
    assert!(report.finished > 0 && report.applied > 200, "{report:?}");
}

/// A core ruleset may extend a vocabulary built-in that lowers (in its
/// core form); one that does not lower, or a vocabulary file, is still
/// another game's.
#[test]
fn a_core_ruleset_extends_a_vocabulary_built_in_in_its_core_form() {
    let out = common::run_relic(["rules", "check", BLAST], b"");
    assert!(out.status.success(), "{out:?}");
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.toml");
    std::fs::write(
        &other,
        "game = \"core\"\nextends = \"moving-maze\"\nname = \"X\"\n",
    )
    .unwrap();
    let out = common::run_relic(["rules", "check", other.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("rules::extends::other_game"), "{stderr}");
}
