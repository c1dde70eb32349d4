//! Playing the generic grid renderer (`"renderer": "grid"`) in Chromium as
//! a person would: a play of the view's `plays` by clicks, or by keys (a
//! tool's key, the focus box moved with `w`/`s`/`d` and `Enter`, digits
//! for choices off the grid).

use serde_json::Value;

use super::browser::Browser;

/// The view's cell for `square` (a square's name as the plays write it),
/// if it is on the grid.
pub fn cell_of<'v>(view: &'v Value, square: &str) -> Option<&'v Value> {
    (view["cells"].as_array().unwrap().iter()).find(|c| c["square"] == square)
}

/// The play of `action` in the view.
pub fn play_of<'v>(view: &'v Value, action: &str) -> &'v Value {
    (view["plays"].as_array().unwrap().iter())
        .find(|p| p["action"] == action)
        .unwrap_or_else(|| panic!("no play {action}"))
}

/// Plays `action` in the page: its tool unless it is the default (by its
/// key when `keys` and it has one, else by its button), then each step: a
/// square by click, or by moving the focus box (at `focus`, 1-based
/// column and row, kept up to date) and `Enter`; a choice off the grid by
/// its button, or by the digit in its name.
pub fn play_in_page(
    browser: &mut Browser,
    view: &Value,
    action: &str,
    keys: bool,
    focus: &mut (i64, i64),
) {
    let play = play_of(view, action);
    choose_tool(browser, view, play["tool"].as_str().unwrap(), keys);
    for step in play["steps"].as_array().unwrap() {
        let step = step.as_str().unwrap();
        match (cell_of(view, step), keys) {
            (Some(cell), true) => {
                let width = view["width"].as_i64().unwrap();
                move_focus(browser, focus, width, position(cell));
                browser.press("Enter");
            }
            (Some(cell), false) => browser.click(&format!(
                ".cell.target[data-x=\"{}\"][data-y=\"{}\"]",
                cell["x"], cell["y"]
            )),
            (None, true) => {
                let digit = step.chars().find(char::is_ascii_digit).unwrap();
                browser.press(&digit.to_string());
            }
            (None, false) => {
                browser.click(&format!("#grid-choices button[data-choice=\"{step}\"]"))
            }
        }
    }
}

fn position(cell: &Value) -> (i64, i64) {
    (cell["x"].as_i64().unwrap(), cell["y"].as_i64().unwrap())
}

/// Picks `tool` unless it is the view's default.
fn choose_tool(browser: &mut Browser, view: &Value, tool: &str, keys: bool) {
    if view["default_tool"] == tool {
        return;
    }
    let key = (view["tools"].as_array().unwrap().iter())
        .find(|t| t["id"] == tool)
        .and_then(|t| t["key"].as_str());
    match key {
        Some(key) if keys => browser.press(key),
        _ => browser.click(&format!("#grid-tools button[data-tool=\"{tool}\"]")),
    }
}

/// Moves the focus box from `focus` to `to`: `d` steps right, wrapping
/// after column `width`; `s` and `w` step down and up.
fn move_focus(browser: &mut Browser, focus: &mut (i64, i64), width: i64, to: (i64, i64)) {
    while focus.0 != to.0 {
        browser.press("d");
        focus.0 = focus.0 % width + 1;
    }
    while focus.1 != to.1 {
        browser.press(if focus.1 < to.1 { "s" } else { "w" });
        focus.1 += if focus.1 < to.1 { 1 } else { -1 };
    }
}
