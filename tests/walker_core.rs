//! The walker interpreter on Boulder Dash's ruleset: steps, refusals,
//! physics, the end of play, and the contract's laws on random play.

use relic::contract::{Game, Outcome, Status};
use relic::games::boulder_dash::{Cave, read_board, write_board};
use relic::harness::{Config, check};
use relic::walker::{Reason, Walker, builtin_walker};

fn cave(text: &str) -> Cave {
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let grid = read_board(&program, text).unwrap();
    Walker::new(program, grid).unwrap()
}

fn play(cave: &mut Cave, moves: &[&str]) -> Result<(), Reason> {
    for m in moves {
        let action = cave.parse_action(m).unwrap();
        cave.apply(&action).map_err(|r| r.reason)?;
    }
    Ok(())
}

fn board(cave: &Cave) -> String {
    write_board(cave.program(), cave.grid())
}

const OPEN: &str = "3|#|#|#|#|#|\n2|#|O|_|:|#|\n1|#|X|+|_|#|\n0|#|#|#|#|#|\n  0 1 2 3 4";

#[test]
fn a_walk_takes_diamonds_and_the_rock_above_falls_on_an_empty_square() {
    let mut c = cave(OPEN);
    play(&mut c, &["M(E;2)"]).unwrap();
    assert_eq!(
        board(&c),
        "3|#|#|#|#|#|\n2|#|_|_|:|#|\n1|#|O|_|X|#|\n0|#|#|#|#|#|\n  0 1 2 3 4"
    );
    assert_eq!(c.collected(c.program().kind_of_glyph('+').unwrap()), 1);
}

#[test]
fn each_refusal_has_its_reason_and_changes_nothing() {
    let c = cave(OPEN);
    let cases = [
        ("M(E;3)", "step 3 walks into the wall at (4,1)"),
        ("M(N;1)", "step 1 walks into the rock at (1,2)"),
        (
            "D(E;1)",
            "step 1 digs into the diamond at (2,1), which cannot be dug",
        ),
        ("P(N;1)", "it cannot go N"),
        (
            "P(E;1)",
            "step 1 pushes the diamond at (2,1), which cannot be pushed that way",
        ),
        ("0", "play is not over"),
    ];
    for (text, message) in cases {
        let mut copy = c.clone();
        let action = copy.parse_action(text).unwrap();
        let refusal = copy.apply(&action).unwrap_err();
        assert_eq!(refusal.reason.to_string(), message, "{text}");
        assert_eq!(copy, c);
    }
}

#[test]
fn a_falling_rock_crushes_and_only_game_over_is_left() {
    let mut c = cave("4|#|O|#|\n3|#|:|#|\n2|#|X|#|\n1|#|_|#|\n0|#|#|#|\n  0 1 2");
    play(&mut c, &["D(N;1)"]).unwrap();
    assert_eq!(
        c.status(),
        Status::ToMove(0),
        "a rock at rest on the player"
    );
    play(&mut c, &["M(S;1)"]).unwrap();
    assert_eq!(c.legal_actions().len(), 1);
    play(&mut c, &["0"]).unwrap();
    assert_eq!(c.status(), Status::Over(Outcome::Lost(0)));
}

#[test]
fn rocks_on_rocks_roll_west_then_east_in_a_later_pass() {
    let mut c = cave("3|_|O|_|X|\n2|_|O|_|:|\n1|_|O|_|:|\n0|#|#|#|#|\n  0 1 2 3");
    play(&mut c, &["D(S;1)"]).unwrap();
    assert_eq!(
        board(&c),
        "3|_|_|_|_|\n2|_|_|_|X|\n1|O|O|O|:|\n0|#|#|#|#|\n  0 1 2 3"
    );
}

#[test]
fn the_contract_holds_on_random_play() {
    let c = cave(
        "5|#|#|#|#|#|#|\n4|#|O|O|:|+|#|\n3|#|:|O|_|:|#|\n2|#|+|X|O|_|#|\n1|#|:|_|:|O|#|\n0|#|#|#|#|#|#|\n  0 1 2 3 4 5",
    );
    let report = check(
        &c,
        &Config {
            games: 30,
            ..Config::default()
        },
    )
    .unwrap();
    assert!(report.applied > 50, "{report:?}");
}
