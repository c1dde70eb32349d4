//! The browser playground (`relic serve --playground`, the committed
//! `playground/dist/`) in real Chromium, as an author uses it: break the
//! ruleset and see the diagnostic under the cursor, fix it, play a whole
//! game of tic-tac-toe and a few turns of Stacked Tic-Tac-Toe and Moving
//! Maze by clicks, share a link and open it in a new page; and the speed
//! of the engine as WebAssembly on random Connect Four games.

use crate::gui_support;

use relic::gui::{RunningPlayground, start_playground};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::grid::play_in_page;

/// The playground served on a free port, and a browser on its page.
fn open() -> Option<(RunningPlayground, Browser)> {
    let server = start_playground("127.0.0.1", 0).expect("the playground is served");
    let mut browser = Browser::launch()?;
    browser.call("Page.navigate", serde_json::json!({ "url": server.url() }));
    browser.wait_for("document.body && document.body.dataset.ready === 'yes'");
    browser.wait_for("Number(document.body.dataset.version) >= 0");
    Some((server, browser))
}

fn version(browser: &mut Browser) -> i64 {
    let shown = browser.eval("document.body.dataset.version");
    shown.as_str().and_then(|v| v.parse().ok()).unwrap()
}

/// Clicks the play `action` of the grid view shown now, and waits for the
/// page to show the position after it.
fn play(browser: &mut Browser, action: &str) {
    let view = browser.eval("current.view");
    let before = version(browser);
    play_in_page(browser, &view, action, false, &mut (1, 1));
    browser.wait_for_version(before + 1);
}

/// The first play the grid view shown now offers.
fn first_play(browser: &mut Browser) -> String {
    let view: Value = browser.eval("current.view");
    let first = view["plays"][0]["action"].as_str();
    first
        .unwrap_or_else(|| panic!("no play in {view}"))
        .to_owned()
}

/// Loads the built-in ruleset `name` from the page's menu.
fn start_from(browser: &mut Browser, name: &str) {
    let names = browser.eval("[...document.querySelectorAll('#builtin option')].map(o => o.value)");
    assert!(
        names.as_array().unwrap().iter().any(|n| n == name),
        "{name} not in {names}"
    );
    browser.eval(&format!(
        "(() => {{ const s = document.querySelector('#builtin'); s.value = '{name}'; \
         s.dispatchEvent(new Event('change')); }})()"
    ));
    browser.wait_for("document.body.dataset.problems === '0'");
    browser.wait_for("Number(document.body.dataset.version) === 0");
}

/// Types `text` where the cursor is in the focused editor.
fn type_text(browser: &mut Browser, text: &str) {
    browser.call("Input.insertText", serde_json::json!({ "text": text }));
}

#[test]
fn an_author_breaks_fixes_plays_and_shares_a_ruleset() {
    let Some((_server, mut browser)) = open() else {
        return;
    };
    assert_eq!(browser.eval("current.view.renderer"), "grid");
    // A mistake typed at the top of the ruleset is found as it is typed.
    browser.click("#ruleset-editor .cm-line");
    browser.press("Home");
    let before = browser.eval("editors.ruleset.state.doc.toString()");
    type_text(&mut browser, "widht = 3\n");
    browser.wait_for("document.body.dataset.problems === '1'");
    let listed = browser.eval("document.querySelector('#problems li').textContent");
    let listed = listed.as_str().unwrap();
    assert!(listed.contains("ruleset 1:1"), "{listed}");
    assert!(listed.contains("unknown"), "{listed}");
    // The cursor on the mistake shows it in words under the editors.
    browser.press("ArrowUp");
    browser.wait_for("document.querySelector('#at-cursor').textContent.includes('widht')");
    let marked =
        browser.eval("document.querySelectorAll('#ruleset-editor .cm-lintRange-error').length");
    assert_eq!(marked, 1);
    // The fix takes the problem away, and the game is playable again.
    for _ in 0.."widht = 3\n".len() {
        browser.press("Delete");
    }
    browser.wait_for("document.body.dataset.problems === '0'");
    assert_eq!(browser.eval("editors.ruleset.state.doc.toString()"), before);
    // A whole game of tic-tac-toe by clicks, each the first play offered.
    let mut moves = 0;
    while browser.eval("current.status.over") == false {
        let first = first_play(&mut browser);
        play(&mut browser, &first);
        moves += 1;
        assert!(moves <= 9, "tic-tac-toe went on past nine moves");
    }
    assert!(moves >= 5, "over after {moves} moves");
    let outcome = browser.eval("current.status.outcome");
    assert!(outcome == "won" || outcome == "draw", "{outcome}");
    let status = browser.eval("document.querySelector('#status').textContent");
    if outcome == "won" {
        let winner = browser.eval("current.seats[current.status.seat].name");
        assert!(
            status.as_str().unwrap().contains(winner.as_str().unwrap()),
            "{status}"
        );
    }
    // The rules in words are beside the board.
    let rules = browser.eval("document.querySelector('#rules-text').textContent");
    assert!(rules.as_str().unwrap().starts_with("# "), "{rules}");
    browser.assert_no_errors();
}

#[test]
fn stacked_tic_tac_toe_and_moving_maze_are_played_by_clicks() {
    let Some((_server, mut browser)) = open() else {
        return;
    };
    start_from(&mut browser, "stacked-tic-tac-toe");
    for _ in 0..4 {
        let first = first_play(&mut browser);
        play(&mut browser, &first);
    }
    assert_eq!(version(&mut browser), 4);
    start_from(&mut browser, "moving-maze");
    assert_eq!(browser.eval("current.view.renderer"), "moving-maze");
    for _ in 0..3 {
        let (before, mover) = (
            version(&mut browser),
            browser.eval("current.status.to_move"),
        );
        browser.click(".marker.legal");
        browser.wait_for_version(before + 1);
        browser.click("#done");
        browser.wait_for_version(before + 2);
        assert_ne!(browser.eval("current.status.to_move"), mover);
    }
    browser.assert_no_errors();
}

#[test]
fn a_shared_link_carries_the_ruleset_to_a_new_page() {
    let Some((server, mut browser)) = open() else {
        return;
    };
    browser.click("#ruleset-editor .cm-line");
    browser.press("End");
    type_text(&mut browser, "  # mine");
    browser.wait_for("editors.ruleset.state.doc.toString().includes('# mine')");
    let edited = browser.eval("editors.ruleset.state.doc.toString()");
    browser.click("#share");
    browser.wait_for("!document.querySelector('#share-link').hidden");
    let link = browser.eval("document.querySelector('#share-link').value");
    let link = link.as_str().unwrap().to_owned();
    assert!(
        link.starts_with(server.url()) && link.contains("#r="),
        "{link}"
    );
    // A new page (another tab's history) opens the link.
    browser.call("Page.navigate", serde_json::json!({ "url": "about:blank" }));
    browser.call("Page.navigate", serde_json::json!({ "url": link }));
    browser.wait_for("document.body && document.body.dataset.ready === 'yes'");
    assert_eq!(browser.eval("editors.ruleset.state.doc.toString()"), edited);
    assert_eq!(browser.eval("document.body.dataset.problems"), "0");
    browser.assert_no_errors();
}

/// WebAssembly's speed on random Connect Four games, printed for the
/// comparison with native (`cargo run --release --example speed` in
/// playground/); the floor here only catches a broken build (a debug
/// build is about a tenth of this).
#[test]
fn random_connect_four_games_in_webassembly() {
    let Some((_server, mut browser)) = open() else {
        return;
    };
    let games = 20_000;
    let measured = browser.eval(&format!(
        "(async () => {{ const r = 'extends = \"connect-four\"\\n'; \
         engine.random_games(r, '', {}, 1n); \
         const t = performance.now(); const actions = engine.random_games(r, '', {games}, 7n); \
         return [actions, (performance.now() - t) / 1000]; }})()",
        games / 10
    ));
    let (actions, seconds) = (measured[0].as_f64().unwrap(), measured[1].as_f64().unwrap());
    let rate = f64::from(games) / seconds;
    eprintln!(
        "webassembly: {games} random Connect Four games, {actions} actions in {seconds:.3} s: {rate:.0} games/s"
    );
    assert!(actions > f64::from(games) * 7.0, "{actions} actions");
    assert!(rate > 2_000.0, "{rate:.0} games/s");
}
