//! Moving Maze behind the game contract: status and outcome (quit
//! included), the canonical order of legal actions, the one notation, and
//! the registry that loads the game a ruleset names.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;

use relic::contract::{Game as _, Outcome, Status};
use relic::games::moving_maze::engine::{Action, Game};
use relic::games::{GameId, GameVisitor, Setup, with_game};
use relic::rules::{Rules, builtin_ruleset};

fn board_path(name: &str) -> String {
    format!("{}/boards/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn shipped(name: &str, ruleset: &str) -> Game {
    let rules = match builtin_ruleset(ruleset) {
        Some(Ok(ruleset)) => std::sync::Arc::new(Rules::new(ruleset)),
        _ => panic!("no built-in ruleset {ruleset}"),
    };
    relic::games::moving_maze::load(&rules, &Setup::file(board_path(name))).unwrap()
}

fn hash_of(game: &Game) -> u64 {
    let mut hasher = DefaultHasher::new();
    game.hash(&mut hasher);
    hasher.finish()
}

/// A small deterministic generator, so the walk needs no dependency.
fn next(seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as usize
}

/// Plays `turns` random actions through the contract, checking on every
/// position that the listed actions are read back from their notation,
/// that refusals change nothing, and that clones hash equally.
fn walk(mut game: Game, mut seed: u64, steps: usize) {
    for _ in 0..steps {
        let legal = relic::contract::Game::legal_actions(&game);
        assert_eq!(legal.is_empty(), game.status().is_over());
        if legal.is_empty() {
            return;
        }
        for action in &legal {
            let text = game.write_action(action);
            assert_eq!(game.parse_action(&text).as_ref(), Ok(action), "{text}");
        }
        let before = game.clone();
        assert_eq!(hash_of(&before), hash_of(&game));
        let refused = Action::Step(relic::games::moving_maze::board::Direction::North);
        if !legal.contains(&refused) {
            let mut events = Vec::new();
            assert!(relic::contract::Game::apply_into(&mut game, &refused, &mut events).is_err());
            assert!(events.is_empty());
            assert_eq!(game, before);
        }
        let action = legal[next(&mut seed) % legal.len()];
        relic::contract::Game::apply(&mut game, &action).unwrap();
    }
}

#[test]
fn random_play_keeps_the_contracts_laws_on_every_shipped_board() {
    for (board, ruleset) in [
        ("classic-7x7.gbf", "moving-maze"),
        ("learner-5x5.gbf", "single-steps"),
        ("grand-9x9.gbf", "two-players"),
        ("learner-5x5.gbf", "reverse-slide"),
    ] {
        walk(shipped(board, ruleset), 7, 400);
    }
}

#[test]
fn status_says_whose_turn_and_how_play_ended() {
    let mut game = shipped("classic-7x7.gbf", "moving-maze");
    assert_eq!(game.status(), Status::ToMove(0));
    assert_eq!(game.seat_count(), 4);
    let names: Vec<String> = (0..4).map(|seat| game.seat_name(seat)).collect();
    assert_eq!(names, ["Green", "Yellow", "Red", "Blue"]);
    for text in ["n2", "done"] {
        let action = game.parse_action(text).unwrap();
        relic::contract::Game::apply(&mut game, &action).unwrap();
    }
    assert_eq!(
        (game.status(), relic::contract::Game::turn(&game)),
        (Status::ToMove(1), 1)
    );
    let quit = game.parse_action("quit").unwrap();
    assert!(!relic::contract::Game::legal_actions(&game).contains(&quit));
    relic::contract::Game::apply(&mut game, &quit).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Quit(1)));
    assert!(relic::contract::Game::legal_actions(&game).is_empty());
}

#[test]
fn the_canonical_order_is_rotations_slides_then_done() {
    let game = shipped("classic-7x7.gbf", "moving-maze");
    let written: Vec<String> = relic::contract::Game::legal_actions(&game)
        .iter()
        .map(|action| game.write_action(action))
        .collect();
    assert_eq!(
        written,
        [
            "r", "l", "n2", "n4", "n6", "e2", "e4", "e6", "s2", "s4", "s6", "w2", "w4", "w6"
        ]
    );
}

#[test]
fn the_notation_is_the_text_modes_and_is_read_in_context() {
    let game = shipped("classic-7x7.gbf", "moving-maze");
    for refused in ["n+2", "N2", "n 2", ""] {
        let error = game.parse_action(refused).unwrap_err();
        assert_eq!(error.message, "Invalid input.", "{refused:?}");
    }
    // in the notation but not read in the slide phase: the engine's reason
    for (refused, reason) in [
        ("done", "Slide the floating tile first."),
        ("s", "Slide the floating tile first."),
        ("3,1", "Slide the floating tile first."),
        ("n8", "There is no n8 to slide into."),
    ] {
        let error = game.parse_action(refused).unwrap_err();
        assert_eq!(error.message, reason, "{refused:?}");
    }
    // well read, refused by the engine with its reason
    let n1 = game.parse_action("n1").unwrap();
    let refusal = relic::contract::Game::apply(&mut game.clone(), &n1).unwrap_err();
    assert_eq!(refusal.to_string(), "Cannot slide into odd positions.");
}

struct Describe;

impl GameVisitor for Describe {
    type Output = (usize, String);

    fn visit<G: relic::games::Playable>(self, game: G) -> (usize, String) {
        (
            game.seat_count(),
            game.seat_name(game.status().to_move().unwrap()),
        )
    }
}

#[test]
fn the_registry_loads_the_game_the_ruleset_names() {
    let rules = Rules::standard();
    assert_eq!(rules.ruleset().game, GameId::MovingMaze);
    let default = with_game(&rules.clone().into(), &Setup::Default, Describe).unwrap();
    assert_eq!(default, (4, "Green".to_string()));
    let two = match builtin_ruleset("two-players") {
        Some(Ok(ruleset)) => std::sync::Arc::new(Rules::new(ruleset)),
        _ => unreachable!(),
    };
    let on_file = with_game(
        &two.into(),
        &Setup::file(board_path("learner-5x5.gbf")),
        Describe,
    );
    assert_eq!(on_file.unwrap().0, 2);
}

#[test]
fn a_setup_that_cannot_be_used_is_reported_not_played() {
    let rules = Rules::standard();
    let missing = Setup::file(Path::new("no/such/board.gbf"));
    let failure = with_game(&rules.clone().into(), &missing, Describe).unwrap_err();
    assert!(failure.unreadable);
    let bad = Setup::Text {
        name: "bad.gbf".into(),
        text: "3 3\n0\n0101xx\n".into(),
    };
    let failure = with_game(&rules.clone().into(), &bad, Describe).unwrap_err();
    assert!(!failure.unreadable);
    let report = failure.render(80);
    assert!(report.starts_with("gbf::"), "{report}");
    assert!(report.contains("bad.gbf"), "{report}");
}
