//! Every strategy plays only legal turns under every ruleset variant, and
//! greedy players finish their games.

use std::sync::Arc;

use relic::board::parse_board;
use relic::bots::seeded_rng;
use relic::engine::Game;
use relic::games::moving_maze::bots::{BotKind, Strategy, play_out};
use relic::rules::{Rules, parse_ruleset};

const VARIANTS: &[(&str, &str)] = &[
    ("standard", ""),
    (
        "any order, last relic wins",
        "[relics]\norder = \"any-order\"\n[win]\ncondition = \"last-relic\"\n",
    ),
    (
        "steps only",
        "[movement]\nsteps = true\npathfinding = false\n",
    ),
    (
        "no rotation, odd lines, start corner",
        "[slide]\nrotate = false\nrows = \"odd\"\ncolumns = \"odd\"\npushed_off = \"start-corner\"\n",
    ),
    (
        "optional slide, moves go on after a collection",
        "[turn]\nslide_required = false\n[relics]\ncollect_ends_move = false\nhide_inactive = false\n",
    ),
    (
        "reverse slides allowed",
        "[slide]\nforbid_reverse = false\ncollect_on_push = false\n",
    ),
];

fn rules(variant: &str) -> Arc<Rules> {
    let source = format!("extends = \"moving-maze\"\n{variant}");
    Arc::new(Rules::new(parse_ruleset(&source, "variant", None).unwrap()))
}

fn board(rules: &Rules) -> relic::board::Board {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/boards/classic-7x7.gbf");
    parse_board(&std::fs::read_to_string(path).unwrap(), &rules.limits()).unwrap()
}

#[test]
fn every_strategy_plays_legally_under_every_variant() {
    for &(name, variant) in VARIANTS {
        let rules = rules(variant);
        let board = board(&rules);
        let mut seats: Vec<Box<dyn Strategy>> = [
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Search { nodes: 300 },
            BotKind::Random,
        ]
        .into_iter()
        .map(BotKind::strategy)
        .collect();
        let mut game = Game::new(rules.clone(), &board).unwrap();
        // play_out panics on any illegal action
        let outcome = play_out(&mut game, &mut seats, &mut seeded_rng(5), 120);
        assert!(outcome.turns > 0, "{name}");
    }
}

#[test]
fn greedy_players_finish_their_games_under_every_variant() {
    for &(name, variant) in VARIANTS {
        let rules = rules(variant);
        let board = board(&rules);
        let mut seats: Vec<Box<dyn Strategy>> =
            (0..4).map(|_| BotKind::Greedy.strategy()).collect();
        let mut game = Game::new(rules.clone(), &board).unwrap();
        let outcome = play_out(&mut game, &mut seats, &mut seeded_rng(1), 1000);
        assert!(
            outcome.winner.is_some(),
            "{name}: no winner in {} turns",
            outcome.turns
        );
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let rules = rules("");
    let board = board(&rules);
    let play = |seed: u64| {
        let mut seats: Vec<Box<dyn Strategy>> =
            (0..4).map(|_| BotKind::Random.strategy()).collect();
        let mut game = Game::new(rules.clone(), &board).unwrap();
        play_out(&mut game, &mut seats, &mut seeded_rng(seed), 60);
        game
    };
    assert_eq!(play(9), play(9));
    assert_ne!(play(9), play(10));
}
