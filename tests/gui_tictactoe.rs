//! The test game (3x3 tic-tac-toe, written against `relic::contract` in
//! `tests/common`) played through the browser server, which was written for
//! no game in particular: over HTTP, with seats and a computer, and in
//! Chromium through the generic grid renderer.

use crate::common;
use crate::gui_support;

use std::time::{Duration, Instant};

use common::tictactoe::TicTacToe;
use relic::contract::{BrowserView, Game};
use relic::gui::{Computer, RunningServer, ServeOptions};
use serde_json::{Value, json};

use gui_support::browser::Browser;
use gui_support::{Events, message, post, request, serve};

/// X takes the top row.
const X_WINS: [&str; 5] = ["a1", "a2", "b1", "b2", "c1"];

/// The marks shown in a view, in reading order (`.` for an empty cell).
fn marks(view: &Value) -> String {
    view["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| cell["layers"][0]["glyph"].as_str().unwrap_or("."))
        .collect()
}

/// The actions a view offers on its cells.
fn targets(view: &Value) -> Vec<String> {
    view["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|cell| cell["action"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn tictactoe_is_played_through_the_browser_api() {
    let server = serve(TicTacToe::new(), ServeOptions::default());
    let addr = server.addr();
    let start = message(addr);
    assert_eq!(start["view"]["renderer"], "grid");
    assert_eq!(
        start["seats"],
        json!([{ "name": "X", "computer": false }, { "name": "O", "computer": false }])
    );
    assert_eq!(start["status"], json!({ "over": false, "to_move": 0 }));
    assert_eq!(targets(&start["view"]).len(), 9);
    let mut engine = TicTacToe::new();
    for (number, cell) in X_WINS.into_iter().enumerate() {
        let reply = post(addr, &json!({ "action": cell }).to_string(), None);
        assert_eq!(reply.status, 200, "{cell}: {}", reply.body);
        let events = engine.apply(&engine.parse_action(cell).unwrap()).unwrap();
        let message = reply.json();
        assert_eq!(message["version"], number + 1);
        assert_eq!(message["view"], engine.view(engine.status().to_move()));
        let shown: Vec<Value> = events.iter().map(|e| engine.event_view(e)).collect();
        assert_eq!(message["events"], json!(shown));
    }
    assert_eq!(marks(&message(addr)["view"]), "XXXOO....");
    let end = message(addr);
    assert_eq!(
        end["status"],
        json!({ "over": true, "outcome": "won", "seat": 0 })
    );
    assert_eq!(server.game(), engine);
}

#[test]
fn refusals_come_back_in_the_test_games_words() {
    let server = serve(TicTacToe::new(), ServeOptions::default());
    let addr = server.addr();
    assert_eq!(post(addr, r#"{"action":"b2"}"#, None).status, 200);
    let before = message(addr);
    let mut engine = TicTacToe::new();
    engine.apply(&engine.parse_action("b2").unwrap()).unwrap();
    let taken = engine
        .clone()
        .apply(&engine.parse_action("b2").unwrap())
        .unwrap_err();
    let not_a_cell = engine.parse_action("z9").unwrap_err();
    for (body, status, reason) in [
        (r#"{"action":"b2"}"#, 422, taken.to_string()),
        (r#"{"action":"z9"}"#, 400, not_a_cell.message),
    ] {
        let reply = post(addr, body, None);
        assert_eq!((reply.status, reply.error()), (status, reason), "{body}");
    }
    assert_eq!(message(addr), before);
    assert_eq!(post(addr, r#"{"action":"quit"}"#, None).status, 200);
    let end = message(addr);
    assert_eq!(
        end["status"],
        json!({ "over": true, "outcome": "quit", "seat": 1 })
    );
    assert_eq!(post(addr, r#"{"new_game":true}"#, None).status, 200);
    assert_eq!(marks(&message(addr)["view"]), ".........");
}

fn seated(computers: relic::gui::Computers<TicTacToe>) -> RunningServer<TicTacToe> {
    let options = ServeOptions {
        seats: true,
        computers,
        computer_delay: Duration::from_millis(5),
        ..ServeOptions::default()
    };
    serve(TicTacToe::new(), options)
}

/// The message `GET /api/state` gives the holder of `token`.
fn message_as(addr: std::net::SocketAddr, token: &str) -> Value {
    let reply = request(addr, "GET", "/api/state", &[("X-Relic-Token", token)], b"");
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

#[test]
fn each_seat_sees_its_own_view_and_watchers_see_the_public_one() {
    let server = seated(Vec::new());
    let addr = server.addr();
    let [x, o] = [0, 1].map(|seat| server.seat_links()[seat].token.clone());
    let mut x_events = Events::open_as(addr, &x);
    let mut watcher_events = Events::open(addr);
    assert_eq!(targets(&x_events.next()["view"]).len(), 9);
    assert!(targets(&watcher_events.next()["view"]).is_empty());
    assert_eq!(targets(&message_as(addr, &x)["view"]).len(), 9);
    assert!(targets(&message_as(addr, &o)["view"]).is_empty());
    assert!(targets(&message(addr)["view"]).is_empty());
    // O may not play on X's turn; X plays, and each page hears it its way.
    let refused = post(addr, r#"{"action":"a1"}"#, Some(&o));
    assert_eq!(
        (refused.status, refused.error().as_str()),
        (403, "It is X's turn, not O's.")
    );
    let reply = post(addr, r#"{"action":"a1"}"#, Some(&x));
    assert_eq!(reply.status, 200);
    assert!(
        targets(&reply.json()["view"]).is_empty(),
        "X's own view after X played"
    );
    let x_heard = x_events.next();
    let watcher_heard = watcher_events.next();
    assert_eq!(x_heard["version"], 1);
    assert_eq!(watcher_heard["version"], 1);
    assert_eq!(x_heard["events"][0]["text"], "X took a1.");
    assert_eq!(targets(&message_as(addr, &o)["view"]).len(), 8);
    let bad = request(addr, "GET", "/api/events?seat=not-a-token", &[], b"");
    assert_eq!(bad.status, 403);
}

/// A computer that plays the first empty cell.
struct FirstCell;

impl Computer<TicTacToe> for FirstCell {
    fn choose(&mut self, game: &TicTacToe) -> Option<<TicTacToe as Game>::Action> {
        game.legal_actions().first().copied()
    }
}

#[test]
fn a_computer_plays_a_seat_of_the_test_game() {
    let server = seated(vec![None, Some(Box::new(FirstCell))]);
    let addr = server.addr();
    assert_eq!(server.seat_links().len(), 1, "a join link for X only");
    let x = server.seat_links()[0].token.clone();
    for (turn, cell) in ["b2", "c3"].into_iter().enumerate() {
        assert_eq!(
            post(addr, &json!({ "action": cell }).to_string(), Some(&x)).status,
            200
        );
        let deadline = Instant::now() + Duration::from_secs(10);
        while message(addr)["turn"] != 2 * (turn + 1) {
            assert!(Instant::now() < deadline, "the computer did not play");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    // O took the first empty cells: a1, then b1.
    assert_eq!(marks(&message(addr)["view"]), "OO..X...X");
}

/// What the grid page shows.
const READ_GRID: &str = r#"(() => ({
  version: Number(document.body.dataset.version),
  turn: document.getElementById('turn-name').textContent,
  status: document.getElementById('status').textContent,
  message: document.getElementById('message').textContent,
  marks: [...document.querySelectorAll('#board .cell')]
    .map((c) => c.querySelector('.cell-glyph')?.textContent ?? '.').join(''),
  targets: document.querySelectorAll('#board .cell.target').length,
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
  title: document.title,
}))()"#;

#[test]
fn tictactoe_is_won_in_chromium_through_the_generic_renderer() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(TicTacToe::new(), ServeOptions::default());
    browser.open(server.url());
    let page = browser.eval(READ_GRID);
    assert_eq!(page["marks"], ".........");
    assert_eq!(
        (page["turn"].as_str(), page["targets"].as_u64()),
        (Some("X"), Some(9))
    );
    assert_eq!(page["status"], "X to play.");
    assert_eq!(page["title"], "relic · Tic-tac-toe");
    for (number, cell) in X_WINS.into_iter().enumerate() {
        let [column, row] = [cell.as_bytes()[0] - b'a' + 1, cell.as_bytes()[1] - b'0'];
        if number % 2 == 0 {
            browser.click(&format!(
                ".cell.target[data-x=\"{column}\"][data-y=\"{row}\"]"
            ));
        } else {
            // From the keyboard: focus the cell, press Enter.
            browser.eval(&format!(
                "document.querySelector('.cell.target[data-x=\"{column}\"][data-y=\"{row}\"]').focus()"
            ));
            browser.press("Enter");
        }
        browser.wait_for_version(number + 1);
    }
    let page = browser.eval(READ_GRID);
    assert_eq!(page["marks"], "XXXOO....");
    assert_eq!(page["targets"], 0);
    assert_eq!(page["turn"], "Game over");
    assert_eq!(page["status"], "X has won.");
    assert_eq!(page["log"].as_array().unwrap().len(), 6, "{}", page["log"]);
    assert_eq!(page["log"][0], "X took a1.");
    if std::env::var("RELIC_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1") {
        browser.viewport(900, 600, false);
        browser.settle();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/gui-grid.png");
        std::fs::write(path, browser.screenshot()).unwrap();
    }
    browser.assert_no_errors();
}
