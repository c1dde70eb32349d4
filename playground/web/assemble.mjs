// Writes dist/: the page (index.html with the shell's board, seats, log and
// rules panel taken from src/gui/page/index.html, the one source of the
// browser's page), the shell's scripts and style sheet, and the
// playground's own files. Run by build.sh after the bundle is made.
import { readFileSync, writeFileSync, copyFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, "..", "..");
const page = join(root, "src", "gui", "page");
const dist = join(web, "..", "dist");
mkdirSync(dist, { recursive: true });
const shellPage = readFileSync(join(page, "index.html"), "utf8");
const start = shellPage.indexOf('<header id="bar">');
const end = shellPage.indexOf("<script src=\"/app.js\">");
if (start < 0 || end < 0) throw new Error("src/gui/page/index.html: the shell's markers are gone");
const shell = shellPage.slice(start, end).replace("<main>", '<main id="play">');
const marker = "<!-- relic: the shell (src/gui/page/index.html) -->\n";
const template = readFileSync(join(web, "index.html"), "utf8");
if (!template.includes(marker)) throw new Error("web/index.html: the shell's marker is gone");
writeFileSync(join(dist, "index.html"), template.replace(marker, shell));
for (const file of ["shell.js", "moving-maze.js", "pieces.js", "grid.js", "journey.js", "style.css"]) {
  copyFileSync(join(page, file), join(dist, file));
}
for (const file of ["playground.js", "playground.css"]) copyFileSync(join(web, file), join(dist, file));

// dist/sources.txt: what dist was built from, one `FNV-1a-64 path` line
// per file (tests/playground_dist.rs compares it with the checkout).
const SOURCES = [
  "Cargo.toml", "Cargo.lock", "src", "playground/Cargo.toml", "playground/Cargo.lock",
  "playground/src", "playground/web/editor.js", "playground/web/index.html",
  "playground/web/playground.js", "playground/web/playground.css",
  "playground/web/assemble.mjs", "playground/web/package.json", "playground/web/package-lock.json",
  // what the engine embeds from outside src/ (include_str!)
  "rulesets", "grammar", "docs/diagnostics.md", "boards/classic-7x7.gbf", "boards/cave-8x8.board",
  "boards/escape.egc",
];

function filesUnder(path) {
  if (!statSync(join(root, path)).isDirectory()) return [path];
  return readdirSync(join(root, path)).sort().flatMap((name) => filesUnder(`${path}/${name}`));
}

function fnv64(bytes) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, "0");
}

const lines = SOURCES.flatMap(filesUnder).sort()
  .map((path) => `${fnv64(readFileSync(join(root, path)))} ${path}`);
writeFileSync(join(dist, "sources.txt"), lines.join("\n") + "\n");
