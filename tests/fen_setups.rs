//! FEN setups of core games: bad positions (`tests/fixtures/fen-bad/`,
//! read against chess) are reported with every problem at once, as
//! snapshotted (without colour at width 80), each with a `fen::` code, a
//! label and a help line; written positions read back to the same game;
//! `relic perft`, `relic verify` and `relic play` start from a FEN file.

use crate::common;

use proptest::prelude::*;
use relic::contract::{Game, Outcome, Status};
use relic::lang::{CoreGame, builtin_core, fen, parse_core_resolved};

fn chess() -> std::sync::Arc<relic::lang::Program> {
    builtin_core("chess").unwrap().unwrap()
}

#[test]
fn every_bad_fen_fixture_is_reported_as_snapshotted() {
    let files = common::fixture_files("tests/fixtures/fen-bad", "fen");
    assert!(files.len() >= 6);
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("{stem}.fen");
        let failure = fen::start_from_fen(chess(), &name, &text).expect_err(&stem);
        for diagnostic in failure.json_diagnostics() {
            assert!(
                diagnostic.code.starts_with("fen::"),
                "{stem}: {diagnostic:?}"
            );
            assert!(diagnostic.help.is_some(), "{stem}: {diagnostic:?}");
            assert!(diagnostic.line.is_some(), "{stem}: {diagnostic:?}");
        }
        insta::assert_snapshot!(format!("fen-{stem}-human"), failure.render(80));
    }
}

#[test]
fn a_board_fen_cannot_describe_is_refused() {
    let hex = builtin_core("hex").unwrap().unwrap();
    let failure = fen::start_from_fen(hex, "hex.fen", "11/11 b").unwrap_err();
    assert!(
        failure.render(80).contains("fen::board"),
        "{}",
        failure.render(80)
    );
}

#[test]
fn the_fields_set_the_rules_variables_and_the_turn() {
    let game = fen::start_from_fen(chess(), "p.fen", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 7 31").unwrap();
    let program = game.program().clone();
    let quiet = program
        .variables
        .iter()
        .find(|v| v.name == "quiet")
        .unwrap();
    assert_eq!(game.values()[usize::from(quiet.slot)], 7);
    assert_eq!(game.turn(), 60);
    assert_eq!(game.status(), Status::ToMove(0));
    let capture = game.parse_action("e5d6").unwrap();
    assert!(
        game.legal_actions().contains(&capture),
        "en passant is legal"
    );
    let no_passant =
        fen::start_from_fen(chess(), "p.fen", "4k3/8/8/3pP3/8/8/8/4K3 w - - 7 31").unwrap();
    assert!(!no_passant.legal_actions().contains(&capture));
}

#[test]
fn the_halfmove_clock_counts_towards_the_fifty_move_rule() {
    let mut game =
        fen::start_from_fen(chess(), "p.fen", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    game.apply(&game.parse_action("a1a2").unwrap()).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn a_game_without_a_fen_table_reads_placement_and_side() {
    let game = fen::start_from_fen(
        builtin_core("othello").unwrap().unwrap(),
        "o.fen",
        "8/8/8/3OX3/3XO3/8/8/8 w",
    )
    .unwrap();
    assert_eq!(game.status(), Status::ToMove(1));
    assert_eq!(fen::write_fen(&game), "8/8/8/3OX3/3XO3/8/8/8 w - - 0 1");
    let refused = fen::start_from_fen(
        builtin_core("othello").unwrap().unwrap(),
        "o.fen",
        "8/8/8/3OX3/3XO3/8/8/8 w KQ a3",
    )
    .unwrap_err();
    let text = refused.render(80);
    assert!(
        text.contains("fen::castling") && text.contains("fen::en_passant"),
        "{text}"
    );
}

#[test]
fn a_bad_fen_table_is_reported_at_load() {
    let toml = "game = \"core\"\nextends = \"chess\"\n[fen]\nhalfmove = \"quite\"\nsides = [\"w\"]\n[fen.en_passant]\nstep = \"forwards\"\nkind = \"pawn\"\nbecomes = \"passer\"\n[fen.castling]\nK = { variable = \"quiet\", player = \"white\" }\n";
    let failure = parse_core_resolved(toml, "bad.toml", None).unwrap_err();
    let text = failure.render(80);
    for part in [
        "`quite`",
        "1 sides for 2 players",
        "`forwards`",
        "not per player",
    ] {
        assert!(text.contains(part), "{part}:\n{text}");
    }
}

fn played(seed: u64, moves: usize) -> CoreGame {
    let mut game = CoreGame::new(chess());
    let mut state = seed;
    for _ in 0..moves {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % actions.len();
        game.apply(&actions[pick]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A position written as FEN reads back to one with the same FEN and
    /// the same legal actions.
    #[test]
    fn written_positions_read_back(seed in any::<u64>(), moves in 0usize..60) {
        let game = played(seed, moves);
        let text = fen::write_fen(&game);
        let again = fen::start_from_fen(chess(), "w.fen", &text)
            .unwrap_or_else(|f| panic!("{text}\n{}", f.render(80)));
        prop_assert_eq!(fen::write_fen(&again), text);
        if !game.status().is_over() {
            prop_assert_eq!(again.legal_actions(), game.legal_actions());
        }
    }
}

fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-fen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn perft_verify_and_play_start_from_a_fen_file() {
    let position = scratch("end.fen", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n");
    let out = common::run_relic(
        ["perft", "chess"].iter().map(|s| s.to_string()).chain([
            position.display().to_string(),
            "--depth".into(),
            "2".into(),
        ]),
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "depth leaves\n1 26\n2 112\n"
    );
    let moves = scratch("moves.txt", "e1c1 e8e7 c1b1\n");
    let out = common::run_relic(
        [
            "verify".to_string(),
            "--ruleset".into(),
            "chess".into(),
            position.display().to_string(),
            moves.display().to_string(),
        ],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1  . K . R . . . R"));
    let out = common::run_relic(
        [
            "play".to_string(),
            "--ruleset".into(),
            "chess".into(),
            position.display().to_string(),
        ],
        b"e1g1\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("white plays e1g1") && text.contains("1  R . . . . R K ."),
        "{text}"
    );
    let bad = scratch("bad.fen", "4k3/8/8/8/8/8/8/R3K2R white\n");
    let out = common::run_relic(
        [
            "perft".to_string(),
            "chess".into(),
            bad.display().to_string(),
            "--depth".into(),
            "1".into(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fen::side"));
}

#[test]
fn the_language_server_reports_a_fen_file_s_problems() {
    use relic::lsp::diagnose::diagnostics;
    let path = std::path::Path::new("position.fen");
    assert!(diagnostics(path, "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n").is_empty());
    let found = diagnostics(path, "4k3/8/8/8/8/8/8/4K2X x\n");
    let codes: Vec<String> = (found.iter())
        .map(|d| match &d.code {
            Some(lsp_types::NumberOrString::String(code)) => code.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(codes, ["fen::piece", "fen::side"]);
    assert_eq!(
        (found[1].range.start.line, found[1].range.start.character),
        (0, 21)
    );
}
