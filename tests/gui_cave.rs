//! Boulder Dash in the browser through the generic grid renderer: the
//! view (north up, rocks as grey discs, diamonds as blue diamonds, earth
//! and walls as filled squares, the player; a tool per action with its
//! key, a play per legal move; what is taken), and games in Chromium
//! played by clicks and by keys (a tool's key, the focus box moved with
//! `w`/`a`/`s`/`d`, `Enter`), the page and the engine agreeing after
//! every move, down to a crushed player and the `0` button.

use crate::gui_support;

use relic::contract::{BrowserView, Game};
use relic::games::boulder_dash::{Cave, read_board};
use relic::gui::ServeOptions;
use relic::walker::{Walker, builtin_walker};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::grid::{cell_of, play_in_page};
use gui_support::{message, serve};

fn cave(path: &str) -> Cave {
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    Walker::new(program.clone(), read_board(&program, &text).unwrap()).unwrap()
}

const SMALL: &str = "tests/fixtures/boulder-dash/gui/small.board";
const HANGING: &str = "tests/fixtures/boulder-dash/solve/hanging.board";
const LEDGE: &str = "tests/fixtures/boulder-dash/gui/ledge.board";

fn cell<'v>(view: &'v Value, square: &str) -> &'v Value {
    cell_of(view, square).unwrap_or_else(|| panic!("no square {square}"))
}

#[test]
fn the_view_draws_the_cave_north_up_with_tools_plays_and_what_is_taken() {
    let game = cave(SMALL);
    let view = game.view(Some(0));
    // Row 1 of the view is the top (north) row, y = 4 on the board.
    assert_eq!(cell(&view, "0,4")["y"], 1);
    assert_eq!(cell(&view, "1,3")["y"], 2);
    assert_eq!(cell(&view, "1,3")["layers"][0]["glyph"], "◆");
    assert_eq!(cell(&view, "2,1")["layers"][0]["shape"], "disc");
    assert_eq!(cell(&view, "1,2")["fill"], "#c9a26b");
    assert_eq!(cell(&view, "0,0")["fill"], "#495057");
    assert_eq!(cell(&view, "1,1")["layers"][0]["glyph"], "☺");
    let tools: Vec<(&str, &str, bool)> = (view["tools"].as_array().unwrap().iter())
        .map(|t| {
            let key = t["key"].as_str().unwrap();
            (
                t["id"].as_str().unwrap(),
                key,
                t["enabled"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tools,
        [
            ("walk", "m", false),
            ("dig", "i", true),
            ("push", "p", true)
        ]
    );
    let plays: Vec<(&str, &str)> = (view["plays"].as_array().unwrap().iter())
        .map(|p| {
            (
                p["action"].as_str().unwrap(),
                p["steps"][0].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(plays, [("D(N;1)", "1,2"), ("P(E;1)", "2,1")]);
    assert_eq!(view["status"], "Diamond: 0 taken, 3 left.");
    assert_eq!(view["scores"], serde_json::json!([0]));
    assert_eq!(view["seat_colours"], serde_json::json!(["#e8590c"]));
    assert!(game.view(None)["plays"].as_array().unwrap().is_empty());
}

#[test]
fn a_cave_is_played_in_chromium_by_clicks_and_keys() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(cave(SMALL), ServeOptions::default());
    let addr = server.addr();
    browser.open(server.url());
    browser.wait_for("document.querySelectorAll('#grid-tools button').length === 3");
    let mut engine = cave(SMALL);
    let mut focus = (1, 1);
    let moves = ["P(E;1)", "M(N;1)", "D(N;1)", "M(W;1)", "D(S;1)", "M(S;1)"];
    for (number, action) in moves.iter().enumerate() {
        let view = message(addr)["view"].clone();
        play_in_page(&mut browser, &view, action, number % 2 == 1, &mut focus);
        browser.wait_for_version(number + 1);
        engine.apply(&engine.parse_action(action).unwrap()).unwrap();
        assert_eq!(server.game(), engine, "after {action}");
    }
    let status = browser.eval("document.getElementById('status').textContent");
    assert_eq!(status, "Diamond: 1 taken, 2 left.");
    let discs = browser
        .eval("document.querySelectorAll('#board .cell .piece[data-shape=\"disc\"]').length");
    assert_eq!(discs, 3, "two rocks and the player");
    browser.assert_no_errors();
}

#[test]
fn a_crushed_player_sees_why_and_ends_the_game_with_its_button() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(cave(HANGING), ServeOptions::default());
    browser.open(server.url());
    browser.wait_for("document.querySelectorAll('#board .cell.target').length === 2");
    // Walking two squares west ends under the rock, which falls.
    browser.click(".cell.target[data-x=\"2\"][data-y=\"3\"]");
    browser.wait_for_version(1);
    let status = browser.eval("document.getElementById('status').textContent");
    assert_eq!(status, "Game over: crushed. Play the end action to finish.");
    browser.click("#grid-buttons button[data-action=\"0\"]");
    browser.wait_for_version(2);
    assert!(server.game().status().is_over());
    assert_eq!(
        browser.eval("document.getElementById('status').textContent"),
        "Game over: crushed."
    );
    browser.assert_no_errors();
}

/// Where the page draws rocks (grey discs), one entry per change to the
/// board, as view squares `x,y`, recorded from before the next move.
const WATCH_ROCKS: &str = r##"
window.rockFrames = [];
new MutationObserver(() => {
  const rocks = [...document.querySelectorAll('#board .cell')]
    .filter((g) => g.querySelector('circle[fill="#868e96"]'))
    .map((g) => `${g.dataset.x},${g.dataset.y}`);
  window.rockFrames.push(rocks.join(' '));
}).observe(document.getElementById('board'), { childList: true });
true
"##;

#[test]
fn a_falling_rock_is_drawn_on_its_way_down_before_it_lands() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(cave(LEDGE), ServeOptions::default());
    browser.open(server.url());
    browser.wait_for("document.querySelectorAll('#grid-tools button').length === 3");
    browser.press("p");
    browser.wait_for("document.querySelectorAll('#board .cell.target').length === 1");
    browser.eval(WATCH_ROCKS);
    // Pushed east off the ledge, the rock falls from (3,4) to (3,1): in
    // the view (row 1 at the top of five) from 4,1 through 4,2 and 4,3.
    browser.click(".cell.target[data-x=\"3\"][data-y=\"1\"]");
    browser.wait_for_version(1);
    let frames = browser.eval("window.rockFrames");
    let frames: Vec<&str> = (frames.as_array().unwrap().iter())
        .map(|f| f.as_str().unwrap())
        .collect();
    let first = |square: &str| frames.iter().position(|f| *f == square);
    let path = ["4,1", "4,2", "4,3", "4,4"].map(first);
    assert!(
        path.iter().all(Option::is_some) && path.is_sorted(),
        "the rock is drawn at each square of its fall in turn: {frames:?}"
    );
    assert_eq!(frames.last(), Some(&"4,4"), "{frames:?}");
    let engine = {
        let mut game = cave(LEDGE);
        game.apply(&game.parse_action("P(E;1)").unwrap()).unwrap();
        game
    };
    assert_eq!(server.game(), engine);
    browser.assert_no_errors();
}
