//! The games written in the core rules language (`game = "core"`) match
//! published perft counts (`tests/fixtures/core-counts.toml`, each with its
//! source), and keep every law of the game contract in seeded random play
//! (the invariant harness).

use crate::common;
use relic::contract::{Game, Outcome, Status};
use relic::harness::{Config, check};
use relic::lang::{CORE_BUILTINS, CoreGame, builtin_core, fen};
use relic::perft::perft;

#[derive(serde::Deserialize)]
struct Expected {
    count: Vec<Count>,
}

#[derive(serde::Deserialize)]
struct Count {
    ruleset: String,
    setup: Option<String>,
    source: String,
    counts: Vec<u64>,
}

/// The start of a built-in ruleset, or of a ruleset file (a path).
fn start(name: &str) -> CoreGame {
    if name.ends_with(".toml") {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let (_, program) = relic::lang::load_core_resolved(&path).expect("valid");
        return CoreGame::new(program);
    }
    CoreGame::new(builtin_core(name).expect("built in").expect("valid"))
}

/// A built-in ruleset's game from the FEN file at `path`.
fn from_fen(name: &str, path: &str) -> CoreGame {
    let program = builtin_core(name).expect("built in").expect("valid");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&path).expect("the FEN file reads");
    fen::start_from_fen(program, path.to_str().unwrap(), &text)
        .unwrap_or_else(|f| panic!("{}", f.render(80)))
}

#[test]
fn the_fen_test_positions_are_the_ruleset_fixtures() {
    for name in ["kiwipete", "position3", "position4", "position5"] {
        let from_fen = from_fen("chess", &format!("tests/fixtures/core/{name}.fen"));
        let written = start(&format!("tests/fixtures/core/{name}.toml"));
        let fields = |g: &CoreGame| {
            fen::write_fen(g)
                .split(' ')
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(fields(&from_fen), fields(&written), "{name}");
        assert_eq!(from_fen.cells(), written.cells(), "{name}");
    }
}

#[test]
fn core_games_match_published_counts() {
    let text = include_str!("fixtures/core-counts.toml");
    let expected: Expected = toml::from_str(text).expect("core-counts.toml reads");
    for count in expected.count {
        let game = match &count.setup {
            None => start(&count.ruleset),
            Some(fen) => from_fen(&count.ruleset, fen),
        };
        let found: Vec<u64> = (perft(&game, count.counts.len() as u32, false).iter())
            .map(|row| row.leaves as u64)
            .collect();
        assert_eq!(found, count.counts, "{} ({})", count.ruleset, count.source);
    }
}

#[test]
fn every_core_game_keeps_the_contract_in_random_play() {
    for (name, _) in CORE_BUILTINS {
        let game = start(name);
        let wide = common::core_files::lists_thousands(game.program());
        let config = Config {
            seed: 7,
            games: if wide { 1 } else { 3 },
            max_actions: if wide { 8 } else { 60 },
        };
        let report = check(&game, &config).unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.applied > 0, "{name} played nothing");
    }
}

#[test]
fn every_core_game_is_counted() {
    let text = include_str!("fixtures/core-counts.toml");
    let expected: Expected = toml::from_str(text).expect("reads");
    for (name, _) in CORE_BUILTINS {
        assert!(
            expected.count.iter().any(|c| c.ruleset == *name),
            "{name} has no counts in core-counts.toml"
        );
    }
}

#[test]
fn a_win_ends_the_game() {
    let rules = "game = \"core\"\nextends = \"hex\"\nname = \"Hex 3\"\n[board]\nshape = \"hex\"\nwidth = 3\nheight = 3\n";
    let (_, program) = relic::lang::parse_core_resolved(rules, "hex3.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    for text in ["a1", "b1", "a2", "b2", "a3"] {
        let action = game.parse_action(text).unwrap();
        game.apply(&action).unwrap();
    }
    assert_eq!(
        game.status().outcome(),
        Some(relic::contract::Outcome::Won(0))
    );
    assert!(game.legal_actions().is_empty());
}

#[test]
fn the_forty_move_variant_draws_after_forty_king_moves_each() {
    let program = builtin_core("checkers-40-move").unwrap().unwrap();
    let mut game =
        fen::start_from_fen(program.clone(), "kings.fen", "7W/8/8/8/8/8/8/B7 b").unwrap();
    let shuttle = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];
    for ply in 0..80 {
        assert_eq!(game.status(), Status::ToMove(ply % 2), "ply {ply}");
        let action = game.parse_action(shuttle[ply % 4]).unwrap();
        game.apply(&action).unwrap();
    }
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
    // A man's move starts the count again; plain checkers never counts.
    let late = "7W/8/8/8/8/8/1b6/B7 b - - 79 60";
    let mut game = fen::start_from_fen(program.clone(), "late.fen", late).unwrap();
    game.apply(&game.parse_action("b2-c3").unwrap()).unwrap();
    assert_eq!(game.status(), Status::ToMove(1));
    let kings = "7W/8/8/8/8/8/8/B7 b - - 79 60";
    let mut game = fen::start_from_fen(program, "kings.fen", kings).unwrap();
    game.apply(&game.parse_action("a1-b2").unwrap()).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
    let plain = builtin_core("checkers").unwrap().unwrap();
    let mut game = fen::start_from_fen(plain, "kings.fen", kings).unwrap();
    game.apply(&game.parse_action("a1-b2").unwrap()).unwrap();
    assert_eq!(game.status(), Status::ToMove(1));
}

/// Plays `moves` from the chess position `fen`; the status after each.
fn chess_line(fen: &str, moves: &str) -> Vec<Status> {
    let program = builtin_core("chess").unwrap().unwrap();
    let mut game = fen::start_from_fen(program, "line.fen", fen).unwrap();
    (moves.split_whitespace())
        .map(|m| {
            let action = game.parse_action(m).unwrap();
            game.apply(&action).unwrap_or_else(|e| panic!("{m}: {e}"));
            game.status()
        })
        .collect()
}

#[test]
fn threefold_repetition_counts_a_position_once_castling_rights_are_lost() {
    // After 1. Kf1 white can never castle: the same position comes back
    // after 3. Kf1 and 5. Kf1, the third time a draw (FIDE 9.2.3).
    let line = "e1f1 e8d8 f1e1 d8e8 e1f1 e8d8 f1e1 d8e8 e1f1";
    let statuses = chess_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1", line);
    assert_eq!(statuses[7], Status::ToMove(0));
    assert_eq!(statuses[8], Status::Over(Outcome::Draw));
    // A rook that leaves its corner, or is taken there, takes its right
    // with it at once.
    let program = builtin_core("chess").unwrap().unwrap();
    let mut game =
        fen::start_from_fen(program, "r.fen", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1").unwrap();
    game.apply(&game.parse_action("a1a8").unwrap()).unwrap();
    assert_eq!(fen::write_fen(&game), "R3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn threefold_repetition_tells_apart_a_possible_en_passant_capture() {
    // After 1. e4 with no black pawn beside it, en passant is impossible:
    // the position after 1. e4 is the one after 3. Ke1 and 5. Ke1.
    let line = "e2e4 e8d8 e1d2 d8e8 d2e1 e8d8 e1d2 d8e8 d2e1";
    let statuses = chess_line("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", line);
    assert_eq!(statuses[7], Status::ToMove(0));
    assert_eq!(statuses[8], Status::Over(Outcome::Draw));
    // With a black pawn on d4 it was possible after 1. e4: that position is
    // not the later ones, and 5. Ke1 brings it only the second time.
    let statuses = chess_line("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", line);
    assert_eq!(statuses[8], Status::ToMove(1));
}

#[test]
fn threefold_repetition_ignores_an_en_passant_capture_a_pin_forbids() {
    // After 1. e4 the black pawn on d4 could take en passant only by
    // opening the fourth rank to the rook on h4 onto its king on a4: no
    // capture is possible, so the position after 1. e4 is the one after
    // 3. Kh1 and 5. Kh1, the third time a draw (FIDE 9.2.3).
    let line = "e2e4 a4a5 h1g1 a5a4 g1h1 a4a5 h1g1 a5a4 g1h1";
    let statuses = chess_line("8/8/8/8/k2p3R/8/4P3/7K w - - 0 1", line);
    assert_eq!(statuses[7], Status::ToMove(0));
    assert_eq!(statuses[8], Status::Over(Outcome::Draw));
    // Without the rook the capture is possible: only the second time.
    let statuses = chess_line("8/8/8/8/k2p4/8/4P3/7K w - - 0 1", line);
    assert_eq!(statuses[8], Status::ToMove(1));
}

#[test]
fn threefold_repetition_counts_the_position_right_after_the_reply_to_a_double_step() {
    // 1. e4 (d4xe3 en passant possible) Kd8: the chance has passed, so
    // this position, with a plain pawn on e4, is the one after 3. ... Kd8
    // and 5. ... Kd8, the third time a draw (FIDE 9.2.3).
    let line = "e2e4 e8d8 e1d2 d8e8 d2e1 e8d8 e1d2 d8e8 d2e1 e8d8";
    let statuses = chess_line("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", line);
    assert_eq!(statuses[8], Status::ToMove(1));
    assert_eq!(statuses[9], Status::Over(Outcome::Draw));
    // Its FEN has no en-passant square.
    let program = builtin_core("chess").unwrap().unwrap();
    let mut game =
        fen::start_from_fen(program, "p.fen", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    for m in ["e2e4", "e8d8"] {
        game.apply(&game.parse_action(m).unwrap()).unwrap();
    }
    assert_eq!(fen::write_fen(&game), "3k4/8/8/8/3pP3/8/8/4K3 w - - 1 2");
}

/// A 3x3 board where `rules` places stones.
fn stones(rules: &str) -> Result<CoreGame, String> {
    let source = format!(
        "game = \"core\"\nname = \"Stones\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n\
         [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n"
    );
    let (_, program) = relic::lang::parse_core_resolved(&source, "stones.toml", None)
        .map_err(|failure| failure.render(80))?;
    Ok(CoreGame::new(program))
}

#[test]
fn switching_to_me_gives_the_player_another_action() {
    // The first player places twice, then the players alternate.
    let game =
        stones("any {empty} [stone] mark ({$ count{own} < 2} ->me | {$ count{own} >= 2} ->next)")
            .unwrap();
    let found: Vec<u64> = perft(&game, 3, false)
        .iter()
        .map(|r| r.leaves as u64)
        .collect();
    assert_eq!(found, [9, 72, 504]);
    let mut game = game;
    game.apply(&game.parse_action("a1").unwrap()).unwrap();
    assert_eq!(game.status(), Status::ToMove(0), "a moves again");
    game.apply(&game.parse_action("b1").unwrap()).unwrap();
    assert_eq!(game.status(), Status::ToMove(1));
}

#[test]
fn a_macro_parameter_named_as_a_keyword_is_refused() {
    let source = "game = \"core\"\nname = \"K\"\nplayers = [\"a\", \"b\"]\nrules = \"go(a)\"\n\
                  [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\
                  [macros]\n\"go(me)\" = \"any {empty} [stone] mark ->me\"\n";
    let failure = relic::lang::parse_core_resolved(source, "k.toml", None).unwrap_err();
    let text = failure.render(80);
    assert!(
        text.contains("macro parameter `me` is already a keyword"),
        "{text}"
    );
}

#[test]
fn a_board_that_shows_heights_writes_each_stack_count() {
    use relic::contract::TextView;
    let kalah = start("kalah");
    let mut text = String::new();
    kalah.write_position(&mut text);
    assert!(text.contains("o4 o4 o4 o4 o4 o4"), "{text}");
    // Without `heights`, the same position shows the tops alone.
    let source = include_str!("../rulesets/classic/kalah.toml").replace("heights = true\n", "");
    let (_, program) = relic::lang::parse_core_resolved(&source, "kalah.toml", None).unwrap();
    let mut plain = String::new();
    CoreGame::new(program).write_position(&mut plain);
    assert!(
        plain.contains("o o o o o o") && !plain.contains("o4"),
        "{plain}"
    );
}

#[test]
fn an_action_reads_back_as_written_where_its_marks_run_together() {
    // `x` then the cell a1 is written `xa1`, which is also the word of an
    // action not legal here: what the game prints must read back as it.
    let source = "game = \"core\"\nname = \"X\"\nplayers = [\"a\", \"b\"]\nseparator = \"\"\n\
                  rules = \"any {empty} [stone] mark(x) mark ->next | @c3 {own} mark(xa1) ->next\"\n\
                  [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let (_, program) = relic::lang::parse_core_resolved(source, "x.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    let written: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert!(written.contains(&"xa1".to_owned()), "{written:?}");
    let action = game.parse_action("xa1").unwrap();
    game.apply(&action).expect("the legal action xa1");
    assert_eq!(game.status(), Status::ToMove(1));
}

#[test]
fn each_side_draws_its_own_symbols_where_a_kind_gives_them() {
    use relic::contract::BrowserView;
    let game = start("xiangqi");
    let view = game.view(None);
    let glyph_at = |square: &str| {
        let cells = view["cells"].as_array().unwrap();
        let cell = cells.iter().find(|c| c["square"] == square).unwrap();
        cell["layers"][0]["glyph"].as_str().unwrap().to_owned()
    };
    assert_eq!(glyph_at("e1"), "帥");
    assert_eq!(glyph_at("e10"), "將");
    assert_eq!(glyph_at("a4"), "兵");
    assert_eq!(glyph_at("a7"), "卒");
}

#[test]
fn symbols_that_do_not_fit_the_players_are_refused() {
    let bad = |draw: &str| {
        let text = format!(
            "game = \"core\"\nextends = \"hex\"\n\n[[kinds]]\nname = \"stone\"\nglyphs = [\"R\", \"B\"]\ndraw = {draw}\n"
        );
        relic::lang::parse_core_resolved(&text, "bad.toml", None)
            .map(|_| ())
            .map_err(|e| e.render(80))
    };
    assert_eq!(bad("{ symbols = [\"r\", \"b\"] }"), Ok(()));
    for (draw, problem) in [
        (
            "{ symbols = [\"r\"] }",
            "has 1 symbols but the game has 2 players",
        ),
        (
            "{ symbol = \"s\", symbols = [\"r\", \"b\"] }",
            "has both `symbol` and `symbols`",
        ),
        ("{ symbols = [\"r\", \" \"] }", "which cannot be drawn"),
    ] {
        let refused = bad(draw).unwrap_err();
        assert!(refused.contains("core::kind::symbols"), "{refused}");
        assert!(refused.contains(problem), "{refused}");
    }
}

#[test]
fn a_setup_may_name_who_moves_first_and_each_player_s_start() {
    let text = "game = \"core\"\nname = \"Start\"\nplayers = [\"a\", \"b\"]\nfirst = \"b\"\nrules = \"{$ score < 3} any {empty} [stone] mark [$ score = score + 1] ->next\"\n[board]\nwidth = 3\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"x\", \"o\"]\n[[variables]]\nname = \"score\"\nmax = 5\nper_player = true\nstart = [1, 2]\n";
    let (_, program) = relic::lang::parse_core_resolved(text, "start.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    assert_eq!(game.status(), Status::ToMove(1));
    assert_eq!(game.values(), [1, 2]);
    game.apply(&game.parse_action("a1").unwrap()).unwrap();
    assert_eq!(
        (game.status(), game.values()),
        (Status::ToMove(0), &[1, 3][..])
    );
    let refused = |changed: &str| {
        let bad = text.replace("start = [1, 2]", changed);
        relic::lang::parse_core_resolved(&bad, "start.toml", None)
            .map(|_| ())
            .map_err(|e| e.render(80))
            .unwrap_err()
    };
    assert!(refused("start = [1, 2, 3]").contains("core::variable::start"));
    assert!(refused("start = [1, 9]").contains("core::variable::range"));
    let shared = refused("start = [1, 2]\n[[variables]]\nname = \"all\"\nmax = 5\nstart = [1, 2]");
    assert!(shared.contains("is not `per_player`"), "{shared}");
}

/// `no_move_rules` keep the changes of the way that ends the game: the
/// final position shows them (Oware's last seeds swept into the stores).
#[test]
fn the_changes_of_no_move_rules_show_in_the_final_position() {
    let text = "game = \"core\"\nname = \"Sweep\"\nplayers = [\"a\", \"b\"]\n\
        rules = \"any {empty} [stone] mark ->next\"\n\
        no_move_rules = \"( any {stone} [empty] [$ swept = swept + 1] )*! end(draw)\"\n\
        [board]\nwidth = 3\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"x\", \"o\"]\n\
        [[variables]]\nname = \"swept\"\nmax = 3\n";
    let (_, program) = relic::lang::parse_core_resolved(text, "sweep.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    for cell in ["a1", "b1", "c1"] {
        game.apply(&game.parse_action(cell).unwrap()).unwrap();
    }
    assert_eq!(game.status().outcome(), Some(Outcome::Draw));
    assert_eq!(game.cells(), [0, 0, 0], "the board swept");
    assert_eq!(game.values(), [3]);
}

/// `[refusals]`: a refused action that a refusal's rules list is answered
/// with its message; any other refused action with the plain one.
#[test]
fn a_refusal_says_why_an_action_is_refused() {
    let text = "game = \"core\"\nname = \"Apart\"\nplayers = [\"a\", \"b\"]\n\
        rules = \"any {empty} {! < (e | w) {own} >} [stone] mark ->next\"\n\
        [refusals.touching]\nrules = \"any {empty} [stone] mark ->next\"\n\
        message = \"a stone may not touch one of yours\"\n\
        [board]\nwidth = 4\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"x\", \"o\"]\n";
    let (_, program) = relic::lang::parse_core_resolved(text, "apart.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    game.apply(&game.parse_action("a1").unwrap()).unwrap();
    game.apply(&game.parse_action("d1").unwrap()).unwrap();
    let touching = game.apply(&game.parse_action("b1").unwrap()).unwrap_err();
    assert_eq!(
        touching.message,
        "b1 is not a legal move here: a stone may not touch one of yours."
    );
    let taken = game.apply(&game.parse_action("a1").unwrap()).unwrap_err();
    assert_eq!(taken.message, "a1 is not a legal move here.");
    // A refusal's rules are checked as the turn's are.
    let bad = text.replace(
        "rules = \"any {empty} [stone] mark ->next\"\nmessage",
        "rules = \"any {emty} [stone] mark ->next\"\nmessage",
    );
    let refused = relic::lang::parse_core_resolved(&bad, "apart.toml", None)
        .unwrap_err()
        .render(80);
    assert!(
        refused.contains("did you mean `empty`") && refused.contains("refusals"),
        "{refused}"
    );
}

/// Oware says why a move is refused under the feeding rule.
#[test]
fn oware_says_a_move_must_feed_the_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("starved.toml");
    let variant = "extends = \"oware\"\nname = \"Starved\"\n[board]\n\
        setup = [\". . . . . .\", \"o . . . . o\"]\n";
    std::fs::write(&path, variant).unwrap();
    let (_, program) = relic::lang::load_core_resolved(&path).unwrap();
    let mut game = CoreGame::new(program);
    let refused = game.apply(&game.parse_action("a1").unwrap()).unwrap_err();
    assert_eq!(
        refused.message,
        "a1 is not a legal move here: your opponent has no seeds, and this move gives them none."
    );
    let empty = game.apply(&game.parse_action("b1").unwrap()).unwrap_err();
    assert_eq!(empty.message, "b1 is not a legal move here.");
    game.apply(&game.parse_action("f1").unwrap()).unwrap();
}
