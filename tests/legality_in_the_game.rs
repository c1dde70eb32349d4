//! Legality is decided only by the game: text mode, the bots and the
//! browser view ask the engine, and so agree with it. The case of issue
//! 10: a valid 1x1 ruleset and board, where no line can ever slide, so the
//! engine lets `done` skip the slide although the ruleset requires one.

use std::sync::Arc;

use relic::bots::seeded_rng;
use relic::games::moving_maze::board::parse_board;
use relic::games::moving_maze::bots::{BotKind, play_out};
use relic::games::moving_maze::engine::{Action, Game, Phase};
use relic::rules::{Rules, parse_ruleset};
use relic::text::{EndOfGame, play_text};

const ONE_BY_ONE_RULES: &str = r#"
extends = "moving-maze"
name = "One tile"
turn_order = ["green"]

[board]
min_width = 1
min_height = 1

[[players]]
colour = "green"
name = "Green"
initial = "G"
relic = "g"
corner = "top-left"
"#;

/// One cross tile, a cross floating tile, no relics.
const ONE_BY_ONE_BOARD: &str = "1 1\n0\n1111xx\n1111xx\n";

fn one_by_one() -> Game {
    let ruleset = parse_ruleset(ONE_BY_ONE_RULES, "one-tile.toml", None).unwrap();
    assert!(ruleset.turn.slide_required, "the ruleset requires a slide");
    let rules = Arc::new(Rules::new(ruleset));
    let board = parse_board(ONE_BY_ONE_BOARD, &rules.limits()).unwrap();
    Game::new(rules, &board).unwrap()
}

#[test]
fn the_engine_lets_done_skip_a_slide_no_line_can_make() {
    let mut game = one_by_one();
    assert_eq!(game.legal_slides().count(), 0);
    assert!(game.may_skip_slide());
    assert!(game.legal_actions().contains(&Action::Done));
    game.apply(Action::Done).unwrap();
    assert_eq!(game.phase(), Phase::Move);
}

#[test]
fn text_mode_accepts_the_same_done() {
    let mut out = Vec::new();
    let (game, end) = play_text(one_by_one(), &b"done done done done quit"[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains("Invalid input."), "{text}");
    assert_eq!(end, EndOfGame::Quit);
    assert_eq!(game.turn(), 2, "{text}");
}

#[test]
fn every_strategy_plays_on_to_the_turn_limit() {
    for kind in [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Search { nodes: 50 },
    ] {
        let mut game = one_by_one();
        let mut seats = vec![kind.strategy()];
        let outcome = play_out(&mut game, &mut seats, &mut seeded_rng(1), 50);
        assert_eq!((outcome.winner, outcome.turns), (None, 50), "{kind:?}");
    }
}
