// relic playground: the ruleset and setup editors, their problems as the
// engine finds them (WebAssembly, the same checks as `relic rules check`),
// and the board of the shell (shell.js and the renderers, as `relic serve`
// shows it) playing the game as it is edited. The engine decides what is
// legal; this script only carries actions and messages between them.
"use strict";

const COMPUTERS = [
  ["", "A person"], ["random", "Computer: random"], ["greedy", "Computer: greedy"],
  ["mcts:iterations=300", "Computer: MCTS"],
];
const DEFAULT_GAME = "tic-tac-toe";
const STEP_MS = 250;          // how long a computer's move stays in view

let engine = null;            // the WebAssembly module
let table = null;             // the game in play (a `Playground`)
let editors = {};             // "ruleset" and "setup" CodeMirror views
let problems = { ruleset: [], setup: [] };
let computers = [];           // a strategy spec or null per seat
let focused = "ruleset";      // the editor the cursor is in
let checkTimer = null;
let stepTimer = null;
let openedFor = null;         // the texts the game in play was made from

// ---- the shell's talking to a server, answered by the engine -----------------

async function send(body) {
  showMessage("", false);
  if (!table) return;
  try {
    const answer = body.new_game ? table.restart() : body.undo ? table.undo() : table.play(body.action);
    receive(JSON.parse(answer));
  } catch (error) {
    showMessage(String(error), true);
  }
  scheduleComputer();
}

function connect() {}
async function findSeat() { seatMode = "hot-seat"; mySeat = null; }
async function loadRules() {}

// Lets a computer to move play, one action at a time, in view.
function scheduleComputer() {
  clearTimeout(stepTimer);
  if (!table || !table.computer_to_move()) return;
  stepTimer = setTimeout(() => {
    const message = table.step();
    if (message) receive(JSON.parse(message));
    scheduleComputer();
  }, STEP_MS);
}

// ---- checking and playing what is edited ----------------------------------------

function texts() {
  return { ruleset: editors.ruleset.state.doc.toString(), setup: editors.setup.state.doc.toString() };
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkNow, 120);
}

function checkNow() {
  const { ruleset, setup } = texts();
  problems = JSON.parse(engine.check(ruleset, setup));
  RelicEditor.showProblems(editors.ruleset, problems.ruleset);
  RelicEditor.showProblems(editors.setup, problems.setup);
  listProblems();
  showAtCursor();
  if (problems.ruleset.length === 0 && problems.setup.length === 0) openGame(false);
  else document.body.dataset.problems = String(problems.ruleset.length + problems.setup.length);
}

// Starts a game of what is in the editors (again, when `force`).
function openGame(force) {
  const { ruleset, setup } = texts();
  const key = JSON.stringify([ruleset, setup, computers]);
  document.body.dataset.problems = "0";
  if (!force && key === openedFor) return;
  let next;
  try {
    next = new engine.Playground(ruleset, setup, JSON.stringify(computers), BigInt(Date.now()));
  } catch (error) {
    showMessage(String(error), true);
    return;
  }
  if (table) table.free();
  table = next;
  openedFor = key;
  const message = JSON.parse(table.message());
  message.resync = true;
  $("log").replaceChildren();
  logged = 0;
  drawSeatChoices(message.seats);
  receive(message);
  $("rules-text").textContent = engine.explain(ruleset);
  $("rules-panel").hidden = $("rules-text").textContent === "";
  scheduleComputer();
}

function listProblems() {
  const list = $("problems");
  list.replaceChildren();
  for (const [where, found] of Object.entries(problems)) {
    for (const p of found) {
      const item = document.createElement("li");
      item.className = p.severity;
      item.dataset.code = p.code;
      item.textContent = `${where} ${p.line}:${p.column} ${p.code}: ${p.message}${p.label ? ": " + p.label : ""}`;
      if (p.help) {
        const help = document.createElement("div");
        help.className = "help";
        help.textContent = `help: ${p.help}`;
        item.append(help);
      }
      item.addEventListener("click", () => {
        editors[where].dispatch({ selection: { anchor: p.from, head: p.to }, scrollIntoView: true });
        editors[where].focus();
      });
      list.append(item);
    }
  }
  const count = problems.ruleset.length + problems.setup.length;
  $("problem-count").textContent = count ? `(${count})` : "(none)";
}

// The problem under the cursor, in words, under the editors.
function showAtCursor() {
  const view = editors[focused];
  const at = view.state.selection.main.head;
  const here = problems[focused].find((p) => p.from <= at && at <= Math.max(p.to, p.from + 1));
  const line = $("at-cursor");
  line.textContent = here ? `${here.code}: ${here.message}${here.label ? ": " + here.label : ""}${here.help ? " — help: " + here.help : ""}` : "";
  line.className = here ? here.severity : "";
}

// ---- who plays each seat ------------------------------------------------------------

function drawSeatChoices(seats) {
  const box = $("seat-choices");
  box.replaceChildren();
  seats.forEach((seat, index) => {
    const label = document.createElement("label");
    label.textContent = `${seat.name} `;
    const select = document.createElement("select");
    select.dataset.seat = index;
    for (const [spec, words] of COMPUTERS) select.add(new Option(words, spec));
    select.value = computers[index] || "";
    select.addEventListener("change", () => {
      computers = seats.map((_, i) => computers[i] || null);
      computers[index] = select.value || null;
      openGame(true);
    });
    label.append(select);
    box.append(label);
  });
}

// ---- sharing: the ruleset and setup in the link's fragment -----------------------

async function squeeze(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unsqueeze(packed) {
  const binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

async function share() {
  const packed = await squeeze(JSON.stringify({ v: 1, ...texts(), computers }));
  const link = `${location.origin}${location.pathname}#r=${packed}`;
  history.replaceState(null, "", link);
  $("share-link").value = link;
  $("share-link").hidden = false;
  $("share-link").select();
  try { await navigator.clipboard.writeText(link); } catch (_) { /* the field shows it */ }
}

// What the link's fragment carries, if anything (else `null`).
async function shared() {
  const match = location.hash.match(/^#r=([A-Za-z0-9_-]+)$/);
  if (!match) return null;
  try {
    const carried = JSON.parse(await unsqueeze(match[1]));
    if (typeof carried.ruleset !== "string" || typeof carried.setup !== "string") return null;
    return carried;
  } catch (_) {
    showMessage("This link's ruleset could not be read; the default game is shown.", true);
    return null;
  }
}

// ---- start ------------------------------------------------------------------------

function loadBuiltin(name) {
  computers = [];
  RelicEditor.setText(editors.ruleset, engine.builtin(name) || "");
  RelicEditor.setText(editors.setup, "");
  checkNow();
}

async function start() {
  engine = await import("./pkg/relic_playground.js");
  await engine.default();
  const names = JSON.parse(engine.builtins());
  for (const name of names) $("builtin").add(new Option(name, name));
  const carried = await shared();
  const first = carried || { ruleset: engine.builtin(DEFAULT_GAME), setup: "" };
  computers = (carried && Array.isArray(carried.computers)) ? carried.computers : [];
  $("builtin").value = carried ? "" : DEFAULT_GAME;
  const make = (name, doc, label) => RelicEditor.createEditor($(`${name}-editor`), doc, {
    label, isToml: name === "ruleset",
    onChange: () => { $("share-link").hidden = true; scheduleCheck(); },
    onCursor: () => { focused = name; showAtCursor(); },
  });
  editors.ruleset = make("ruleset", first.ruleset, "The ruleset (TOML)");
  editors.setup = make("setup", first.setup, "The setup");
  $("builtin").addEventListener("change", () => loadBuiltin($("builtin").value));
  $("share").addEventListener("click", () => share().catch((e) => showMessage(String(e), true)));
  $("new-game").addEventListener("click", () => send({ new_game: true }));
  $("undo").addEventListener("click", () => send({ undo: true }));
  $("rules-panel").open = true;
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest(".cm-editor")) return;
    onKey(event);
  });
  checkNow();
  document.body.dataset.ready = "yes";
}

start().catch((error) => showMessage(`The playground could not start: ${error}`, true));
