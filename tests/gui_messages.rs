//! The browser speaks a Moving Maze ruleset's `[messages]`: refusals, input
//! that is no action, the status line, the event log and the scoreboard's
//! heading come from the ruleset (here the built-in Dutch variant), through
//! the HTTP API and as the page draws them in Chromium.

use crate::gui_support;

use std::net::SocketAddr;
use std::sync::Arc;

use relic::board::read_board_file;
use relic::engine::Game;
use relic::gui::ServeOptions;
use relic::rules::{Rules, builtin_ruleset};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::*;

/// The Dutch variant on the 3x3 board of `tests/fixtures/text/dutch.gbf`
/// (one relic each; Groen's is just south of its corner).
fn dutch_game() -> Game {
    let ruleset = builtin_ruleset("dutch")
        .expect("dutch is built in")
        .expect("the Dutch ruleset is valid");
    let rules = Arc::new(Rules::new(ruleset));
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/text/dutch.gbf");
    let board = read_board_file(&path, &rules.limits()).expect("the fixture board is valid");
    Game::new(rules, &board).expect("the board fits the rules")
}

/// Plays `action`, which the game refuses, and returns the refusal's words.
fn refused(addr: SocketAddr, action: &str) -> String {
    let reply = post(addr, &action_json(action), None);
    assert!(
        reply.status == 400 || reply.status == 422,
        "{action}: {}",
        reply.body
    );
    reply.error()
}

/// Plays `action`, which the game accepts, and returns the texts of its
/// events.
fn played(addr: SocketAddr, action: &str) -> Vec<String> {
    let reply = post(addr, &action_json(action), None);
    assert_eq!(reply.status, 200, "{action}: {}", reply.body);
    let events = reply.json()["events"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    events
        .iter()
        .map(|e| e["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_translated_ruleset_words_what_the_api_sends() {
    let server = serve(dutch_game(), ServeOptions::default());
    let addr = server.addr();
    let view = state(addr);
    assert_eq!(view["status"], "[Groen] Draai en schuif de losse tegel:");
    assert_eq!(view["score_title"], "Verzamelde relikwieën /1:");
    assert_eq!(
        refused(addr, "n1"),
        "Inschuiven op oneven posities kan niet."
    );
    assert_eq!(refused(addr, "xyz"), "Ongeldige invoer.");
    // In the notation, but not read in the slide phase: the engine's reason.
    assert_eq!(refused(addr, "s"), "Schuif eerst de losse tegel in.");
    assert_eq!(played(addr, "r"), ["Draai naar rechts."]);
    assert_eq!(played(addr, "n2"), ["Inschuiven bij n2."]);
    assert_eq!(state(addr)["status"], "[Groen] Verplaats je avonturier:");
    assert_eq!(refused(addr, "w"), "Kan niet naar het westen: geen pad.");
    // A pathfinding target is shown as typed, without leading zeros.
    assert_eq!(refused(addr, "09,1"), "Kan niet naar 9,1: geen pad.");
    assert_eq!(
        played(addr, "s"),
        [
            "Naar het zuiden.",
            "Groen heeft een relikwie verzameld.",
            "Groen heeft al zijn relikwieën.",
            "Einde van de beurt van Groen.",
        ]
    );
    // Geel's slide pushes Groen off the west end of row 2.
    assert_eq!(
        played(addr, "e2"),
        [
            "Inschuiven bij e2.",
            "Groen is van het doolhof geduwd naar 3,2."
        ]
    );
    assert_eq!(played(addr, "quit"), ["Het spel is gestopt."]);
    assert_eq!(state(addr)["status"], "Het spel is gestopt.");
}

#[test]
fn the_standard_ruleset_words_the_specifications_texts() {
    let server = serve(classic_game(), ServeOptions::default());
    let addr = server.addr();
    let view = state(addr);
    assert_eq!(
        view["status"],
        "[Green] Rotate and slide the floating tile:"
    );
    assert_eq!(view["score_title"], "Relics collected /6:");
    assert_eq!(refused(addr, "e"), "Slide the floating tile first.");
    assert_eq!(refused(addr, "jump"), "Invalid input.");
    assert_eq!(played(addr, "l"), ["Rotating left."]);
    assert_eq!(played(addr, "n2"), ["Inserting at n2."]);
    assert_eq!(played(addr, "done"), ["End of Green's turn."]);
    assert_eq!(played(addr, "quit"), ["Game has been quit."]);
}

/// What the page shows of the ruleset's words.
const READ_WORDS: &str = r#"(() => ({
  status: document.getElementById('status').textContent,
  message: document.getElementById('message').textContent,
  heading: document.getElementById('seats-title').textContent,
  banner: document.querySelector('.banner text')?.textContent ?? null,
  log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
}))()"#;

#[test]
fn the_page_shows_a_translated_rulesets_words() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(dutch_game(), ServeOptions::default());
    browser.open(server.url());
    let page = browser.eval(READ_WORDS);
    assert_eq!(page["status"], "[Groen] Draai en schuif de losse tegel:");
    assert_eq!(page["heading"], "Verzamelde relikwieën /1:");
    browser.click(".marker.legal[data-slide=\"n2\"]");
    browser.wait_for("document.body.dataset.phase === 'move'");
    browser.press("ArrowLeft");
    browser.wait_for("document.getElementById('message').textContent !== ''");
    assert_eq!(
        browser.eval(READ_WORDS)["message"],
        "Kan niet naar het westen: geen pad."
    );
    browser.press("ArrowDown");
    browser.wait_for_version(2);
    browser.click(".marker.legal[data-slide=\"e2\"]");
    browser.wait_for_version(3);
    browser.click("#quit");
    browser.wait_for("document.getElementById('confirm-quit').open");
    browser.click("#quit-yes");
    browser.wait_for("document.body.dataset.phase === 'over'");
    let page = browser.eval(READ_WORDS);
    assert_eq!(page["status"], "Het spel is gestopt.");
    assert_eq!(page["banner"], "Het spel is gestopt.");
    assert_eq!(page["heading"], "Verzamelde relikwieën /1:");
    let expected: Value = serde_json::json!([
        "Inschuiven bij n2.",
        "Naar het zuiden.",
        "Groen heeft een relikwie verzameld.",
        "Groen heeft al zijn relikwieën.",
        "Einde van de beurt van Groen.",
        "Inschuiven bij e2.",
        "Groen is van het doolhof geduwd naar 3,2.",
        "Het spel is gestopt.",
    ]);
    assert_eq!(page["log"], expected);
    browser.assert_no_errors();
}
