//! Maze Runner in the browser through its game view (`renderer:
//! "journey"`): the view's tiles, items, inventory, stat bars, level and
//! outcome; fog of war leaving out what the player cannot see; and whole
//! games in Chromium, a two-level win played by the step keys, the arrow
//! keys, clicks on cells, the exit arrow, inventory buttons and digits, and
//! a loss, each ending on its screen.

use crate::gui_support;

use std::path::Path;

use relic::contract::{BrowserView, Game, Outcome, Status};
use relic::games::maze_runner::levels::read_level_file;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::gui::ServeOptions;
use relic::walker::journey::{Journey, journey_ruleset};
use serde_json::Value;

use gui_support::browser::Browser;
use gui_support::{action_json, message, post, serve};

const LEVELS: &str = "tests/fixtures/maze-runner/levels";

/// A game of level file `name` under `ruleset`, after `moves`.
fn game(ruleset: &str, name: &str, moves: &[&str]) -> Journey {
    let program = journey_ruleset(Path::new(ruleset)).unwrap().unwrap();
    let path = Path::new(LEVELS).join(name);
    let (file, _) = read_level_file(&path, &level_syntax(&program)).unwrap();
    let mut game = new_game(program, &file);
    for text in moves {
        if game.status().is_over() {
            break;
        }
        let action = game.parse_action(text).unwrap();
        game.apply(&action).unwrap();
    }
    game
}

/// The cell at (x, y), counted from 1.
fn cell(view: &Value, x: i64, y: i64) -> &Value {
    (view["cells"].as_array().unwrap().iter())
        .find(|c| c["x"] == x && c["y"] == y)
        .unwrap()
}

/// Each row of the level as one letter per cell's look (wall `#`, hazard
/// `~`, locked `X`, exit `O`, floor `.`, hidden `?`), the player `P` and
/// items by their glyph over it.
fn picture(view: &Value) -> String {
    let mut out = String::new();
    for y in 1..=view["height"].as_i64().unwrap() {
        for x in 1..=view["width"].as_i64().unwrap() {
            let c = cell(view, x, y);
            let letter = match (&c["player"], &c["item"]["glyph"], c["look"].as_str()) {
                (Value::Bool(true), _, _) => "P",
                (_, Value::String(glyph), _) => glyph.as_str(),
                (_, _, Some("wall")) => "#",
                (_, _, Some("hazard")) => "~",
                (_, _, Some("locked")) => "X",
                (_, _, Some("exit")) => "O",
                (_, _, Some("hidden")) => "?",
                _ => ".",
            };
            out.push_str(letter);
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_view_draws_tiles_by_what_they_do_and_the_player_s_stats_and_items() {
    let start = game("maze-runner", "two-levels.txt", &[]);
    let view = start.view(Some(0));
    assert_eq!(view["renderer"], "journey");
    assert_eq!(picture(&view), "######\nPCMW.X\n#~AH##\n######\n");
    assert_eq!(
        (view["level"].as_i64(), view["levels"].as_i64()),
        (Some(1), Some(2))
    );
    let moves: Vec<(&str, bool)> = (view["moves"].as_array().unwrap().iter())
        .map(|m| (m["action"].as_str().unwrap(), m["legal"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        moves,
        [("a", false), ("d", true), ("s", false), ("w", false)]
    );
    let later = game("maze-runner", "two-levels.txt", &["d", "s", "d", "w", "d"]);
    let view = later.view(Some(0));
    assert_eq!(picture(&view), "######\n...P.O\n#~.H##\n######\n");
    insta::assert_json_snapshot!(
        "journey-view-stats-and-inventory",
        (&view["stats"], &view["inventory"])
    );
    // A spectator sees the same position but may play nothing.
    let watching = later.view(None);
    assert_eq!(picture(&watching), picture(&view));
    assert!(
        watching["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["legal"] == false)
    );
}

#[test]
fn the_outcome_is_in_the_view_once_play_is_over() {
    let won = game(
        "maze-runner",
        "two-levels.txt",
        &["d", "d", "d", "d", "d", "d", "d", "d", "d", "d", "d"],
    );
    assert_eq!(won.status(), Status::Over(Outcome::Won(0)));
    let view = won.view(Some(0));
    assert_eq!(view["outcome"]["result"], "won");
    assert_eq!(
        view["status"],
        "Congratulations! You have finished all levels and won the game!"
    );
    let lost = game("maze-runner", "lava-corridor.txt", &["d", "a"].repeat(20));
    assert_eq!(lost.view(Some(0))["outcome"]["result"], "lost");
    assert_eq!(lost.view(Some(0))["outcome"]["text"], "You lose :(");
}

#[test]
fn fog_of_war_leaves_out_every_cell_out_of_sight() {
    let foggy = game("maze-runner-fog", "long-corridor.txt", &[]);
    let view = foggy.view(Some(0));
    assert_eq!(view["sight"], 2);
    let clear = game("maze-runner", "long-corridor.txt", &[]).view(Some(0));
    let (mut hidden, mut shown) = (0, 0);
    for c in view["cells"].as_array().unwrap() {
        let (x, y) = (c["x"].as_i64().unwrap(), c["y"].as_i64().unwrap());
        let here = cell(&view, x, y);
        let player = (view["cells"].as_array().unwrap().iter())
            .find(|c| c["player"] == true)
            .unwrap();
        let distance =
            (x - player["x"].as_i64().unwrap()).abs() + (y - player["y"].as_i64().unwrap()).abs();
        if distance > 2 {
            hidden += 1;
            // Nothing but the position and that it is hidden.
            let mut keys: Vec<&String> = here.as_object().unwrap().keys().collect();
            keys.sort();
            assert_eq!(keys, ["look", "name", "x", "y"], "{here}");
            assert_eq!(here["look"], "hidden");
        } else {
            shown += 1;
            assert_eq!(here, cell(&clear, x, y));
        }
    }
    assert!(hidden > 0 && shown > 0, "{hidden} hidden, {shown} shown");
    // Every audience gets the fogged view: there is no one to show more.
    assert_eq!(foggy.view(None)["cells"], view["cells"]);
}

#[test]
fn keyed_doors_share_a_colour_with_their_keys() {
    let keys = game("maze-runner-keys", "keys.txt", &["d"]);
    let view = keys.view(Some(0));
    let held = &view["inventory"][0];
    assert_eq!(held["name"], "Red key");
    assert_eq!(held["action"], "i Red key");
    // The red door opened for the key held; the plain door waits for its
    // key, lying next to it, and both have the same rule's colour.
    assert_eq!(cell(&view, 3, 2)["look"], "exit");
    let door = cell(&view, 6, 2);
    assert_eq!(door["look"], "locked");
    assert_eq!(cell(&view, 4, 2)["item"]["rule"], door["rule"]);
    assert_ne!(held["rule"], door["rule"]);
}

/// Plays `action` in the page by `how`, then checks the page drew the
/// server's new position, the same as `engine`'s.
struct Play<'a> {
    browser: &'a mut Browser,
    server: &'a relic::gui::RunningServer<Journey>,
    engine: Journey,
    version: u64,
}

impl Play<'_> {
    fn by(&mut self, action: &str, how: How) {
        match how {
            How::Key(key) => self.browser.press(key),
            How::Click => self
                .browser
                .click(&format!("#board .target[data-action=\"{action}\"]")),
            How::Button => self.browser.click(&format!(
                "#journey-inventory button[data-action=\"{action}\"]"
            )),
        }
        self.version += 1;
        let version = self.version;
        self.browser.wait_for_version(version);
        let parsed = self.engine.parse_action(action).unwrap();
        self.engine.apply(&parsed).unwrap();
        assert_eq!(self.server.game(), self.engine, "after {action}");
    }
}

#[derive(Clone, Copy)]
enum How {
    Key(&'static str),
    Click,
    Button,
}

#[test]
fn a_two_level_game_is_won_in_chromium_by_keys_clicks_and_buttons() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let start = game("maze-runner", "two-levels.txt", &[]);
    let server = serve(start.clone(), ServeOptions::default());
    browser.open(server.url());
    browser.wait_for("document.getElementById('journey-level').textContent === 'Level 1 of 2'");
    assert_eq!(
        browser.eval("document.querySelectorAll('.journey-wall').length"),
        15
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('.journey-hazard').length"),
        1
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('.journey-locked').length"),
        1
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('.journey-stat meter').length"),
        3
    );
    let mut play = Play {
        browser: &mut browser,
        server: &server,
        engine: start,
        version: 0,
    };
    let level_one = [
        ("d", How::Key("d")),
        ("s", How::Key("ArrowDown")),
        ("d", How::Click),
        ("w", How::Key("w")),
        ("i Potion", How::Button),
        ("d", How::Key("ArrowRight")),
        ("d", How::Key("d")),
        ("d", How::Click),
    ];
    for (action, how) in level_one {
        play.by(action, how);
    }
    let hp = "document.querySelector('.journey-stat[data-stat=\"HP\"] meter').value";
    assert_eq!(play.browser.eval(hp), 97);
    assert_eq!(
        play.browser
            .eval("document.querySelectorAll('.journey-exit').length"),
        1
    );
    if std::env::var("RELIC_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1") {
        play.browser.viewport(1000, 600, false);
        play.browser.settle();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/gui-maze-runner.png");
        std::fs::write(path, play.browser.screenshot()).unwrap();
    }
    // The exit arrow beside the board leaves the level.
    play.by("d", How::Click);
    play.browser
        .wait_for("document.getElementById('journey-level').textContent === 'Level 2 of 2'");
    let inventory = "[...document.querySelectorAll('#journey-inventory button')].map((b) => b.dataset.item).join()";
    assert_eq!(play.browser.eval(inventory), "Coin,Apple,Water");
    for (action, how) in [
        ("i Apple", How::Key("2")),
        ("d", How::Key("ArrowRight")),
        ("d", How::Click),
        ("d", How::Key("d")),
        ("d", How::Key("d")),
        ("d", How::Click),
    ] {
        play.by(action, how);
    }
    assert_eq!(play.engine.status(), Status::Over(Outcome::Won(0)));
    let screen = "document.getElementById('journey-outcome')";
    assert_eq!(play.browser.eval(&format!("{screen}.hidden")), false);
    assert_eq!(
        play.browser.eval(&format!("{screen}.dataset.result")),
        "won"
    );
    assert_eq!(
        play.browser
            .eval("document.getElementById('journey-outcome-title').textContent"),
        "You won!"
    );
    assert_eq!(
        play.browser
            .eval("document.querySelectorAll('#board .target').length"),
        0
    );
    // After the end, keys do nothing and the server refuses steps.
    play.browser.press("d");
    assert_eq!(post(server.addr(), &action_json("d"), None).status, 422);
    if let Ok(path) = std::env::var("RELIC_OUTCOME_SCREENSHOT") {
        std::fs::write(path, play.browser.screenshot()).unwrap();
    }
    play.browser.assert_no_errors();
}

#[test]
fn a_loss_shows_the_loss_screen_and_a_new_game_starts_over() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let start = game("maze-runner", "lava-corridor.txt", &[]);
    let server = serve(start.clone(), ServeOptions::default());
    browser.open(server.url());
    for action in ["d", "a"].iter().cycle() {
        if message(server.addr())["status"]["over"] == true {
            break;
        }
        assert_eq!(post(server.addr(), &action_json(action), None).status, 200);
    }
    browser.wait_for("document.getElementById('journey-outcome').hidden === false");
    assert_eq!(
        browser.eval("document.getElementById('journey-outcome').dataset.result"),
        "lost"
    );
    assert_eq!(
        browser.eval("document.getElementById('journey-outcome-text').textContent"),
        "You lose :("
    );
    assert_eq!(
        browser.eval("document.querySelector('.journey-stat[data-stat=\"HP\"] meter').value"),
        0
    );
    browser.click("#journey-again");
    browser.wait_for("document.getElementById('journey-outcome').hidden === true");
    assert_eq!(server.game(), start);
    assert_eq!(message(server.addr())["view"]["outcome"], Value::Null);
    browser.assert_no_errors();
}

#[test]
fn fog_in_chromium_draws_only_what_the_player_sees_and_moves_with_the_player() {
    let Some(mut browser) = Browser::launch() else {
        return;
    };
    let start = game("maze-runner-fog", "long-corridor.txt", &[]);
    let server = serve(start, ServeOptions::default());
    browser.open(server.url());
    let hidden = |view: &Value| {
        (view["cells"].as_array().unwrap().iter())
            .filter(|c| c["look"] == "hidden")
            .count()
    };
    let count = "document.querySelectorAll('#board .journey-hidden').length";
    let before = hidden(&message(server.addr())["view"]);
    browser.wait_for(&format!("{count} === {before}"));
    let sight = "document.getElementById('journey-sight')";
    assert_eq!(browser.eval(&format!("{sight}.hidden")), false);
    browser.press("ArrowRight");
    browser.wait_for_version(1);
    let after = hidden(&message(server.addr())["view"]);
    assert_eq!(browser.eval(count), after);
    // Out of sight nothing is drawn: no item, no door, no wall there.
    let far = "document.querySelector('#board .cell[data-x=\"12\"][data-y=\"2\"]').dataset.look";
    assert_eq!(browser.eval(far), "hidden");
    browser.assert_no_errors();
}
