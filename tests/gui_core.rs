//! Core games on the generic board page in Chromium: chess drawn with its
//! ruleset's figures (`[kinds] draw`) in the seats' colours, played by
//! clicking a piece and its target, from the start and from a FEN setup.
//! Each state is a screenshot in the test output directory
//! (`target/tmp/gui-screenshots/`) and a snapshot of what was drawn.

use crate::gui_support;

use relic::contract::{BrowserView, Game};
use relic::gui::{RunningServer, ServeOptions};
use relic::lang::{CoreGame, builtin_core, fen};

use gui_support::browser::Browser;
use gui_support::serve;
use gui_support::shots::{save_shot, signature};

/// Serves `game` and opens it in Chromium, if Chromium is installed.
fn open<G: BrowserView>(game: G) -> Option<(Browser, RunningServer<G>)> {
    let mut browser = Browser::launch()?;
    let server = serve(game, ServeOptions::default());
    browser.open(server.url());
    Some((browser, server))
}

fn cell(square: &str) -> String {
    format!("#board .cell[data-square=\"{square}\"]")
}

/// How many pieces of `shape` the board draws.
fn drawn(browser: &mut Browser, shape: &str) -> i64 {
    let script =
        format!("document.querySelectorAll('#board .piece[data-shape=\"{shape}\"]').length");
    browser.eval(&script).as_i64().unwrap()
}

/// The fill of the piece drawn on `square`.
fn fill(browser: &mut Browser, square: &str) -> String {
    let script = format!(
        "document.querySelector('{} .piece [fill]').getAttribute('fill')",
        cell(square)
    );
    browser.eval(&script).as_str().unwrap().to_owned()
}

#[test]
fn chess_is_drawn_with_figures_and_played_by_clicks() {
    let chess = builtin_core("chess").unwrap().unwrap();
    let Some((mut browser, server)) = open(CoreGame::new(chess.clone())) else {
        return;
    };
    let counts: Vec<i64> = [
        "pawn", "knight", "bishop", "rook", "queen", "king", "letter",
    ]
    .iter()
    .map(|s| drawn(&mut browser, s))
    .collect();
    assert_eq!(counts, [16, 4, 4, 4, 2, 2, 0]);
    // The ruleset's `colours`: white's pieces white, black's black (the
    // page's shades of them), the seats' dots the same.
    assert_eq!(fill(&mut browser, "e2"), "#f8f9fa");
    assert_eq!(fill(&mut browser, "e8"), "#343a40");
    browser.click(&cell("g1"));
    browser.click(&cell("f3"));
    browser.wait_for_version(1);
    let mut engine = CoreGame::new(chess);
    engine.apply(&engine.parse_action("g1f3").unwrap()).unwrap();
    assert_eq!(server.game(), engine);
    assert_eq!(drawn(&mut browser, "knight"), 4);
    insta::assert_snapshot!("chess-after-nf3", signature(&mut browser));
    save_shot(&mut browser, "chess-after-nf3");
    browser.assert_no_errors();
}

#[test]
fn a_fen_setup_is_drawn_and_castles_by_clicks() {
    let chess = builtin_core("chess").unwrap().unwrap();
    let game = fen::start_from_fen(chess, "end.fen", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let Some((mut browser, server)) = open(game) else {
        return;
    };
    assert_eq!(drawn(&mut browser, "rook"), 2);
    browser.click(&cell("e1"));
    browser.click(&cell("g1"));
    browser.wait_for_version(1);
    assert_eq!(
        fen::write_fen(&server.game()),
        "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"
    );
    save_shot(&mut browser, "chess-fen-castled");
    browser.assert_no_errors();
}

/// Hex grids are drawn as hexes, core or vocabulary (rows north up, as the
/// text view draws them); square grids as squares.
#[test]
fn hex_grids_are_drawn_as_hexes() {
    use relic::contract::BrowserView;
    let core = |name: &str| {
        let game = relic::lang::CoreGame::new(relic::lang::builtin_core(name).unwrap().unwrap());
        game.view(Some(0))["layout"].clone()
    };
    assert_eq!(core("hex"), "hex");
    assert_eq!(core("chess"), "square");
    let vocab = |name: &str| {
        let game =
            relic::vocab::VocabGame::new(relic::vocab::builtin_vocab(name).unwrap().unwrap());
        game.view(Some(0))["layout"].clone()
    };
    assert_eq!(vocab("hex-tic-tac-toe"), "hex");
    assert_eq!(vocab("connect-four"), "square");
}

/// How many elements `selector` finds on the page.
fn count(browser: &mut Browser, selector: &str) -> i64 {
    let script = format!("document.querySelectorAll('{selector}').length");
    browser.eval(&script).as_i64().unwrap()
}

/// A board of points (`[browser] board = "points"`): Go's lines and star
/// points, a stone placed by clicking a point; a graph (Nine Men's
/// Morris) drawn as its links, with no square where it has no point.
#[test]
fn boards_of_points_are_drawn_as_lines_and_played_by_clicks() {
    let go = builtin_core("go").unwrap().unwrap();
    let Some((mut browser, server)) = open(CoreGame::new(go.clone())) else {
        return;
    };
    let drawn = (
        count(&mut browser, "#board .board-line"),
        count(&mut browser, "#board .board-dot"),
    );
    assert_eq!(drawn, (144, 5));
    assert_eq!(count(&mut browser, "#board .cell"), 81);
    browser.click(&cell("e5"));
    browser.wait_for_version(1);
    let mut engine = CoreGame::new(go);
    engine.apply(&engine.parse_action("e5").unwrap()).unwrap();
    assert_eq!(server.game(), engine);
    assert_eq!(
        count(&mut browser, "#board .cell[data-square=\"e5\"] .piece"),
        1
    );
    save_shot(&mut browser, "go-points");
    browser.assert_no_errors();
    drop(browser);
    let morris = builtin_core("nine-mens-morris").unwrap().unwrap();
    let Some((mut browser, _server)) = open(CoreGame::new(morris)) else {
        return;
    };
    let drawn = (
        count(&mut browser, "#board .board-line"),
        count(&mut browser, "#board .cell"),
    );
    assert_eq!(drawn, (32, 24));
    save_shot(&mut browser, "nine-mens-morris-points");
    browser.assert_no_errors();
}

/// `[[browser.zones]]`: Tablut's throne tinted in the colour its zone
/// names (goldenrod, faint), the edge in the second zone's blue, each
/// zone's name in its cells' titles.
#[test]
fn zones_are_tinted_in_their_colours() {
    let tablut = builtin_core("tablut").unwrap().unwrap();
    let Some((mut browser, _server)) = open(CoreGame::new(tablut)) else {
        return;
    };
    let tint = |browser: &mut Browser, square: &str, what: &str| {
        let script = format!(
            "getComputedStyle(document.querySelector('{} .zone-tint')).{what}",
            cell(square)
        );
        browser
            .eval(&script)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(tint(&mut browser, "e5", "fill"), "rgb(218, 165, 32)");
    assert_eq!(tint(&mut browser, "e5", "fillOpacity"), "0.2");
    assert_eq!(tint(&mut browser, "a1", "fill"), "rgba(28, 126, 214, 0.2)");
    assert_eq!(count(&mut browser, "#board .zone-tint"), 33);
    let title = format!("document.querySelector('{} title').textContent", cell("e5"));
    assert_eq!(browser.eval(&title), "e5, throne");
    save_shot(&mut browser, "tablut-zones");
    browser.assert_no_errors();
}
