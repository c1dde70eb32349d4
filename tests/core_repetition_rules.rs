//! `repetition_rules`: rules run when a position occurs `repetition`
//! times, ending the game as `no_move_rules` do (their changes kept), a
//! draw when they do not; refused without `repetition`, and refused when
//! they switch the player. `forbid_repeat_times`: the occurrence a move
//! may not make under `forbid_repeat`. Shogi's and Xiangqi's perpetual
//! check (and Xiangqi's perpetual chase) written with them.

use crate::common;

use std::sync::Arc;

use common::inline_core::compiled;
use relic::contract::{Game, Outcome, Status};
use relic::lang::{CoreGame, Program, builtin_core, parse_core_resolved};

/// Two stones shuttle along a row; `extra` adds top-level keys.
fn shuttle(extra: &str) -> Result<Arc<Program>, String> {
    let rules = "any {own} mark [empty] (e | w) {empty} mark [stone] ->next";
    let board = "width = 4\nheight = 2\nsetup = [\"B...\", \"A..A\"]";
    compiled(rules, extra, board, "")
}

fn play(program: Arc<Program>, moves: &[&str]) -> CoreGame {
    let mut game = CoreGame::new(program);
    for text in moves {
        let action = game.parse_action(text).unwrap();
        game.apply(&action)
            .unwrap_or_else(|r| panic!("{text}: {r}"));
    }
    game
}

const CYCLE: [&str; 8] = [
    "a1-b1", "a2-b2", "b1-a1", "b2-a2", "a1-b1", "a2-b2", "b1-a1", "b2-a2",
];

#[test]
fn a_repetition_without_rules_draws() {
    let game = play(shuttle("repetition = 3").unwrap(), &CYCLE);
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn repetition_rules_decide_the_outcome_and_keep_their_changes() {
    let rules =
        "repetition = 3\nrepetition_rules = \"{$ count{own} > count{enemy}} @d2 [stone] end(win)\"";
    let game = play(shuttle(rules).unwrap(), &CYCLE);
    // Player `a` (two stones to one) is to move in the repeated position.
    assert_eq!(game.status(), Status::Over(Outcome::Won(0)));
    assert_ne!(
        game.cells()[7],
        0,
        "the rules' put stays: {:?}",
        game.cells()
    );
    let rules = "repetition = 3\nrepetition_rules = \"{$ count{own} < count{enemy}} end(win)\"";
    let game = play(shuttle(rules).unwrap(), &CYCLE);
    assert_eq!(game.status(), Status::Over(Outcome::Draw), "no way ends it");
    let seven = &CYCLE[..7];
    let game = play(shuttle(rules).unwrap(), seven);
    assert_eq!(game.status(), Status::ToMove(1), "not yet three times");
}

#[test]
fn repetition_rules_need_repetition_and_only_end_the_game() {
    let alone = shuttle("repetition_rules = \"end(draw)\"").unwrap_err();
    assert!(alone.contains("core::rules::misplaced"), "{alone}");
    assert!(alone.contains("`repetition` is not set"), "{alone}");
    let switch = shuttle("repetition = 2\nrepetition_rules = \"->next\"").unwrap_err();
    assert!(
        switch.contains("in `repetition_rules`, which only end the game"),
        "{switch}"
    );
}

/// How many of `games` random games of `program` reach 2,000 actions.
fn endless(program: &Arc<Program>, games: usize) -> usize {
    let mut seed: u64 = 11;
    let mut stuck = 0;
    for _ in 0..games {
        let mut game = CoreGame::new(program.clone());
        let mut actions = Vec::new();
        for _ in 0..2000 {
            game.legal_actions_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.apply(&actions[(seed >> 33) as usize % actions.len()])
                .unwrap();
            actions.clear();
        }
        stuck += usize::from(!game.status().is_over());
    }
    stuck
}

#[test]
fn oware_ends_a_cycle_by_sweeping_the_seeds_to_their_sides() {
    let oware = builtin_core("oware").unwrap().unwrap();
    assert!(oware.repetition_start.is_some());
    let source =
        "game = \"core\"\nextends = \"oware\"\nunset = [\"repetition\", \"repetition_rules\"]\n";
    let cycling = parse_core_resolved(source, "cycling.toml", None).unwrap().1;
    assert!(
        endless(&cycling, 300) > 0,
        "random Oware without the rule cycles"
    );
    assert_eq!(endless(&oware, 300), 0, "the rule ends every cycle");
}

#[test]
fn forbid_repeat_times_is_the_occurrence_a_move_may_not_make() {
    let refused = |extra: &str, moves: &[&str]| {
        let (last, before) = moves.split_last().unwrap();
        let game = play(shuttle(extra).unwrap(), before);
        let action = game.parse_action(last).unwrap();
        let listed = game.legal_actions().contains(&action);
        let mut after = game.clone();
        assert_eq!(after.apply(&action).is_err(), !listed, "{extra}: {last}");
        !listed
    };
    // The fourth move remakes the start; the eighth makes it a third time.
    assert!(refused("forbid_repeat = \"position\"", &CYCLE[..4]));
    let three = "forbid_repeat = \"position\"\nforbid_repeat_times = 3";
    assert!(!refused(three, &CYCLE[..4]));
    assert!(refused(three, &CYCLE));
    let alone = shuttle("forbid_repeat_times = 3").unwrap_err();
    assert!(alone.contains("`forbid_repeat` is not set"), "{alone}");
}

#[test]
fn cycle_counts_the_actions_since_the_position_first_occurred() {
    let rules = "repetition = 3\nrepetition_rules = \"{$ cycle == 8} end(win)\"";
    let game = play(shuttle(rules).unwrap(), &CYCLE);
    assert_eq!(game.status(), Status::Over(Outcome::Won(0)));
    let rules = "repetition = 2\nrepetition_rules = \"{$ cycle == 4} end(lose)\"";
    let game = play(shuttle(rules).unwrap(), &CYCLE[..4]);
    assert_eq!(game.status(), Status::Over(Outcome::Won(1)));
    let elsewhere = shuttle("").unwrap();
    let rules = "{$ cycle == 0} any {empty} mark [stone] ->next";
    let zero = compiled(rules, "", "width = 2\nheight = 1", "").unwrap();
    assert_eq!(
        CoreGame::new(zero).legal_actions().len(),
        2,
        "`cycle` is 0 elsewhere"
    );
    assert!(elsewhere.repetition_start.is_none());
}

/// The status of built-in `ruleset` from `setup` (a position file or
/// FEN), after `moves`.
fn line(ruleset: &str, setup: &str, moves: &str) -> Status {
    let program = builtin_core(ruleset).unwrap().unwrap();
    let mut game = relic::lang::position::start_from_setup(program, "p", setup).unwrap();
    for word in moves.split_whitespace() {
        let action = game.parse_action(word).unwrap();
        game.apply(&action)
            .unwrap_or_else(|r| panic!("{word}: {r}"));
    }
    game.status()
}

/// Shogi from a position where Sente's rook can check Gote's lone king
/// along the ninth and eighth ranks forever.
fn shogi_line(moves: &str) -> Status {
    let rows = [
        "k........",
        "........R",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "....K....",
    ];
    line(
        "shogi",
        &format!("board = {rows:?}\nto_move = \"sente\"\n"),
        moves,
    )
}

#[test]
fn shogi_perpetual_check_loses_and_other_fourfold_repetitions_draw() {
    let checks = "i8i9 a9a8 i9i8 a8a9 ".repeat(3);
    assert_eq!(shogi_line(&checks), Status::Over(Outcome::Won(1)));
    assert_eq!(shogi_line(&checks[..checks.len() - 5]), Status::ToMove(1));
    let shuffle = "e1e2 a9b9 e2e1 b9a9 ".repeat(3);
    assert_eq!(shogi_line(&shuffle), Status::Over(Outcome::Draw));
    // Checks on only some of Sente's moves since the position first
    // occurred (its fourth time is after the twelfth move): a draw.
    let mixed = "i8i9 a9b8 i9i8 b8a9 e1e2 a9b9 e2e1 b9a9 i8i9 a9b8 i9i8 b8a9";
    assert_eq!(shogi_line(mixed), Status::Over(Outcome::Draw));
}

/// Xiangqi from `fen` (Red to move), after `moves`.
fn xiangqi_line(fen: &str, moves: &str) -> Status {
    line("xiangqi", &format!("{fen} w"), moves)
}

/// Black's general alone on its back rank, Red's chariot beside its
/// palace: the chariot can check from either rank.
const XIANGQI_CHECKS: &str = "4k4/R8/9/9/9/9/9/9/9/3K5";

/// Black's horse, unprotected, and Red's chariot that can follow it
/// between c8 and b10.
const XIANGQI_CHASE: &str = "8R/4k4/2n6/9/9/9/9/9/9/3K5";

#[test]
fn xiangqi_perpetual_check_loses() {
    let checks = "a9-a10 e10-e9 a10-a9 e9-e10 ".repeat(2);
    assert_eq!(
        xiangqi_line(XIANGQI_CHECKS, &checks),
        Status::Over(Outcome::Won(1))
    );
    let once = "a9-a10 e10-e9 a10-a9 e9-e10";
    assert_eq!(xiangqi_line(XIANGQI_CHECKS, once), Status::ToMove(0));
}

#[test]
fn xiangqi_perpetual_chase_of_an_unprotected_piece_loses() {
    let chase = "i10-i8 c8-b10 i8-i10 b10-c8 ".repeat(2);
    assert_eq!(
        xiangqi_line(XIANGQI_CHASE, &chase),
        Status::Over(Outcome::Won(1))
    );
}

#[test]
fn xiangqi_repetitions_without_perpetual_checks_or_chases_draw() {
    let shuffle = "d1-d2 e9-e8 d2-d1 e8-e9 ".repeat(2);
    assert_eq!(
        xiangqi_line(XIANGQI_CHASE, &shuffle),
        Status::Over(Outcome::Draw)
    );
    // A chariot on a8 protects the horse on c8: every other move of
    // Red's chases no more.
    let protected = "8R/4k4/r1n6/9/9/9/9/9/9/3K5";
    let chase = "i10-i8 c8-b10 i8-i10 b10-c8 ".repeat(2);
    assert_eq!(xiangqi_line(protected, &chase), Status::Over(Outcome::Draw));
}
