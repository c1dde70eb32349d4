//! Escape's rules one at a time, through the game-manager API, on small
//! configurations of our own: conflicts (point conflict, remove, none),
//! the ends (score, turn limit in rounds or moves, no move left), illegal
//! moves (retry or lose), exits, the path attributes, hex boards and
//! infinite axes.

use std::sync::{Arc, Mutex};

use relic::escape::GameManager;
use relic::games::escape::config::parse_config;
use relic::games::escape::{CountRule, IllegalMove, Variant};
use relic::mechanics::squares::{Passage, SquareRule};

/// A 9x9 square board with `locations`, `descriptors` and `rules`.
fn square(locations: &str, descriptors: &str, rules: &str) -> String {
    format!(
        "Coordinate type : SQUARE xMax : 9 yMax : 9\nLocations : {locations}\n\
         Piece descriptors : {descriptors}\n{rules}"
    )
}

fn game(text: &str) -> GameManager {
    GameManager::from_egc_str(text).expect("the test configuration loads")
}

fn game_under(text: &str, variant: Variant) -> GameManager {
    GameManager::new(parse_config(text).unwrap(), variant)
}

/// The piece at `at` as `"KIND PLAYERn"`.
fn piece(manager: &GameManager, at: (i32, i32)) -> Option<String> {
    manager
        .piece_at(at)
        .map(|(kind, owner)| format!("{kind} {owner}"))
}

/// Every message the observers hear, in order.
fn listen(manager: &mut GameManager) -> Arc<Mutex<Vec<String>>> {
    let heard = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&heard);
    manager.add_observer(move |m| log.lock().unwrap().push(m.to_owned()));
    heard
}

/// PLAYER1's DOG at (1, 1) beside PLAYER2's HORSE at (1, 2), with these
/// values, an exit at (1, 5) to cash in at, and a far PLAYER2 SNAIL that
/// keeps PLAYER2 able to move.
fn duel(p1: u32, p2: u32, rules: &str) -> GameManager {
    game(&square(
        "(1, 1) player1 dog (1, 2) player2 horse (1, 5) exit (9, 9) player2 snail",
        &format!(
            "DOG linear [distance 4, value {p1}] HORSE linear [distance 4, value {p2}] \
             SNAIL omni [distance 1]"
        ),
        rules,
    ))
}

#[test]
fn point_conflict_removes_the_lower_value_and_the_survivor_loses_as_much() {
    let mut m = duel(3, 1, "Rules : POINT_CONFLICT");
    assert!(m.move_piece((1, 1), (1, 2)));
    assert_eq!(piece(&m, (1, 2)), Some("DOG PLAYER1".to_owned()));
    assert_eq!(piece(&m, (1, 1)), None);
    assert!(m.move_piece((9, 9), (9, 8)));
    // The dog is now worth 3 - 1 = 2: that is what the exit pays.
    assert!(m.move_piece((1, 2), (1, 5)));
    assert_eq!((m.score(1), m.score(2)), (2, 0));
}

#[test]
fn point_conflict_removes_a_weaker_attacker_and_the_move_still_counts() {
    let mut m = duel(1, 3, "Rules : POINT_CONFLICT");
    assert!(m.move_piece((1, 1), (1, 2)));
    assert_eq!(piece(&m, (1, 2)), Some("HORSE PLAYER2".to_owned()));
    assert_eq!(piece(&m, (1, 1)), None);
    // PLAYER2 moves next; the horse is worth 3 - 1 = 2.
    assert!(m.move_piece((1, 2), (1, 5)));
    assert_eq!((m.score(1), m.score(2)), (0, 2));
}

#[test]
fn point_conflict_between_equal_values_removes_both() {
    let mut m = duel(2, 2, "Rules : POINT_CONFLICT");
    assert!(m.move_piece((1, 1), (1, 2)));
    assert_eq!(piece(&m, (1, 2)), None);
    assert_eq!(piece(&m, (1, 1)), None);
    assert_eq!((m.score(1), m.score(2)), (0, 0));
}

#[test]
fn remove_lets_the_attacker_take_the_square_whatever_the_values() {
    let mut m = duel(1, 5, "Rules : REMOVE");
    assert!(m.move_piece((1, 1), (1, 2)));
    assert_eq!(piece(&m, (1, 2)), Some("DOG PLAYER1".to_owned()));
    assert!(m.move_piece((9, 9), (9, 8)));
    assert!(m.move_piece((1, 2), (1, 5)));
    assert_eq!(m.score(1), 1, "REMOVE leaves the attacker's value alone");
}

#[test]
fn without_a_conflict_rule_a_piece_cannot_land_on_an_opponent() {
    let mut m = duel(3, 1, "");
    let heard = listen(&mut m);
    assert!(!m.move_piece((1, 1), (1, 2)));
    assert_eq!(piece(&m, (1, 2)), Some("HORSE PLAYER2".to_owned()));
    assert_eq!(heard.lock().unwrap().len(), 1, "the refusal is explained");
    // Still PLAYER1's turn (an illegal move is retried by default).
    assert!(m.move_piece((1, 1), (2, 1)));
}

#[test]
fn reaching_the_score_wins_and_every_later_move_is_refused() {
    let mut m = duel(2, 1, "Rules : SCORE 2");
    let heard = listen(&mut m);
    assert!(m.move_piece((1, 1), (5, 5)));
    assert!(m.move_piece((1, 2), (1, 5)));
    assert_eq!(m.result(), None, "1 point of 2: play goes on");
    assert!(m.move_piece((5, 5), (1, 5)));
    assert_eq!(m.result().as_deref(), Some("PLAYER1 wins"));
    assert!(!m.move_piece((9, 9), (9, 8)));
    let heard = heard.lock().unwrap();
    assert_eq!(heard[heard.len() - 2], "PLAYER1 wins");
    assert_eq!(heard[heard.len() - 1], "Game is over and PLAYER1 has won");
}

#[test]
fn a_turn_limit_counts_rounds_by_default_and_equal_points_draw() {
    let mut m = duel(2, 1, "Rules : TURN_LIMIT 1");
    let heard = listen(&mut m);
    assert!(m.move_piece((1, 1), (2, 1)));
    assert_eq!(m.result(), None, "half a round");
    assert!(m.move_piece((9, 9), (9, 8)));
    assert_eq!(m.result().as_deref(), Some("draw"));
    assert!(!m.move_piece((2, 1), (3, 1)));
    assert_eq!(
        heard.lock().unwrap().last().unwrap(),
        "Game is over and results in a draw"
    );
}

#[test]
fn a_turn_limit_gives_the_game_to_the_player_with_more_points() {
    let mut m = duel(2, 1, "Rules : TURN_LIMIT 1");
    assert!(m.move_piece((1, 1), (2, 1)));
    assert!(m.move_piece((1, 2), (1, 5)));
    assert_eq!(m.result().as_deref(), Some("PLAYER2 wins"));
}

#[test]
fn a_turn_limit_can_count_single_moves() {
    let moves = Variant {
        turn_limit: CountRule::MoveLimit,
        ..Variant::default()
    };
    let text = "Coordinate type : SQUARE xMax : 9 yMax : 9
        Locations : (1, 1) player1 dog (1, 3) exit (9, 9) player2 dog
        Piece descriptors : DOG omni [distance 2]
        Rules : TURN_LIMIT 1";
    let mut m = game_under(text, moves);
    assert!(m.move_piece((1, 1), (1, 3)));
    assert_eq!(m.result().as_deref(), Some("PLAYER1 wins"));
}

#[test]
fn a_player_who_cannot_move_loses_even_on_equal_points() {
    let text = "Coordinate type : SQUARE xMax : 9 yMax : 9
        Locations : (1, 1) player1 dog (1, 2) player2 dog (5, 5) exit
        Piece descriptors : DOG omni [distance 1]
        Rules : REMOVE";
    let mut m = game(text);
    assert!(m.move_piece((1, 1), (1, 2)));
    assert_eq!((m.score(1), m.score(2)), (0, 0));
    assert_eq!(m.result().as_deref(), Some("PLAYER1 wins"));
}

#[test]
fn an_illegal_move_can_lose_the_game() {
    let loses = Variant {
        illegal_move: IllegalMove::Loses,
        ..Variant::default()
    };
    let text = square(
        "(1, 1) player1 dog (9, 9) player2 dog",
        "DOG omni [distance 2]",
        "",
    );
    let mut m = game_under(&text, loses);
    assert!(!m.move_piece((1, 1), (5, 5)), "too far");
    assert_eq!(m.result().as_deref(), Some("PLAYER2 wins"));
}

#[test]
fn a_path_that_crosses_an_exit_falls_in_unless_the_rules_forbid_it() {
    let text = square(
        "(1, 1) player1 dog (1, 2) exit (9, 9) player2 dog",
        "DOG linear [distance 3, value 2]",
        "",
    );
    let mut m = game(&text);
    assert!(m.move_piece((1, 1), (1, 3)));
    assert_eq!(piece(&m, (1, 3)), None, "the dog fell in on the way");
    assert_eq!(m.score(1), 2);
    let forbid = Variant {
        exit: SquareRule {
            passage: Passage::Hurdle,
            ..Variant::default().exit
        },
        ..Variant::default()
    };
    let mut m = game_under(&text, forbid);
    assert!(!m.move_piece((1, 1), (1, 3)));
    assert_eq!(m.score(1), 0);
}

/// A wall of blocks across row 2 between PLAYER1's pieces and row 3.
const WALL: &str = "(2, 1) block (2, 2) block (2, 3) block (2, 4) block (2, 5) block \
                    (2, 6) block (2, 7) block (2, 8) block (2, 9) block";

#[test]
fn fly_and_unblock_cross_blocks_and_others_cannot() {
    let text = square(
        &format!(
            "{WALL} (1, 1) player1 bird (1, 3) player1 frog (1, 5) player1 dog (9, 9) player2 dog"
        ),
        "BIRD linear [fly 2] FROG orthogonal [distance 2, unblock] DOG omni [distance 5]",
        "",
    );
    let mut m = game(&text);
    assert!(
        !m.move_piece((1, 5), (3, 5)),
        "the dog cannot cross the wall"
    );
    assert!(!m.move_piece((1, 1), (2, 1)), "nobody lands on a block");
    assert!(m.move_piece((1, 1), (3, 1)), "the bird flies over");
    assert!(m.move_piece((9, 9), (9, 8)));
    assert!(m.move_piece((1, 3), (3, 3)), "the frog walks through");
}

#[test]
fn jump_crosses_one_piece_at_a_time_in_a_straight_line() {
    let text = square(
        "(1, 1) player1 snail (1, 2) player2 dog (1, 4) player2 dog (1, 5) player2 dog \
         (3, 3) player1 dog",
        "SNAIL linear [distance 4, jump] DOG omni [distance 1]",
        "",
    );
    let mut m = game(&text);
    assert!(
        !m.move_piece((1, 1), (1, 6)),
        "two pieces in a row cannot be jumped"
    );
    assert!(m.move_piece((1, 1), (1, 3)), "over (1, 2): two steps");
}

#[test]
fn linear_paths_are_straight_and_diagonal_paths_may_turn() {
    let text = square(
        "(1, 1) player1 dog (5, 5) player1 horse (9, 9) player2 dog",
        "DOG linear [distance 4] HORSE diagonal [distance 2]",
        "",
    );
    let mut m = game(&text);
    assert!(
        !m.move_piece((1, 1), (2, 3)),
        "a knight's move is not a line"
    );
    assert!(m.move_piece((1, 1), (4, 4)));
    assert!(m.move_piece((9, 9), (9, 8)));
    assert!(m.move_piece((5, 5), (5, 7)), "up-right then down-right");
    assert!(m.move_piece((9, 8), (9, 9)));
    assert!(
        !m.move_piece((5, 7), (5, 8)),
        "one square sideways is not diagonal"
    );
}

#[test]
fn hex_boards_move_along_six_directions_and_infinite_axes_have_no_edge() {
    let text = "Coordinate type : HEX xMax : 0 yMax : 0
        Locations : (0, 0) player1 dog (10, 10) player2 dog
        Piece descriptors : DOG linear [distance 3]";
    let mut m = game(text);
    // (1, -1) is a hex direction; (1, 1) is not a neighbour.
    assert!(!m.move_piece((0, 0), (1, 1)));
    assert!(m.move_piece((0, 0), (3, -3)));
    assert_eq!(piece(&m, (3, -3)), Some("DOG PLAYER1".to_owned()));
    assert!(m.move_piece((10, 10), (10, 13)));
    assert!(m.move_piece((3, -3), (0, -3)), "negative coordinates exist");
}

#[test]
fn a_finite_square_board_has_edges() {
    let text = square(
        "(1, 1) player1 dog (9, 9) player2 dog",
        "DOG omni [distance 2]",
        "",
    );
    let mut m = game(&text);
    assert!(!m.move_piece((1, 1), (0, 1)));
    assert!(!m.move_piece((1, 1), (1, 0)));
    assert!(m.move_piece((1, 1), (1, 2)));
    assert!(!m.move_piece((9, 9), (10, 9)));
}

#[test]
fn removed_observers_hear_nothing_more() {
    let mut m = game(&square(
        "(1, 1) player1 dog (9, 9) player2 dog",
        "DOG omni [distance 1]",
        "",
    ));
    let heard = listen(&mut m);
    let id = m.add_observer(|_| {});
    assert!(m.remove_observer(id));
    assert!(!m.remove_observer(id));
    assert!(!m.move_piece((9, 9), (9, 8)));
    assert_eq!(heard.lock().unwrap().len(), 1);
    assert!(m.remove_observer(0));
    assert!(!m.move_piece((9, 9), (9, 8)));
    assert_eq!(heard.lock().unwrap().len(), 1);
}
