//! Position files of core games (`src/lang/position/`): every position
//! reached in random play of games on every kind of board (hex, graph,
//! stacks, multi-letter glyphs, hands held in variables) is written and
//! read back to the same position with the same actions; bad files
//! (`tests/fixtures/core-position/`, read against chess) are reported with
//! every problem at once, as snapshotted; `relic verify --setup-out`
//! writes what `relic perft` starts from.

use crate::common;

use std::sync::Arc;

use relic::contract::{Game, SetupFormat, Status, TextView};
use relic::lang::{CoreGame, Program, builtin_core, position};

fn program(name: &str) -> Arc<Program> {
    builtin_core(name).unwrap().unwrap()
}

/// What must survive writing and reading: the stacks, variables, player
/// to move, turn count and the actions in the game's notation.
fn summary(game: &CoreGame) -> (Vec<Vec<u8>>, Vec<i32>, u8, u32, Vec<String>) {
    let stacks = (0..game.cells().len()).map(|c| game.stack(c)).collect();
    let actions = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    let state = (game.values().to_vec(), game.mover(), game.turn());
    (stacks, state.0, state.1, state.2, actions)
}

fn assert_round_trip(name: &str, game: &CoreGame) {
    let text = position::write_position(game);
    let again = position::start_from_setup(game.program().clone(), "p.toml", &text)
        .unwrap_or_else(|e| panic!("{name}: {}\n{text}", e.render(80)));
    assert_eq!(summary(&again), summary(game), "{name}:\n{text}");
    assert_eq!(position::write_position(&again), text, "{name}");
}

#[test]
fn positions_of_random_games_read_back_to_the_same_position() {
    let games = [
        "abalone-hexagon",
        "chess",
        "pentago",
        "kalah",
        "nine-mens-morris",
        "oware",
        "shogi",
        "hex",
        "dots-and-boxes",
    ];
    for name in games {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut written = 0;
        for _ in 0..3 {
            let mut game = CoreGame::new(program(name));
            for _ in 0..40 {
                // A position file has no outcome: a finished game's
                // position reads back as one to play on.
                if game.status() != Status::ToMove(usize::from(game.mover())) {
                    break;
                }
                assert_round_trip(name, &game);
                written += 1;
                let actions = game.legal_actions();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = (seed >> 33) as usize % actions.len();
                game.apply(&actions[pick]).unwrap();
            }
        }
        assert!(written > 40, "{name}: {written}");
    }
}

#[test]
fn keys_left_out_keep_the_rulesets_start() {
    let kalah = program("kalah");
    let game = position::start_from_setup(kalah.clone(), "p.toml", "# the start\n").unwrap();
    assert_eq!(summary(&game), summary(&CoreGame::new(kalah.clone())));
    let text = "to_move = \"north\"\n\n[variables]\nstore_south = 30\n";
    let game = position::start_from_setup(kalah.clone(), "p.toml", text).unwrap();
    let start = CoreGame::new(kalah.clone());
    assert_eq!(game.mover(), 1);
    assert_eq!(game.turn(), 0);
    let slot = |name: &str| {
        let v = kalah.variables.iter().find(|v| v.name == name).unwrap();
        usize::from(v.slot)
    };
    assert_eq!(game.values()[slot("store_south")], 30);
    assert_eq!(
        game.values()[slot("store_north")],
        start.values()[slot("store_north")]
    );
    let stacks = |g: &CoreGame| (0..g.cells().len()).map(|c| g.stack(c)).collect::<Vec<_>>();
    assert_eq!(stacks(&game), stacks(&start));
}

#[test]
fn per_player_variables_are_tables_of_players() {
    let shogi = program("shogi");
    let held = (shogi.variables.iter())
        .find(|v| v.per_player)
        .expect("shogi holds pieces per player");
    let text = format!("[variables]\n{} = {{ gote = 2 }}\n", held.name);
    let game = position::start_from_setup(shogi.clone(), "p.toml", &text).unwrap();
    let slot = usize::from(held.slot);
    assert_eq!(game.values()[slot + 1], 2);
    assert_eq!(game.values()[slot], shogi.start_values()[slot]);
    let bare = format!("[variables]\n{} = 2\n", held.name);
    let failure = position::start_from_setup(shogi, "p.toml", &bare).unwrap_err();
    let shown = failure.render(80);
    assert!(shown.contains("position::wrong_type"), "{shown}");
    assert!(shown.contains("{ sente = 0"), "{shown}");
}

#[test]
fn every_bad_position_fixture_is_reported_as_snapshotted() {
    let files = common::fixture_files("tests/fixtures/core-position", "toml");
    assert!(files.len() >= 3);
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = format!("{stem}.toml");
        let failure = position::start_from_setup(program("chess"), &name, &text).expect_err(&stem);
        for diagnostic in failure.json_diagnostics() {
            assert!(diagnostic.help.is_some(), "{stem}: {diagnostic:?}");
            assert!(diagnostic.line.is_some(), "{stem}: {diagnostic:?}");
        }
        insta::assert_snapshot!(format!("position-{stem}-human"), failure.render(80));
    }
}

#[test]
fn fen_is_written_only_where_it_describes_the_position() {
    let chess = CoreGame::new(program("chess"));
    assert!(
        chess
            .write_setup(SetupFormat::Fen)
            .unwrap()
            .starts_with("rnbqkbnr/")
    );
    let board = "[\"lnsgkgsnl\", \".r.....b.\", \"ppppppppp\", \"...+P.....\", \".........\", \".........\", \"PPPPPPPPP\", \".B.....R.\", \"LNSGKGSNL\"]";
    let text = format!("board = {board}\n");
    let text = text.replace("\"...+P.....\"", "\". . . +P . . . . .\"");
    let shogi = position::start_from_setup(program("shogi"), "p.toml", &text).unwrap();
    let sfen = shogi.write_setup(SetupFormat::Fen).unwrap();
    assert!(sfen.contains("/3+P5/"), "a glyph of two letters: {sfen}");
    // A glyph whose first letter is another piece's cannot be read back.
    let towers = "[[kinds]]\nname = \"tower\"\nglyphs = [\"AA\", \"BB\"]";
    let board = "width = 3\nheight = 1\nsetup = [\"AA . .\"]";
    let rules = "any {empty} mark [stone] ->next";
    let twin = CoreGame::new(common::inline_core::compiled(rules, "", board, towers).unwrap());
    let why = twin.write_setup(SetupFormat::Fen).unwrap_err();
    assert!(
        why.contains("`AA` on a1 is written with more than one letter"),
        "{why}"
    );
    let kalah = CoreGame::new(program("kalah"));
    assert!(
        kalah
            .write_setup(SetupFormat::Fen)
            .unwrap_err()
            .contains("graph")
    );
    assert!(
        kalah
            .write_setup(SetupFormat::Own)
            .unwrap()
            .contains("board = [")
    );
}

#[test]
fn verify_writes_the_final_position_that_perft_starts_from() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "c1\nf2\n").unwrap();
    let out = dir.path().join("end.toml");
    let (m, o) = (moves.to_str().unwrap(), out.to_str().unwrap());
    let run = common::run_relic(["verify", "--ruleset", "kalah", m, "--setup-out", o], b"");
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("turn = 2"), "{text}");
    let perft = common::run_relic(["perft", "kalah", o, "--depth", "1"], b"");
    assert_eq!(perft.status.code(), Some(0), "{perft:?}");
    let fen = dir.path().join("end.fen");
    let f = fen.to_str().unwrap();
    let refused = common::run_relic(["verify", "--ruleset", "kalah", m, "--setup-out", f], b"");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("cli::no_setup") && stderr.contains("graph"),
        "{stderr}"
    );
    assert!(!fen.exists());
}

#[test]
fn check_reads_a_position_file_as_a_setup_and_a_ruleset_as_a_ruleset() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    std::fs::write(&good, "to_move = \"north\"\n").unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "to_move = \"north\"\nturns = 3\n").unwrap();
    let (g, b) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let ruleset = "rulesets/classic/kalah.toml";
    let run = common::run_relic(["check", "--ruleset", "kalah", g, ruleset], b"");
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let run = common::run_relic(["check", "--ruleset", "kalah", b], b"");
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("position::key"), "{stderr}");
}

#[test]
fn the_language_server_checks_a_position_file_as_one() {
    use relic::lsp::diagnose::diagnostics;
    let path = std::path::Path::new("end.toml");
    let good = "to_move = \"north\"\nturn = 3\n\n[variables]\nstore_south = 4\n";
    assert!(
        diagnostics(path, good).is_empty(),
        "{:?}",
        diagnostics(path, good)
    );
    let bad = "to_move = \"north\"\nturns = 3\n\n[variables]\nstore = \"x\"\n";
    let found = diagnostics(path, bad);
    let lines: Vec<u32> = found.iter().map(|d| d.range.start.line).collect();
    assert_eq!(lines, [2 - 1, 4], "{found:?}");
}
