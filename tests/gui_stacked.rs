//! Stacked Tic-Tac-Toe in the browser through the generic grid renderer:
//! the view (stacks and their heights, the player's external stacks and
//! obstacles as tools with their keys, grey pieces, sink holes), and a
//! whole game to a win in Chromium, every obstacle used, played by clicks
//! and by the specification's keys (`A`/`B`/`C`, `t`/`b`/`r`/`p`, the
//! focus box moved with `w`/`a`/`s`/`d` and `Enter`, digits for choices);
//! `q` quits at once, a single keystroke, in a draw (`Quit, draw!` on the
//! page and the console); an invalid click prints `Invalid move` on the
//! console and passes the turn.

use crate::gui_support;

use relic::contract::{Evaluate, Game, Outcome, Status};
use relic::gui::ServeOptions;
use relic::vocab::{VocabGame, builtin_vocab};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::grid::play_in_page;
use gui_support::{message, post, serve};

fn start() -> VocabGame {
    VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap())
}

/// The opening by tools: each obstacle once, pieces from each stack, a
/// move; each turn plays the tool's first legal action.
const OPENING: [&str; 12] = [
    "stack 1",
    "stack 1",
    "stack 2",
    "transporter",
    "shifter",
    "stack 2",
    "paintbrush",
    "bomb",
    "stack 3",
    "stack 3",
    "move",
    "stack 2",
];

/// The first legal action of `tool` in `game`, written.
fn first_of(game: &VocabGame, tool: &str) -> String {
    let view = relic::contract::BrowserView::view(game, game.status().to_move());
    let play = (view["plays"].as_array().unwrap().iter())
        .find(|p| p["tool"] == tool)
        .unwrap_or_else(|| panic!("no play with {tool}"));
    play["action"].as_str().unwrap().to_owned()
}

/// Plays the first `turns` of the opening.
fn opening(turns: usize) -> VocabGame {
    let mut game = start();
    for tool in OPENING.iter().take(turns) {
        let action = game.parse_action(&first_of(&game, tool)).unwrap();
        game.apply(&action).unwrap();
    }
    game
}

/// The best action for the player to move by the vocabulary's evaluation
/// (the first of equals): against Green's first legal action each turn,
/// Blue wins within a few turns.
fn greedy(game: &VocabGame) -> String {
    let seat = game.status().to_move().unwrap();
    let mut best = (f64::MIN, String::new());
    for action in game.legal_actions() {
        let mut next = game.clone();
        next.apply(&action).unwrap();
        let score = match next.status().outcome() {
            Some(outcome) => 2.0 * outcome.reward(seat),
            None => next.evaluate(seat),
        };
        if score > best.0 {
            best = (score, game.write_action(&action));
        }
    }
    best.1
}

#[test]
fn the_view_shows_stacks_tools_grey_pieces_and_sinks() {
    let grey = relic::contract::BrowserView::view(&opening(7), Some(1));
    let colours: Vec<&Value> = (grey["cells"].as_array().unwrap().iter())
        .map(|c| &c["layers"][0]["colour"])
        .collect();
    assert!(colours.contains(&&Value::from("#868e96")), "{colours:?}");
    let game = opening(8);
    let view = relic::contract::BrowserView::view(&game, Some(0));
    let tools: Vec<(&str, &str)> = (view["tools"].as_array().unwrap().iter())
        .map(|t| {
            (
                t["key"].as_str().unwrap_or(""),
                t["label"].as_str().unwrap(),
            )
        })
        .collect();
    insta::assert_debug_snapshot!("stacked-tools-after-eight-turns", tools);
    let cells = view["cells"].as_array().unwrap();
    let sinks: Vec<&str> = (cells.iter())
        .filter(|c| c["fill"].is_string())
        .map(|c| c["square"].as_str().unwrap())
        .collect();
    assert!(!sinks.is_empty(), "the bomb left sink holes: {cells:?}");
    let sink = cells.iter().find(|c| c["square"] == sinks[0]).unwrap();
    assert!(sink["title"].as_str().unwrap().ends_with("(sink hole)"));
    assert_eq!(view["default_tool"], "move");
}

#[test]
fn a_whole_game_is_won_in_chromium_by_clicks_and_keys() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(start(), ServeOptions::default());
    let addr = server.addr();
    browser.open(server.url());
    browser.wait_for("document.querySelectorAll('#grid-tools button').length === 8");
    let mut engine = start();
    let mut focus = (1, 1);
    let mut number = 0;
    while engine.status().to_move().is_some() {
        let action = match OPENING.get(number) {
            Some(tool) => first_of(&engine, tool),
            None if number % 2 == 0 => greedy(&engine),
            None => engine.write_action(&engine.legal_actions()[0]),
        };
        let view = message(addr)["view"].clone();
        play_in_page(&mut browser, &view, &action, number % 2 == 1, &mut focus);
        number += 1;
        browser.wait_for_version(number);
        let parsed = engine.parse_action(&action).unwrap();
        engine.apply(&parsed).unwrap();
        assert_eq!(server.game(), engine, "after {action}");
        assert!(number < 60, "the game did not end");
    }
    let status = browser.eval("document.getElementById('status').textContent");
    let winner = engine.status().outcome().and_then(|o| o.winner());
    let name = engine.seat_name(winner.expect("a win, not a draw"));
    assert_eq!(status, format!("{name} wins!"));
    assert_eq!(
        browser.eval("document.querySelectorAll('#board .cell.target').length"),
        0
    );
    // Refused actions change nothing (the server checks, not the page).
    assert_eq!(post(addr, r#"{"action":"1@a1"}"#, None).status, 422);
    browser.assert_no_errors();
}

#[test]
fn q_quits_at_once_in_a_draw_in_chromium() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(start(), ServeOptions::default());
    browser.open(server.url());
    browser.wait_for("document.querySelectorAll('#grid-tools button').length === 8");
    // A single keystroke, as the specification says: no dialog.
    browser.press("q");
    browser.wait_for_version(1);
    assert_eq!(
        browser.eval("document.getElementById('confirm-quit').open"),
        false
    );
    let mut quit = start();
    quit.apply(&quit.parse_action("quit").unwrap()).unwrap();
    assert_eq!(quit.status(), Status::Over(Outcome::Draw));
    assert_eq!(server.game(), quit);
    let status = browser.eval("document.getElementById('status').textContent");
    assert_eq!(status, "Quit, draw!");
    browser.assert_no_errors();
}

/// An illegal action a person attempts is not ignored: the page sends it,
/// the server answers with the lost turn (the console printing `Invalid
/// move`, as text mode does), and the other player moves; an empty stack
/// chosen costs the turn at once. `q` ends the process with `Quit, draw!`
/// on the page and the console.
#[test]
fn an_invalid_click_prints_invalid_move_and_passes_the_turn_and_q_quits() {
    use std::io::Read;
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let (mut child, mut stdout, first) = relic_play_gui();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap();
    browser.open(url);
    browser.wait_for("document.querySelectorAll('#grid-tools button').length === 8");
    let turn = "document.getElementById('turn-name').textContent";
    // Blue places its largest piece on (2,2).
    browser.click("#grid-tools button[data-tool=\"stack 1\"]");
    browser.click("#board .cell[data-square=\"b2\"]");
    browser.wait_for_version(1);
    assert_eq!(browser.eval(turn), "Green");
    // Green tries to cover it with a piece of the same size: invalid.
    browser.click("#grid-tools button[data-tool=\"stack 1\"]");
    browser.click("#board .cell[data-square=\"b2\"]");
    browser.wait_for_version(2);
    assert_eq!(browser.eval(turn), "Blue");
    let said = browser.eval("document.getElementById('message').textContent");
    assert!(said.as_str().unwrap().ends_with("Invalid move"), "{said}");
    let log = browser.eval("[...document.querySelectorAll('#log li')].map((li) => li.textContent)");
    assert_eq!(log[log.as_array().unwrap().len() - 1], "Invalid move");
    // Blue moves from an empty square: the focus box's two squares, then
    // the lost turn.
    browser.click("#board .cell[data-square=\"c3\"]");
    browser.click("#board .cell[data-square=\"d4\"]");
    browser.wait_for_version(3);
    assert_eq!(browser.eval(turn), "Green");
    browser.press("q");
    browser.wait_for("document.getElementById('status').textContent === 'Quit, draw!'");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let status = child.0.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(rest, "Invalid move\nInvalid move\nQuit, draw!\n");
    browser.assert_no_errors();
}

#[test]
fn relic_play_gui_serves_the_game_instead_of_reading_an_instruction_file() {
    let (_child, _, first) = relic_play_gui();
    assert!(
        first.starts_with("Stacked Tic-Tac-Toe is served at http://127.0.0.1:"),
        "{first}"
    );
}

/// A process ended when the test ends, even by a panic.
struct Running(std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `relic play --ruleset stacked-tic-tac-toe gui --no-open` started: the
/// process, its stdout after the first line, and that line.
fn relic_play_gui() -> (
    Running,
    std::io::BufReader<std::process::ChildStdout>,
    String,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_relic"))
        .args([
            "play",
            "--ruleset",
            "stacked-tic-tac-toe",
            "gui",
            "--no-open",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    (Running(child), stdout, first)
}
