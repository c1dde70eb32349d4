//! Text mode on boards written for one rule each: every illegal action of
//! Table 1 (message, no reprint), malformed input, adventurers and relics
//! pushed off the board, pathfinding to unreachable tiles, wins. The whole
//! output is snapshotted.

use relic::board::parse_board;
use relic::engine::Game;
use relic::rules::Rules;
use relic::text::{EndOfGame, play_text};

/// Plays `moves` on `gbf` under the standard rules; returns the output
/// (with the board and the moves on top, for the reader) and the ending.
fn play(gbf: &str, moves: &str) -> (String, EndOfGame) {
    let rules = Rules::standard();
    let board = parse_board(gbf, &rules.limits()).expect("scenario board is valid");
    let game = Game::new(rules, &board).expect("scenario board fits the rules");
    let mut out = Vec::new();
    let (_, end) = play_text(game, moves.as_bytes(), &mut out).expect("a Vec sink never fails");
    let text = String::from_utf8(out).expect("text mode writes UTF-8");
    (format!("board:\n{gbf}moves: {moves}\n---\n{text}"), end)
}

/// Counts the boards printed (one floating-tile top border each).
fn boards_printed(output: &str) -> usize {
    output.lines().filter(|l| *l == "┌───────┐").count()
}

#[test]
fn every_illegal_action_prints_its_message_without_a_board() {
    let gbf = "3 3\n0\n1010xx\n1110xx 1010xx 0011xx\n1010xx 0101xx 1010xx\n1100xx 0101xx 1001xx\n";
    // Slide phase: odd row and column, then the slide. Move phase: off the
    // board, a closed side, a neighbour closed towards us, pathfinding to
    // an unconnected tile, then a real step and pathfinding. Yellow then
    // tries the last exit point.
    let moves = "n1 e3 n2 n e w 2,2 s 3,3 done s2 quit";
    let (output, end) = play(gbf, moves);
    assert_eq!(end, EndOfGame::Quit);
    // banner board, n2, s, 3,3, end of turn: five boards, no more.
    assert_eq!(boards_printed(&output), 5);
    insta::assert_snapshot!(output);
}

#[test]
fn malformed_input_is_invalid_in_each_phase() {
    let gbf = "3 3\n0\n1010xx\n1110xx 1010xx 0011xx\n1010xx 0101xx 1010xx\n1100xx 0101xx 1001xx\n";
    // Slide phase: a step, done, upper case, out-of-range lines, bad
    // numbers, coordinates. Move phase: rotations, a slide, bad
    // coordinates. Then off-board coordinates are a pathfinding attempt.
    let slide_phase = "n done N2 R n4 n0 n10 n-2 n2x 2,1 x";
    let move_phase = "r l n2 3, ,3 3,3,3 a,b -1,1 N DONE";
    let moves = format!("{slide_phase} n02 {move_phase} 9,9 0,1 02,2 quit");
    let (output, end) = play(gbf, &moves);
    assert_eq!(end, EndOfGame::Quit);
    assert_eq!(output.matches("Invalid input.").count(), 21);
    assert_eq!(boards_printed(&output), 2);
    insta::assert_snapshot!(output);
}

#[test]
fn bytes_that_are_not_text_are_invalid_input() {
    let gbf = "3 3\n0\n1010xx\n1110xx 1010xx 0011xx\n1010xx 0101xx 1010xx\n1100xx 0101xx 1001xx\n";
    let rules = Rules::standard();
    let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
    let mut input = b"\xff\xfe n\xc3 ".to_vec();
    input.extend(std::iter::repeat_n(b'n', 100_000));
    input.extend(b" quit");
    let mut out = Vec::new();
    let (_, end) = play_text(game, &input[..], &mut out).unwrap();
    assert_eq!(end, EndOfGame::Quit);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches("Invalid input.").count(), 3);
}

#[test]
fn pushed_off_adventurers_land_on_the_inserted_tile_and_collect() {
    // Green steps into row 2; Red's e2 pushes it off onto the inserted
    // tile, which carries Green's relic (it was pushed out by Yellow's n2,
    // and shows on the floating tile meanwhile). Green later pushes itself
    // off with w2 and pathfinds home to win.
    let gbf = "3 3\n1\n1111r1\n1111xx 1111xx 1111b1\n1111y1 1111xx 1111xx\n1111xx 1111g1 1111xx\n";
    let moves = "e2 s done  n2 done  e2 done  n2 done  w2 1,1";
    let (output, end) = play(gbf, moves);
    assert_eq!(end, EndOfGame::Won(0));
    insta::assert_snapshot!(output);
}

#[test]
fn collecting_the_last_relic_on_the_home_tile_wins_at_once() {
    // Green's last relic lies on its start tile: collecting its first ends
    // the turn; back home, the last is collected and Green wins at once.
    let gbf = "3 3\n2\n1111xx\n1111g2 1111g1 1111r1\n1111y1 1111y2 1111r2\n1111b1 1111b2 1111xx\n";
    let (output, end) = play(gbf, "e2 e  e2 done  e2 done  e2 done  e2 w");
    assert_eq!(end, EndOfGame::Won(0));
    insta::assert_snapshot!(output);
}

#[test]
fn inactive_relics_are_hidden_on_the_floating_tile_too() {
    // Green's second relic floats: hidden until Green collects its first.
    let gbf = "3 3\n2\n1111g2\n1111xx 1111g1 1111r1\n1111y2 1111r2 1111b2\n1111b1 1111xx 1111y1\n";
    let (output, _) = play(gbf, "e2 e quit");
    insta::assert_snapshot!(output);
}

#[test]
fn a_current_player_pushed_onto_its_relic_collects_it_and_ends_its_turn() {
    // Green walks down column 2; three e2 slides bring the tile with
    // Green's relic onto the floating tile; Green's n2 pushes Green off the
    // bottom onto that tile at the top: it collects, and its turn ends
    // without a move.
    let gbf = "3 3\n1\n1111xx\n1111b1 1111xx 1111xx\n1111xx 1111xx 1111g1\n1111y1 1111xx 1111r1\n";
    let moves = "n2 e s s done  e2 done  e2 done  e2 done  n2 quit";
    let (output, end) = play(gbf, moves);
    assert_eq!(end, EndOfGame::Quit);
    assert!(output.contains(
        "Green has collected a relic.\nGreen has all their relics.\nEnd of Green's turn.\n"
    ));
    insta::assert_snapshot!(output);
}
