//! Undo in the browser (`{"undo": true}`): the last action and the
//! computers' replies before it go, back to a person's turn; a seat's page
//! never takes back another person's action; watchers cannot; the page's
//! Undo button and Ctrl+Z send it.

use crate::common;
use crate::gui_support;

use std::time::{Duration, Instant};

use common::tictactoe::TicTacToe;
use relic::contract::Game;
use relic::gui::{Computer, RunningServer, ServeOptions};
use serde_json::{Value, json};

use gui_support::browser::Browser;
use gui_support::{message, post, request, serve};

const UNDO: &str = r#"{"undo":true}"#;

/// The marks shown in a view, in reading order (`.` for an empty cell).
fn marks(view: &Value) -> String {
    let cells = view["cells"].as_array().unwrap();
    (cells.iter())
        .map(|cell| cell["layers"][0]["glyph"].as_str().unwrap_or("."))
        .collect()
}

fn play(addr: std::net::SocketAddr, cell: &str, token: Option<&str>) {
    let reply = post(addr, &json!({ "action": cell }).to_string(), token);
    assert_eq!(reply.status, 200, "{cell}: {}", reply.body);
}

fn message_as(addr: std::net::SocketAddr, token: &str) -> Value {
    let reply = request(addr, "GET", "/api/state", &[("X-Relic-Token", token)], b"");
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
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

#[test]
fn the_hot_seat_page_takes_back_one_action_at_a_time() {
    let server = serve(TicTacToe::new(), ServeOptions::default());
    let addr = server.addr();
    assert_eq!(message(addr)["can_undo"], false, "nothing played yet");
    play(addr, "a1", None);
    play(addr, "b2", None);
    assert_eq!(message(addr)["can_undo"], true);
    let reply = post(addr, UNDO, None);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answer = reply.json();
    assert_eq!(
        answer["events"],
        json!([{ "kind": "undo", "text": "Took back 1 action: b2." }])
    );
    assert_eq!(answer["version"], 3);
    assert_eq!(answer["status"], json!({ "over": false, "to_move": 1 }));
    let mut engine = TicTacToe::new();
    engine.apply(&engine.parse_action("a1").unwrap()).unwrap();
    assert_eq!(server.game(), engine);
    assert_eq!(post(addr, UNDO, None).status, 200);
    let refused = post(addr, UNDO, None);
    assert_eq!(
        (refused.status, refused.error().as_str()),
        (422, "Nothing to take back.")
    );
    assert_eq!(marks(&message(addr)["view"]), ".........");
}

#[test]
fn a_finished_game_can_be_taken_back_into_play() {
    let server = serve(TicTacToe::new(), ServeOptions::default());
    let addr = server.addr();
    for cell in ["a1", "a2", "b1", "b2", "c1"] {
        play(addr, cell, None);
    }
    assert_eq!(message(addr)["status"]["over"], true);
    assert_eq!(post(addr, UNDO, None).status, 200);
    let now = message(addr);
    assert_eq!(now["status"], json!({ "over": false, "to_move": 0 }));
    assert_eq!(marks(&now["view"]), "XX.OO....");
    play(addr, "c2", None);
    assert_eq!(marks(&message(addr)["view"]), "XX.OOX...");
}

#[test]
fn a_seat_takes_back_only_its_own_actions() {
    let server = seated(Vec::new());
    let addr = server.addr();
    let [x, o] = [0, 1].map(|seat| server.seat_links()[seat].token.clone());
    play(addr, "a1", Some(&x));
    assert_eq!(message_as(addr, &x)["can_undo"], true);
    assert_eq!(message_as(addr, &o)["can_undo"], false);
    assert_eq!(message(addr)["can_undo"], false, "a watcher");
    let refused = post(addr, UNDO, Some(&o));
    assert_eq!(
        (refused.status, refused.error().as_str()),
        (
            403,
            "X played last: only your own actions and the computers' can be taken back."
        )
    );
    let watcher = post(addr, UNDO, None);
    assert_eq!(watcher.status, 403, "{}", watcher.body);
    assert_eq!(post(addr, UNDO, Some(&x)).status, 200);
    assert_eq!(marks(&message(addr)["view"]), ".........");
    assert_eq!(message_as(addr, &x)["can_undo"], false);
}

/// A computer that plays the first empty cell.
struct FirstCell;

impl Computer<TicTacToe> for FirstCell {
    fn choose(&mut self, game: &TicTacToe) -> Option<<TicTacToe as Game>::Action> {
        game.legal_actions().first().copied()
    }
}

/// Waits until `turn` actions have been played.
fn wait_for_turn(addr: std::net::SocketAddr, turn: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while message(addr)["turn"] != turn {
        assert!(Instant::now() < deadline, "the computer did not play");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_computers_reply_goes_with_the_persons_action() {
    let server = seated(vec![None, Some(Box::new(FirstCell))]);
    let addr = server.addr();
    let x = server.seat_links()[0].token.clone();
    play(addr, "b2", Some(&x));
    wait_for_turn(addr, 2);
    play(addr, "c3", Some(&x));
    wait_for_turn(addr, 4);
    let reply = post(addr, UNDO, Some(&x));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answer = reply.json();
    assert_eq!(answer["events"][0]["text"], "Took back 2 actions: b1, c3.");
    assert_eq!(answer["turn"], 2);
    assert_eq!(marks(&answer["view"]), "O...X....");
    // The computer waits: it is X's turn again.
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(message(addr)["turn"], 2);
}

/// What the grid page shows.
const READ_PAGE: &str = r#"(() => ({
  marks: [...document.querySelectorAll('#board .cell')]
    .map((c) => c.querySelector('.cell-glyph')?.textContent ?? '.').join(''),
  undo: !document.getElementById('undo').hidden,
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
}))()"#;

#[test]
fn the_undo_button_and_ctrl_z_take_back_in_chromium() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(TicTacToe::new(), ServeOptions::default());
    browser.open(server.url());
    assert_eq!(browser.eval(READ_PAGE)["undo"], false);
    for (number, [column, row]) in [[1, 1], [2, 2]].into_iter().enumerate() {
        browser.click(&format!(
            ".cell.target[data-x=\"{column}\"][data-y=\"{row}\"]"
        ));
        browser.wait_for_version(number + 1);
    }
    let page = browser.eval(READ_PAGE);
    assert_eq!(
        (page["marks"].as_str(), page["undo"].as_bool()),
        (Some("X...O...."), Some(true))
    );
    browser.click("#undo");
    browser.wait_for_version(3);
    let page = browser.eval(READ_PAGE);
    assert_eq!(page["marks"], "X........");
    assert_eq!(page["log"][2], "Took back 1 action: b2.");
    for kind in ["keyDown", "keyUp"] {
        let key = json!({ "type": kind, "key": "z", "code": "KeyZ", "windowsVirtualKeyCode": 90, "modifiers": 2 });
        browser.call("Input.dispatchKeyEvent", key);
    }
    browser.wait_for_version(4);
    let page = browser.eval(READ_PAGE);
    assert_eq!(
        (page["marks"].as_str(), page["undo"].as_bool()),
        (Some("........."), Some(false))
    );
    browser.assert_no_errors();
}

/// A loaded game's history (`ServeOptions::history`): the server plays it,
/// undo reaches back into it, and a history the game refuses is an error.
#[test]
fn undo_reaches_into_a_loaded_games_history() {
    let start = TicTacToe::new();
    let history: Vec<_> = ["a1", "b2", "c3"]
        .iter()
        .map(|a| start.parse_action(a).unwrap())
        .collect();
    let options = ServeOptions {
        history: history.clone(),
        ..ServeOptions::default()
    };
    let server = serve(start.clone(), options);
    let addr = server.addr();
    let shown = message(addr);
    assert_eq!(marks(&shown["view"]), "X...O...X", "{shown}");
    assert_eq!(shown["can_undo"], true);
    for taken in ["c3", "b2", "a1"] {
        let reply = post(addr, UNDO, None);
        assert_eq!(reply.status, 200, "{}", reply.body);
        let text = format!("Took back 1 action: {taken}.");
        assert_eq!(
            reply.json()["events"],
            json!([{ "kind": "undo", "text": text }])
        );
    }
    assert_eq!(post(addr, UNDO, None).status, 422);
    assert_eq!(server.game(), start);

    let refused = ServeOptions {
        history: [history[0]; 2].to_vec(),
        ..ServeOptions::default()
    };
    let error = relic::gui::start(TicTacToe::new(), refused).err().unwrap();
    assert_eq!(
        error.to_string(),
        "the history's action 2 is not legal there"
    );
}
