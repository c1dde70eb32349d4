//! Screenshots of the board page and what they are compared by.
//!
//! A screenshot is written to the test output directory
//! (`target/tmp/gui-screenshots/NAME.png`, `CARGO_TARGET_TMPDIR`) for a
//! person to look at. Tests compare what the page drew, not its pixels:
//! [`BOARD_SIGNATURE`] reads the drawn SVG and side panel (each square's
//! classes, fill, pieces with their shape, colour, symbol, scale and stack
//! height, the edges' labels, tools, seats and their colours, the message
//! under the board), which insta compares against the committed
//! reference. Fonts and anti-aliasing differ between machines with the
//! same Chromium; what is drawn where, and in which colour, does not.

use std::path::PathBuf;

use super::browser::Browser;

/// Where screenshots go.
pub fn shot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gui-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a screenshot of the page as `NAME.png` in [`shot_dir`] and
/// returns its path.
pub fn save_shot(browser: &mut Browser, name: &str) -> PathBuf {
    browser.eval("window.scrollTo(0, 0)");
    browser.settle();
    let path = shot_dir().join(format!("{name}.png"));
    std::fs::write(&path, browser.screenshot()).unwrap();
    path
}

/// What the page drew, one line per thing, for a snapshot.
pub const BOARD_SIGNATURE: &str = r##"(() => {
  const lines = [];
  const colour = (value) => {
    if (!value) return "";
    const c = document.createElement("canvas").getContext("2d");
    c.fillStyle = value;
    return c.fillStyle;
  };
  const attr = (node, name) => node ? (node.getAttribute(name) || "") : "";
  lines.push(`turn: ${document.getElementById("turn-name").textContent} | ${document.getElementById("status").textContent}`);
  lines.push(`message: ${document.getElementById("message").textContent}`);
  for (const row of document.querySelectorAll("#scores tr")) {
    lines.push(`seat: ${row.cells[1].textContent} ${colour(attr(row.querySelector("circle"), "fill"))}${row.classList.contains("current") ? " (to move)" : ""}`);
  }
  const edges = [...document.querySelectorAll("#board .edge-label")].map((t) => t.textContent);
  if (edges.length) lines.push(`edges: ${edges.join(" ")}`);
  for (const cell of document.querySelectorAll("#board .cell")) {
    const classes = [...cell.classList].filter((c) => c !== "cell").sort();
    const base = cell.querySelector(".cell-base");
    const parts = [`${cell.dataset.x},${cell.dataset.y}`];
    if (classes.length) parts.push(`[${classes.join(" ")}]`);
    if (base.style.fill) parts.push(`fill ${colour(base.style.fill)}`);
    for (const piece of cell.querySelectorAll(".piece")) {
      const first = piece.querySelector("circle:not(.ring-outline), path, rect, polygon, text");
      const fill = first ? (first.tagName === "text" ? first.getAttribute("fill") : (first.getAttribute("fill") === "none" ? first.getAttribute("stroke") : first.getAttribute("fill"))) : "";
      const text = piece.querySelector(".cell-glyph");
      const scale = (attr(piece, "transform").match(/scale\(([\d.]+)\)/) || [])[1];
      parts.push(`${piece.dataset.shape} ${colour(fill)}${text ? ` "${text.textContent}"` : ""}${scale ? ` x${scale}` : ""}`);
    }
    const height = cell.querySelector(".stack-height text");
    if (height) parts.push(`height ${height.textContent}`);
    if (cell.querySelector(".move-dot")) parts.push("dot");
    if (cell.querySelector(".capture-mark")) parts.push("ring");
    if (cell.querySelector(".focus-box")) parts.push("focus");
    if (parts.length > 1) lines.push(parts.join(" "));
  }
  for (const tool of document.querySelectorAll("#grid-tools button")) {
    lines.push(`tool: ${tool.textContent.trim()}${tool.disabled ? " (disabled)" : ""}${tool.getAttribute("aria-pressed") === "true" ? " (chosen)" : ""}`);
  }
  for (const button of document.querySelectorAll("#grid-buttons button")) lines.push(`button: ${button.textContent}`);
  for (const row of document.querySelectorAll("#grid-pieces .pieces-row")) lines.push(`pieces: ${row.textContent}`);
  return lines.join("\n");
})()"##;

/// The page's [`BOARD_SIGNATURE`] now.
pub fn signature(browser: &mut Browser) -> String {
    browser.settle();
    browser.eval(BOARD_SIGNATURE).as_str().unwrap().to_owned()
}
