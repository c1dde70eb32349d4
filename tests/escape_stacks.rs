//! Escape's stacks and the strict reading: a location holding a stack of
//! one player's pieces (written in the configuration), POINT_CONFLICT
//! against a stack with the specification's worked example and its
//! alphabetical tie-break, through the API, the text view and the browser
//! view; an illegal move that loses under `escape-strict` through
//! `relic play ... text` and the browser; refusals that pluralise.

use crate::common;
use crate::gui_support;

use relic::contract::{BrowserView, Game, Outcome, Status, TextView};
use relic::escape::config::read_config_file;
use relic::escape::ruleset::builtin_escape;
use relic::escape::{Action, EscapeGame, GameManager};
use relic::gui::ServeOptions;

const EXAMPLE: &str = "tests/fixtures/escape/play/stack-example.egc";
const TIE: &str = "tests/fixtures/escape/play/stack-tie.egc";

/// The pieces at `at`, bottom first, as (type, owner, value).
fn stack_at(game: &EscapeGame, at: (i32, i32)) -> Vec<(&'static str, usize, u32)> {
    (game.stack(at).iter())
        .map(|&(_, p)| (game.piece_type(p).name, p.owner, p.value))
        .collect()
}

#[test]
fn a_configuration_places_a_stack_bottom_first() {
    let manager = GameManager::from_egc_file(EXAMPLE).unwrap();
    let game = manager.game();
    assert_eq!(
        stack_at(game, (1, 3)),
        [("SNAIL", 1, 1), ("FROG", 1, 5), ("FROG", 1, 5)]
    );
    // The top piece is the piece at the location.
    assert_eq!(
        manager.piece_at((1, 3)),
        Some(("FROG".to_owned(), "PLAYER2".to_owned()))
    );
}

#[test]
fn the_specifications_horse_meets_a_stack_of_a_snail_and_two_frogs() {
    let mut manager = GameManager::from_egc_file(EXAMPLE).unwrap();
    assert!(manager.move_piece((1, 1), (1, 3)));
    // The HORSE, the SNAIL and one FROG are removed; the other FROG is
    // left with a VALUE of 1.
    assert_eq!(stack_at(manager.game(), (1, 3)), [("FROG", 1, 1)]);
    assert_eq!(manager.piece_at((1, 1)), None);
    // Removed points count for nobody.
    assert_eq!((manager.score(1), manager.score(2)), (0, 0));
    assert_eq!(manager.result(), None);
}

#[test]
fn equal_lowest_values_reduce_the_first_type_alphabetically() {
    let mut manager = GameManager::from_egc_file(TIE).unwrap();
    assert!(manager.move_piece((1, 1), (1, 2)));
    // The HORSE (before SNAIL) is removed first, the DOG left with 1; then
    // the DOG is removed and the SNAIL reduced to 2.
    assert_eq!(stack_at(manager.game(), (1, 2)), [("SNAIL", 1, 2)]);
    assert_eq!(manager.piece_at((1, 1)), None);
}

#[test]
fn the_top_of_a_stack_moves_alone() {
    let mut manager = GameManager::from_egc_file(EXAMPLE).unwrap();
    assert!(manager.move_piece((8, 1), (7, 1)));
    let legal = manager.game().legal_actions();
    let from_stack = (legal.iter())
        .filter(|a| matches!(a, Action::Move { from: (1, 3), .. }))
        .count();
    assert!(from_stack > 0, "the stack's top FROG can move");
    // Each location is listed once, whatever its stack holds.
    assert_eq!(
        legal.len(),
        legal.iter().collect::<std::collections::HashSet<_>>().len()
    );
    assert!(manager.move_piece((1, 3), (2, 5)));
    assert_eq!(
        stack_at(manager.game(), (1, 3)),
        [("SNAIL", 1, 1), ("FROG", 1, 5)]
    );
    assert_eq!(stack_at(manager.game(), (2, 5)), [("FROG", 1, 5)]);
}

#[test]
fn text_play_draws_a_stack_and_tells_the_conflict() {
    let out = common::run_relic(["play", EXAMPLE, "text"], b"1,1 1,3\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    insta::assert_snapshot!("escape-text-stack", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_browser_view_draws_every_piece_of_a_stack() {
    let game = GameManager::from_egc_file(EXAMPLE).unwrap().game().clone();
    let view = game.view(None);
    let cell = (view["cells"].as_array().unwrap().iter())
        .find(|c| c["square"] == "1,3")
        .unwrap();
    let glyphs: Vec<&str> = (cell["layers"].as_array().unwrap().iter())
        .map(|l| l["glyph"].as_str().unwrap())
        .collect();
    assert_eq!(glyphs, ["S", "F", "F"]);
    assert_eq!(cell["layers"][2]["label"], "FROG 5, 3 high");
    assert_eq!(cell["stack"], 3);
    assert_eq!(
        cell["title"],
        "(1, 3) PLAYER2 stack of 3, top first: FROG 5, FROG 5, SNAIL 1"
    );
}

#[test]
fn a_stack_of_both_players_is_refused() {
    let failure = read_config_file("tests/fixtures/escape/invalid/stack-owners.egc".as_ref())
        .expect_err("mixed stack");
    let text = failure.render(80);
    assert!(text.contains("egc::stack::owners"), "{text}");
}

#[test]
fn refusals_pluralise_steps() {
    let game = GameManager::from_egc_file(TIE).unwrap().game().clone();
    let refusal = game
        .clone()
        .apply(&Action::Move {
            from: (1, 1),
            to: (3, 1),
        })
        .unwrap_err();
    let mut text = String::new();
    game.write_refusal(&refusal, &mut text);
    assert!(text.contains("of at most 1 step\n"), "{text}");
    let example = GameManager::from_egc_file(EXAMPLE).unwrap().game().clone();
    let refusal = example
        .clone()
        .apply(&Action::Move {
            from: (1, 1),
            to: (6, 6),
        })
        .unwrap_err();
    assert!(
        refusal.to_string().ends_with("of at most 2 steps"),
        "{refusal}"
    );
}

/// `relic play` on the race fixture in text mode with `extra` arguments
/// and `input`: its stdout, once it succeeded.
fn race(extra: &[&str], input: &[u8]) -> String {
    let mut args = vec!["play", "tests/fixtures/escape/play/race.egc", "text"];
    args.extend(extra);
    let out = common::run_relic(args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn an_illegal_move_loses_in_text_mode_under_escape_strict() {
    let stdout = race(&["--ruleset", "escape-strict"], b"1,1 9,9\n1,1 2,2\n");
    insta::assert_snapshot!("escape-text-strict", stdout);
    // The game ended on the illegal move: the second line was never played.
    let lost = "PLAYER1 made an illegal move and loses.\nPLAYER2 wins";
    assert!(stdout.contains(lost), "{stdout}");
    assert!(!stdout.contains("moves from (1, 1) to (2, 2)"), "{stdout}");
}

#[test]
fn under_the_default_rules_an_illegal_move_is_tried_again() {
    let stdout = race(&[], b"1,1 9,9\n1,1 2,2\n");
    let moved = "PLAYER1's DOG moves from (1, 1) to (2, 2).";
    assert!(stdout.contains(moved), "{stdout}");
    assert!(!stdout.contains("illegal move and loses"), "{stdout}");
}

#[test]
fn a_strict_game_records_the_forfeit_and_replays_to_the_same_end() {
    let dir = std::env::temp_dir().join(format!("relic-escape-strict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("strict.ron");
    let save_arg = save.to_str().unwrap();
    let extra = ["--ruleset", "escape-strict", "--save", save_arg];
    race(&extra, b"1,1 2,2\n5,5 9,9\n");
    let record = std::fs::read_to_string(&save).unwrap();
    assert!(record.contains("\"forfeit\""), "{record}");
    let replay = common::run_relic(["replay", save_arg], b"");
    let text = String::from_utf8_lossy(&replay.stdout);
    assert!(text.contains("PLAYER1 wins"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn forfeit_is_refused_where_an_illegal_move_does_not_lose() {
    let mut game = GameManager::from_egc_file(EXAMPLE).unwrap().game().clone();
    assert_eq!(
        game.penalty(&Action::Move {
            from: (5, 5),
            to: (5, 6)
        }),
        None
    );
    assert!(game.apply(&Action::Forfeit).is_err());
    assert_eq!(game.status(), Status::ToMove(0));
}

#[test]
fn an_illegal_move_in_the_browser_loses_under_escape_strict() {
    let rules = builtin_escape("escape-strict").unwrap().unwrap();
    let config = read_config_file("tests/fixtures/escape/play/race.egc".as_ref()).unwrap();
    let game = EscapeGame::new(config, rules.variant);
    let server = gui_support::serve(game, ServeOptions::default());
    let reply = gui_support::post(server.addr(), &gui_support::action_json("1,1 9,9"), None);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let message = gui_support::message(server.addr());
    assert_eq!(server.game().status(), Status::Over(Outcome::Won(1)));
    let log = message.to_string();
    assert!(
        log.contains("(9, 9) is not on the board")
            || reply.body.contains("(9, 9) is not on the board"),
        "{log}\n{}",
        reply.body
    );
    // After the end every move is refused.
    let after = gui_support::post(server.addr(), &gui_support::action_json("5,5 4,4"), None);
    assert_eq!(after.status, 422, "{}", after.body);
}
