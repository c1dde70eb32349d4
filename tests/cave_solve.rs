//! `relic solve BOARD --ruleset boulder-dash`: the fewest moves that take
//! every diamond without being crushed, printed as a game file that
//! `relic verify` accepts; a cave that cannot be cleared is proven so; a
//! ruleset without a goal is refused.

use crate::common;

use relic::contract::Game;
use relic::games::boulder_dash::{Cave, read_board};
use relic::search::Found;
use relic::walker::{Walker, builtin_walker, solve};

const DIR: &str = "tests/fixtures/boulder-dash/solve";

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = common::run_relic(args.iter().copied(), b"");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Solves `board`, checks the answer with `relic verify`; the number of
/// moves and the final board.
fn solve_and_verify(board: &str) -> (usize, String) {
    let (status, game_file, stderr) = run(&["solve", board, "--ruleset", "boulder-dash"]);
    assert_eq!(status, Some(0), "{stderr}");
    let moves = std::env::temp_dir().join(format!("relic-cave-solve-{}.moves", std::process::id()));
    std::fs::write(&moves, &game_file).unwrap();
    let (status, end, stderr) = run(&[
        "verify",
        board,
        moves.to_str().unwrap(),
        "--ruleset",
        "boulder-dash",
    ]);
    std::fs::remove_file(&moves).unwrap();
    assert_eq!(status, Some(0), "{game_file}\n{stderr}");
    let count = game_file
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (count, end)
}

#[test]
fn the_shipped_8x8_cave_is_cleared_and_the_answer_verifies() {
    let (moves, end) = solve_and_verify("boards/cave-8x8.board");
    assert!(!end.contains('+'), "{end}");
    assert!(end.contains('X'), "{end}");
    assert_eq!(moves, 14);
}

#[test]
fn the_solver_waits_for_a_rock_to_settle_instead_of_being_crushed() {
    // Walking straight to the diamond takes it in one move, but the rock
    // above falls onto the player; one move first lets it land on the
    // diamond, where it stays when the player takes the diamond below it.
    let (moves, end) = solve_and_verify(&format!("{DIR}/hanging.board"));
    assert_eq!(moves, 2);
    assert!(end.contains("1|#|X|"), "{end}");
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let text = std::fs::read_to_string(format!("{DIR}/hanging.board")).unwrap();
    let cave: Cave = Walker::new(program.clone(), read_board(&program, &text).unwrap()).unwrap();
    let Found::Won { actions, cost, .. } = solve(&cave, 10_000) else {
        panic!("no answer")
    };
    assert_eq!((cost, actions.len()), (2, 2));
}

#[test]
fn a_walled_in_diamond_has_no_solution() {
    let (status, stdout, stderr) = run(&[
        "solve",
        &format!("{DIR}/walled.board"),
        "--ruleset",
        "boulder-dash",
    ]);
    assert_eq!(status, Some(1));
    assert_eq!(stdout, "");
    assert!(stderr.contains("no solution"), "{stderr}");
}

#[test]
fn json_gives_the_answer_and_the_positions_searched() {
    let board = format!("{DIR}/hanging.board");
    let (status, stdout, _) = run(&[
        "solve",
        &board,
        "--ruleset",
        "boulder-dash",
        "--format",
        "json",
    ]);
    assert_eq!(status, Some(0));
    let answer: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["outcome"], "solved");
    assert_eq!(answer["moves"], 2);
    assert_eq!(answer["inputs"].as_array().unwrap().len(), 2);
    assert!(answer["nodes"].as_u64().unwrap() > 2);
}

#[test]
fn a_ruleset_without_a_goal_and_moving_maze_options_are_refused() {
    let board = format!("{DIR}/hanging.board");
    let ruleset = format!("{DIR}/no-goal.toml");
    let (status, _, stderr) = run(&["solve", &board, "--ruleset", &ruleset]);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("no goal"), "{stderr}");
    let (status, _, stderr) = run(&[
        "solve",
        &board,
        "--ruleset",
        "boulder-dash",
        "--relics",
        "1",
    ]);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("--relics"), "{stderr}");
}

#[test]
fn taking_the_last_diamond_wins_even_when_the_player_is_then_shut_in() {
    // After M(E;1) the rock falls beside the player, who can then do
    // nothing: play stops, but every diamond is taken.
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let grid = read_board(&program, "2|O|#|#|\n1|_|#|#|\n0|X|+|#|\n  0 1 2").unwrap();
    let cave: Cave = Walker::new(program, grid).unwrap();
    let Found::Won { actions, cost, .. } = solve(&cave, 1000) else {
        panic!("no answer")
    };
    assert_eq!(cost, 1);
    let mut end = cave.clone();
    end.apply(&actions[0]).unwrap();
    assert!(end.status().is_over(), "shut in");
}
