//! Every shipped vocabulary ruleset loads, and random play keeps the game
//! contract's laws: the legal list is empty exactly when play is over, its
//! count, its n-th action and a random action agree with the list,
//! every listed action applies and reads back from its notation, and every
//! other action is refused with the position unchanged. Scenario snapshots
//! show the text board, events and refusals.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use relic::contract::{Game, Outcome, Status, TextView};
use relic::harness::{Config, check};
use relic::vocab::{Action, Reason, VOCAB_BUILTINS, VocabGame, builtin_vocab};

fn game(name: &str) -> VocabGame {
    VocabGame::new(builtin_vocab(name).expect("built in").expect("valid"))
}

/// Actions of every shape near the legal ones, some legal, most not.
fn probes(game: &VocabGame) -> Vec<Action> {
    let cells = game.program().geometry.cells() as u8;
    let kinds = game.program().kinds.len() as u8;
    let mut probes = vec![Action::Pass];
    for at in (0..cells).step_by(3) {
        for kind in 0..kinds {
            probes.push(Action::Place { kind, at });
            probes.push(Action::Drop { kind, at });
        }
        for to in (0..cells).step_by(5) {
            probes.push(Action::Move { from: at, to });
        }
    }
    probes
}

fn check_laws(name: &str, seed: u64, games: usize) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..games {
        let mut game = game(name);
        for _ in 0..400 {
            let legal = game.legal_actions();
            assert_eq!(
                legal.is_empty(),
                game.status().is_over(),
                "{name}: {game:?}"
            );
            assert_eq!(game.legal_action_count(), legal.len(), "{name}: {game:?}");
            assert_eq!(game.nth_legal_action(legal.len()), None, "{name}");
            // Choosing from the masks draws what picking from the list draws.
            let mut draw = Pcg64Mcg::seed_from_u64(rng.u64(..));
            let mut same = draw.clone();
            let expected = (!legal.is_empty()).then(|| legal[same.random_range(0..legal.len())]);
            assert_eq!(game.random_legal_action(&mut draw), expected, "{name}");
            assert_eq!(draw, same, "{name}: the same numbers drawn");
            if legal.is_empty() {
                break;
            }
            for (i, action) in legal.iter().enumerate() {
                assert_eq!(game.nth_legal_action(i).as_ref(), Some(action), "{name}");
                assert!(
                    !legal[..i].contains(action),
                    "{name}: {action:?} listed twice"
                );
                let text = game.write_action(action);
                assert_eq!(
                    game.parse_action(&text).as_ref(),
                    Ok(action),
                    "{name}: {text}"
                );
            }
            for probe in probes(&game).iter().filter(|p| !legal.contains(p)) {
                let before = game.clone();
                let mut events = Vec::new();
                assert!(
                    game.apply_into(probe, &mut events).is_err(),
                    "{name}: {probe:?}"
                );
                assert!(
                    events.is_empty() && game == before,
                    "{name}: {probe:?} changed the game"
                );
            }
            let action = legal[rng.usize(..legal.len())];
            game.apply(&action).expect("a listed action applies");
        }
        assert!(game.status().is_over(), "{name}: every classic game ends");
    }
}

#[test]
fn every_builtin_keeps_the_contract_in_random_play() {
    for (name, _) in VOCAB_BUILTINS {
        check_laws(name, 11, 20);
    }
}

#[test]
fn every_builtin_passes_the_invariant_harness() {
    for (name, _) in VOCAB_BUILTINS {
        let config = Config {
            seed: 3,
            games: 10,
            max_actions: 200,
        };
        let report = check(&game(name), &config).unwrap_or_else(|v| panic!("{name}: {v}"));
        assert_eq!(report.finished, 10, "{name}: every game ends");
    }
}

/// Plays `moves` and prints the board, events and refusals as text mode does.
fn transcript(name: &str, moves: &[&str]) -> String {
    let mut game = game(name);
    let mut out = String::new();
    game.write_position(&mut out);
    for text in moves {
        game.write_prompt(&mut out);
        out.push_str(text);
        out.push('\n');
        match game.parse_action(text) {
            Err(error) => out.push_str(&format!("{error}\n")),
            Ok(action) => match game.apply(&action) {
                // The events end with the position, as in text mode.
                Ok(events) => game.write_events(&events, &mut out),
                Err(refusal) => game.write_refusal(&refusal, &mut out),
            },
        }
    }
    out
}

#[test]
fn tic_tac_toe_scenario() {
    let moves = ["b2", "b2", "a1", "zz", "c3", "a3", "a2", "c1", "b1", "c2"];
    insta::assert_snapshot!(transcript("tic-tac-toe", &moves));
}

#[test]
fn connect_four_scenario() {
    let moves = ["d", "d", "e", "e", "f", "f", "c", "h", "g"];
    insta::assert_snapshot!(transcript("connect-four", &moves));
}

#[test]
fn gobblet_scenario() {
    let moves = [
        "large@b2",
        "small@a1",
        "medium@b2",
        "large@a1",
        "small@c3",
        "b2-a1",
        "a1-c3",
        "l@c3",
    ];
    insta::assert_snapshot!(transcript("gobblet-gobblers", &moves));
}

#[test]
fn breakthrough_scenario() {
    let moves = [
        "a2-a3", "b7-b6", "a3-a4", "b6-b5", "a4-b5", "c7-c6", "a1-a5", "b5-b6", "b5-c6", "quit",
    ];
    insta::assert_snapshot!(transcript("breakthrough", &moves));
}

#[test]
fn hex_board_is_drawn_with_offset_rows() {
    insta::assert_snapshot!(transcript(
        "hex-tic-tac-toe",
        &["a1", "b1", "a2", "c1", "a3"]
    ));
}

#[test]
fn refusals_are_typed() {
    let mut c4 = game("connect-four");
    for _ in 0..6 {
        let action = c4.parse_action("a").unwrap();
        c4.apply(&action).unwrap();
    }
    let full = c4.parse_action("a").unwrap();
    assert_eq!(c4.apply(&full).unwrap_err().reason, Reason::LineFull);
    let mut bt = game("breakthrough");
    let back = bt.parse_action("a2-a1").unwrap();
    assert_eq!(bt.apply(&back).unwrap_err().reason, Reason::Occupied);
    let theirs = bt.parse_action("a7-a6").unwrap();
    assert_eq!(bt.apply(&theirs).unwrap_err().reason, Reason::NoPiece);
    let far = bt.parse_action("a2-a4").unwrap();
    assert_eq!(bt.apply(&far).unwrap_err().reason, Reason::NotAMove);
}

#[test]
fn a_half_written_move_is_refused_by_what_it_is_not() {
    let message = |name: &str, text: &str| game(name).parse_action(text).unwrap_err().to_string();
    let column = " Type a column a to g, for example d.";
    assert_eq!(
        message("connect-four", "x"),
        format!("`x` is not a line of the board.{column}")
    );
    assert_eq!(
        message("connect-four", "-"),
        format!("`-` is not a line of the board.{column}")
    );
    assert_eq!(
        message("connect-four", "4"),
        format!("`4` is not a line of the board.{column}")
    );
    let how = " Type a move FROM-TO, for example c2-b3.";
    let half = format!("`a2-` is not a move: write two squares joined by `-`.{how}");
    assert_eq!(message("breakthrough", "a2-"), half);
    assert_eq!(
        message("breakthrough", "x"),
        format!("`x` is not a move: write two squares joined by `-`.{how}")
    );
    assert_eq!(
        message("breakthrough", "a2-z9"),
        format!("`z9` is not a square of the board.{how}")
    );
    // A square alone is not a move: the answer names a move from it.
    assert_eq!(
        message("breakthrough", "a2"),
        format!(
            "`a2` is only a square: a move names where the piece goes too, for example a2-a3.{how}"
        )
    );
    assert_eq!(
        message("breakthrough", "a5"),
        format!("`a5` is only a square: a move is two squares joined by `-`.{how}")
    );
    assert_eq!(
        message("breakthrough", "foo"),
        format!("`foo` is not a move: pieces move from one square to another.{how}")
    );
}

#[test]
fn two_squares_with_a_space_are_one_move_where_pieces_only_move() {
    let mut bt = game("breakthrough");
    let action = bt.parse_action("a2 a3").unwrap();
    assert_eq!(bt.write_action(&action), "a2-a3");
    assert!(bt.joins_next("a2", "a3"));
    assert!(!bt.joins_next("a2-a3", "a4") && !bt.joins_next("pass", "a3"));
    assert!(!bt.joins_next("a2", "quit") && !bt.joins_next("a2 a3", "a4"));
    bt.apply(&action).unwrap();
    // Where pieces are placed, a square alone is a placement.
    let ttt = game("tic-tac-toe-moves");
    assert!(!ttt.joins_next("a1", "b2"));
}

#[test]
fn a_move_from_an_empty_square_says_there_is_no_piece() {
    let mut bt = game("breakthrough");
    let empty = bt.parse_action("a3-a4").unwrap();
    let refusal = bt.apply(&empty).unwrap_err();
    assert_eq!(refusal.reason, Reason::EmptySquare);
    assert_eq!(refusal.message, "There is no piece on a3.");
    let theirs = bt.parse_action("a7-a6").unwrap();
    assert_eq!(
        bt.apply(&theirs).unwrap_err().message,
        "White has no piece on a7."
    );
}

#[test]
fn every_prompt_shows_an_example_and_every_refusal_what_to_type() {
    for (name, _) in VOCAB_BUILTINS {
        let game = game(name);
        let mut prompt = String::new();
        game.write_prompt(&mut prompt);
        assert!(
            prompt.contains("for example") || prompt.contains("`pass`"),
            "{name}: {prompt}"
        );
        for nonsense in ["zz9", "?", "a1-", "1@"] {
            let error = game.parse_action(nonsense).unwrap_err().to_string();
            assert!(
                error.contains(" Type ") && error.contains("for example"),
                "{name}: {error}"
            );
        }
    }
}

#[test]
fn both_lines_at_once_is_a_draw_in_gobblet() {
    // Orange's large piece leaves a1 for c3: it uncovers Blue's line on
    // row 1 and completes Orange's own on row 3.
    let mut g = game("gobblet-gobblers");
    let moves = [
        "small@a3",
        "small@a1",
        "small@b3",
        "medium@b1",
        "large@a1",
        "medium@c1",
    ];
    for text in moves {
        let action = g.parse_action(text).unwrap();
        g.apply(&action).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    assert_eq!(g.status(), Status::ToMove(0));
    let action = g.parse_action("a1-c3").unwrap();
    g.apply(&action).unwrap();
    assert_eq!(g.status(), Status::Over(Outcome::Draw));
}
