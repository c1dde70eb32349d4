//! Any bytes as a Boulder Dash board text, and as a game file played on
//! it: the readers must never panic; what they reject comes with problems;
//! a board they accept plays the game file (or random moves chosen by the
//! same bytes) and prints without panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::contract::{Game, TextView};
use relic::games::boulder_dash::{read_board, read_game_file, verify_game, write_board};
use relic::walker::{Walker, builtin_walker};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let (board, moves) = text.split_once('\u{0}').unwrap_or((text, text));
    if let Err(problems) = read_game_file(&program, moves) {
        assert!(!problems.is_empty());
    }
    let Ok(grid) = read_board(&program, board) else {
        return;
    };
    let cave = Walker::new(program.clone(), grid).expect("a read board has one player");
    let _ = verify_game(cave.clone(), moves);
    let mut game = cave;
    let mut out = String::new();
    for &byte in data.iter().take(64) {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = &actions[usize::from(byte) % actions.len()];
        let events = game.apply(action).expect("a listed action applies");
        game.write_events(&events, &mut out);
    }
    let _ = write_board(game.program(), game.grid());
});
