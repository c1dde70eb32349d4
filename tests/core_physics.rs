//! The core's deterministic operations (`once`, `scan`, with `*!` as
//! "repeat until nothing changes"): a physics phase after each drop in
//! `tests/fixtures/core-physics/sand.toml` settles the board the same way
//! every time, without adding choice points; a physics rule that never
//! settles stops play with the runaway fault; bad scan directions are
//! reported; the expanded form reads back to the same program; `*!` over
//! a body that only moves the cursor slides as far as it can and stops
//! where it would go round in a circle.

use relic::contract::Game;
use relic::games::{CoreRules, Registered};
use relic::lang::{CoreGame, load_core_resolved, parse_core_resolved};

const SAND: &str = "tests/fixtures/core-physics/sand.toml";

fn sand() -> CoreGame {
    let (_, program) = load_core_resolved(std::path::Path::new(SAND)).unwrap();
    CoreGame::new(program)
}

fn play(moves: &[&str]) -> CoreGame {
    let mut game = sand();
    for m in moves {
        let action = game.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.apply(&action).unwrap();
    }
    game
}

/// The occupied cells' names, in board order.
fn grains(game: &CoreGame) -> Vec<String> {
    let board = &game.program().board;
    (game.cells().iter().enumerate())
        .filter(|(_, code)| **code != 0)
        .map(|(c, _)| board.names[c].clone())
        .collect()
}

#[test]
fn a_dropped_grain_falls_to_the_bottom() {
    let game = sand();
    let names: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    assert_eq!(names, ["a4", "b4", "c4", "d4"]);
    assert_eq!(grains(&play(&["a4"])), ["a1"]);
}

#[test]
fn a_grain_on_a_grain_rolls_west_first_then_east() {
    // On b1 both sides are free: the first alternative of `once` (west).
    assert_eq!(grains(&play(&["b4", "b4"])), ["a1", "b1"]);
    // On a1 there is no west: the second alternative (east).
    assert_eq!(grains(&play(&["a4", "a4"])), ["a1", "b1"]);
    // Held on both sides: it stays.
    assert_eq!(
        grains(&play(&["a4", "c4", "b4", "b4"])),
        ["a1", "b1", "c1", "b2"]
    );
}

#[test]
fn physics_adds_no_choice_points() {
    let mut game = sand();
    let mut seen = 0;
    while !game.status().is_over() {
        let actions = game.legal_actions();
        let tops = (game.cells().iter().enumerate())
            .filter(|(c, code)| **code == 0 && game.program().board.names[*c].ends_with('4'))
            .count();
        assert_eq!(actions.len(), tops);
        game.apply(&actions[seen % actions.len()]).unwrap();
        seen += 1;
    }
    // Every cell filled: grains settle into the lowest free places.
    assert_eq!(seen, 16);
    assert_eq!(grains(&game).len(), 16);
}

#[test]
fn physics_that_never_settles_is_a_runaway() {
    let toml = "game = \"core\"\nname = \"Flicker\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} mark [stone] scan(n e, {stone} [empty] | {empty} [stone])*! ->next\"\n[board]\nwidth = 2\nheight = 2\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let (_, program) = parse_core_resolved(toml, "flicker.toml", None).unwrap();
    let mut game = CoreGame::new(program);
    // The rest of the turn after the mark cannot fail nor mark, so the
    // actions are listed at their mark; following one runs away, and play
    // stops with the fault instead of hanging.
    let actions = game.legal_actions();
    assert_eq!(actions.len(), 4);
    let events = game.apply(&actions[0]).unwrap();
    assert!(game.fault().is_some());
    assert!(game.status().is_over());
    assert!(
        events.iter().any(|e| format!("{e:?}").contains("steps")),
        "{events:?}"
    );
}

#[test]
fn a_scan_along_an_unknown_direction_is_reported() {
    let toml = "game = \"core\"\nname = \"Bad\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} mark [stone] scan(down e, {stone}) ->next\"\n[board]\nwidth = 2\nheight = 2\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let failure = parse_core_resolved(toml, "bad.toml", None).unwrap_err();
    let text = failure.render(80);
    assert!(text.contains("down"), "{text}");
    assert!(text.contains("directions are"), "{text}");
}

#[test]
fn the_expanded_form_reads_back_to_the_same_program() {
    let source = std::fs::read_to_string(SAND).unwrap();
    let rules = CoreRules::parse_rules(&source, "sand", None).unwrap();
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(expanded.contains("scan(n e, "), "{expanded}");
    assert!(expanded.contains("once("), "{expanded}");
    let again = CoreRules::parse_rules(&expanded, "expanded", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    assert_eq!(again.program.ops, rules.program.ops);
    assert_eq!(again.program.scans, rules.program.scans);
}

#[test]
fn a_repeated_scan_whose_body_changes_nothing_is_refused_at_load() {
    let toml = "game = \"core\"\nname = \"Still\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} mark [stone] scan(n, {stone} s)*! ->next\"\n[board]\nwidth = 2\nheight = 2\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let failure = parse_core_resolved(toml, "still.toml", None).unwrap_err();
    let text = failure.render(80);
    assert!(text.contains("core::repeat::no_progress"), "{text}");
}

/// A core game on a row of `width` cells from `rules` and `setup`.
fn row(rules: &str, setup: &str) -> CoreGame {
    let toml = format!(
        "game = \"core\"\nname = \"Row\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n\
         [board]\nwidth = {}\nheight = 1\nsetup = [\"{setup}\"]\n\
         [[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n",
        setup.len()
    );
    let (_, program) =
        parse_core_resolved(&toml, "row.toml", None).unwrap_or_else(|e| panic!("{}", e.render(80)));
    CoreGame::new(program)
}

fn listed(game: &CoreGame) -> Vec<String> {
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
}

#[test]
fn a_repetition_until_it_fails_may_only_move_the_cursor() {
    // Sliding as far as the empty cells go: each round moves east.
    let slide = row("any {own stone} mark (e {empty})*! mark ->next", "A...B.");
    assert_eq!(listed(&slide), ["a1-d1"]);
    // A bare direction walks to the board's edge.
    let edge = row("any {own stone} mark e*! mark ->next", "A.....");
    assert_eq!(listed(&edge), ["a1-f1"]);
}

#[test]
fn a_repetition_that_goes_round_in_a_circle_stops_where_it_would_repeat() {
    // East while it can, then west: back to a cell a round started from,
    // with nothing changed, so the repetition ends there (it used to run
    // until the step limit).
    let circle = row("any {own stone} mark (e | w)*! mark ->next", "A...");
    assert_eq!(listed(&circle), ["a1-c1"]);
    // A change between the visits is progress: each round drops a stone
    // and the walk goes on to the edge.
    let filling = row(
        "any {own stone} mark (e {empty} [stone])*! mark ->next",
        "A...",
    );
    assert_eq!(listed(&filling), ["a1-d1"]);
}
