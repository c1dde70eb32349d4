// relic GUI: draws the state the server sends and asks the server to act.
// The server (the engine) decides what is legal; this page only asks.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const TILE = 100;          // tile size in SVG units
const GAP = 8;             // space between tiles
const STEP = TILE + GAP;
const MARGIN = 90;         // room for the slide markers: 24 px or more on a phone
const SLIDE_MS = 300;
const PALETTE = {
  green: "#2f9e44", yellow: "#f2b705", red: "#e03131", blue: "#1c7ed6",
  purple: "#9c36b5", orange: "#f76707", black: "#343a40", white: "#f8f9fa",
  pink: "#e64980", cyan: "#1098ad", brown: "#8d5b2e",
};
const SIDES = ["n", "e", "s", "w"];
// Where each side's slide pushes the line: [dx, dy].
const PUSH = { n: [0, 1], e: [-1, 0], s: [0, -1], w: [1, 0] };
const KEY_STEPS = {
  ArrowUp: "n", ArrowRight: "e", ArrowDown: "s", ArrowLeft: "w",
  w: "n", d: "e", s: "s", a: "w", W: "n", D: "e", S: "s", A: "w",
};

const token = new URLSearchParams(location.search).get("seat");
let mySeat = null;          // the seat this browser plays, with a join link
let seatMode = "hot-seat";  // or "seats"
let state = null;           // the state drawn now
const queue = [];           // messages waiting to be drawn
let drawing = false;
let canRestart = false;     // whether the server offers a new game once this one ends
let resync = true;          // the next streamed message is drawn whatever its version
let logged = 0;             // events written to the log so far
let preview = null;         // the slide whose preview is shown
let lastPointer = "mouse";  // how the last press was made: "mouse", "pen", "touch" or "key"
let tapConfirms = false;    // whether the tap on an arrow now is the second one

const $ = (id) => document.getElementById(id);

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function colour(player) {
  return PALETTE[player.colour.toLowerCase()] || player.colour;
}

// ---- talking to the server ------------------------------------------------

function act(body) {
  if (canAct()) send(body);
}

async function send(body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Relic-Token"] = token;
  let response;
  try {
    response = await fetch("/api/action", { method: "POST", headers, body: JSON.stringify(body) });
  } catch (error) {
    showMessage("The server cannot be reached.", true);
    return;
  }
  const reply = await response.json().catch(() => ({ error: "The server sent a bad answer." }));
  if (!response.ok) {
    showMessage(reply.error || "Refused.", true);
    return;
  }
  showMessage("", false);
  receive(reply);
}

function receive(message) {
  queue.push(message);
  if (!drawing) drainQueue();
}

async function drainQueue() {
  drawing = true;
  while (queue.length) {
    const message = queue.shift();
    if (state && !message.resync && message.state.version <= state.version) continue;
    const slid = message.events.find((e) => e.kind === "slid");
    // Animate only the latest change: a page that fell behind catches up at once.
    const latest = queue.length === 0;
    if (state && slid && latest && !message.resync && message.state.version === state.version + 1) {
      await animateSlide(slid.at, message.state);
    }
    state = message.state;
    canRestart = Boolean(message.can_restart);
    draw();
    logEvents(message.events);
  }
  drawing = false;
}

function connect() {
  const source = new EventSource("/api/events");
  source.addEventListener("state", (event) => {
    const message = JSON.parse(event.data);
    // After a (re)connection the server sends the full state first: it may
    // be a new game (a restarted server), so it is drawn as it is.
    message.resync = resync;
    resync = false;
    receive(message);
  });
  source.addEventListener("open", () => { resync = true; });
  source.addEventListener("error", () => {
    if (state && state.phase === "over") {
      source.close();
      $("status").textContent = state.status + " The server has stopped.";
    } else {
      $("status").textContent = "Connection lost; reconnecting…";
    }
  });
}

async function findSeat() {
  const headers = token ? { "X-Relic-Token": token } : {};
  const response = await fetch("/api/seat", { headers });
  const reply = await response.json();
  if (!response.ok) {
    showMessage(reply.error + " This page only watches.", true);
    seatMode = "seats";
    return;
  }
  seatMode = reply.mode;
  mySeat = reply.seat;
}

// ---- who may do what --------------------------------------------------------

function canAct() {
  if (!state || state.phase === "over") return false;
  if (state.players[state.current].computer) return false;
  return seatMode === "hot-seat" || mySeat === state.current;
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
      if (movable) makeButton(g, `Move to ${x},${y}`, () => act({ move: [x, y] }));
    }
  }));
  drawMarkers(board);
  drawAdventurers(board);
  if (state.phase === "over") drawBanner(board, size);
}

// Makes an SVG element work like a button: click, or Tab to it and press
// Enter or Space.
function makeButton(node, label, onClick) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", onClick);
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    onClick();
  });
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
  text.textContent = state.winner === null ? "Game over" : `${state.players[state.winner].name} wins!`;
}

function drawFloating() {
  const svg = $("floating");
  svg.setAttribute("viewBox", `-4 -4 ${TILE + 8} ${TILE + 8}`);
  svg.replaceChildren();
  drawTile(el("g", { class: "tile" }, svg), state.floating, state.players);
}

function drawScores() {
  const body = $("scores").tBodies[0];
  body.replaceChildren();
  $("relic-count").textContent = `(of ${state.rules.relics_per_colour})`;
  state.players.forEach((player, seat) => {
    const row = body.insertRow();
    row.dataset.seat = seat;
    if (seat === state.current && state.phase !== "over") row.classList.add("current");
    const dot = row.insertCell();
    const svg = el("svg", { viewBox: "0 0 20 20" }, dot);
    el("circle", { cx: 10, cy: 10, r: 8, fill: colour(player), stroke: "#2b2620" }, svg);
    const name = row.insertCell();
    name.textContent = player.name;
    const tags = [];
    if (player.computer) tags.push("computer");
    if (seat === mySeat) tags.push("you");
    if (state.winner === seat) tags.push("winner");
    if (tags.length) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = ` (${tags.join(", ")})`;
      name.appendChild(tag);
    }
    const score = row.insertCell();
    score.className = "score";
    score.textContent = player.collected;
  });
}

function drawBar() {
  const player = state.players[state.current];
  const over = state.phase === "over";
  document.documentElement.style.setProperty("--player", over ? "#495057" : colour(player));
  $("turn-name").textContent = over ? "Game over" : player.name;
  $("phase").textContent = { slide: "Slide", move: "Move", over: "Over" }[state.phase];
  $("status").textContent = state.status;
}

function drawControls() {
  const mine = canAct();
  const slide = mine && state.phase === "slide";
  $("rotate-cw").disabled = !(slide && state.rules.rotate);
  $("rotate-ccw").disabled = !(slide && state.rules.rotate);
  $("done").disabled = !(mine && (state.phase === "move" || state.rules.skip_slide));
  $("quit").disabled = !mine;
  $("new-game").hidden = !(state.phase === "over" && canRestart);
  $("new-game").disabled = seatMode === "seats" && mySeat === null;
  let info = "";
  if (seatMode === "seats") {
    info = mySeat === null ? "You are watching." : `You play ${state.players[mySeat].name}.`;
  }
  $("seat-info").textContent = info;
}

function draw() {
  const previewed = preview;
  preview = null;
  drawBoard();
  if (previewed && state.slides.some((s) => s.at === previewed && s.legal)) showPreview(previewed);
  drawFloating();
  drawScores();
  drawBar();
  drawControls();
  document.body.dataset.version = state.version;
  document.body.dataset.phase = state.phase;
}

// The log lists events oldest first, numbered, and keeps the newest in view.
function logEvents(events) {
  const log = $("log");
  for (const event of events) {
    if (event.kind === "rotated") continue;
    const item = document.createElement("li");
    item.value = ++logged;
    item.textContent = event.text;
    log.append(item);
  }
  while (log.children.length > 50) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function showMessage(text, isError) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", isError);
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
  act({ slide: at });
}

// ---- the slide animation ----------------------------------------------------

function animateSlide(at, next) {
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

function onKey(event) {
  if ($("confirm-quit").open || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Enter" && event.target instanceof HTMLButtonElement) return;
  if (!state) return;
  const key = event.key;
  let body = null;
  if (key === "r" || key === "R") body = { action: "rotate-cw" };
  else if (key === "l" || key === "L") body = { action: "rotate-ccw" };
  else if (key === "Enter") body = { action: "done" };
  else if (key === "q" || key === "Q") { event.preventDefault(); confirmQuit(); return; }
  else if (KEY_STEPS[key] && state.phase === "move") body = { step: KEY_STEPS[key] };
  if (body) {
    event.preventDefault();
    act(body);
  }
}

function wire() {
  $("rotate-cw").addEventListener("click", () => act({ action: "rotate-cw" }));
  $("rotate-ccw").addEventListener("click", () => act({ action: "rotate-ccw" }));
  $("done").addEventListener("click", () => act({ action: "done" }));
  $("quit").addEventListener("click", confirmQuit);
  $("new-game").addEventListener("click", () => send({ action: "new-game" }));
  $("confirm-quit").addEventListener("close", () => {
    if ($("confirm-quit").returnValue === "yes") act({ action: "quit" });
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);
  document.addEventListener("keydown", () => { lastPointer = "key"; }, true);
  // The arrow under the mouse may have been redrawn since it was entered.
  document.addEventListener("pointermove", (event) => {
    const onArrow = event.target instanceof Element && event.target.closest(".marker.legal");
    if (preview && event.pointerType === "mouse" && !onArrow) hidePreview();
  });
}

wire();
findSeat().catch(() => showMessage("The server cannot be reached.", true)).finally(connect);
