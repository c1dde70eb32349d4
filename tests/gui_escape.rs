//! Escape in the browser through the generic grid renderer, in Chromium:
//! a square and a hex configuration drawn as squares and hexagons, a
//! piece chosen by a click highlighting exactly the squares it can reach,
//! and moves played by clicks agreeing with the engine.

use crate::gui_support;

use std::collections::BTreeSet;

use relic::contract::{BrowserView, Game};
use relic::escape::{Action, EscapeGame, GameManager};
use relic::gui::ServeOptions;
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::{message, serve};

fn game(path: &str) -> EscapeGame {
    let path = format!(
        "{}/tests/fixtures/escape/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    GameManager::from_egc_file(path).unwrap().game().clone()
}

/// The grid position (`data-x`, `data-y`) of the square named `square`.
fn cell_of(view: &Value, square: &str) -> (i64, i64) {
    let cell = (view["cells"].as_array().unwrap().iter())
        .find(|c| c["square"] == square)
        .unwrap_or_else(|| panic!("no cell {square}"));
    (cell["x"].as_i64().unwrap(), cell["y"].as_i64().unwrap())
}

fn selector((x, y): (i64, i64), class: &str) -> String {
    format!(".cell{class}[data-x=\"{x}\"][data-y=\"{y}\"]")
}

/// The grid positions the page highlights as reachable.
fn highlighted(browser: &mut Browser) -> BTreeSet<(i64, i64)> {
    let list = browser.eval(
        "JSON.stringify([...document.querySelectorAll('#board .cell.reachable')].map((c) => [+c.dataset.x, +c.dataset.y]))",
    );
    let pairs: Vec<(i64, i64)> = serde_json::from_str(list.as_str().unwrap()).unwrap();
    pairs.into_iter().collect()
}

/// Plays `moves` legal moves by clicks (each the `k`-th legal move, `k`
/// cycling), checking the highlights after each piece is chosen, and the
/// server's game against the engine after each move.
fn play_by_clicks(start: EscapeGame, cell_shape: &str, moves: usize) {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(start.clone(), ServeOptions::default());
    let addr = server.addr();
    browser.open(server.url());
    let cells = start.view(None)["cells"].as_array().unwrap().len();
    browser.wait_for(&format!(
        "document.querySelectorAll('#board {cell_shape}.cell-base').length === {cells}"
    ));
    let mut engine = start;
    for number in 0..moves {
        let legal = engine.legal_actions();
        let Action::Move { from, to } = legal[(number * 7) % legal.len()] else {
            unreachable!("legal actions are moves");
        };
        let view = message(addr)["view"].clone();
        let square = |c: (i32, i32)| format!("{},{}", c.0, c.1);
        browser.click(&selector(cell_of(&view, &square(from)), ".target"));
        let expected: BTreeSet<(i64, i64)> = (legal.iter())
            .filter_map(|a| match *a {
                Action::Move { from: f, to } if f == from => Some(cell_of(&view, &square(to))),
                _ => None,
            })
            .collect();
        assert_eq!(highlighted(&mut browser), expected, "the moves of {from:?}");
        browser.click(&selector(cell_of(&view, &square(to)), ".reachable"));
        browser.wait_for_version(number + 1);
        engine.apply(&Action::Move { from, to }).unwrap();
        assert_eq!(server.game(), engine, "after {from:?} to {to:?}");
        if engine.status().is_over() {
            break;
        }
    }
    assert!(highlighted(&mut browser).is_empty());
    browser.assert_no_errors();
}

#[test]
fn a_square_board_is_played_by_clicks_with_reachable_squares_highlighted() {
    play_by_clicks(game("play/race.egc"), "rect", 6);
}

#[test]
fn a_hex_board_is_drawn_as_hexagons_and_played_by_clicks() {
    play_by_clicks(game("valid/hex-infinite.egc"), "polygon", 6);
}

#[test]
fn the_view_names_squares_and_gives_every_legal_move_as_a_play() {
    let hex = game("valid/hex-infinite.egc");
    let view = hex.view(Some(0));
    assert_eq!(view["layout"], "hex");
    let plays = view["plays"].as_array().unwrap();
    assert_eq!(plays.len(), hex.legal_actions().len());
    for play in plays {
        let action = hex.parse_action(play["action"].as_str().unwrap()).unwrap();
        let steps = play["steps"].as_array().unwrap();
        let written = format!(
            "{} {}",
            steps[0].as_str().unwrap(),
            steps[1].as_str().unwrap()
        );
        assert_eq!(hex.write_action(&action), written);
        for step in steps {
            cell_of(&view, step.as_str().unwrap());
        }
    }
    assert_eq!(game("play/race.egc").view(None)["layout"], "square");
}

/// The far-apart configuration (two pieces 10,000 squares apart on a
/// board of 1,000,000) under a ruleset with its own colours.
fn far_in_colours() -> EscapeGame {
    use relic::games::escape::Escape;
    use relic::games::escape::ruleset::parse_escape;
    use relic::games::{Registered, Setup};
    let text = "game = \"escape\"\nextends = \"escape\"\n[[players]]\ncolour = \"forestgreen\"\n[[players]]\ncolour = \"#7048e8\"\n";
    let rules = parse_escape(text, "colours.toml", None).unwrap();
    let far = format!(
        "{}/tests/fixtures/escape/large/far-pieces.egc",
        env!("CARGO_MANIFEST_DIR")
    );
    Escape::start(&rules, &Setup::File(far.into())).unwrap()
}

#[test]
fn the_view_has_the_rulesets_colours_and_the_edges_coordinates() {
    let view = far_in_colours().view(None);
    assert_eq!(
        view["seat_colours"],
        serde_json::json!(["forestgreen", "#7048e8"])
    );
    let cells = view["cells"].as_array().unwrap();
    let piece = (cells.iter())
        .find_map(|c| c["layers"].as_array().and_then(|l| l.first()))
        .unwrap();
    assert_eq!(piece["colour"], "forestgreen");
    // Columns are y along the bottom, rows x from the top: the window's.
    let (columns, rows) = (
        view["columns"].as_array().unwrap(),
        view["rows"].as_array().unwrap(),
    );
    assert_eq!((columns.len(), rows.len()), (41, 41));
    assert_eq!(
        (columns[0].as_str(), columns[40].as_str()),
        (Some("1"), Some("41"))
    );
    assert_eq!(
        (rows[0].as_str(), rows[40].as_str()),
        (Some("54"), Some("14"))
    );
}

#[test]
fn a_board_too_large_to_draw_is_a_window_the_page_says_it_is() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(far_in_colours(), ServeOptions::default());
    browser.open(server.url());
    browser.wait_for("document.getElementById('board-note').textContent !== ''");
    let note = browser.eval("document.getElementById('board-note').textContent");
    let note = note.as_str().unwrap();
    assert!(
        note.starts_with(
            "The board is too large to draw whole: shown are rows 14 to 54 and columns 1 to 41"
        ),
        "{note}"
    );
    assert!(
        note.contains("outside them: PLAYER2 FROG at (50, 10000)"),
        "{note}"
    );
    let labels = browser.eval("document.querySelectorAll('#board .edge-label').length");
    assert_eq!(labels, 82, "41 columns and 41 rows labelled");
    let mut dot = |seat: usize| {
        let script = format!(
            "document.querySelector('#scores tr[data-seat=\"{seat}\"] circle').getAttribute('fill')"
        );
        browser.eval(&script)
    };
    assert_eq!((dot(0), dot(1)), ("forestgreen".into(), "#7048e8".into()));
    browser.assert_no_errors();
}
