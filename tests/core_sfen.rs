//! SFEN, shogi's FEN, for rulesets whose `[fen]` table has `hands`: the
//! pieces in hand after the side to move, then the move number; pieces
//! of several letters (`+P`) in the placement. Positions of random games
//! are written and read back to the same game; bad hands are reported.

use relic::contract::{Game, Status};
use relic::lang::{CoreGame, builtin_core, fen, parse_core_resolved};

fn shogi() -> std::sync::Arc<relic::lang::Program> {
    builtin_core("shogi").unwrap().unwrap()
}

/// What SFEN keeps: the cells, the variables positions are compared by
/// (the hands; not the count of checks in a row), the player to move,
/// the turn and the actions.
fn summary(game: &CoreGame) -> (Vec<u8>, Vec<i32>, u8, u32, Vec<String>) {
    let actions = game
        .legal_actions()
        .iter()
        .map(|a| game.write_action(a))
        .collect();
    let p = game.program();
    let compared = (p.variables.iter().filter(|v| v.repetition))
        .flat_map(|v| &game.values()[usize::from(v.slot)..][..2])
        .copied()
        .collect();
    (
        game.cells().to_vec(),
        compared,
        game.mover(),
        game.turn(),
        actions,
    )
}

#[test]
fn the_start_reads_and_writes_as_sfen() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let game = fen::start_from_fen(shogi(), "start.sfen", start).unwrap();
    assert_eq!(game.legal_actions().len(), 30);
    assert_eq!(fen::write_fen(&game), start);
    assert_eq!(fen::write_fen(&CoreGame::new(shogi())), start);
}

#[test]
fn hands_promoted_pieces_and_the_move_number_read_back() {
    let text = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w BGNSb3gn3p 124";
    let game = fen::start_from_fen(shogi(), "p.sfen", text).unwrap();
    assert_eq!((game.mover(), game.turn()), (1, 123));
    let p = game.program().clone();
    let held = |name: &str, seat: usize| {
        let v = p.variables.iter().find(|v| v.name == name).unwrap();
        game.values()[usize::from(v.slot) + seat]
    };
    assert_eq!(
        (
            held("hand_pawn", 1),
            held("hand_gold", 1),
            held("hand_bishop", 0)
        ),
        (3, 3, 1)
    );
    assert_eq!(fen::write_fen(&game), text);
}

#[test]
fn random_shogi_positions_read_back_from_sfen() {
    let mut seed: u64 = 5;
    let mut written = 0;
    for _ in 0..3 {
        let mut game = CoreGame::new(shogi());
        for _ in 0..80 {
            if game.status() != Status::ToMove(usize::from(game.mover())) {
                break;
            }
            let text = fen::write_fen(&game);
            let again = fen::start_from_fen(shogi(), "p.sfen", &text)
                .unwrap_or_else(|e| panic!("{text}: {}", e.render(80)));
            assert_eq!(summary(&again), summary(&game), "{text}");
            written += 1;
            let actions = game.legal_actions();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.apply(&actions[(seed >> 33) as usize % actions.len()])
                .unwrap();
        }
    }
    assert!(written > 150, "{written}");
}

#[test]
fn bad_hands_are_reported() {
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    for (hands, problem) in [
        ("3X", "`X` is no piece that is held in hand"),
        ("19P", "at most 18 of `P` can be held"),
        ("P2", "the count `2` names no piece"),
    ] {
        let text = format!("{board} b {hands} 1");
        let failure = fen::start_from_fen(shogi(), "p.sfen", &text).unwrap_err();
        let shown = failure.render(80);
        assert!(
            shown.contains("fen::hands") && shown.contains(problem),
            "{hands}: {shown}"
        );
    }
    let text = format!("{board} b - 1 extra");
    let shown = fen::start_from_fen(shogi(), "p.sfen", &text)
        .unwrap_err()
        .render(80);
    assert!(shown.contains("comes after the move number"), "{shown}");
}

#[test]
fn hands_are_sfen_fields_for_two_players_only() {
    let source = "game = \"core\"\nextends = \"chess\"\n[fen.hands]\nP = \"quiet\"\n";
    let failure = parse_core_resolved(source, "bad.toml", None).unwrap_err();
    let shown = failure.render(80);
    assert!(
        shown.contains("core::fen::table") && shown.contains("hands are SFEN"),
        "{shown}"
    );
}
