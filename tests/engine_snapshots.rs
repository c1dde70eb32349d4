//! RON snapshots of engine states (`Game::snapshot`): the start of a game,
//! a slide, a scripted turn, seeded random play and a won game.

use std::sync::Arc;

use insta::assert_snapshot;
use relic::board::{Board, Direction, Pos, SlideAt, parse_board};
use relic::engine::{Action, Event, Game, Snapshot};
use relic::rules::{Corner, Rules};

fn board(name: &str) -> Board {
    let path = format!("{}/boards/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    parse_board(&text, &Rules::standard().limits()).unwrap()
}

fn game(name: &str) -> Game {
    Game::new(Rules::standard(), &board(name)).unwrap()
}

fn ron(game: &Game) -> String {
    let pretty = ron::ser::PrettyConfig::default();
    ron::ser::to_string_pretty(&game.snapshot(), pretty).unwrap()
}

/// Plays seeded random legal actions until `stop` says so or the game ends.
fn play_randomly(game: &mut Game, seed: u64, mut stop: impl FnMut(&Game, &[Event]) -> bool) {
    let mut state = seed;
    loop {
        let legal = game.legal_actions();
        if legal.is_empty() {
            return;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let events = game
            .apply(legal[(state >> 33) as usize % legal.len()])
            .unwrap();
        if stop(game, &events) {
            return;
        }
    }
}

#[test]
fn classic_board_at_the_start() {
    assert_snapshot!(ron(&game("classic-7x7.gbf")));
}

#[test]
fn classic_board_after_a_rotation_and_a_slide() {
    let mut game = game("classic-7x7.gbf");
    game.apply(Action::RotateClockwise).unwrap();
    game.apply(Action::Slide(SlideAt::new(Direction::West, 2)))
        .unwrap();
    assert_snapshot!(ron(&game));
}

#[test]
fn learner_board_after_a_scripted_turn() {
    let mut game = game("learner-5x5.gbf");
    // The floating tile turned to open west lets Green step east.
    game.apply(Action::RotateClockwise).unwrap();
    game.apply(Action::Slide(SlideAt::new(Direction::North, 2)))
        .unwrap();
    game.apply(Action::Step(Direction::East)).unwrap();
    game.apply(Action::Done).unwrap();
    assert_snapshot!(ron(&game));
}

#[test]
fn classic_board_after_forty_seeded_random_turns() {
    let mut game = game("classic-7x7.gbf");
    play_randomly(&mut game, 7, |game, _| game.turn() == 40);
    assert_snapshot!(ron(&game));
}

#[test]
fn learner_board_won_by_seeded_random_play() {
    let mut game = game("learner-5x5.gbf");
    play_randomly(&mut game, 3, |_, _| false);
    assert!(game.winner().is_some());
    assert_snapshot!(ron(&game));
}

#[test]
fn two_players_in_opposite_corners_after_a_slide() {
    let mut ruleset = Rules::standard().ruleset().clone();
    ruleset
        .players
        .retain(|p| p.colour == "green" || p.colour == "blue");
    ruleset.players[1].corner = Corner::BottomRight;
    ruleset.turn_order = vec!["blue".into(), "green".into()];
    let rules = Arc::new(Rules::new(ruleset));
    let mut game = Game::new(rules, &board("learner-5x5.gbf")).unwrap();
    game.apply(Action::Slide(SlideAt::new(Direction::East, 4)))
        .unwrap();
    game.apply(Action::MoveTo(Pos::new(2, 4))).unwrap();
    assert_snapshot!(ron(&game));
}

#[test]
fn snapshots_read_back_unchanged() {
    let mut game = game("grand-9x9.gbf");
    play_randomly(&mut game, 11, |game, _| game.turn() == 10);
    let text = ron(&game);
    let back: Snapshot = ron::from_str(&text).unwrap();
    assert_eq!(back, game.snapshot());
}
