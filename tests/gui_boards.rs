//! The generic board page in Chromium, game by game (tic-tac-toe, Connect
//! Four, Breakthrough, Stacked Tic-Tac-Toe, Escape): pieces drawn as each
//! ruleset says in its seats' colours, the stack's height, the last action
//! highlighted, a chosen piece's targets marked, refusals said under the
//! board, coordinates on the edges, keyboard play, the pieces off the
//! board, and a phone-width layout. Each state is a screenshot in the test
//! output directory (`target/tmp/gui-screenshots/`) and a snapshot of
//! what was drawn, compared with the committed reference
//! (`gui_support::shots` says why what was drawn, not pixels).

use crate::gui_support;

use relic::contract::{BrowserView, Game};
use relic::escape::{EscapeGame, GameManager};
use relic::gui::{RunningServer, ServeOptions};
use relic::vocab::{VocabGame, builtin_vocab};

use gui_support::browser::Browser;
use gui_support::serve;
use gui_support::shots::{save_shot, signature};

fn vocab(name: &str) -> VocabGame {
    VocabGame::new(builtin_vocab(name).unwrap().unwrap())
}

/// The selector of the cell of `square`.
fn cell(square: &str) -> String {
    format!("#board .cell[data-square=\"{square}\"]")
}

/// Serves `game` and opens it in Chromium (1280x900), if Chromium is
/// installed.
fn open<G: BrowserView>(game: G) -> Option<(Browser, RunningServer<G>)> {
    let mut browser = Browser::launch()?;
    let server = serve(game, ServeOptions::default());
    browser.open(server.url());
    Some((browser, server))
}

/// Snapshots what the page drew as `name` and saves its screenshot.
fn shot(browser: &mut Browser, name: &str) {
    save_shot(browser, name);
    insta::assert_snapshot!(name, signature(browser));
}

#[test]
fn tic_tac_toe_is_played_by_clicks_and_by_arrow_keys() {
    let Some((mut browser, server)) = open(vocab("tic-tac-toe")) else {
        return;
    };
    browser.click(&cell("b2"));
    browser.wait_for_version(1);
    // The arrow keys move the focus box from the top left corner, Enter
    // takes its square.
    for key in ["ArrowRight", "ArrowRight", "Enter"] {
        browser.press(key);
    }
    browser.wait_for_version(2);
    let mut engine = vocab("tic-tac-toe");
    for square in ["b2", "c3"] {
        engine.apply(&engine.parse_action(square).unwrap()).unwrap();
    }
    assert_eq!(server.game(), engine);
    shot(&mut browser, "tic-tac-toe");
    browser.assert_no_errors();
}

#[test]
fn connect_four_drops_red_and_gold_discs_and_asks_before_resigning() {
    let Some((mut browser, server)) = open(vocab("connect-four")) else {
        return;
    };
    // A click anywhere in a column drops there: its top, its bottom (now
    // taken), its middle.
    for (number, square) in ["d6", "d1", "e4"].into_iter().enumerate() {
        browser.click(&cell(square));
        browser.wait_for_version(number + 1);
    }
    let mut engine = vocab("connect-four");
    for column in ["d", "d", "e"] {
        engine.apply(&engine.parse_action(column).unwrap()).unwrap();
    }
    assert_eq!(server.game(), engine);
    shot(&mut browser, "connect-four");
    browser.press("q");
    browser.wait_for("document.getElementById('confirm-quit').open");
    browser.click("#quit-no");
    browser.settle();
    assert_eq!(server.game().turn(), 3);
    browser.assert_no_errors();
}

#[test]
fn breakthrough_marks_targets_says_refusals_and_fits_a_phone() {
    let Some((mut browser, server)) = open(vocab("breakthrough")) else {
        return;
    };
    browser.click(&cell("b2"));
    browser.wait_for("document.querySelectorAll('#board .move-dot').length === 3");
    shot(&mut browser, "breakthrough-chosen");
    browser.click(&cell("b3"));
    browser.wait_for_version(1);
    // A move the rules refuse is sent, and the reason said under the board.
    browser.click(&cell("c7"));
    browser.click(&cell("c5"));
    browser.wait_for("document.getElementById('message').textContent !== ''");
    assert_eq!(
        browser.eval("document.getElementById('message').textContent"),
        "The piece on c7 cannot move to c5."
    );
    assert_eq!(server.game().turn(), 1);
    browser.click(&cell("c7"));
    browser.click(&cell("c6"));
    browser.wait_for_version(2);
    shot(&mut browser, "breakthrough-last-move");
    browser.viewport(390, 844, true);
    let width = browser.eval("document.documentElement.scrollWidth");
    assert_eq!(width, 390, "nothing is wider than the phone");
    let board = browser.eval("document.getElementById('board').getBoundingClientRect().width");
    assert!(
        board.as_f64().unwrap() > 340.0,
        "the board fills the width: {board}"
    );
    save_shot(&mut browser, "breakthrough-phone");
    browser.assert_no_errors();
}

#[test]
fn breakthrough_shows_lost_pieces() {
    let mut game = vocab("breakthrough");
    for action in ["d2-d3", "e7-e6", "d3-d4", "e6-e5", "d4xe5"] {
        game.apply(&game.parse_action(action).unwrap()).unwrap();
    }
    let Some((mut browser, _server)) = open(game) else {
        return;
    };
    let lost = browser
        .eval("document.querySelector('#grid-pieces .pieces-row[data-list=\"lost\"]').textContent");
    assert_eq!(lost, "Black lost:×1");
    shot(&mut browser, "breakthrough-lost");
    browser.assert_no_errors();
}

#[test]
fn stacked_shows_sizes_heights_tools_and_an_empty_stack_costs_the_turn() {
    let Some((mut browser, server)) = open(vocab("stacked-tic-tac-toe")) else {
        return;
    };
    let plays = [
        ("stack 1", "b2"),
        ("stack 1", "c2"),
        ("stack 2", "d3"),
        ("stack 2", "b3"),
    ];
    for (number, (tool, square)) in plays.into_iter().enumerate() {
        browser.click(&format!("#grid-tools button[data-tool=\"{tool}\"]"));
        browser.click(&cell(square));
        browser.wait_for_version(number + 1);
    }
    // Stack 1's next piece (the large one): choosing the tool marks
    // where it can go.
    browser.click("#grid-tools button[data-tool=\"stack 1\"]");
    browser.wait_for("document.querySelectorAll('#board .move-dot').length > 0");
    shot(&mut browser, "stacked-tool-chosen");
    browser.click(&cell("a1"));
    browser.wait_for_version(5);
    // Green moves its largest piece onto Blue's smaller one: a stack of 2.
    browser.click(&cell("c2"));
    browser.click(&cell("a1"));
    browser.wait_for_version(6);
    shot(&mut browser, "stacked-stack");
    let mut engine = vocab("stacked-tic-tac-toe");
    for action in ["1@b2", "1@c2", "2@d3", "2@b3", "1@a1", "c2-a1"] {
        engine.apply(&engine.parse_action(action).unwrap()).unwrap();
    }
    assert_eq!(server.game(), engine);
    // Blue empties stack 1 (4 pieces), then chooses it: the turn is lost
    // at once, as the course specifies.
    for action in ["1@d1", "forfeit", "1@c4", "forfeit"] {
        let answer = gui_support::post(server.addr(), &gui_support::action_json(action), None);
        assert_eq!(answer.status, 200, "{action}: {}", answer.body);
    }
    browser.wait_for_version(10);
    browser.press("A");
    browser.wait_for_version(11);
    assert_eq!(server.game().status().to_move(), Some(1));
    let said = browser.eval("document.getElementById('message').textContent");
    assert!(said.as_str().unwrap().ends_with("Invalid move"), "{said}");
    browser.assert_no_errors();
}

#[test]
fn escape_shows_pieces_exits_and_a_chosen_piece_s_moves() {
    let path = format!(
        "{}/tests/fixtures/escape/play/race.egc",
        env!("CARGO_MANIFEST_DIR")
    );
    let game: EscapeGame = GameManager::from_egc_file(path).unwrap().game().clone();
    let Some((mut browser, _server)) = open(game.clone()) else {
        return;
    };
    let view = game.view(Some(0));
    let from = view["plays"][0]["steps"][0].as_str().unwrap().to_owned();
    browser.click(&cell(&from));
    browser.wait_for("document.querySelectorAll('#board .cell.reachable').length > 0");
    shot(&mut browser, "escape-chosen");
    browser.assert_no_errors();
}
