// relic: the renderer of level-walking games (`renderer: "journey"`, such
// as Maze Runner). It draws the level as tiles by what each cell does
// (walls, hazards, locked cells, exits, floor, out of sight), the items and
// the player; the inventory with a button per item; the stats as bars; the
// level number; and a win or loss screen. The keys of the game's steps
// (`w a s d`) and the arrow keys move the player, as do clicks on the cells
// next to it (and on the arrow beside an exit). The server decides what is
// legal: the page only sends the game's notation.
RENDERERS.journey = (() => {
const CELL = 100;
const HUES = [0, 215, 130, 280, 35, 180, 320, 60];   // rule colours: door and its opener
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function ruleColour(rule, light) {
  return `hsl(${HUES[rule % HUES.length]} 65% ${light}%)`;
}

// ---- tiles --------------------------------------------------------------------

function drawWall(g) {
  el("rect", { width: CELL, height: CELL, fill: "#4a4038" }, g);
  for (let row = 0; row < 4; row++) {
    const shift = row % 2 ? 25 : 0;
    for (let x = -shift; x < CELL; x += 50) {
      const [left, right] = [Math.max(x + 3, 0), Math.min(x + 47, CELL)];
      el("rect", { x: left, y: row * 25 + 3, width: right - left, height: 19, rx: 2, fill: "#7a6552" }, g);
    }
  }
}

function drawHazard(g) {
  el("rect", { width: CELL, height: CELL, fill: "#e8590c" }, g);
  for (const y of [28, 58, 88]) {
    el("path", { d: `M0 ${y} q12 -12 25 0 t25 0 t25 0 t25 0`, fill: "none", stroke: "#ffd43b", "stroke-width": 6 }, g);
  }
}

function drawDoor(g, cell, open) {
  el("rect", { width: CELL, height: CELL, fill: open ? "#b2f2bb" : "#d8cfc0" }, g);
  const colour = cell.rule === undefined ? "#8d5b2e" : ruleColour(cell.rule, 40);
  el("rect", { x: 18, y: 8, width: 64, height: 88, rx: 6, fill: open ? "#2b8a3e" : colour,
    stroke: "#2b2620", "stroke-width": 3 }, g);
  if (open) {
    el("path", { d: "M30 14 L62 22 L62 92 L30 90 Z", fill: "#ebfbee", stroke: "#2b2620", "stroke-width": 2 }, g);
    return;
  }
  el("rect", { x: 34, y: 44, width: 32, height: 26, rx: 4, fill: "#ffd43b", stroke: "#2b2620", "stroke-width": 2 }, g);
  el("path", { d: "M40 44 v-8 a10 10 0 0 1 20 0 v8", fill: "none", stroke: "#2b2620", "stroke-width": 4 }, g);
  el("circle", { cx: 50, cy: 56, r: 4, fill: "#2b2620" }, g);
}

function drawTile(g, cell) {
  switch (cell.look) {
    case "wall": return drawWall(g);
    case "hazard": return drawHazard(g);
    case "locked": return drawDoor(g, cell, false);
    case "exit": return drawDoor(g, cell, true);
    case "hidden":
      el("rect", { width: CELL, height: CELL, fill: "#868e96" }, g);
      el("text", { class: "cell-glyph", x: 50, y: 52, "font-size": 40, fill: "#adb5bd" }, g).textContent = "?";
      return;
    default:
      el("rect", { width: CELL, height: CELL, fill: "#f4f1e8", stroke: "#e6dfcf", "stroke-width": 2 }, g);
  }
}

function drawItem(g, item) {
  const fill = item.rule === undefined ? "#f2b705" : ruleColour(item.rule, 55);
  el("circle", { cx: 50, cy: 50, r: 30, fill, stroke: "#2b2620", "stroke-width": 3 }, g);
  el("text", { class: "cell-glyph", x: 50, y: 52, "font-size": 36, fill: "#2b2620" }, g).textContent = item.glyph;
}

function drawPlayer(g) {
  el("circle", { cx: 50, cy: 50, r: 38, fill: "#1c7ed6", stroke: "#fff", "stroke-width": 5 }, g);
  el("circle", { cx: 50, cy: 36, r: 11, fill: "#fff" }, g);
  el("path", { d: "M30 74 a20 18 0 0 1 40 0 Z", fill: "#fff" }, g);
}

// ---- the board -------------------------------------------------------------------

// The step whose offset is (dx, dy), if the player may take it now.
function moveBy(view, dx, dy) {
  return (view.moves || []).find((m) => m.dx === dx && m.dy === dy && m.legal);
}

function player(view) {
  return view.cells.find((c) => c.player);
}

function drawCell(board, view, cell, here) {
  const g = el("g", { class: `cell journey-${cell.look}`, transform: `translate(${cell.x * CELL},${cell.y * CELL})`,
    "data-x": cell.x, "data-y": cell.y, "data-look": cell.look }, board);
  drawTile(g, cell);
  if (cell.item) drawItem(g, cell.item);
  if (cell.player) drawPlayer(g);
  const words = [cell.name, cell.item && cell.item.name, cell.player && "you"].filter(Boolean);
  el("title", {}, g).textContent = words.join(", ");
  const move = here && canAct() ? moveBy(view, cell.x - here.x, cell.y - here.y) : null;
  if (move) {
    g.classList.add("target");
    g.dataset.action = move.action;
    el("rect", { class: "journey-reach", x: 5, y: 5, width: CELL - 10, height: CELL - 10, rx: 10 }, g);
    makeButton(g, `Step (${move.action}) to the ${words.join(", ")}`, () => act(move.action));
  }
}

// The arrows beside the board for steps that leave it (from an exit).
function drawExits(board, view, here) {
  if (!here || !canAct()) return;
  for (const move of view.moves.filter((m) => m.legal)) {
    const [x, y] = [here.x + move.dx, here.y + move.dy];
    if (x >= 1 && x <= view.width && y >= 1 && y <= view.height) continue;
    const g = el("g", { class: "cell target journey-leave", transform: `translate(${x * CELL},${y * CELL})`,
      "data-x": x, "data-y": y, "data-action": move.action }, board);
    el("rect", { x: 6, y: 6, width: CELL - 12, height: CELL - 12, rx: 16, fill: "#2b8a3e" }, g);
    const angle = Math.atan2(move.dy, move.dx) * 180 / Math.PI;
    el("path", { d: "M22 40 h34 v-16 l26 26 l-26 26 v-16 h-34 Z", fill: "#fff",
      transform: `rotate(${angle} 50 50)` }, g);
    el("title", {}, g).textContent = "Leave the level";
    makeButton(g, `Leave the level (${move.action})`, () => act(move.action));
  }
}

function drawBoard(view) {
  const board = $("board");
  board.setAttribute("viewBox", `0 0 ${(view.width + 2) * CELL} ${(view.height + 2) * CELL}`);
  board.setAttribute("aria-label", `${view.title}, level ${view.level} of ${view.levels}`);
  board.replaceChildren();
  const here = player(view);
  for (const cell of view.cells) drawCell(board, view, cell, here);
  drawExits(board, view, here);
}

// ---- the side panel ------------------------------------------------------------

function drawLevel(view) {
  $("journey-level").textContent = `Level ${view.level} of ${view.levels}`;
  $("journey-sight").hidden = view.sight === null || view.sight === undefined;
  $("journey-sight").textContent = `You see ${view.sight} steps around you.`;
}

// A bar per stat: full at its maximum; red near the bound that loses.
function drawStats(view) {
  const list = $("journey-stats");
  list.replaceChildren();
  for (const stat of view.stats) {
    const row = document.createElement("div");
    row.className = "journey-stat";
    row.dataset.stat = stat.label;
    const name = document.createElement("span");
    name.textContent = stat.label;
    const bar = document.createElement("meter");
    Object.assign(bar, { min: stat.min, max: stat.max, value: stat.value });
    const span = stat.max - stat.min;
    if (stat.lose_at_most !== undefined) {
      Object.assign(bar, { low: stat.lose_at_most + span * 0.3, optimum: stat.max });
    } else if (stat.lose_at_least !== undefined) {
      Object.assign(bar, { high: stat.lose_at_least - span * 0.3, optimum: stat.min });
    }
    bar.setAttribute("aria-label", stat.label);
    const value = document.createElement("span");
    value.className = "journey-value";
    value.textContent = `${stat.value} / ${stat.max}`;
    row.append(name, bar, value);
    list.append(row);
  }
}

function drawInventory(view) {
  $("journey-inventory-title").textContent = view.inventory_title || "Inventory";
  const list = $("journey-inventory");
  list.replaceChildren();
  view.inventory.forEach((item, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = item.action;
    button.dataset.item = item.name;
    button.disabled = !canAct();
    const key = index < 9 ? `${index + 1}: ` : "";
    button.textContent = `${key}${item.name} × ${item.count}`;
    button.title = `Use one ${item.name} (${item.action})`;
    if (item.rule !== undefined) button.style.borderColor = ruleColour(item.rule, 45);
    button.addEventListener("click", () => act(item.action));
    list.append(button);
  });
  if (!view.inventory.length) {
    const empty = document.createElement("p");
    empty.textContent = view.empty || "Empty";
    list.append(empty);
  }
}

// The win or loss screen over the board.
function drawOutcome(view) {
  const screen = $("journey-outcome");
  screen.hidden = !view.outcome;
  if (!view.outcome) return;
  screen.dataset.result = view.outcome.result;
  $("journey-outcome-title").textContent = view.outcome.result === "won" ? "You won!" : "You lost";
  $("journey-outcome-text").textContent = view.outcome.text;
  $("journey-again").hidden = !current.can_restart;
}

function draw(message) {
  const view = message.view;
  drawBoard(view);
  drawLevel(view);
  drawStats(view);
  drawInventory(view);
  drawOutcome(view);
}

// ---- keys ------------------------------------------------------------------------

// The game's step keys and the arrows step; digits use the inventory's items.
function onKey(event) {
  const view = current.view;
  if (!canAct()) return false;
  const move = ARROWS[event.key]
    ? moveBy(view, ...ARROWS[event.key])
    : view.moves.find((m) => m.action === event.key);
  if (move) {
    act(move.action);
    return true;
  }
  const item = /^[1-9]$/.test(event.key) ? view.inventory[Number(event.key) - 1] : null;
  if (item) act(item.action);
  return Boolean(item);
}

function setup() {
  const side = document.createElement("div");
  side.innerHTML = `
    <div class="panel"><h2 id="journey-level"></h2><p id="journey-sight" hidden></p>
      <div id="journey-stats"></div></div>
    <div class="panel"><h2 id="journey-inventory-title">Inventory</h2>
      <div id="journey-inventory" class="buttons"></div></div>
    <details class="panel" id="help"><summary>How to play</summary><ul>
      <li>Move with <kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> or the arrow keys, or click a highlighted cell next to you.</li>
      <li>Walk over items to pick them up; use one with its button or its number key.</li>
      <li>Locked cells (a padlock) open when the level's rule is met; an item of a lock's colour is what it waits for. From an open exit, step off the board (the green arrow) to reach the next level.</li>
    </ul></details>`;
  $("game-side").replaceChildren(...side.children);
  const screen = document.createElement("div");
  screen.id = "journey-outcome";
  screen.hidden = true;
  screen.setAttribute("role", "dialog");
  screen.setAttribute("aria-labelledby", "journey-outcome-title");
  screen.innerHTML = `<div><h2 id="journey-outcome-title"></h2><p id="journey-outcome-text"></p>
    <button id="journey-again" type="button">Play again</button></div>`;
  $("board-wrap").style.position = "relative";
  $("board-wrap").append(screen);
  $("journey-again").addEventListener("click", () => send({ new_game: true }));
}

function teardown() {
  const screen = $("journey-outcome");
  if (screen) screen.remove();
  $("board-wrap").style.position = "";
}

return { setup, teardown, draw, onKey };
})();
