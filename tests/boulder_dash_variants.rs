//! Boulder Dash's variants (`rulesets/boulder-dash-variants/`, built in as
//! `boulder-dash-*`), each against the standard rules on a cave where they
//! differ: physics after every step, digging that needs earth only at the
//! end, the arcade rule (diamonds fall and roll), magic walls.

use relic::games::boulder_dash::{read_board, verify_game, write_board};
use relic::walker::{Walker, builtin_walker};

/// The final board after `moves` (a game file) under the built-in ruleset
/// `ruleset`, or `GameError` with the first problem.
fn verify(ruleset: &str, board: &str, moves: &str) -> String {
    let program = builtin_walker(ruleset).unwrap().unwrap();
    let grid = read_board(&program, board).unwrap();
    let cave = Walker::new(program.clone(), grid).unwrap();
    match verify_game(cave, moves) {
        Ok(end) => write_board(end.program(), end.grid()),
        Err(problems) => format!("GameError: {}", problems[0]),
    }
}

#[test]
fn every_variant_loads() {
    for name in [
        "boulder-dash-after-step",
        "boulder-dash-dig-last",
        "boulder-dash-arcade",
        "boulder-dash-magic-wall",
    ] {
        let program = builtin_walker(name).unwrap().unwrap();
        assert_eq!(program.game, "walker-physics", "{name}");
    }
}

#[test]
fn physics_after_every_step_drops_a_rock_into_the_path() {
    let board = "2|#|#|O|\n1|X|_|_|\n0|#|#|#|\n  0 1 2";
    let moves = "1 3,3\nM(E;2)";
    // After the move: the player passes below the rock, which rests on it.
    assert_eq!(
        verify("boulder-dash", board, moves),
        "2|#|#|O|\n1|_|_|X|\n0|#|#|#|\n  0 1 2"
    );
    // After every step: the rock falls before the second step.
    let after_step = verify("boulder-dash-after-step", board, moves);
    assert!(
        after_step.starts_with("GameError: action 1 (`M(E;2)`)") && after_step.contains("rock"),
        "{after_step}"
    );
}

#[test]
fn digging_the_last_square_lets_a_dig_pass_empty_squares() {
    let board = "1|#|#|#|#|\n0|X|_|:|#|\n  0 1 2 3";
    let moves = "1 4,2\nD(E;2)";
    assert!(verify("boulder-dash", board, moves).starts_with("GameError"));
    assert_eq!(
        verify("boulder-dash-dig-last", board, moves),
        "1|#|#|#|#|\n0|_|_|X|#|\n  0 1 2 3"
    );
    // The last square must still be earth.
    let board = "1|#|#|#|#|\n0|X|:|_|#|\n  0 1 2 3";
    assert!(verify("boulder-dash-dig-last", board, moves).starts_with("GameError"));
}

#[test]
fn in_the_arcade_diamonds_fall_roll_and_crush() {
    let board = "3|#|+|#|#|\n2|#|_|#|#|\n1|#|_|X|_|\n0|#|#|#|#|\n  0 1 2 3";
    let moves = "1 4,4\nM(E;1)";
    assert_eq!(
        verify("boulder-dash", board, moves),
        board.replace("X|_", "_|X")
    );
    assert_eq!(
        verify("boulder-dash-arcade", board, moves),
        "3|#|_|#|#|\n2|#|_|#|#|\n1|#|+|_|X|\n0|#|#|#|#|\n  0 1 2 3"
    );
    // A diamond rolls off a rock, and a falling diamond crushes.
    let board = "3|_|+|#|\n2|_|O|#|\n1|X|:|#|\n0|#|#|#|\n  0 1 2";
    let end = verify("boulder-dash-arcade", board, "1 3,4\nD(E;1)");
    assert_eq!(end, "3|_|_|#|\n2|_|O|#|\n1|+|X|#|\n0|#|#|#|\n  0 1 2");
    let board = "3|+|#|\n2|_|#|\n1|:|#|\n0|X|#|\n  0 1";
    assert_eq!(
        verify("boulder-dash-arcade", board, "2 2,4\nD(N;1) 0"),
        "3|_|#|\n2|+|#|\n1|X|#|\n0|_|#|\n  0 1"
    );
    assert!(verify("boulder-dash", board, "2 2,4\nD(N;1) 0").starts_with("GameError"));
}

#[test]
fn a_magic_wall_turns_a_falling_rock_into_a_diamond() {
    let board = "4|#|O|#|#|\n3|#|_|#|#|\n2|#|=|#|#|\n1|#|_|X|_|\n0|#|#|#|#|\n  0 1 2 3";
    assert_eq!(
        verify("boulder-dash-magic-wall", board, "1 4,5\nM(E;1)"),
        "4|#|_|#|#|\n3|#|_|#|#|\n2|#|=|#|#|\n1|#|+|_|X|\n0|#|#|#|#|\n  0 1 2 3"
    );
    // The standard rules do not know the magic wall's glyph.
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    assert!(read_board(&program, board).is_err());
}
