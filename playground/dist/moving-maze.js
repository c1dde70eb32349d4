// relic: Moving Maze's renderer. It draws the maze, the floating tile and
// the adventurers from Moving Maze's view (`renderer: "moving-maze"`),
// animates slides, previews them, and turns clicks and keys into actions in
// the game's notation (`r`, `l`, `n2`, `e`, `3,1`, `done`, `quit`).
RENDERERS["moving-maze"] = (() => {
const TILE = 100;          // tile size in SVG units
const GAP = 8;             // space between tiles
const STEP = TILE + GAP;
const MARGIN = 90;         // room for the slide markers: 24 px or more on a phone
const SLIDE_MS = 300;
const SIDES = ["n", "e", "s", "w"];
// Where each side's slide pushes the line: [dx, dy].
const PUSH = { n: [0, 1], e: [-1, 0], s: [0, -1], w: [1, 0] };
const KEY_STEPS = {
  ArrowUp: "n", ArrowRight: "e", ArrowDown: "s", ArrowLeft: "w",
  w: "n", d: "e", s: "s", a: "w", W: "n", D: "e", S: "s", A: "w",
};

let state = null;           // the view drawn now
let preview = null;         // the slide whose preview is shown
let lastPointer = "mouse";  // how the last press was made: "mouse", "pen", "touch" or "key"
let tapConfirms = false;    // whether the tap on an arrow now is the second one

function colour(player) {
  return paint(player.colour);
}

// ---- drawing ------------------------------------------------------------------

function cellOrigin(x, y) {
  return [MARGIN + (x - 1) * STEP, MARGIN + (y - 1) * STEP];
}

function drawTile(parent, tile, owners) {
  el("rect", { class: "tile-base", width: TILE, height: TILE, rx: 6 }, parent);
  const w = 34, mid = (TILE - w) / 2;
  const arms = {
    n: [mid, 0, w, mid + w], e: [mid, mid, TILE - mid, w],
    s: [mid, mid, w, TILE - mid], w: [0, mid, mid + w, w],
  };
  if (tile.open.some(Boolean)) {
    el("rect", { class: "tile-path", x: mid, y: mid, width: w, height: w }, parent);
  }
  tile.open.forEach((open, i) => {
    if (!open) return;
    const [x, y, width, height] = arms[SIDES[i]];
    el("rect", { class: "tile-path", x, y, width, height }, parent);
  });
  if (tile.relic) drawStar(parent, tile.relic, owners);
}

function drawStar(parent, relic, owners) {
  const owner = relic.seat === null ? null : owners[relic.seat];
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 11 : 27;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${50 + r * Math.cos(a)},${52 + r * Math.sin(a)}`);
  }
  const star = el("polygon", {
    class: "star" + (relic.active ? "" : " inactive"),
    points: points.join(" "),
    fill: owner ? colour(owner) : "#adb5bd",
  }, parent);
  const title = el("title", {}, star);
  title.textContent = `${owner ? owner.name : "Unclaimed"} relic ${relic.order}` +
    (relic.active ? " (active)" : "");
  const label = el("text", { class: "star-label", x: 50, y: 53 }, parent);
  label.textContent = relic.order;
}

function drawBoard() {
  const board = $("board");
  const size = [2 * MARGIN + state.width * STEP - GAP, 2 * MARGIN + state.height * STEP - GAP];
  board.setAttribute("viewBox", `0 0 ${size[0]} ${size[1]}`);
  board.replaceChildren();
  const reach = new Set(state.reachable.map(([x, y]) => `${x},${y}`));
  const movable = canAct() && state.phase === "move" && state.rules.pathfinding;
  state.tiles.forEach((row, yi) => row.forEach((tile, xi) => {
    const x = xi + 1, y = yi + 1;
    const slider = el("g", { class: "slider", "data-x": x, "data-y": y }, board);
    const [ox, oy] = cellOrigin(x, y);
    const g = el("g", { class: "tile", transform: `translate(${ox},${oy})`, "data-x": x, "data-y": y }, slider);
    drawTile(g, tile, state.players);
    drawHomes(g, x, y);
    if (reach.has(`${x},${y}`)) {
      g.classList.add("reachable");
      el("rect", { class: "reach-ring", x: 2.5, y: 2.5, width: TILE - 5, height: TILE - 5, rx: 6 }, g);
      if (movable) makeButton(g, `Move to ${x},${y}`, () => act(`${x},${y}`));
    }
  }));
  drawMarkers(board);
  drawAdventurers(board);
  if (state.phase === "over") drawBanner(board, size);
}

function drawHomes(g, x, y) {
  state.players.forEach((player) => {
    if (player.home[0] !== x || player.home[1] !== y) return;
    const cx = x === 1 ? 0 : TILE, cy = y === 1 ? 0 : TILE;
    const sx = x === 1 ? 1 : -1, sy = y === 1 ? 1 : -1;
    el("path", {
      class: "home-mark",
      d: `M${cx},${cy} l${sx * 28},0 l${-sx * 28},${sy * 28} z`,
      fill: colour(player),
    }, g);
  });
}

function markerPlace(at) {
  const side = at[0], index = Number(at.slice(1));
  const half = TILE / 2;
  const far = [MARGIN + state.width * STEP - GAP, MARGIN + state.height * STEP - GAP];
  const along = MARGIN + (index - 1) * STEP + half;
  switch (side) {
    case "n": return [along, MARGIN / 2, 0];
    case "s": return [along, far[1] + MARGIN / 2, 180];
    case "e": return [far[0] + MARGIN / 2, along, 90];
    default: return [MARGIN / 2, along, 270];
  }
}

function drawMarkers(board) {
  const sliding = canAct() && state.phase === "slide";
  for (const slide of state.slides) {
    const [x, y, turn] = markerPlace(slide.at);
    const g = el("g", {
      class: "marker", transform: `translate(${x},${y})`, "data-slide": slide.at,
    }, board);
    const title = el("title", {}, g);
    // The target covers the margin beside its line.
    const [hw, hh] = turn % 180 === 0 ? [TILE, MARGIN - 4] : [MARGIN - 4, TILE];
    el("rect", { class: "hit", x: -hw / 2, y: -hh / 2, width: hw, height: hh, rx: 10 }, g);
    // An arrow pointing into the maze (drawn pointing down, then turned).
    el("path", { class: "arrow", d: "M0,24 L-26,-18 L26,-18 Z", transform: `rotate(${turn})` }, g);
    if (slide.last_exit) {
      g.classList.add("last-exit");
      el("path", { class: "cross", d: "M-14,-14 L14,14 M14,-14 L-14,14" }, g);
      title.textContent = `${slide.at}: the last exit point, not allowed`;
    } else if (slide.legal && sliding) {
      g.classList.add("legal");
      title.textContent = `Slide the floating tile in at ${slide.at}`;
      makeButton(g, title.textContent, () => slideOrPreview(slide.at));
      g.addEventListener("pointerenter", (e) => { if (e.pointerType !== "touch") showPreview(slide.at); });
      g.addEventListener("focus", () => showPreview(slide.at));
      // Whether this tap comes after a tap that showed this slide's preview
      // (judged before the tap focuses the arrow, which previews too).
      g.addEventListener("pointerdown", () => { tapConfirms = preview === slide.at; });
      g.addEventListener("pointerleave", (e) => { if (e.pointerType !== "touch") hidePreview(); });
      g.addEventListener("blur", hidePreview);
    } else {
      g.classList.add("inactive");
      title.textContent = `${slide.at}`;
    }
  }
}

function drawAdventurers(board) {
  const byTile = new Map();
  state.players.forEach((player, seat) => {
    const key = player.pos.join(",");
    if (!byTile.has(key)) byTile.set(key, []);
    byTile.get(key).push(seat);
  });
  // The active adventurer is drawn last, so it is always on top.
  const order = state.players.map((_, seat) => seat)
    .filter((seat) => seat !== state.current).concat([state.current]);
  for (const seat of order) {
    const player = state.players[seat];
    const sharing = byTile.get(player.pos.join(","));
    const [ox, oy] = cellOrigin(player.pos[0], player.pos[1]);
    let [dx, dy] = [TILE / 2, TILE / 2];
    if (sharing.length > 1) {
      const spot = sharing.indexOf(seat);
      dx += (spot % 2 ? 20 : -20);
      dy += (spot < 2 ? -20 : 20);
    }
    const slider = el("g", { class: "slider", "data-x": player.pos[0], "data-y": player.pos[1] }, board);
    const active = seat === state.current && state.phase !== "over";
    const g = el("g", {
      class: "adventurer" + (active ? " active" : ""),
      transform: `translate(${ox + dx},${oy + dy})`,
      "data-seat": seat, "data-x": player.pos[0], "data-y": player.pos[1],
    }, slider);
    if (active) el("circle", { class: "halo", r: 28 }, g);
    el("circle", { r: 22, fill: colour(player) }, g);
    const label = el("text", {}, g);
    label.textContent = player.initial;
    const title = el("title", {}, g);
    title.textContent = `${player.name} at ${player.pos.join(",")}`;
  }
}

function drawBanner(board, size) {
  const g = el("g", { class: "banner" }, board);
  el("rect", { x: 0, y: size[1] / 2 - 50, width: size[0], height: 100 }, g);
  const text = el("text", { x: size[0] / 2, y: size[1] / 2 }, g);
  // The game's own words: its winner or quit message.
  text.textContent = state.status;
  const room = size[0] - 2 * GAP;
  if (text.getComputedTextLength() > room) {
    text.setAttribute("textLength", room);
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function drawFloating() {
  const svg = $("floating");
  svg.setAttribute("viewBox", `-4 -4 ${TILE + 8} ${TILE + 8}`);
  svg.replaceChildren();
  drawTile(el("g", { class: "tile" }, svg), state.floating, state.players);
}

function drawControls() {
  const mine = canAct();
  const slide = mine && state.phase === "slide";
  $("rotate-cw").disabled = !(slide && state.rules.rotate);
  $("rotate-ccw").disabled = !(slide && state.rules.rotate);
  $("done").disabled = !(mine && (state.phase === "move" || state.rules.skip_slide));
  $("quit").disabled = !mine;
}

function draw(message) {
  state = message.view;
  const previewed = preview;
  preview = null;
  drawBoard();
  if (previewed && state.slides.some((s) => s.at === previewed && s.legal)) showPreview(previewed);
  drawFloating();
  drawControls();
}

// ---- the slide preview --------------------------------------------------------

// The cell a slide at `at` puts the floating tile on, 1-based.
function entryCell(at) {
  const side = at[0], index = Number(at.slice(1));
  const [dx, dy] = PUSH[side];
  return dx === 0 ? [index, dy > 0 ? 1 : state.height] : [dx > 0 ? 1 : state.width, index];
}

// Shows the floating tile, as it is turned now, where the slide at `at`
// would put it, and marks the line that would move.
function showPreview(at) {
  hidePreview();
  if (!canAct() || state.phase !== "slide") return;
  preview = at;
  const board = $("board");
  const [x, y] = entryCell(at);
  const [dx] = PUSH[at[0]];
  const g = el("g", { class: "preview", "data-slide": at, "data-x": x, "data-y": y }, board);
  const [lx, ly] = dx === 0 ? cellOrigin(x, 1) : cellOrigin(1, y);
  const [lw, lh] = dx === 0
    ? [TILE, state.height * STEP - GAP] : [state.width * STEP - GAP, TILE];
  el("rect", { class: "preview-line", x: lx - 4, y: ly - 4, width: lw + 8, height: lh + 8, rx: 8 }, g);
  const [ox, oy] = cellOrigin(x, y);
  drawTile(el("g", { class: "tile", transform: `translate(${ox},${oy})` }, g), state.floating, state.players);
}

function hidePreview() {
  preview = null;
  for (const node of document.querySelectorAll("#board .preview")) node.remove();
}

// On a touch screen the first tap on an arrow previews, the second slides;
// a mouse or the keyboard slides at once (the preview shows on hover and focus).
function slideOrPreview(at) {
  if (lastPointer === "touch" && !tapConfirms) {
    showPreview(at);
    return;
  }
  hidePreview();
  act(at);
}

// ---- the slide animation ----------------------------------------------------

function animateSlide(at, next) {
  next = next.view;
  const side = at[0], index = Number(at.slice(1));
  const [dx, dy] = PUSH[side];
  hidePreview();
  const board = $("board");
  const inLine = (node) => (dx === 0 ? Number(node.dataset.x) : Number(node.dataset.y)) === index;
  const moving = [...board.querySelectorAll("g.slider")].filter(inLine);
  // The tile going in, drawn just outside the maze at the entry.
  const entry = entryCell(at);
  const incoming = next.tiles[entry[1] - 1][entry[0] - 1];
  const ghost = el("g", { class: "slider" }, board);
  const [ox, oy] = cellOrigin(entry[0] - dx, entry[1] - dy);
  drawTile(el("g", { class: "tile", transform: `translate(${ox},${oy})` }, ghost), incoming, next.players);
  moving.push(ghost);
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      for (const node of moving) node.style.transform = `translate(${dx * STEP}px, ${dy * STEP}px)`;
      setTimeout(resolve, SLIDE_MS);
    }));
  });
}

// ---- input --------------------------------------------------------------------

function confirmQuit() {
  if (!canAct()) return;
  const dialog = $("confirm-quit");
  dialog.returnValue = "";
  dialog.showModal();
}

// Plays the key's action; true when the key meant something here.
function onKey(event) {
  const key = event.key;
  let notation = null;
  if (key === "r" || key === "R") notation = "r";
  else if (key === "l" || key === "L") notation = "l";
  else if (key === "Enter") notation = "done";
  else if (key === "q" || key === "Q") { confirmQuit(); return true; }
  else if (KEY_STEPS[key] && state.phase === "move") notation = KEY_STEPS[key];
  if (notation === null) return false;
  act(notation);
  return true;
}

let wired = false;

// Puts Moving Maze's panel beside the board and wires its controls.
function setup() {
  $("game-side").replaceChildren($("moving-maze-side").content.cloneNode(true));
  $("board").setAttribute("aria-label", "The tile maze");
  $("rotate-cw").addEventListener("click", () => act("r"));
  $("rotate-ccw").addEventListener("click", () => act("l"));
  $("done").addEventListener("click", () => act("done"));
  $("quit").addEventListener("click", confirmQuit);
  if (wired) return;
  wired = true;
  $("confirm-quit").addEventListener("close", () => {
    if ($("confirm-quit").returnValue === "yes") act("quit");
  });
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);
  document.addEventListener("keydown", () => { lastPointer = "key"; }, true);
  // The arrow under the mouse may have been redrawn since it was entered.
  document.addEventListener("pointermove", (event) => {
    const onArrow = event.target instanceof Element && event.target.closest(".marker.legal");
    if (preview && event.pointerType === "mouse" && !onArrow) hidePreview();
  });
}

// Animates a slide from the drawn message to `next`, if `next` slid.
function animate(drawn, next) {
  const slid = next.events.find((e) => e.kind === "slid");
  return slid ? animateSlide(slid.at, next) : null;
}

return {
  setup,
  draw,
  animate,
  onKey,
  seatColours: (view) => view.players.map((p) => p.colour),
  scores: (view) => view.players.map((p) => p.collected),
  title: (view) => view.rules.name,
  scoreTitle: (view) => view.score_title,
};
})();
