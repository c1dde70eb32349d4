// relic: the generic cell-and-layer renderer, for every game whose view
// says `renderer: "grid"` (or names no renderer this page knows). The view
// describes a grid of cells, each with layers (pieces: shapes, figures,
// glyphs in colours, a stack's height; labels), the edges' coordinates
// (`columns`, `rows`), and the actions that clicking a cell or a button
// plays, in the game's notation; a new game needs no new JavaScript. With
// `layout: "hex"` the cells are hexagons and each row sits half a cell to
// the right of the row below it (axial coordinates drawn as a rhombus).
// With `points`, pieces stand on points joined by `lines` (Go's board,
// a graph's); with `sparse` (or `points`), places of the drawing that no
// cell names are not drawn (a board's holes); with `checkered`, squares
// alternate light and dark.
//
// What the page adds: the squares the last action changed are
// highlighted; a chosen piece's (or tool's) legal targets are marked, dots
// on empty squares and rings on pieces; a click that no legal play takes
// is sent as the chosen tool's `attempt`, so the game says why it refuses
// (under the board) or, where an illegal action costs the turn
// (`illegal: "lose-turn"`), the turn passes; keys: arrows or w/a/s/d move
// the focus box, Enter or Space takes its square, a tool's key chooses
// it, digits choose, Escape forgets the choice, q quits (asking first
// unless `confirm_quit` is false).
RENDERERS.grid = (() => {
const CELL = 100;          // cell size in SVG units
const PAD = 4;
const EDGE = 30;           // room for the coordinates on the edges
const HEX_SIDE = CELL / Math.sqrt(3);   // a pointy-top hexagon CELL wide
const HEX_ROW = HEX_SIDE * 1.5;         // the distance between hex rows
const HEX_POINTS = [-90, -30, 30, 90, 150, 210]
  .map((a) => [CELL / 2 + HEX_SIDE * Math.cos(a * Math.PI / 180), CELL / 2 + HEX_SIDE * Math.sin(a * Math.PI / 180)])
  .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

// Whether the view's edges carry coordinates.
const edged = (view) => view.layout !== "hex" && Array.isArray(view.columns) && Array.isArray(view.rows);

// Where a cell's box starts, in SVG units, and the whole board's size.
function place(view, x, y) {
  if (view.layout !== "hex") return [PAD + (edged(view) ? EDGE : 0) + (x - 1) * CELL, PAD + (y - 1) * CELL];
  return [PAD + (x - 1) * CELL + (view.height - y) * CELL / 2, PAD + HEX_SIDE - CELL / 2 + (y - 1) * HEX_ROW];
}
function boardSize(view) {
  const edge = edged(view) ? EDGE : 0;
  if (view.layout !== "hex") return [view.width * CELL + 2 * PAD + edge, view.height * CELL + 2 * PAD + edge];
  return [(view.width + (view.height - 1) / 2) * CELL + 2 * PAD, (view.height - 1) * HEX_ROW + 2 * HEX_SIDE + 2 * PAD];
}

// Plays (views with `plays`): what the person has chosen so far this turn,
// a tool and the first steps of a play, and the focus box (w/a/s/d).
let pick = { tool: null, steps: [], version: -1 };
let focus = { x: 1, y: 1 };
let keyboard = false;      // whether keys have moved the focus box yet

// The squares the last change touched: { version, cells (square -> what
// was drawn), changed }.
let seen = { version: -1, cells: new Map(), changed: new Set() };

// The tool in use and its view entry.
function toolInUse(view) {
  const id = pick.tool || view.default_tool;
  return (view.tools || []).find((t) => t.id === id) || null;
}

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

// How many squares the tool's attempt names (`{0}`, `{1}`).
function attemptSize(tool) {
  return tool && tool.attempt ? (tool.attempt.match(/\{\d\}/g) || []).length : 0;
}

// The attempt of `tool` on `squares`.
function attemptOn(tool, squares) {
  return squares.reduce((text, square, i) => text.split(`{${i}}`).join(square), tool.attempt);
}

// Takes one more step; plays the action once a play is complete. A step
// no open play takes starts the play again from it, or is sent as the
// tool's attempt (the game refuses it, or takes the turn for it).
function step(name) {
  const view = current.view;
  if (pick.steps[pick.steps.length - 1] === name && !nextSteps(view).has(name)) {
    pick.steps = [];   // the chosen piece clicked again: let it go
    return draw(current);
  }
  if (!nextSteps(view).has(name)) {
    const tool = toolInUse(view);
    const steps = [...pick.steps, name];
    const size = attemptSize(tool);
    pick.steps = [];
    if (!nextSteps(view).has(name)) {
      if (size && isCell(view, name) && steps.length === size) attempt(attemptOn(tool, steps));
      else if (size && isCell(view, name) && view.illegal === "lose-turn") pick.steps = steps;
      else hint(view);
      return draw(current);
    }
  }
  pick.steps.push(name);
  const done = openPlays(view).find((play) => play.steps.length === pick.steps.length);
  if (done) {
    pick = { tool: null, steps: [], version: pick.version };
    act(done.action);
  }
  draw(current);
}

const isCell = (view, square) => (view.cells || []).some((c) => c.square === square);

// Sends an action no legal play makes: the game says why not.
function attempt(action) {
  pick = { tool: null, steps: [], version: pick.version };
  act(action);
}

// A click that starts no play: what would.
function hint(view) {
  const tool = toolInUse(view);
  const text = !tool || tool.id === "move" || !tool.label
    ? "Choose a piece that can move: they are outlined when you point at them."
    : `${tool.label}: choose a highlighted square.`;
  showMessage(text, false);
}

function chooseTool(id) {
  const view = current.view;
  const tool = (view.tools || []).find((t) => t.id === id);
  pick = { tool: id, steps: [], version: pick.version };
  // A tool with no legal use, where trying costs the turn: tried at once.
  if (tool && !tool.enabled && view.illegal === "lose-turn" && tool.attempt) {
    const square = squareAt(view, focus.x, focus.y);
    if (square) attempt(attemptOn(tool, Array(attemptSize(tool)).fill(square)));
  }
  draw(current);
}

function squareAt(view, x, y) {
  const cell = (view.cells || []).find((c) => c.x === x && c.y === y);
  return cell ? cell.square : null;
}

// One layer: a piece (`pieces.js`), and a label above it (the piece then
// drawn smaller, below the label).
function drawLayer(g, layer) {
  if (layer.shape || layer.glyph) {
    const holder = layer.label ? el("g", { transform: "translate(10 16) scale(0.8)" }, g) : g;
    drawPiece(holder, layer);
  }
  if (layer.label) {
    const label = el("text", { class: "cell-label", x: CELL / 2, y: 4 }, g);
    label.textContent = layer.label;
  }
}

function drawCell(board, view, cell, mine, plays) {
  const [left, top] = place(view, cell.x, cell.y);
  const g = el("g", {
    class: "cell", transform: `translate(${left},${top})`, "data-x": cell.x, "data-y": cell.y,
  }, board);
  if (cell.square !== undefined) g.dataset.square = cell.square;
  const base = view.points
    ? el("circle", { class: "cell-base", cx: CELL / 2, cy: CELL / 2, r: CELL * 0.42 }, g)
    : view.layout === "hex"
      ? el("polygon", { class: "cell-base", points: HEX_POINTS }, g)
      : el("rect", { class: "cell-base", width: CELL, height: CELL }, g);
  if (view.checkered && (cell.x + cell.y) % 2 === 1) g.classList.add("dark");
  if (cell.fill) base.style.fill = paint(cell.fill);
  // A named area of the board (`zone`: its number), tinted over the
  // cell's own colour so that highlights still show through.
  if (Number.isInteger(cell.zone)) {
    const tint = base.cloneNode(false);
    tint.setAttribute("class", `zone-tint zone-${cell.zone % 3}`);
    tint.removeAttribute("style");
    if (cell.zone_colour) {
      tint.style.fill = paint(cell.zone_colour);
      tint.style.fillOpacity = "0.2";
    }
    g.appendChild(tint);
  }
  if (seen.changed.has(cell.square ?? `${cell.x},${cell.y}`)) g.classList.add("last");
  const layers = cell.slide ? slidingGroup(g, cell.slide) : g;
  for (const layer of cell.layers || []) drawLayer(layers, layer);
  const name = cell.title || `${cell.x},${cell.y}`;
  el("title", {}, g).textContent = name;
  if (cell.action) g.dataset.action = cell.action;
  if (plays) drawPlayable(g, view, cell, mine, plays);
  else if (cell.action && mine) {
    g.classList.add("target");
    makeButton(g, cell.title || `Play ${cell.action}`, () => act(cell.action));
  }
  const boxed = keyboard || view.illegal === "lose-turn";
  if (plays && mine && boxed && focus.x === cell.x && focus.y === cell.y) {
    if (view.layout === "hex") el("polygon", { class: "focus-box", points: HEX_POINTS }, g);
    else el("rect", { class: "focus-box", x: 4, y: 4, width: CELL - 8, height: CELL - 8 }, g);
  }
}

// A cell of a view with plays: chosen, a target (outlined on hover), a
// place the chosen piece or tool can go (a dot, or a ring round a piece),
// and clickable when the page may act, for a play or an attempt.
function drawPlayable(g, view, cell, mine, plays) {
  if (pick.steps.includes(cell.square)) g.classList.add("picked");
  if (!mine) return;
  const chosen = pick.steps.length > 0 || (pick.tool && pick.tool !== view.default_tool);
  if (plays.has(cell.square)) {
    g.classList.add("target");
    // After a first step (a piece chosen), where the play can go on.
    if (pick.steps.length) g.classList.add("reachable");
    if (chosen) {
      const occupied = (cell.layers || []).length > 0;
      if (occupied) el("circle", { class: "capture-mark", cx: CELL / 2, cy: CELL / 2, r: 44 }, g);
      else el("circle", { class: "move-dot", cx: CELL / 2, cy: CELL / 2, r: 13 }, g);
    }
    makeButton(g, cell.title || cell.square, () => step(cell.square));
  } else if (attemptSize(toolInUse(view))) {
    g.addEventListener("click", () => step(cell.square));
  }
}

// A board of points (`view.points`): the wood under them, the lines
// between them (`view.lines`: [x1, y1, x2, y2] from centre to centre) and
// the dots on some (`view.dots`: [x, y]); the cells then stand on them.
function drawLines(board, view) {
  const centre = (x, y) => place(view, x, y).map((v) => v + CELL / 2);
  if (view.layout !== "hex") {
    const [left, top] = place(view, 1, 1);
    el("rect", { class: "points-base", x: left, y: top, width: view.width * CELL, height: view.height * CELL }, board);
  }
  for (const [x1, y1, x2, y2] of view.lines || []) {
    const [ax, ay] = centre(x1, y1);
    const [bx, by] = centre(x2, y2);
    el("line", { class: "board-line", x1: ax, y1: ay, x2: bx, y2: by }, board);
  }
  for (const [x, y] of view.dots || []) {
    const [cx, cy] = centre(x, y);
    el("circle", { class: "board-dot", cx, cy, r: 8 }, board);
  }
}

// The coordinates along the left and bottom edges.
function drawEdges(board, view) {
  if (!edged(view)) return;
  const [, bottom] = place(view, 1, view.height + 1);
  // About the same size on the screen whatever the board's size.
  const size = Math.min(24, 4 + 2.5 * Math.max(view.width, view.height));
  const label = (x, y, text) => {
    el("text", { class: "edge-label", x, y, "font-size": size }, board).textContent = text;
  };
  view.columns.forEach((text, i) => label(place(view, i + 1, 1)[0] + CELL / 2, bottom + EDGE / 2 + 2, text));
  view.rows.forEach((text, i) => label(PAD + EDGE / 2, place(view, 1, i + 1)[1] + CELL / 2, text));
}

// What the last change touched: the squares whose drawing differs from
// the version before (none after a new game or a jump of versions).
function noteChanges(message) {
  const view = message.view;
  if (seen.version === message.version) return;
  const drawn = new Map((view.cells || []).map((c) => [c.square ?? `${c.x},${c.y}`, JSON.stringify([c.fill, c.layers])]));
  const fresh = (message.events || []).some((e) => e.kind === "new-game" || e.kind === "undo");
  const changed = new Set();
  if (Array.isArray(view.last)) view.last.forEach((s) => changed.add(s));
  else if (!fresh && seen.version >= 0 && seen.version === message.version - 1) {
    for (const [square, what] of drawn) if (seen.cells.get(square) !== what) changed.add(square);
  }
  seen = { version: message.version, cells: drawn, changed };
}

function draw(message) {
  const view = message.view;
  const board = $("board");
  const [w, h] = boardSize(view);
  board.setAttribute("viewBox", `0 0 ${w} ${h}`);
  board.replaceChildren();
  board.classList.toggle("checkered", Boolean(view.checkered));
  if (!$("board").dataset.frame) noteChanges(message);
  const cells = new Map((view.cells || []).map((c) => [`${c.x},${c.y}`, c]));
  const mine = canAct();
  if (pick.version !== message.version) pick = { tool: null, steps: [], version: message.version };
  const plays = view.plays ? nextSteps(view) : null;
  board.classList.toggle("points", Boolean(view.points));
  if (view.points) drawLines(board, view);
  for (let y = 1; y <= view.height; y++) {
    for (let x = 1; x <= view.width; x++) {
      const cell = cells.get(`${x},${y}`);
      // A sparse board (holes, a graph's points) draws only its cells.
      if (cell || !(view.sparse || view.points)) drawCell(board, view, cell || { x, y }, mine, plays);
    }
  }
  drawEdges(board, view);
  drawTools(view, mine, plays, new Set((view.cells || []).map((c) => c.square)));
  drawButtons(view, mine);
  drawPieces(view, message);
  drawHelp(view);
}

function drawButtons(view, mine) {
  const buttons = $("grid-buttons");
  buttons.replaceChildren();
  for (const button of view.buttons || []) {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = button.key ? `${button.label} (${button.key})` : button.label;
    node.dataset.action = button.action;
    node.disabled = !mine;
    if (button.action === "quit") node.classList.add("danger");
    node.addEventListener("click", () => (button.action === "quit" ? confirmQuit() : act(button.action)));
    buttons.appendChild(node);
  }
  buttons.hidden = !(view.buttons || []).length;
}

// The tools of the player to move (the chosen one pressed; a tool with no
// legal use stays choosable where trying costs the turn) and the choices
// that complete a play (the pieces to transport, a way to turn).
function drawTools(view, mine, plays, squares) {
  const tools = $("grid-tools");
  tools.replaceChildren();
  const inUse = pick.tool || view.default_tool;
  const loseTurn = view.illegal === "lose-turn";
  for (const tool of view.tools || []) {
    const usable = tool.enabled || (loseTurn && tool.attempt);
    const node = toolButton(tool.label, !mine || !usable, () => chooseTool(tool.id));
    if (tool.key) {
      const key = document.createElement("kbd");
      key.textContent = tool.key;
      node.prepend(key, " ");
    }
    if (tool.piece) node.prepend(pieceIcon(tool.piece));
    node.dataset.tool = tool.id;
    node.classList.toggle("unusable", !tool.enabled);
    if (!tool.enabled && loseTurn) node.title = "No legal use: choosing it loses the turn";
    node.setAttribute("aria-pressed", String(tool.id === inUse));
    tools.appendChild(node);
  }
  // A lone tool that a click uses anyway says nothing: it is not shown.
  const all = view.tools || [];
  tools.hidden = !all.length || (all.length === 1 && all[0].id === view.default_tool && all[0].enabled);
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
  node.append(label);
  node.disabled = disabled;
  node.addEventListener("click", onClick);
  return node;
}

// Each seat's pieces off the board (`view.pieces`): in reserve, and lost.
function drawPieces(view, message) {
  const panel = $("grid-pieces");
  panel.replaceChildren();
  const seats = view.pieces || [];
  const any = seats.some((s) => (s.reserve || []).length || (s.captured || []).length);
  panel.hidden = !any;
  if (!any) return;
  const title = document.createElement("h2");
  title.textContent = "Pieces off the board";
  panel.append(title);
  seats.forEach((pieces, seat) => {
    for (const [list, what] of [[pieces.reserve, "in reserve"], [pieces.captured, "lost"]]) {
      if (!list || !list.length) continue;
      const row = document.createElement("div");
      row.className = "pieces-row";
      row.dataset.seat = seat;
      row.dataset.list = what;
      const name = document.createElement("span");
      name.className = "pieces-name";
      name.textContent = `${message.seats[seat] ? message.seats[seat].name : ""} ${what}:`;
      row.append(name);
      for (const piece of list) {
        const item = document.createElement("span");
        item.className = "pieces-item";
        item.append(pieceIcon(piece, `${piece.count} ${piece.name}`), `×${piece.count}`);
        row.append(item);
      }
      panel.append(row);
    }
  });
}

// "How to play": the keys this view answers to.
function drawHelp(view) {
  const list = $("grid-help-keys");
  const lines = [];
  if (view.plays) {
    lines.push("Click a piece or a square; the places it can go are marked. A second click on the piece, or Escape, lets it go.");
    lines.push("Keys: the arrow keys (or w a s d) move the red focus box, Enter or Space takes its square, Escape forgets what was chosen.");
    const keys = (view.tools || []).filter((t) => t.key).map((t) => `${t.key} ${t.label.split(":")[0].split(" (")[0].toLowerCase()}`);
    if (keys.length) lines.push(`Tools: ${keys.join(", ")}; digits choose among numbered choices.`);
  } else {
    lines.push("Click a highlighted square, or Tab to it and press Enter.");
  }
  if ((view.buttons || []).some((b) => b.action === "quit")) {
    lines.push(view.confirm_quit === false ? "q quits at once." : "q quits (after asking).");
  }
  if (view.illegal === "lose-turn") lines.push("An illegal move is not refused: it costs the turn.");
  list.replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
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

// Arrow keys or w/a/s/d move the focus box (wrapping left and right, not
// up and down), Enter or Space takes its square; a tool's key chooses it,
// a digit a choice, Escape forgets what was chosen, and q quits (asking
// first unless the view says `confirm_quit: false`).
const MOVES = {
  w: [0, -1], a: [-1, 0], s: [0, 1], d: [1, 0],
  ArrowUp: [0, -1], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowRight: [1, 0],
};

function onKey(event) {
  if (animation) {
    animation.skip = true;
    animation.key = { key: event.key };
    return true;
  }
  const view = current.view;
  const key = event.key;
  const quit = (view.buttons || []).find((b) => b.action === "quit");
  if (key === "q" && quit && canAct()) {
    confirmQuit();
    return true;
  }
  if (!view.plays || !canAct()) return false;
  if (MOVES[key]) {
    keyboard = true;
    const [dx, dy] = MOVES[key];
    focus = { x: ((focus.x - 1 + dx + view.width) % view.width) + 1,
      y: Math.min(view.height, Math.max(1, focus.y + dy)) };
    draw(current);
    return true;
  }
  if (key === "Enter" || key === " ") {
    if (event.target instanceof HTMLButtonElement) return false;
    keyboard = true;
    const square = squareAt(view, focus.x, focus.y);
    if (square) step(square);
    return true;
  }
  if (key === "Escape") {
    chooseTool(null);
    return true;
  }
  const loseTurn = view.illegal === "lose-turn";
  const tool = (view.tools || []).find((t) => t.key === key && (t.enabled || (loseTurn && t.attempt)));
  if (tool) {
    chooseTool(tool.id);
    return true;
  }
  const choice = [...nextSteps(view)].find((s) => /\d/.test(key) && s.match(/\d/)?.[0] === key);
  if (choice) step(choice);
  return Boolean(choice);
}

// Quitting ends play for everybody: the page's confirmation dialog asks
// first (Escape or "Keep playing" goes back to the game), unless the view
// says `confirm_quit: false` (a single keystroke, as a course specifies).
function confirmQuit() {
  if (!canAct()) return;
  if (current.view.confirm_quit === false) {
    act("quit");
    return;
  }
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
  const panel = (id, label) => {
    const node = document.createElement("div");
    node.id = id;
    node.className = "buttons panel";
    if (label) node.setAttribute("aria-label", label);
    return node;
  };
  const pieces = document.createElement("div");
  pieces.id = "grid-pieces";
  pieces.className = "panel";
  const help = document.createElement("details");
  help.id = "grid-help";
  help.className = "panel";
  const summary = document.createElement("summary");
  summary.textContent = "How to play";
  const keys = document.createElement("ul");
  keys.id = "grid-help-keys";
  help.append(summary, keys);
  $("game-side").replaceChildren(panel("grid-tools", "Tools"), panel("grid-choices", "Choices"),
    panel("grid-buttons"), pieces, help);
  $("board").setAttribute("aria-label", "The board");
  $("board").addEventListener("pointerdown", () => { if (animation) animation.skip = true; });
  seen = { version: -1, cells: new Map(), changed: new Set() };
}

return { setup, draw, onKey, animate };
})();
