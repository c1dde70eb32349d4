// relic: the generic cell-and-layer renderer, for every game whose view
// says `renderer: "grid"` (or names no renderer this page knows). The view
// describes a grid of cells, each with layers of glyphs, shapes, colours
// and labels, and the actions that clicking a cell or a button plays, in
// the game's notation; a new game needs no new JavaScript. With
// `layout: "hex"` the cells are hexagons and each row sits half a cell to
// the right of the row below it (axial coordinates drawn as a rhombus).
RENDERERS.grid = (() => {
const CELL = 100;          // cell size in SVG units
const PAD = 4;
const HEX_SIDE = CELL / Math.sqrt(3);   // a pointy-top hexagon CELL wide
const HEX_ROW = HEX_SIDE * 1.5;         // the distance between hex rows
const HEX_POINTS = [-90, -30, 30, 90, 150, 210]
  .map((a) => [CELL / 2 + HEX_SIDE * Math.cos(a * Math.PI / 180), CELL / 2 + HEX_SIDE * Math.sin(a * Math.PI / 180)])
  .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

// Where a cell's box starts, in SVG units, and the whole board's size.
function place(view, x, y) {
  if (view.layout !== "hex") return [PAD + (x - 1) * CELL, PAD + (y - 1) * CELL];
  return [PAD + (x - 1) * CELL + (view.height - y) * CELL / 2, PAD + HEX_SIDE - CELL / 2 + (y - 1) * HEX_ROW];
}
function boardSize(view) {
  if (view.layout !== "hex") return [view.width * CELL + 2 * PAD, view.height * CELL + 2 * PAD];
  return [(view.width + (view.height - 1) / 2) * CELL + 2 * PAD, (view.height - 1) * HEX_ROW + 2 * HEX_SIDE + 2 * PAD];
}

// Plays (views with `plays`): what the person has chosen so far this turn,
// a tool and the first steps of a play, and the focus box (w/a/s/d).
let pick = { tool: null, steps: [], version: -1 };
let focus = { x: 1, y: 1 };

// The plays still open after the steps chosen with the tool in use.
function openPlays(view) {
  const tool = pick.tool || view.default_tool;
  return (view.plays || []).filter((play) => play.tool === tool
    && pick.steps.every((step, i) => play.steps[i] === step));
}

// The next steps the open plays take: squares (cell names) and choices.
function nextSteps(view) {
  return new Set(openPlays(view).map((play) => play.steps[pick.steps.length]).filter((s) => s !== undefined));
}

// Takes one more step; plays the action once a play is complete.
function step(name) {
  const view = current.view;
  if (!nextSteps(view).has(name)) {
    pick.steps = [];
    if (!nextSteps(view).has(name)) return draw(current);
  }
  pick.steps.push(name);
  const done = openPlays(view).find((play) => play.steps.length === pick.steps.length);
  if (done) {
    pick = { tool: null, steps: [], version: pick.version };
    act(done.action);
  }
  draw(current);
}

function chooseTool(id) {
  pick = { tool: id, steps: [], version: pick.version };
  draw(current);
}

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

function drawCell(board, view, cell, mine, plays) {
  const [left, top] = place(view, cell.x, cell.y);
  const g = el("g", {
    class: "cell", transform: `translate(${left},${top})`, "data-x": cell.x, "data-y": cell.y,
  }, board);
  const base = view.layout === "hex"
    ? el("polygon", { class: "cell-base", points: HEX_POINTS }, g)
    : el("rect", { class: "cell-base", width: CELL, height: CELL }, g);
  if (cell.fill) base.style.fill = paint(cell.fill);
  const layers = cell.slide ? slidingGroup(g, cell.slide) : g;
  for (const layer of cell.layers || []) drawLayer(layers, layer);
  const name = cell.title || `${cell.x},${cell.y}`;
  el("title", {}, g).textContent = name;
  if (cell.action) g.dataset.action = cell.action;
  if (plays) {
    if (pick.steps.includes(cell.square)) g.classList.add("picked");
    if (mine && plays.has(cell.square)) {
      g.classList.add("target");
      // After a first step (a piece chosen), where the play can go on.
      if (pick.steps.length) g.classList.add("reachable");
      makeButton(g, cell.title || cell.square, () => step(cell.square));
    }
  } else if (cell.action && mine) {
    g.classList.add("target");
    makeButton(g, cell.title || `Play ${cell.action}`, () => act(cell.action));
  }
  if (plays && mine && focus.x === cell.x && focus.y === cell.y) {
    if (view.layout === "hex") el("polygon", { class: "focus-box", points: HEX_POINTS }, g);
    else el("rect", { class: "focus-box", x: 3, y: 3, width: CELL - 6, height: CELL - 6 }, g);
  }
}

function draw(message) {
  const view = message.view;
  const board = $("board");
  const [w, h] = boardSize(view);
  board.setAttribute("viewBox", `0 0 ${w} ${h}`);
  board.replaceChildren();
  const cells = new Map((view.cells || []).map((c) => [`${c.x},${c.y}`, c]));
  const mine = canAct();
  if (pick.version !== message.version) pick = { tool: null, steps: [], version: message.version };
  const plays = view.plays ? nextSteps(view) : null;
  for (let y = 1; y <= view.height; y++) {
    for (let x = 1; x <= view.width; x++) drawCell(board, view, cells.get(`${x},${y}`) || { x, y }, mine, plays);
  }
  drawTools(view, mine, plays, new Set((view.cells || []).map((c) => c.square)));
  const buttons = $("grid-buttons");
  buttons.replaceChildren();
  for (const button of view.buttons || []) {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = button.label;
    node.dataset.action = button.action;
    node.disabled = !mine;
    node.addEventListener("click", () => (button.action === "quit" ? confirmQuit() : act(button.action)));
    buttons.appendChild(node);
  }
  buttons.hidden = !(view.buttons || []).length;
}

// The tools of the player to move (the chosen one pressed) and the
// choices that complete a play (the pieces to transport, a way to turn).
function drawTools(view, mine, plays, squares) {
  const tools = $("grid-tools");
  tools.replaceChildren();
  const inUse = pick.tool || view.default_tool;
  for (const tool of view.tools || []) {
    const node = toolButton(`${tool.key ? tool.key + ": " : ""}${tool.label}`, !mine || !tool.enabled,
      () => chooseTool(tool.id));
    node.dataset.tool = tool.id;
    node.setAttribute("aria-pressed", String(tool.id === inUse));
    tools.appendChild(node);
  }
  tools.hidden = !(view.tools || []).length;
  const choices = $("grid-choices");
  choices.replaceChildren();
  for (const choice of plays ? [...plays].filter((s) => !squares.has(s)) : []) {
    const node = toolButton(choice, !mine, () => step(choice));
    node.dataset.choice = choice;
    choices.appendChild(node);
  }
  choices.hidden = !choices.children.length;
}

function toolButton(label, disabled, onClick) {
  const node = document.createElement("button");
  node.type = "button";
  node.textContent = label;
  node.disabled = disabled;
  node.addEventListener("click", onClick);
  return node;
}

// ---- moves that set pieces in motion -------------------------------------
// A view whose events include `physics` motions (a rock falling, rolling)
// is reached through frames: the cells before the move, changed event by
// event (a step, a push, a square dug or taken, a motion), a frame ending
// where a piece is about to move again, so a rock falling three squares is
// drawn at each. Each moved piece slides in from where it was. A key or a
// click skips the rest (the key is then played on the new view), and so
// does a newer message waiting to be drawn.
const FRAME_MS = 90;
let animation = null;       // { skip, key } while frames play

const squareOf = (at) => `${at[0]},${at[1]}`;

// The frames from `previous`'s cells through `events`: a map per frame of
// the squares that changed, each to its fill, layers and slide.
function framesOf(previous, events) {
  if (!events.some((event) => event.kind === "physics")) return [];
  const cells = new Map((previous.view.cells || []).map((c) => [c.square, c]));
  const frames = [];
  let frame = new Map();
  const put = (square, what) => {
    const cell = { ...cells.get(square), ...what };
    cells.set(square, cell);
    frame.set(square, cell);
  };
  const move = (from, to) => {
    if (frame.has(squareOf(from)) && frame.get(squareOf(from)).slide) {
      frames.push(frame);
      frame = new Map();
    }
    const piece = cells.get(squareOf(from)) || {};
    // Board rows count up from the south, the drawing's down from the top.
    const slide = [(from[0] - to[0]) * CELL, (to[1] - from[1]) * CELL];
    put(squareOf(to), { fill: piece.fill, layers: piece.layers || [], slide });
    put(squareOf(from), { fill: undefined, layers: [], slide: undefined });
  };
  for (const event of events) {
    if (event.kind === "collected" || event.kind === "dug") {
      put(squareOf(event.at), { fill: undefined, layers: [], slide: undefined });
    } else if (event.kind === "stepped" || event.kind === "pushed" || event.kind === "physics") {
      move(event.from, event.to);
    }
  }
  if (frame.size) frames.push(frame);
  return frames;
}

// A group for a cell's layers that starts `slide` away and moves home.
function slidingGroup(g, [dx, dy]) {
  const group = el("g", { class: "sliding" }, g);
  group.style.transform = `translate(${dx}px, ${dy}px)`;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    group.style.transition = `transform ${FRAME_MS - 10}ms linear`;
    group.style.transform = "none";
  }));
  return group;
}

// Plays the frames from the drawn message to `next`, then resolves.
async function animate(drawn, next) {
  const frames = framesOf(drawn, next.events || []);
  if (!frames.length) return;
  animation = { skip: false, key: null };
  const cells = new Map((drawn.view.cells || []).map((c) => [c.square, c]));
  const wait = Math.min(FRAME_MS, Math.max(30, 2400 / frames.length));
  for (const [index, frame] of frames.entries()) {
    if (animation.skip || queue.some((m) => m.resync || m.version > next.version)) break;
    for (const cell of cells.values()) delete cell.slide;
    for (const [square, cell] of frame) cells.set(square, cell);
    const view = { ...drawn.view, cells: [...cells.values()], plays: [], buttons: [] };
    draw({ ...drawn, view });
    $("board").dataset.frame = String(index + 1);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  delete $("board").dataset.frame;
  const key = animation.key;
  animation = null;
  // Played once the shell has drawn `next`.
  if (key) setTimeout(() => onKey(key), 0);
}

// w/a/s/d move the focus box (wrapping left and right, not up and down),
// Enter takes its square; a tool's key chooses it, a digit a choice,
// Escape forgets what was chosen, and q asks before playing the `quit`
// button.
function onKey(event) {
  if (animation) {
    animation.skip = true;
    animation.key = { key: event.key };
    return true;
  }
  const view = current.view;
  if (!view.plays || !canAct()) return false;
  const moves = { w: [0, -1], a: [-1, 0], s: [0, 1], d: [1, 0] };
  const key = event.key;
  if (moves[key]) {
    const [dx, dy] = moves[key];
    focus = { x: ((focus.x - 1 + dx + view.width) % view.width) + 1,
      y: Math.min(view.height, Math.max(1, focus.y + dy)) };
    draw(current);
    return true;
  }
  if (key === "Enter") {
    const cell = (view.cells || []).find((c) => c.x === focus.x && c.y === focus.y);
    if (cell) step(cell.square);
    return true;
  }
  if (key === "Escape") {
    chooseTool(null);
    return true;
  }
  const quit = (view.buttons || []).find((b) => b.action === "quit");
  if (key === "q" && quit) {
    confirmQuit();
    return true;
  }
  const tool = (view.tools || []).find((t) => t.key === key && t.enabled);
  if (tool) {
    chooseTool(tool.id);
    return true;
  }
  const choice = [...nextSteps(view)].find((s) => /\d/.test(key) && s.match(/\d/)?.[0] === key);
  if (choice) step(choice);
  return Boolean(choice);
}

// Quitting ends play for everybody: the page's confirmation dialog asks
// first (Escape or "Keep playing" goes back to the game).
function confirmQuit() {
  if (!canAct()) return;
  const dialog = $("confirm-quit");
  dialog.returnValue = "";
  dialog.showModal();
}

let wired = false;

function setup() {
  if (!wired) {
    wired = true;
    $("confirm-quit").addEventListener("close", () => {
      if ($("confirm-quit").returnValue === "yes" && canAct()) act("quit");
    });
  }
  const tools = document.createElement("div");
  tools.id = "grid-tools";
  tools.className = "buttons panel";
  tools.setAttribute("aria-label", "Tools");
  const choices = document.createElement("div");
  choices.id = "grid-choices";
  choices.className = "buttons panel";
  choices.setAttribute("aria-label", "Choices");
  const panel = document.createElement("div");
  panel.id = "grid-buttons";
  panel.className = "buttons panel";
  $("game-side").replaceChildren(tools, choices, panel);
  $("board").setAttribute("aria-label", "The board");
  $("board").addEventListener("pointerdown", () => { if (animation) animation.skip = true; });
}

return { setup, draw, onKey, animate };
})();
