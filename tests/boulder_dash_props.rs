//! No text makes Boulder Dash's readers panic: arbitrary strings, and
//! strings built from the board text's and the game file's own tokens, are
//! read (and a board that reads is written back the same, and plays its
//! game file) without a panic.

use proptest::prelude::*;
use relic::games::boulder_dash::{read_board, read_game_file, verify_game, write_board};
use relic::walker::{Program, Walker, builtin_walker};
use std::sync::Arc;

fn program() -> Arc<Program> {
    builtin_walker("boulder-dash").unwrap().unwrap()
}

/// Text made of board tokens: mostly near-valid boards.
fn board_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "|", "X", "O", "+", "#", ":", "_", "0", "1", "2", "\n", " ", "  0 1 2",
        ]),
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Text made of game-file tokens.
fn game_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "3", " ", "3,2", "\n", "M(E;1)", "D(W;2)", "P(E;1)", "0", "M", "(", ";", ")", "N", "Q",
            "12", "\t",
        ]),
        0..30,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics_the_board_reader(text in ".{0,200}") {
        let _ = read_board(&program(), &text);
    }

    #[test]
    fn board_tokens_read_or_are_rejected_with_problems(text in board_like()) {
        let program = program();
        match read_board(&program, &text) {
            Ok(grid) => {
                let written = write_board(&program, &grid);
                prop_assert_eq!(&read_board(&program, &written).unwrap(), &grid);
            }
            Err(problems) => prop_assert!(!problems.is_empty()),
        }
    }

    #[test]
    fn arbitrary_text_never_panics_the_game_file_reader(text in ".{0,200}") {
        let _ = read_game_file(&program(), &text);
    }

    #[test]
    fn game_tokens_play_or_are_rejected_with_problems(text in game_like()) {
        let program = program();
        let grid = read_board(&program, "1|X|_|O|\n0|:|_|_|\n  0 1 2").unwrap();
        let cave = Walker::new(program.clone(), grid).unwrap();
        if let Err(problems) = verify_game(cave, &text) {
            prop_assert!(!problems.is_empty());
        }
    }
}
