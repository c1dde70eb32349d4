// relic: the page shell, the same for every game. It talks to the server,
// shows the seats, whose turn it is, the status, the event log and errors,
// and hands the game's view to the renderer the view names
// (`view.renderer`). The server (the game) decides what is legal; the page
// only asks, sending actions in the game's notation.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const PALETTE = {
  green: "#2f9e44", yellow: "#f2b705", red: "#e03131", blue: "#1c7ed6",
  purple: "#9c36b5", orange: "#f76707", black: "#343a40", white: "#f8f9fa",
  pink: "#e64980", cyan: "#1098ad", brown: "#8d5b2e",
};
// Renderers by name; each script after this one adds its own.
const RENDERERS = {};

const token = new URLSearchParams(location.search).get("seat");
let mySeat = null;          // the seat this browser plays, with a join link
let seatMode = "hot-seat";  // or "seats"
let current = null;         // the message drawn now
let renderer = null;        // the renderer drawing it
const queue = [];           // messages waiting to be drawn
let drawing = false;
let resync = true;          // the next streamed message is drawn whatever its version
let logged = 0;             // events written to the log so far

const $ = (id) => document.getElementById(id);

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// A colour the game names ("green") or gives ("#2f9e44").
function paint(name) {
  return PALETTE[String(name).toLowerCase()] || name;
}

// ---- talking to the server ------------------------------------------------

// Asks the server to play `notation`, if this page may act now.
function act(notation) {
  if (canAct()) send({ action: notation });
}

async function send(body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Relic-Token"] = token;
  // What was said about the last action goes; the answer (or the change
  // it makes, which may arrive first) says what is new.
  showMessage("", false);
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
    if (current && !message.resync && message.version <= current.version) continue;
    // Animate only the latest change: a page that fell behind catches up at once.
    const next = queue.length === 0 && current && !message.resync
      && message.version === current.version + 1;
    if (next && renderer && renderer.animate && rendererOf(message) === renderer) {
      await renderer.animate(current, message);
    }
    current = message;
    draw();
    logEvents(message.events);
    sayRefusal(message.events);
  }
  drawing = false;
}

function connect() {
  const source = new EventSource("/api/events" + (token ? `?seat=${encodeURIComponent(token)}` : ""));
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
    if (current && current.status.over) {
      source.close();
      $("status").textContent = statusText() + " The server has stopped.";
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

// The seat to move, or null once play is over.
function toMove() {
  return current && !current.status.over ? current.status.to_move : null;
}

function canAct() {
  const seat = toMove();
  if (seat === null || current.seats[seat].computer) return false;
  return seatMode === "hot-seat" || mySeat === seat;
}

// ---- drawing ------------------------------------------------------------------

function rendererOf(message) {
  return RENDERERS[message.view && message.view.renderer] || RENDERERS.grid;
}

// The phase as the game names it (`slide`, `move`), or `play` and `over`.
function phaseOf(message) {
  return message.view.phase || (message.status.over ? "over" : "play");
}

function seatColour(seat) {
  const colours = renderer.seatColours ? renderer.seatColours(current.view) : current.view.seat_colours;
  return colours && colours[seat] ? paint(colours[seat]) : "#868e96";
}

// One sentence on where the game stands: the game's own, or the shell's.
function statusText() {
  if (current.view.status) return current.view.status;
  const status = current.status;
  const name = (seat) => current.seats[seat].name;
  if (!status.over) return `${name(status.to_move)} to play.`;
  switch (status.outcome) {
    case "won": return `${name(status.seat)} has won.`;
    case "lost": return `${name(status.seat)} has lost.`;
    case "quit": return `${name(status.seat)} quit the game.`;
    case "draw": return "The game is a draw.";
    default: return "The game is over.";
  }
}

function drawBar() {
  const seat = toMove();
  document.documentElement.style.setProperty("--player", seat === null ? "#495057" : seatColour(seat));
  $("turn-name").textContent = seat === null ? "Game over" : current.seats[seat].name;
  const phase = phaseOf(current);
  $("phase").textContent = phase.charAt(0).toUpperCase() + phase.slice(1);
  $("status").textContent = statusText();
}

function drawSeats() {
  const view = current.view;
  const body = $("scores").tBodies[0];
  body.replaceChildren();
  $("seats-title").textContent = renderer.scoreTitle ? renderer.scoreTitle(view) : (view.score_label || "Players");
  const scores = renderer.scores ? renderer.scores(view) : view.scores;
  const status = current.status;
  current.seats.forEach((seat, index) => {
    const row = body.insertRow();
    row.dataset.seat = index;
    if (index === toMove()) row.classList.add("current");
    const dot = row.insertCell();
    const svg = el("svg", { viewBox: "0 0 20 20" }, dot);
    el("circle", { cx: 10, cy: 10, r: 8, fill: seatColour(index), stroke: "#2b2620" }, svg);
    const name = row.insertCell();
    name.textContent = seat.name;
    const tags = [];
    if (seat.computer) tags.push("computer");
    if (index === mySeat) tags.push("you");
    if (status.over && status.outcome === "won" && status.seat === index) tags.push("winner");
    if (tags.length) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = ` (${tags.join(", ")})`;
      name.appendChild(tag);
    }
    const score = row.insertCell();
    score.className = "score";
    score.textContent = scores ? scores[index] : "";
  });
}

function drawShellControls() {
  $("new-game").hidden = !(current.status.over && current.can_restart);
  $("new-game").disabled = seatMode === "seats" && mySeat === null;
  $("undo").hidden = !current.can_undo;
  let info = "";
  if (seatMode === "seats") {
    info = mySeat === null ? "You are watching." : `You play ${current.seats[mySeat].name}.`;
  }
  $("seat-info").textContent = info;
}

function draw() {
  const wanted = rendererOf(current);
  if (wanted !== renderer) {
    if (renderer && renderer.teardown) renderer.teardown();
    renderer = wanted;
    renderer.setup();
  }
  renderer.draw(current);
  // What the board leaves out (a window of a board too large to draw
  // whole), as text mode says it.
  $("board-note").textContent = current.view.note || "";
  const title = renderer.title ? renderer.title(current.view) : current.view.title;
  document.title = title ? `relic · ${title}` : "relic";
  drawBar();
  drawSeats();
  drawShellControls();
  document.body.dataset.version = current.version;
  document.body.dataset.phase = phaseOf(current);
}

// A change that stands for a refused attempt (`refused`, then what it
// cost) is said under the board; any other change clears what was said.
function sayRefusal(events) {
  const refused = events.find((e) => e.kind === "refused");
  if (!refused) {
    if (events.length) showMessage("", false);
    return;
  }
  const cost = events.filter((e) => e.console).map((e) => e.text);
  showMessage([refused.text, ...cost].join(" "), true);
}

// The log lists events oldest first, numbered, each with its seat's
// colour, and keeps the newest in view.
function logEvents(events) {
  const log = $("log");
  for (const event of events) {
    if (event.log === false || event.kind === "rotated") continue;
    const item = document.createElement("li");
    item.value = ++logged;
    if (Number.isInteger(event.seat) && current.seats[event.seat]) {
      const svg = el("svg", { viewBox: "0 0 20 20", class: "log-dot", "aria-hidden": "true" }, item);
      el("circle", { cx: 10, cy: 10, r: 7, fill: seatColour(event.seat) }, svg);
    }
    if (event.kind === "refused") item.classList.add("refused");
    item.append(event.text || event.kind);
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

// ---- input --------------------------------------------------------------------

function onKey(event) {
  if (document.querySelector("dialog[open]")) return;
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
    if (current && current.can_undo) {
      event.preventDefault();
      send({ undo: true });
    }
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Enter" && event.target instanceof HTMLButtonElement) return;
  if (!current || !renderer || !renderer.onKey) return;
  if (renderer.onKey(event)) event.preventDefault();
}

// The rules in words (`relic rules explain`), in a collapsible panel when
// the server has them.
async function loadRules() {
  const response = await fetch("/api/rules");
  if (response.status !== 200) return;
  $("rules-text").textContent = await response.text();
  $("rules-panel").hidden = false;
}

function start() {
  $("new-game").addEventListener("click", () => send({ new_game: true }));
  $("undo").addEventListener("click", () => send({ undo: true }));
  loadRules().catch(() => {});
  document.addEventListener("keydown", onKey);
  findSeat().catch(() => showMessage("The server cannot be reached.", true)).finally(connect);
}
