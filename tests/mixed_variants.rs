//! Rulesets that mix the mechanics of two game families on the one
//! interpreter (`rulesets/mixed/`): each checks, counts its moves as
//! worked out by hand, plays the scenes that show its mixed mechanic, and
//! keeps every law of the contract in seeded random games. Connect Four
//! with blasts extends the vocabulary's `connect-four` in its core form
//! and adds the walker's falling rocks.

use crate::common;

use relic::contract::{Game, Outcome, Status};
use relic::harness::{Config, check};
use relic::lang::CoreGame;
use relic::perft::perft;

use common::core_files::{played, program};

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
        .map(|row| row.leaves as u64)
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
/// core form); a Boulder Dash built-in, written in the core only for a
/// cave, is another game's.
#[test]
fn a_core_ruleset_extends_a_vocabulary_built_in_in_its_core_form() {
    let out = common::run_relic(["rules", "check", BLAST], b"");
    assert!(out.status.success(), "{out:?}");
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.toml");
    std::fs::write(
        &other,
        "game = \"core\"\nextends = \"boulder-dash\"\nname = \"X\"\n",
    )
    .unwrap();
    let out = common::run_relic(["rules", "check", other.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("rules::extends::other_game"), "{stderr}");
}

const ROLLING: &str = "rulesets/mixed/connect-four-rolling.toml";

#[test]
fn rolling_discs_roll_off_each_other_as_rocks_do() {
    let program = program(ROLLING);
    // Red d1; Yellow's disc lands on it and rolls west to c1; Red's next
    // one finds c1 taken and rolls east to e1; Yellow's onto e1 rolls on
    // east to f1.
    let game = played(&program, &["d", "d", "d", "e"]);
    assert_eq!(rows(&game)[5], "..YRRY.", "{:#?}", rows(&game));
    // Boxed in on both sides, a disc stays on the one beneath.
    let game = played(&program, &["d", "d", "d", "d"]);
    assert_eq!(rows(&game)[4], "...Y...", "{:#?}", rows(&game));
    // Seven columns while no column is full.
    let counts: Vec<u64> = perft(&CoreGame::new(program), 3, false)
        .iter()
        .map(|row| row.leaves as u64)
        .collect();
    assert_eq!(counts, [7, 49, 343]);
}

#[test]
fn connect_four_rolling_keeps_the_contract() {
    let game = CoreGame::new(program(ROLLING));
    let config = Config {
        seed: 5,
        games: 10,
        max_actions: 50,
    };
    let report = check(&game, &config).unwrap_or_else(|v| panic!("{v}"));
    assert!(report.finished > 0, "{report:?}");
}

const GRAVITY: &str = "rulesets/mixed/othello-gravity.toml";

#[test]
fn gravity_othello_places_only_resting_discs() {
    let program = program(GRAVITY);
    let game = CoreGame::new(program.clone());
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    // Of the squares a disc can rest on (c1, f1, d3, e3), black outflanks
    // from f1 (over e1) and d3 (over d2); then white has f2 after f1, and
    // c1 and e3 after d3.
    assert_eq!(listed, ["f1", "d3"]);
    let counts: Vec<u64> = perft(&game, 2, false)
        .iter()
        .map(|row| row.leaves as u64)
        .collect();
    assert_eq!(counts, [2, 3]);
    let report = check(
        &game,
        &Config {
            seed: 3,
            games: 10,
            max_actions: 80,
        },
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.finished > 0, "{report:?}");
}

/// A macro's parameter written as a mark's word marks its argument (as
/// the expanded rules print it).
#[test]
fn a_mark_of_a_macro_parameter_marks_its_argument() {
    let toml = r#"
game = "core"
name = "Marks"
players = ["a", "b"]
rules = "put(a1, left) | put(b1, right)"
[macros]
"put(cell, word)" = "@cell {empty} mark(word) [stone] ->next"
[board]
width = 2
height = 1
[[kinds]]
name = "stone"
glyphs = ["A", "B"]
"#;
    let (_, program) = relic::lang::parse_core_resolved(toml, "marks.toml", None).unwrap();
    let game = CoreGame::new(program);
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert_eq!(listed, ["left", "right"]);
}

const BOMBS: &str = "rulesets/mixed/connect-four-bombs.toml";

#[test]
fn a_disc_landing_on_a_bomb_picks_it_up_for_a_blast() {
    let program = program(BOMBS);
    let blasts = |game: &CoreGame| game.values().to_vec();
    let start = CoreGame::new(program.clone());
    assert_eq!(blasts(&start), [0, 0]);
    // Red lands on b1's bomb, Yellow on f1's; Red drops again; Yellow
    // spends its bomb on Red's disc at b1.
    let game = played(&program, &["b", "f"]);
    assert_eq!(blasts(&game), [1, 1]);
    let game = played(&program, &["b", "f", "c", "blast-b1"]);
    assert_eq!(rows(&game)[5], "..R..Y.", "{:#?}", rows(&game));
    assert_eq!(blasts(&game), [1, 0]);
    // Seven drops; from depth 3, the one who took a bomb on the first
    // move may blast either disc: 7 * 7 * 7 + 2 * 7 * 2.
    let counts: Vec<u64> = perft(&start, 3, false)
        .iter()
        .map(|row| row.leaves as u64)
        .collect();
    assert_eq!(counts, [7, 49, 371]);
    let report = check(
        &start,
        &Config {
            seed: 9,
            games: 10,
            max_actions: 60,
        },
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.finished > 0, "{report:?}");
}
