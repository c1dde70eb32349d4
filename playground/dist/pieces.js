// relic: pieces as the generic grid renderer draws them, in a 100-unit
// box: a shape (disc, ring, square, diamond) or a built-in chess figure
// (pawn, knight, bishop, rook, queen, king) in the owner's colour with a
// dark outline, or the glyph alone as a large letter; a symbol on the
// shape in a colour that reads on it; scaled by the piece's size; the
// stack's height as a badge. Used on the board, on tools and in the side
// panel's reserves and captures.
"use strict";

const FIGURES = {
  pawn: [
    ["circle", { cx: 50, cy: 29, r: 13 }],
    ["path", { d: "M39 44 Q50 37 61 44 L64 51 H57 Q58 64 68 74 H32 Q42 64 43 51 H36 Z" }],
    ["rect", { x: 25, y: 73, width: 50, height: 11, rx: 3 }],
  ],
  rook: [
    ["path", { d: "M26 85 H74 V76 H67 L63 46 H69 V22 H60 V30 H54 V22 H46 V30 H40 V22 H31 V46 H37 L33 76 H26 Z" }],
  ],
  knight: [
    ["path", { d: "M32 85 H72 C73 64 70 45 61 33 C56 25 50 20 43 19 L41 11 L34 20 C28 25 24 33 22 42 L20 52 C20 57 25 59 30 56 L38 50 C43 50 45 53 42 57 C35 65 31 74 32 85 Z" }],
    ["circle", { cx: 41, cy: 31, r: 3.5, class: "figure-eye" }],
  ],
  bishop: [
    ["circle", { cx: 50, cy: 13, r: 6 }],
    ["path", { d: "M50 19 C63 28 67 41 60 53 H40 C33 41 37 28 50 19 Z" }],
    ["path", { d: "M40 53 H60 L65 73 H35 Z" }],
    ["rect", { x: 26, y: 73, width: 48, height: 11, rx: 3 }],
    ["path", { d: "M46 30 L55 39", class: "figure-line" }],
  ],
  queen: [
    ["path", { d: "M27 85 H73 L69 70 L80 31 L63 53 L58 25 L50 51 L42 25 L37 53 L20 31 L31 70 Z" }],
    ["circle", { cx: 20, cy: 29, r: 5 }], ["circle", { cx: 42, cy: 23, r: 5 }],
    ["circle", { cx: 58, cy: 23, r: 5 }], ["circle", { cx: 80, cy: 29, r: 5 }],
  ],
  king: [
    ["path", { d: "M46.5 8 H53.5 V15 H60 V22 H53.5 V30 H46.5 V22 H40 V15 H46.5 Z" }],
    ["path", { d: "M50 30 C66 29 73 41 65 55 L61 68 H39 L35 55 C27 41 34 29 50 30 Z" }],
    ["path", { d: "M30 68 H70 L74 85 H26 Z" }],
  ],
};

// A colour's relative lightness (0 dark .. 1 light), read through a
// canvas so that CSS colour names work too.
const lightness = (() => {
  const context = document.createElement("canvas").getContext("2d");
  const known = new Map();
  return (colour) => {
    if (!known.has(colour)) {
      context.fillStyle = "#000";
      context.fillStyle = colour;
      const hex = context.fillStyle;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255 || 0);
      known.set(colour, 0.2126 * r + 0.7152 * g + 0.0722 * b);
    }
    return known.get(colour);
  };
})();

// The ink that reads on `colour`.
function inkOn(colour) {
  return lightness(colour) > 0.6 ? "#212529" : "#fff";
}

// The outline of a piece in `colour`.
function outlineOf(colour) {
  return lightness(colour) > 0.85 ? "#495057" : "#0009";
}

// Draws piece `layer` into `g`, in a 100-unit box.
function drawPiece(g, layer) {
  const fill = layer.colour ? paint(layer.colour) : "var(--ink)";
  const scale = layer.scale || 1;
  const piece = el("g", { class: "piece", "data-shape": layer.shape || "letter" }, g);
  if (scale !== 1) piece.setAttribute("transform", `translate(50 50) scale(${scale}) translate(-50 -50)`);
  const outline = outlineOf(fill);
  const shape = layer.shape;
  if (FIGURES[shape]) {
    for (const [name, attrs] of FIGURES[shape]) {
      const part = el(name, { ...attrs, fill, stroke: outline, "stroke-width": 3, "stroke-linejoin": "round" }, piece);
      if (attrs.class === "figure-eye") part.setAttribute("fill", inkOn(fill));
      if (attrs.class === "figure-line") { part.setAttribute("fill", "none"); part.setAttribute("stroke", inkOn(fill)); }
    }
  } else if (shape === "disc") {
    el("circle", { cx: 50, cy: 50, r: 38, fill, stroke: outline, "stroke-width": 3 }, piece);
    el("circle", { cx: 50, cy: 50, r: 29, fill: "none", stroke: "#fff3", "stroke-width": 3 }, piece);
  } else if (shape === "ring") {
    el("circle", { class: "ring-outline", cx: 50, cy: 50, r: 33, fill: "none", stroke: outline, "stroke-width": 15 }, piece);
    el("circle", { cx: 50, cy: 50, r: 33, fill: "none", stroke: fill, "stroke-width": 11 }, piece);
  } else if (shape === "square") {
    el("rect", { x: 14, y: 14, width: 72, height: 72, rx: 8, fill, stroke: outline, "stroke-width": 3 }, piece);
  } else if (shape === "diamond") {
    el("polygon", { points: "50,10 90,50 50,90 10,50", fill, stroke: outline, "stroke-width": 3 }, piece);
  }
  if (layer.glyph) {
    const solid = shape && shape !== "ring";
    const size = layer.size || (solid ? (layer.glyph.length > 1 ? 34 : 42) : (layer.glyph.length > 2 ? 40 : 64));
    const text = el("text", {
      class: "cell-glyph", x: 50, y: 52, "font-size": size,
      fill: solid ? inkOn(fill) : fill,
    }, piece);
    if (!solid && lightness(fill) > 0.6) text.classList.add("light-glyph");
    text.textContent = layer.glyph;
  }
  if (layer.height > 1) {
    const badge = el("g", { class: "stack-height" }, g);
    el("circle", { cx: 83, cy: 83, r: 14 }, badge);
    el("text", { x: 83, y: 84 }, badge).textContent = String(layer.height);
  }
  return piece;
}

// A small SVG of a piece (tools, reserves, captures).
function pieceIcon(layer, label) {
  const svg = el("svg", { viewBox: "0 0 100 100", class: "piece-icon", role: "img", "aria-label": label || layer.name || "" });
  drawPiece(svg, { ...layer, scale: layer.scale ? Math.max(layer.scale, 0.8) : 1, height: 0 });
  return svg;
}
