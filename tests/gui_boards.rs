//! The generic board page in Chromium, game by game (tic-tac-toe, Connect
//! Four, Breakthrough, Stacked Tic-Tac-Toe, Escape): pieces drawn as each
//! ruleset says in its seats' colours, the stack's height, the last action
//! highlighted, a chosen piece's targets marked, refusals said under the
//! board, coordinates on the edges, keyboard play, the pieces off the
//! board, and a phone-width layout. Each state is a screenshot in the test
//! output directory (`target/tmp/gui-screenshots/`) and a snapshot of
//! what was drawn (`gui_support::shots`, which says why not pixels).

mod gui_support;

use relic::contract::Game;
use relic::gui::ServeOptions;
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

/// Serves `game`, opens it in a 1280x900 window.
fn open<G: relic::contract::BrowserView>(game: G) -> Option<(Browser, relic::gui::RunningServer<G>)> {
    let mut browser = Browser::launch()?;
    let server = serve(game, ServeOptions::default());
    browser.open(server.url());
    Some((browser, server))
}

#[test]
fn breakthrough_is_a_chess_board_with_pawns_in_white_and_black() {
    let Some((mut browser, server)) = open(vocab("breakthrough")) else {
        return;
    };
    browser.click(&cell("b2"));
    browser.wait_for("document.querySelectorAll('#board .move-dot').length === 3");
    save_shot(&mut browser, "breakthrough-chosen");
    browser.click(&cell("b3"));
    browser.wait_for_version(1);
    browser.click(&cell("c7"));
    browser.click(&cell("c5"));
    browser.settle();
    save_shot(&mut browser, "breakthrough-refused");
    browser.click(&cell("c7"));
    browser.click(&cell("c6"));
    browser.wait_for_version(2);
    save_shot(&mut browser, "breakthrough-last");
    browser.viewport(390, 844, true);
    save_shot(&mut browser, "breakthrough-phone");
    drop(server);
    browser.assert_no_errors();
}

#[test]
fn stacked_shows_sizes_heights_and_tools() {
    let Some((mut browser, _server)) = open(vocab("stacked-tic-tac-toe")) else {
        return;
    };
    for (number, (tool, square)) in [("stack 1", "b2"), ("stack 1", "c2"), ("stack 2", "d3"), ("move", "")]
        .into_iter()
        .enumerate()
        .take(3)
    {
        let _ = tool;
        browser.click(&format!("#grid-tools button[data-tool=\"{tool}\"]"));
        browser.click(&cell(square));
        browser.wait_for_version(number + 1);
    }
    save_shot(&mut browser, "stacked-three");
    println!("{}", signature(&mut browser));
    browser.assert_no_errors();
}

#[test]
fn connect_four_drops_red_and_gold_discs() {
    let Some((mut browser, _server)) = open(vocab("connect-four")) else {
        return;
    };
    for (number, square) in ["d1", "d2", "e1"].into_iter().enumerate() {
        browser.click(&cell(square));
        browser.wait_for_version(number + 1);
    }
    save_shot(&mut browser, "connect-four");
    let game = vocab("connect-four");
    assert_eq!(game.seat_count(), 2);
    browser.assert_no_errors();
}
