//! The test game (3x3 tic-tac-toe, `tests/common/tictactoe.rs`) through the
//! generic tools: the invariant harness and perft.

use crate::common;

use common::tictactoe::TicTacToe;
use relic::harness::{Config, check};
use relic::perft::{perft, write_table};

#[test]
fn tictactoe_keeps_every_law_of_the_contract() {
    let config = Config {
        seed: 7,
        games: 200,
        max_actions: 20,
    };
    let report = check(&TicTacToe::new(), &config).unwrap();
    assert_eq!(
        report.finished, 200,
        "every game of tic-tac-toe ends: {report:?}"
    );
    assert!(report.transpositions > 0, "{report:?}");
    assert!(report.refused > 0, "{report:?}");
}

#[test]
fn tictactoe_perft_matches_the_published_counts() {
    let text = std::fs::read_to_string("tests/fixtures/tictactoe/perft.txt").unwrap();
    let expected: String = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    let depth = expected.lines().count() as u32 - 1;
    assert_eq!(
        write_table(&perft(&TicTacToe::new(), depth, true)),
        expected
    );
    let leaves = perft(&TicTacToe::new(), depth, false);
    let by_levels = perft(&TicTacToe::new(), depth, true);
    let counts =
        |rows: &[relic::perft::PerftRow]| rows.iter().map(|r| r.leaves).collect::<Vec<_>>();
    assert_eq!(counts(&leaves), counts(&by_levels));
}

/// Plays `moves` from the empty board through `relic verify`'s library:
/// the final position, or the diagnostic rendered as users read it.
fn verify(moves: &str) -> String {
    use relic::contract::{InputUnit, TextView};
    match relic::verify::play_moves(TicTacToe::new(), moves, InputUnit::Tokens) {
        Ok(end) => {
            let mut out = String::new();
            end.write_position(&mut out);
            out
        }
        Err(error) => relic::diagnostics::FileReport {
            path: "moves.txt".into(),
            source: moves.into(),
            problems: vec![Box::new(error)],
        }
        .render(80),
    }
}

#[test]
fn tictactoe_moves_verify_to_the_final_position() {
    insta::assert_snapshot!(verify("b2 a1\n# X takes the corner\nc3 a3 a2\n"));
}

#[test]
fn the_first_illegal_move_is_named_with_its_line_and_the_game_reason() {
    insta::assert_snapshot!(verify("b2 a1\nc3 b2 zz\n"));
}

#[test]
fn a_move_outside_the_notation_is_named() {
    insta::assert_snapshot!(verify("b2\n  d4 a1\n"));
}

#[test]
fn moves_after_the_end_are_illegal() {
    insta::assert_snapshot!(verify("a1 b1 a2 b2 a3 c3"));
}

/// Tic-tac-toe through the generic text-mode loop: inputs that are not
/// cells, a taken cell, then a win.
#[test]
fn tictactoe_plays_in_text_mode() {
    let mut out = Vec::new();
    let input = &b"b2 zz a1\nb2 c1 b1 a3 c3"[..];
    let (game, end) = relic::text::play_text(TicTacToe::new(), input, &mut out).unwrap();
    assert_eq!(end, relic::text::EndOfGame::Won(0));
    assert_eq!(relic::contract::Game::turn(&game), 5);
    insta::assert_snapshot!(String::from_utf8(out).unwrap());
}

#[test]
fn tictactoe_text_mode_ends_with_the_input() {
    let mut out = Vec::new();
    let (_, end) = relic::text::play_text(TicTacToe::new(), &b"b2 quit"[..], &mut out).unwrap();
    assert_eq!(end, relic::text::EndOfGame::Quit);
    let mut out = Vec::new();
    let (_, end) = relic::text::play_text(TicTacToe::new(), &b"b2"[..], &mut out).unwrap();
    assert_eq!(end, relic::text::EndOfGame::EndOfInput);
    assert!(
        String::from_utf8(out)
            .unwrap()
            .ends_with("O to play: End of input: the game was not finished.\n")
    );
}

/// Tic-tac-toe through records: a game written as a record, read back and
/// replayed to the same position; a tampered record names its bad action.
#[test]
fn tictactoe_records_round_trip() {
    use relic::contract::Game as _;
    use relic::save::record::{Record, replay_actions, write_actions};
    let start = TicTacToe::new();
    let mut game = start.clone();
    let mut played = Vec::new();
    for text in ["b2", "a1", "c1", "b1", "a3"] {
        let action = game.parse_action(text).unwrap();
        game.apply(&action).unwrap();
        played.push(action);
    }
    let record = Record {
        game: "tic-tac-toe".into(),
        ruleset: String::new(),
        setup: String::new(),
        actions: write_actions(&start, &played).unwrap(),
    };
    let text = record.to_ron();
    insta::assert_snapshot!(text);
    let read = Record::from_ron(&text).unwrap();
    let (end, actions) = replay_actions(start.clone(), &read.actions).unwrap();
    assert_eq!((end, actions), (game, played));
    let tampered = Record::from_ron(&text.replacen("\"c1\"", "\"a1\"", 1)).unwrap();
    let failure = replay_actions(start, &tampered.actions).unwrap_err();
    assert_eq!(
        (failure.index, failure.reason.as_str()),
        (2, "a1 is taken.")
    );
}
