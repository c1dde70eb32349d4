// relic: the generic cell-and-layer renderer, for every game whose view
// says `renderer: "grid"` (or names no renderer this page knows). The view
// describes a grid of cells, each with layers of glyphs, shapes, colours
// and labels, and the actions that clicking a cell or a button plays, in
// the game's notation; a new game needs no new JavaScript.
RENDERERS.grid = (() => {
const CELL = 100;          // cell size in SVG units
const PAD = 4;

// One layer: a shape ("disc", "square", "ring") and a glyph, in a colour.
function drawLayer(g, layer) {
  const fill = layer.colour ? paint(layer.colour) : "var(--ink)";
  const half = CELL / 2;
  if (layer.shape === "disc") el("circle", { cx: half, cy: half, r: 36, fill }, g);
  if (layer.shape === "ring") el("circle", { cx: half, cy: half, r: 34, fill: "none", stroke: fill, "stroke-width": 8 }, g);
  if (layer.shape === "square") el("rect", { x: 14, y: 14, width: CELL - 28, height: CELL - 28, rx: 6, fill }, g);
  if (layer.glyph) {
    const size = layer.size || 64;
    const text = el("text", { class: "cell-glyph", x: half, y: half + 2, "font-size": size,
      fill: layer.shape ? "#fff" : fill }, g);
    text.textContent = layer.glyph;
  }
  if (layer.label) {
    const label = el("text", { class: "cell-label", x: CELL - 8, y: 8 }, g);
    label.textContent = layer.label;
  }
}

function drawCell(board, cell, mine) {
  const g = el("g", {
    class: "cell", transform: `translate(${PAD + (cell.x - 1) * CELL},${PAD + (cell.y - 1) * CELL})`,
    "data-x": cell.x, "data-y": cell.y,
  }, board);
  const base = el("rect", { class: "cell-base", width: CELL, height: CELL }, g);
  if (cell.fill) base.style.fill = paint(cell.fill);
  for (const layer of cell.layers || []) drawLayer(g, layer);
  const name = cell.title || `${cell.x},${cell.y}`;
  el("title", {}, g).textContent = name;
  if (cell.action) {
    g.dataset.action = cell.action;
    if (mine) {
      g.classList.add("target");
      makeButton(g, cell.title || `Play ${cell.action}`, () => act(cell.action));
    }
  }
}

function draw(message) {
  const view = message.view;
  const board = $("board");
  const [w, h] = [view.width * CELL + 2 * PAD, view.height * CELL + 2 * PAD];
  board.setAttribute("viewBox", `0 0 ${w} ${h}`);
  board.replaceChildren();
  const cells = new Map((view.cells || []).map((c) => [`${c.x},${c.y}`, c]));
  const mine = canAct();
  for (let y = 1; y <= view.height; y++) {
    for (let x = 1; x <= view.width; x++) drawCell(board, cells.get(`${x},${y}`) || { x, y }, mine);
  }
  const buttons = $("grid-buttons");
  buttons.replaceChildren();
  for (const button of view.buttons || []) {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = button.label;
    node.dataset.action = button.action;
    node.disabled = !mine;
    node.addEventListener("click", () => act(button.action));
    buttons.appendChild(node);
  }
  buttons.hidden = !(view.buttons || []).length;
}

function setup() {
  const panel = document.createElement("div");
  panel.id = "grid-buttons";
  panel.className = "buttons panel";
  $("game-side").replaceChildren(panel);
  $("board").setAttribute("aria-label", "The board");
}

return { setup, draw };
})();
