//! Counters and turn phases of the vocabulary: counts derived by hand,
//! counter outcomes (win, loss, draw; per player and per game), bounds,
//! phases that list only their actions and refuse the others with their
//! own reason, phases that end after a named action or a pass, and text
//! transcripts of the two shipped rulesets that use them.

use relic::contract::{Game, Outcome, Status, TextView};
use relic::vocab::{Reason, VocabGame, builtin_vocab, parse_vocab};

fn builtin(name: &str) -> VocabGame {
    VocabGame::new(builtin_vocab(name).expect("built in").expect("valid"))
}

fn parsed(source: &str) -> VocabGame {
    let program = parse_vocab(source, "test.toml", None).unwrap_or_else(|f| panic!("{f:?}"));
    VocabGame::new(program)
}

fn play(game: &mut VocabGame, moves: &[&str]) {
    for text in moves {
        let action = game.parse_action(text).unwrap();
        game.apply(&action)
            .unwrap_or_else(|r| panic!("{text}: {r}"));
    }
}

fn perft(game: &VocabGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for action in game.legal_actions() {
        let mut next = game.clone();
        next.apply(&action).unwrap();
        total += perft(&next, depth - 1);
    }
    total
}

#[test]
fn tic_tac_toe_with_moves_counts_match_hand_derived_figures() {
    let game = builtin("tic-tac-toe-moves");
    // 1: X places on any of 9 squares.
    // 2: X then shifts its one mark to an empty orthogonal neighbour or
    //    passes: corners 2 + 1, edges 3 + 1, the centre 4 + 1:
    //    4 * 3 + 4 * 4 + 5 = 33.
    // 3: whatever X did, O places on one of the 8 empty squares: 33 * 8.
    assert_eq!(perft(&game, 1), 9);
    assert_eq!(perft(&game, 2), 33);
    assert_eq!(perft(&game, 3), 264);
}

#[test]
fn breakthrough_captures_counts_as_breakthrough_until_a_third_capture() {
    let plain = builtin("breakthrough");
    let counted = builtin("breakthrough-captures");
    for depth in 1..=3 {
        assert_eq!(
            perft(&counted, depth),
            perft(&plain, depth),
            "depth {depth}"
        );
    }
}

const MARKS: &str = r#"
game = "vocabulary"
extends = "tic-tac-toe"

[[counters]]
name = "marks"
max = 5
on = [{ event = "place" }]
"#;

#[test]
fn a_player_counter_reaching_its_bound_wins() {
    let mut game = parsed(&format!(
        "{MARKS}\n[[outcomes.counter]]\ncounter = \"marks\"\nbound = 2\n"
    ));
    play(&mut game, &["a1", "b3"]);
    assert_eq!(game.counter(0, 0), Some(1));
    assert_eq!(game.counter(0, 1), Some(1));
    play(&mut game, &["c2"]);
    assert_eq!(game.status(), Status::Over(Outcome::Won(0)));
}

#[test]
fn a_loss_in_two_player_games_is_the_other_players_win() {
    let mut game = parsed(&format!(
        "{MARKS}\n[[outcomes.counter]]\ncounter = \"marks\"\nbound = 2\nresult = \"loss\"\n"
    ));
    play(&mut game, &["a1", "b3", "c2"]);
    assert_eq!(game.status(), Status::Over(Outcome::Won(1)));
}

#[test]
fn a_game_counter_concerns_the_player_who_acted() {
    let source = r#"
game = "vocabulary"
extends = "tic-tac-toe"

[[counters]]
name = "turns"
per = "game"
on = [{ event = "turn" }]

[[outcomes.counter]]
counter = "turns"
bound = 3
result = "draw"
"#;
    let mut game = parsed(source);
    play(&mut game, &["a1", "b3"]);
    assert_eq!(game.counter(0, 0), Some(2));
    assert_eq!(game.counter(0, 1), Some(2), "one value for every seat");
    play(&mut game, &["c2"]);
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn counters_stay_within_their_bounds_and_lines_still_win() {
    let source = r#"
game = "vocabulary"
extends = "tic-tac-toe"

[[counters]]
name = "energy"
start = 2
min = 0
max = 3
on = [{ event = "place", by = 5 }, { event = "turn", by = -4 }]
"#;
    let mut game = parsed(source);
    play(&mut game, &["a1"]);
    // +5 clamps to 3, then -4 clamps to 0.
    assert_eq!(game.counter(0, 0), Some(0));
    play(&mut game, &["b1", "a2", "b2", "a3"]);
    assert_eq!(game.status(), Status::Over(Outcome::Won(0)));
}

#[test]
fn an_action_adds_to_its_players_counter() {
    let mut game = builtin("tic-tac-toe-moves");
    play(&mut game, &["b2", "b2-b3", "a1", "pass"]);
    assert_eq!(game.counter(0, 0), Some(1));
    assert_eq!(game.counter(0, 1), Some(0));
}

#[test]
fn a_phase_lists_only_its_actions_and_refuses_the_others_with_their_own_reason() {
    let mut game = builtin("tic-tac-toe-moves");
    assert_eq!(game.phase_name(), Some("place"));
    play(&mut game, &["b2"]);
    assert_eq!(game.status(), Status::ToMove(0), "the same player shifts");
    assert_eq!(game.phase_name(), Some("shift"));
    let listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert_eq!(listed, ["b2-b3", "b2-c2", "b2-b1", "b2-a2", "pass"]);
    let refused = game.apply(&game.parse_action("c3").unwrap()).unwrap_err();
    assert_eq!(refused.reason, Reason::NotInPhase);
    assert_eq!(refused.message, "X cannot mark in the shift phase.");
    play(&mut game, &["pass"]);
    assert_eq!(
        (game.status(), game.phase_name()),
        (Status::ToMove(1), Some("place"))
    );
    play(&mut game, &["a1", "pass"]);
    let before = game.clone();
    let refused = game
        .apply(&game.parse_action("b2-c2").unwrap())
        .unwrap_err();
    assert_eq!(refused.message, "X cannot shift in the place phase.");
    assert_eq!(game, before, "a refusal changes nothing");
}

#[test]
fn a_phase_with_no_legal_action_is_skipped() {
    let mut game = builtin("tic-tac-toe-moves");
    // Four marks each: after the eighth the place phase has nothing left.
    let moves = [
        "a1", "pass", "b1", "pass", "c2", "pass", "a2", "pass", "b3", "pass", "c3", "pass", "a3",
        "pass",
    ];
    play(&mut game, &moves);
    assert_eq!(game.status(), Status::ToMove(1));
    play(&mut game, &["c1", "pass"]);
    assert_eq!(game.status(), Status::ToMove(0));
    assert_eq!(
        game.phase_name(),
        Some("shift"),
        "X has no mark left to place"
    );
}

#[test]
fn a_turn_ends_when_its_remaining_phases_have_no_action() {
    let source = r#"
game = "vocabulary"
extends = "tic-tac-toe"

[[actions]]
name = "mark"
mechanic = "place"

[[actions]]
name = "shift"
mechanic = "move"
directions = ["north"]

[[counters]]
name = "turns"
per = "game"
on = [{ event = "turn" }]

[[turns.phases]]
name = "place"
actions = ["mark"]

[[turns.phases]]
name = "shift"
actions = ["shift"]
"#;
    let mut game = parsed(source);
    play(&mut game, &["a1"]);
    assert_eq!(
        (game.status(), game.counter(0, 0)),
        (Status::ToMove(0), Some(0))
    );
    play(&mut game, &["a1-a2", "b3"]);
    // O's mark on b3 cannot go north: the shift phase is skipped.
    assert_eq!(game.status(), Status::ToMove(0));
    assert_eq!(
        (game.phase_name(), game.counter(0, 0)),
        (Some("place"), Some(2))
    );
}

#[test]
fn a_phase_may_end_only_after_a_named_action_or_a_pass() {
    let source = r#"
game = "vocabulary"
extends = "tic-tac-toe"

[[actions]]
name = "mark"
mechanic = "place"

[[turns.phases]]
name = "build"
actions = ["mark"]
ends_after = []
skip = true
"#;
    let mut game = parsed(source);
    play(&mut game, &["a1", "b1"]);
    assert_eq!(game.status(), Status::ToMove(0), "X places until passing");
    play(&mut game, &["pass"]);
    assert_eq!(game.status(), Status::ToMove(1));
    play(&mut game, &["c1", "pass", "c2"]);
    assert_eq!(game.status(), Status::ToMove(0));
}

/// Plays `moves` and prints the board, events and refusals as text mode does.
fn transcript(name: &str, moves: &[&str]) -> String {
    let mut game = builtin(name);
    let mut out = String::new();
    game.write_position(&mut out);
    for text in moves {
        game.write_prompt(&mut out);
        out.push_str(text);
        out.push('\n');
        match game.parse_action(text) {
            Err(error) => out.push_str(&format!("{error}\n")),
            Ok(action) => match game.apply(&action) {
                Ok(events) => game.write_events(&events, &mut out),
                Err(refusal) => game.write_refusal(&refusal, &mut out),
            },
        }
    }
    out
}

#[test]
fn tic_tac_toe_with_moves_scenario() {
    let moves = ["b2", "a1", "b2-c2", "a1", "pass", "c2-c3", "c1", "c2", "b3"];
    insta::assert_snapshot!(transcript("tic-tac-toe-moves", &moves));
}

#[test]
fn breakthrough_captures_scenario() {
    let moves = [
        "d2-d3", "e7-e6", "d3-d4", "e6-e5", "d4xe5", "f7-f6", "e5xf6", "g7xf6", "c2-c3", "f6-f5",
        "c3-c4", "f5-f4", "c4-c5", "b7-b6", "c5xb6", "a7xb6",
    ];
    insta::assert_snapshot!(transcript("breakthrough-captures", &moves));
}
