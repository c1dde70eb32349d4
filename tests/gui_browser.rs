//! End-to-end tests in a real headless Chromium: the page is played with
//! mouse clicks and key presses, and what it shows is checked against an
//! engine fed the same moves.

use crate::common;
use crate::gui_support;

use std::path::Path;

use relic::board::Direction;
use relic::engine::{Action, Game, Phase, positions};
use relic::games::moving_maze::text::{Command, parse_command};
use relic::games::moving_maze::view::game_view;
use relic::gui::{RunningServer, ServeOptions};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::*;

/// What the page shows, read from the DOM.
const READ_PAGE: &str = r#"(() => ({
  version: Number(document.body.dataset.version),
  phase: document.getElementById('phase').textContent,
  turn: document.getElementById('turn-name').textContent,
  status: document.getElementById('status').textContent,
  message: document.getElementById('message').textContent,
  scores: [...document.querySelectorAll('#scores tr .score')].map((c) => Number(c.textContent)),
  adventurers: [...document.querySelectorAll('.adventurer')]
    .map((a) => [Number(a.dataset.seat), Number(a.dataset.x), Number(a.dataset.y)]),
  active: [...document.querySelectorAll('.adventurer.active')].map((a) => Number(a.dataset.seat)),
  reachable: document.querySelectorAll('.tile.reachable').length,
  legalMarkers: [...document.querySelectorAll('.marker.legal')].map((m) => m.dataset.slide),
  lastExit: [...document.querySelectorAll('.marker.last-exit')].map((m) => m.dataset.slide),
  banner: document.querySelector('.banner text')?.textContent ?? null,
  buttons: ['rotate-cw', 'rotate-ccw', 'done', 'quit']
    .map((id) => !document.getElementById(id).disabled),
}))()"#;

/// Checks that the page shows `engine`'s game.
fn assert_page_shows(page: &Value, engine: &Game, step: &str) {
    let seats = engine.rules().seats();
    let phase = match engine.phase() {
        Phase::Slide => "Slide",
        Phase::Move => "Move",
        Phase::Over => "Over",
    };
    assert_eq!(page["phase"], phase, "{step}");
    let turn = match engine.phase() {
        Phase::Over => "Game over",
        _ => seats[engine.current_seat()].name.as_str(),
    };
    assert_eq!(page["turn"], turn, "{step}");
    assert_eq!(page["status"], game_view(engine).status, "{step}");
    assert_eq!(page["message"], "", "{step}");
    let scores: Vec<u8> = engine.players().iter().map(|p| p.collected).collect();
    assert_eq!(page["scores"], serde_json::json!(scores), "{step}");
    let mut shown: Vec<Vec<u64>> = serde_json::from_value(page["adventurers"].clone()).unwrap();
    if !engine.is_over() {
        // The active adventurer is drawn last, on top of any others.
        assert_eq!(
            shown.last().unwrap()[0],
            engine.current_seat() as u64,
            "{step}"
        );
        assert_eq!(
            page["active"],
            serde_json::json!([engine.current_seat()]),
            "{step}"
        );
    }
    shown.sort();
    let expected: Vec<Vec<u64>> = engine
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| vec![seat as u64, u64::from(p.pos.x) + 1, u64::from(p.pos.y) + 1])
        .collect();
    assert_eq!(shown, expected, "{step}");
    assert_controls(page, engine, step);
}

fn assert_controls(page: &Value, engine: &Game, step: &str) {
    let legal_slides: Vec<String> = match engine.phase() {
        Phase::Slide => engine.legal_slides().map(|at| at.to_string()).collect(),
        _ => Vec::new(),
    };
    assert_eq!(
        page["legalMarkers"],
        serde_json::json!(legal_slides),
        "{step}"
    );
    let last_exit: Vec<String> = engine
        .forbidden_slide()
        .map(|at| at.to_string())
        .into_iter()
        .collect();
    assert_eq!(page["lastExit"], serde_json::json!(last_exit), "{step}");
    let reachable = match engine.phase() {
        Phase::Move => {
            let here = engine.players()[engine.current_seat()].pos;
            positions(engine.reachable_from(here), engine.maze().width()).count()
        }
        _ => 0,
    };
    assert_eq!(page["reachable"], reachable, "{step}");
    let playing = !engine.is_over();
    let sliding = engine.phase() == Phase::Slide;
    let expected = [sliding, sliding, engine.phase() == Phase::Move, playing];
    assert_eq!(page["buttons"], serde_json::json!(expected), "{step}");
}

/// How the moves are given: mostly with the mouse, or mostly with keys.
#[derive(Clone, Copy, PartialEq)]
enum Style {
    Mouse,
    Keys,
}

/// Gives one text-mode move through the page.
fn give(browser: &mut Browser, token: &str, number: usize, style: Style) {
    let alternate = number.is_multiple_of(2);
    match token {
        "r" if style == Style::Keys || alternate => browser.press("r"),
        "r" => browser.click("#rotate-cw"),
        "l" if alternate => browser.press("l"),
        "l" => browser.click("#rotate-ccw"),
        "done" if style == Style::Keys => browser.click("#done"),
        "done" => browser.press("Enter"),
        step if step.len() == 1 => {
            let direction = Direction::from_letter(step.chars().next().unwrap()).unwrap();
            browser.press(step_key(direction, alternate));
        }
        _ => match token.split_once(',') {
            Some((x, y)) => {
                browser.click(&format!(".tile.reachable[data-x=\"{x}\"][data-y=\"{y}\"]"))
            }
            None => browser.click(&format!(".marker.legal[data-slide=\"{token}\"]")),
        },
    }
}

fn step_key(direction: Direction, arrows: bool) -> &'static str {
    match (direction, arrows) {
        (Direction::North, true) => "ArrowUp",
        (Direction::East, true) => "ArrowRight",
        (Direction::South, true) => "ArrowDown",
        (Direction::West, true) => "ArrowLeft",
        (Direction::North, false) => "w",
        (Direction::East, false) => "d",
        (Direction::South, false) => "s",
        (Direction::West, false) => "a",
    }
}

/// Plays board 21 with `moves` through the page and checks every step.
fn play_board21(moves: &str, output: &str, style: Style) {
    let Some(dir) = common::shared_dir("conformance/moving-maze") else {
        return;
    };
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let board = dir.join("boards/board21.txt");
    let server = serve(game_of(&board), ServeOptions::default());
    let mut engine = game_of(&board);
    browser.open(server.url());
    assert_page_shows(&browser.eval(READ_PAGE), &engine, "start");
    for (number, token) in move_tokens(&dir.join(moves)).iter().enumerate() {
        give(&mut browser, token, number, style);
        browser.wait_for(&format!(
            "Number(document.body.dataset.version) === {}",
            number + 1
        ));
        let Command::Act(action) = parse_command(token, &engine) else {
            panic!("{token} is a move")
        };
        engine.apply(action).expect("the published game is legal");
        let step = format!("move {} ({token})", number + 1);
        assert_page_shows(&browser.eval(READ_PAGE), &engine, &step);
    }
    let winner = winner_in_output(&dir.join(output));
    let page = browser.eval(READ_PAGE);
    assert_eq!(page["banner"], format!("{winner} has won."));
    assert_eq!(page["status"], format!("{winner} has won."));
    assert_eq!(server.game(), engine);
    browser.assert_no_errors();
    assert!(
        browser.network_errors.is_empty(),
        "{:?}",
        browser.network_errors
    );
}

#[test]
fn board21_is_won_by_clicking_markers_and_tiles() {
    play_board21("moves/moves24.txt", "outputs/output24.txt", Style::Mouse);
}

#[test]
fn board21_is_won_with_the_keyboard() {
    play_board21("moves/moves21.txt", "outputs/output21.txt", Style::Keys);
}

#[test]
fn illegal_moves_show_the_engines_reason_and_quitting_asks_first() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(classic_game(), ServeOptions::default());
    browser.open(server.url());
    browser.press("l");
    browser.wait_for_version(1);
    browser.click("#rotate-ccw");
    browser.wait_for_version(2);
    browser.click(".marker.legal[data-slide=\"n2\"]");
    browser.wait_for("document.body.dataset.phase === 'move'");
    let engine = server.game();
    let blocked = Direction::ALL
        .into_iter()
        .find(|&d| !engine.legal_actions().contains(&Action::Step(d)))
        .expect("some side of the start corner is blocked");
    let reason = engine
        .clone()
        .apply(Action::Step(blocked))
        .unwrap_err()
        .to_string();
    browser.press(step_key(blocked, true));
    browser.wait_for("document.getElementById('message').textContent !== ''");
    let page = browser.eval(READ_PAGE);
    assert_eq!(page["message"], reason);
    assert_eq!(page["version"], 3);
    assert_eq!(server.game(), engine);
    // Quitting asks first.
    browser.press("q");
    browser.wait_for("document.getElementById('confirm-quit').open");
    browser.click("#quit-no");
    browser.wait_for("!document.getElementById('confirm-quit').open");
    browser.settle();
    assert_eq!(browser.eval(READ_PAGE)["phase"], "Move");
    browser.click("#quit");
    browser.wait_for("document.getElementById('confirm-quit').open");
    browser.click("#quit-yes");
    browser.wait_for("document.body.dataset.phase === 'over'");
    let page = browser.eval(READ_PAGE);
    assert_eq!(page["status"], "Game has been quit.");
    assert_eq!(page["banner"], "Game has been quit.");
    assert_eq!(
        page["buttons"],
        serde_json::json!([false, false, false, false])
    );
    // A long-lived server offers a new game on the same board.
    browser.click("#new-game");
    browser.wait_for("document.body.dataset.phase === 'slide'");
    assert_page_shows(&browser.eval(READ_PAGE), &classic_game(), "new game");
    assert_eq!(
        browser.eval("document.getElementById('new-game').hidden"),
        true
    );
    browser.assert_no_errors();
    assert_eq!(
        browser.network_errors.len(),
        1,
        "{:?}",
        browser.network_errors
    );
}

fn seated() -> RunningServer<Game> {
    serve(
        classic_game(),
        ServeOptions {
            seats: true,
            ..ServeOptions::default()
        },
    )
}

#[test]
fn with_seats_watchers_only_watch_and_pages_follow_other_browsers() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = seated();
    browser.open(server.url());
    let page = browser.eval(READ_PAGE);
    assert_eq!(
        page["buttons"],
        serde_json::json!([false, false, false, false])
    );
    assert_eq!(page["legalMarkers"], serde_json::json!([]));
    let info = browser.eval("document.getElementById('seat-info').textContent");
    assert_eq!(info, "You are watching.");
    // Yellow's page cannot act on Green's turn.
    browser.open(&server.seat_links()[1].url);
    assert_eq!(
        browser.eval(READ_PAGE)["buttons"],
        serde_json::json!([false, false, false, false])
    );
    assert_eq!(
        browser.eval("document.getElementById('seat-info').textContent"),
        "You play Yellow."
    );
    // Green acts from elsewhere; Yellow's page follows, and then may act.
    let green = server.seat_links()[0].token.clone();
    assert_eq!(
        post(server.addr(), r#"{"action":"n2"}"#, Some(&green)).status,
        200
    );
    assert_eq!(
        post(server.addr(), r#"{"action":"done"}"#, Some(&green)).status,
        200
    );
    browser.wait_for_version(2);
    let page = browser.eval(READ_PAGE);
    assert_eq!(page["turn"], "Yellow");
    assert_eq!(
        page["buttons"],
        serde_json::json!([true, true, false, true])
    );
    browser.press("r");
    browser.wait_for_version(3);
    // Markers work from the keyboard too: focus one and press Space.
    let marker = browser.eval("(() => { const m = document.querySelector('.marker.legal'); m.focus(); return m.dataset.slide; })()");
    browser.press(" ");
    browser.wait_for("document.body.dataset.phase === 'move'");
    assert_eq!(
        server
            .game()
            .forbidden_slide()
            .map(|at| at.reverse().to_string()),
        marker.as_str().map(str::to_string)
    );
    browser.assert_no_errors();
}

#[test]
fn the_page_fits_phones_and_desktops_and_screenshots_are_taken() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(classic_game(), ServeOptions::default());
    browser.open(server.url());
    browser.click(".marker.legal[data-slide=\"w4\"]");
    // The slide is animated: the row's seven tiles and the incoming one move.
    browser.wait_for(
        "[...document.querySelectorAll('g.slider')].filter((g) => g.style.transform).length >= 8",
    );
    browser.wait_for("document.body.dataset.phase === 'move'");
    let update = std::env::var("RELIC_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1");
    for (name, width, height, mobile) in [
        ("gui.png", 1280, 800, false),
        ("gui-phone.png", 360, 780, true),
    ] {
        browser.viewport(width, height, mobile);
        browser.settle();
        let overflow = browser.eval("document.documentElement.scrollWidth");
        assert!(
            overflow.as_u64().unwrap() <= u64::from(width),
            "{name}: {overflow} px wide"
        );
        let board = browser.eval("document.getElementById('board').getBoundingClientRect().width");
        assert!(
            board.as_f64().unwrap() >= f64::from(width) * 0.5,
            "{name}: the board is too small"
        );
        let png = browser.screenshot();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name} is a PNG");
        if update {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("docs")
                .join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, png).unwrap();
        }
    }
    browser.assert_no_errors();
}

#[test]
fn a_person_plays_against_bot_specs_and_the_page_follows_the_bots() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    use relic::games::moving_maze::bots::BotKind;
    let bots = [
        None,
        Some(BotKind::Greedy),
        Some(BotKind::Random),
        Some(BotKind::Greedy),
    ];
    let options = ServeOptions {
        computers: maze_computers(&bots, 4),
        computer_delay: std::time::Duration::from_millis(20),
        ..ServeOptions::default()
    };
    let server = serve(classic_game(), options);
    browser.open(server.url());
    browser.click(".marker.legal[data-slide=\"n2\"]");
    browser.wait_for("document.body.dataset.phase === 'move'");
    browser.press("Enter");
    // Three computer turns of at least a slide and `done` each.
    browser.wait_for(
        "Number(document.body.dataset.version) >= 8 \
         && document.getElementById('turn-name').textContent === 'Green'",
    );
    let engine = server.game();
    assert_eq!((engine.turn(), engine.current_seat()), (4, 0));
    assert_page_shows(&browser.eval(READ_PAGE), &engine, "after the bots' turns");
    browser.assert_no_errors();
}

/// For every slide marker: how far its arrow's tip and its middle are from
/// the middle of the maze, on screen.
const ARROW_DISTANCES: &str = r#"(() => {
  const board = document.getElementById('board');
  const tiles = [...board.querySelectorAll('.tile .tile-base')].map((t) => t.getBoundingClientRect());
  const left = Math.min(...tiles.map((r) => r.left)), right = Math.max(...tiles.map((r) => r.right));
  const top = Math.min(...tiles.map((r) => r.top)), bottom = Math.max(...tiles.map((r) => r.bottom));
  const centre = [(left + right) / 2, (top + bottom) / 2];
  const far = (x, y) => Math.hypot(x - centre[0], y - centre[1]);
  return [...board.querySelectorAll('.marker')].map((m) => {
    const arrow = m.querySelector('path.arrow');
    const start = arrow.getPointAtLength(0);
    const tip = new DOMPoint(start.x, start.y).matrixTransform(arrow.getScreenCTM());
    const r = m.querySelector('.hit').getBoundingClientRect();
    return [m.dataset.slide, far(tip.x, tip.y), far(r.x + r.width / 2, r.y + r.height / 2)];
  });
})()"#;

#[test]
fn slide_arrows_on_every_side_point_into_the_maze() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(classic_game(), ServeOptions::default());
    browser.open(server.url());
    let markers = browser.eval(ARROW_DISTANCES);
    let markers = markers.as_array().unwrap();
    assert_eq!(markers.len(), 12);
    for side in ["n", "e", "s", "w"] {
        assert!(
            markers
                .iter()
                .any(|m| m[0].as_str().unwrap().starts_with(side))
        );
    }
    for marker in markers {
        let (tip, middle) = (marker[1].as_f64().unwrap(), marker[2].as_f64().unwrap());
        assert!(tip < middle, "{} points away from the maze", marker[0]);
    }
    browser.assert_no_errors();
}

#[test]
fn the_event_log_numbers_the_newest_entry_last() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(classic_game(), ServeOptions::default());
    browser.open(server.url());
    browser.click(".marker.legal[data-slide=\"n2\"]");
    browser.wait_for("document.body.dataset.phase === 'move'");
    browser.press("Enter");
    browser.wait_for_version(2);
    let log = browser
        .eval("[...document.querySelectorAll('#log li')].map((li) => [li.value, li.textContent])");
    assert_eq!(
        log,
        serde_json::json!([[1, "Inserting at n2."], [2, "End of Green's turn."],])
    );
    browser.assert_no_errors();
}

#[test]
fn slide_targets_are_24_px_or_more_on_a_phone_with_a_9x9_board() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/grand-9x9.gbf");
    let server = serve(game_of(&board), ServeOptions::default());
    browser.viewport(360, 780, true);
    browser.open(server.url());
    let sizes = browser.eval(
        "[...document.querySelectorAll('.marker .hit')].map((h) => { \
           const r = h.getBoundingClientRect(); return [r.width, r.height]; })",
    );
    let sizes = sizes.as_array().unwrap();
    assert!(sizes.len() >= 16, "{sizes:?}");
    for size in sizes {
        let [w, h] = [&size[0], &size[1]].map(|v| v.as_f64().unwrap());
        assert!(
            w >= 24.0 && h >= 24.0,
            "a slide target of {w:.1} x {h:.1} px"
        );
    }
    let width = browser.eval("document.documentElement.scrollWidth");
    assert!(width.as_u64().unwrap() <= 360, "{width} px wide");
    browser.assert_no_errors();
}

/// The preview: its slide, its cell, and the open sides of the tile it
/// shows (as the number of path rectangles drawn).
const PREVIEW: &str = r#"(() => {
  const p = document.querySelector('#board .preview');
  if (!p) return null;
  return [p.dataset.slide, Number(p.dataset.x), Number(p.dataset.y),
          p.querySelectorAll('.tile-path').length];
})()"#;

#[test]
fn a_slide_preview_shows_where_the_floating_tile_would_go() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let server = serve(classic_game(), ServeOptions::default());
    browser.open(server.url());
    let paths = browser.eval("document.querySelectorAll('#floating .tile-path').length");
    assert_eq!(browser.eval(PREVIEW), Value::Null);
    for (at, x, y) in [("n2", 2, 1), ("e4", 7, 4), ("s6", 6, 7), ("w2", 1, 2)] {
        browser.hover(&format!(".marker.legal[data-slide=\"{at}\"]"));
        browser.wait_for("document.querySelector('#board .preview') !== null");
        assert_eq!(
            browser.eval(PREVIEW),
            serde_json::json!([at, x, y, paths]),
            "{at}"
        );
    }
    // Turning the tile while pointing at an arrow turns the preview too.
    browser.press("r");
    browser.wait_for_version(1);
    let shown = browser.eval(
        "document.querySelector('#board .preview .tile').innerHTML \
         === document.querySelector('#floating .tile').innerHTML",
    );
    assert_eq!(shown, true);
    browser.hover_away();
    browser.wait_for("document.querySelector('#board .preview') === null");
    assert_eq!(server.game().phase(), Phase::Slide);
    // On a touch screen, the first tap previews and the second slides.
    browser.tap(".marker.legal[data-slide=\"n4\"]");
    browser.wait_for("document.querySelector('#board .preview') !== null");
    browser.settle();
    assert_eq!(server.game().phase(), Phase::Slide);
    browser.tap(".marker.legal[data-slide=\"n4\"]");
    browser.wait_for("document.body.dataset.phase === 'move'");
    browser.assert_no_errors();
}
