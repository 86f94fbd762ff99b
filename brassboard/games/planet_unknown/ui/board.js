// SVG drawing of Planet Unknown: a planet (terrain, ice, tiles, lifepods, meteorites, rovers, medals), tiles,
// the S.U.S.A.N. station (a corporation's tracks: tracks.js).
import { s } from "/static/dom.js";
import { RESOURCES, WIDTH, HEIGHT, key, planetSquares, planetOf, coverOf, completeLines, tileCells, depotOf } from "./model.js";

const title = (text) => s("title", { text });

export const TERRAIN = { civ: "#5d4d7e", water: "#3b8ed8", biomass: "#4c9f46", rover: "#cf5a3c", tech: "#98a3ae", energy: "#e2b04c" };
export const INK = { civ: "#fff", water: "#fff", biomass: "#fff", rover: "#fff", tech: "#1d232a", energy: "#3a2a05" };
export const PLAYER_HEX = ["#1f6fd1", "#e8731c", "#2e9e5b", "#9b3fb5", "#c9a500", "#d03a5c"];
const LAND = "#efe2c4", ICE = "#d5ebf8", EDGE = "#8c7a5b";
// each kind of highlighted square has a symbol besides its colour (colour is never the only cue); the action bar's
// hint shows the same symbol in its swatch
export const TARGET_GLYPH = { "k-patch": "+", "k-deploy": "▼", "k-collect": "✓", "k-destroy": "✕", "k-meteorite": "◆", "k-move": "➜" };

/** A resource symbol centred on (x, y), radius r. */
export function resIcon(res, x, y, r, colour) {
  const c = colour || "#1d1d1d";
  const sw = Math.max(0.8, r * 0.16);
  const line = { fill: "none", stroke: c, "stroke-width": sw, "stroke-linecap": "round", "stroke-linejoin": "round" };
  const P = (a, b) => `${(x + a * r).toFixed(2)},${(y + b * r).toFixed(2)}`;
  switch (res) {
    case "civ": // a dome on a base
      return s("g", {}, s("path", { d: `M${P(-0.8, 0.45)}A${0.8 * r},${0.8 * r} 0 0 1 ${P(0.8, 0.45)}Z`, fill: c }),
        s("path", { d: `M${P(-0.95, 0.62)}L${P(0.95, 0.62)}`, ...line }));
    case "water":
      return s("path", { d: `M${P(0, -0.95)}C${P(0.5, -0.3)} ${P(0.75, 0.05)} ${P(0.75, 0.35)}A${0.75 * r},${0.6 * r} 0 0 1 ${P(-0.75, 0.35)}C${P(-0.75, 0.05)} ${P(-0.5, -0.3)} ${P(0, -0.95)}Z`, fill: c });
    case "biomass": // a tree
      return s("g", {}, s("path", { d: `M${P(0, -0.95)}L${P(0.7, 0.35)}L${P(-0.7, 0.35)}Z`, fill: c }),
        s("path", { d: `M${P(0, 0.3)}L${P(0, 0.9)}`, ...line }));
    case "rover": // a vehicle
      return s("g", {}, s("rect", { x: x - 0.85 * r, y: y - 0.55 * r, width: 1.7 * r, height: 0.75 * r, rx: 0.2 * r, fill: c }),
        s("circle", { cx: x - 0.5 * r, cy: y + 0.45 * r, r: 0.3 * r, fill: c }), s("circle", { cx: x + 0.5 * r, cy: y + 0.45 * r, r: 0.3 * r, fill: c }));
    case "tech": // a chip
      return s("g", {}, s("rect", { x: x - 0.5 * r, y: y - 0.5 * r, width: r, height: r, fill: c, rx: 0.12 * r }),
        s("path", { d: [-0.25, 0.25].map((d) => `M${P(d, -0.9)}L${P(d, 0.9)}M${P(-0.9, d)}L${P(0.9, d)}`).join(""), ...line }));
    case "energy":
      return s("path", { d: `M${P(0.25, -1)}L${P(-0.6, 0.12)}L${P(-0.05, 0.12)}L${P(-0.3, 1)}L${P(0.62, -0.2)}L${P(0.06, -0.2)}Z`, fill: c });
    default:
      return null;
  }
}

/** An <svg> holding one resource icon on its terrain colour, for HTML. */
export function iconSvg(res, size = 18) {
  return s("svg", { class: "pu-icon", width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    s("rect", { x: -10, y: -10, width: 20, height: 20, rx: 4, fill: TERRAIN[res] || "#999" }),
    resIcon(res, 0, 0, 6.5, INK[res]));
}

function meteoriteToken(cx, cy, r) {
  const pts = [[0, -1], [0.7, -0.7], [1, 0.05], [0.65, 0.75], [-0.1, 1], [-0.8, 0.6], [-1, -0.15], [-0.6, -0.8]]
    .map(([a, b]) => `${(cx + a * r).toFixed(1)},${(cy + b * r).toFixed(1)}`).join(" ");
  return s("g", { class: "pu-meteorite" }, s("polygon", { points: pts, fill: "#7a4a2a", stroke: "#231208", "stroke-width": Math.max(1, r * 0.14) }),
    s("circle", { cx: cx - r * 0.3, cy: cy - r * 0.2, r: r * 0.22, fill: "#4b2b16" }),
    s("circle", { cx: cx + r * 0.35, cy: cy + r * 0.3, r: r * 0.15, fill: "#4b2b16" }));
}
function craterMark(cx, cy, r) {
  return s("g", { class: "pu-crater" }, s("circle", { cx, cy, r, fill: "rgba(60,30,10,.35)", stroke: "#3b200d", "stroke-width": Math.max(0.7, r * 0.2), "stroke-dasharray": `${r * 0.5} ${r * 0.3}` }));
}
function lifepod(cx, cy, r) {
  return s("g", { class: "pu-lifepod" }, s("ellipse", { cx, cy, rx: r, ry: r * 0.72, fill: "#fff", stroke: "#d4570f", "stroke-width": Math.max(1, r * 0.2) }),
    s("path", { d: `M${cx - r * 0.55},${cy}h${r * 1.1}`, stroke: "#d4570f", "stroke-width": Math.max(1, r * 0.22) }));
}
export function roverToken(cx, cy, r, label) {
  return s("g", { class: "pu-rovertoken" },
    s("rect", { x: cx - r, y: cy - r * 0.75, width: 2 * r, height: r * 1.2, rx: r * 0.3, fill: "#ffd21f", stroke: "#1b1b1b", "stroke-width": Math.max(1, r * 0.14) }),
    s("circle", { cx: cx - r * 0.55, cy: cy + r * 0.55, r: r * 0.32, fill: "#1b1b1b" }),
    s("circle", { cx: cx + r * 0.55, cy: cy + r * 0.55, r: r * 0.32, fill: "#1b1b1b" }),
    label ? s("text", { x: cx, y: cy + r * 0.22, class: "pu-roverno", "font-size": r * 0.95, text: label }) : null);
}

/**
 * A player's planet. opts: {c: cell size, medals: bool, t, targets: Map "x,y" -> class, roverTargets: Set of rover
 * indices, selectedRover, lines: {row: Set, column: Set} clickable, onLine(line, n), interactive: bool,
 * label: the planet's text alternative, squareLabel(x, y): a square's name for a screen reader (interactive only),
 * letters: {resource: letter} drawn on covered squares so that terrain is not told by colour alone}.
 * Returns {svg, ghostLayer, hintLayer, cellAt(event) -> [x, y] | null}.
 */
export function drawPlanet(view, p, opts = {}) {
  const c = opts.c || 40;
  const medals = opts.medals !== false;
  const pad = medals ? 4 : 2;
  const side = medals ? c * 0.95 : 0;
  const W = pad * 2 + WIDTH * c + side, H = pad * 2 + HEIGHT * c + side;
  const squares = planetSquares(view, p);
  const planet = planetOf(view, p);
  const pl = view.players[p];
  const cover = coverOf(view, p);
  const X = (x) => pad + x * c, Y = (y) => pad + y * c;
  // a picture (role img, with its text alternative) unless its squares are controls: then a labelled group
  const svg = s("svg", { class: "pu-planet" + (opts.interactive ? " interactive" : ""), viewBox: `0 0 ${W} ${H}`, "data-player": p,
    role: opts.interactive ? "group" : "img", "aria-label": opts.label || null });
  if (opts.label && !opts.interactive) svg.append(title(opts.label));
  svg.append(s("defs", {}, s("pattern", { id: `pu-ice-${c}`, width: c / 4, height: c / 4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    s("rect", { width: c / 4, height: c / 4, fill: ICE }), s("line", { x1: 0, y1: 0, x2: 0, y2: c / 4, stroke: "#aed3ec", "stroke-width": c / 14 }))));
  // the planet's surface
  const ground = s("g", { class: "pu-ground" });
  for (const [k, ch] of squares) {
    const [x, y] = k.split(",").map(Number);
    ground.append(s("rect", { x: X(x), y: Y(y), width: c, height: c, fill: ch === "I" ? `url(#pu-ice-${c})` : LAND, stroke: "#cdbb98", "stroke-width": Math.max(0.5, c / 40) }));
    if (ch === "P" && !cover.has(k)) ground.append(s("circle", { cx: X(x) + c / 2, cy: Y(y) + c / 2, r: c * 0.36, fill: "none", stroke: "#d4a27a", "stroke-width": Math.max(0.6, c / 30), "stroke-dasharray": `${c / 10} ${c / 14}` }));
  }
  svg.append(ground);
  if (planet) svg.append(planetFeatures(planet, { X, Y, c, t: opts.t, squares }));
  // tiles and patches
  const tiles = s("g", { class: "pu-tiles" });
  for (const [k, info] of cover) {
    const [x, y] = k.split(",").map(Number);
    tiles.append(s("rect", { x: X(x), y: Y(y), width: c, height: c, fill: TERRAIN[info.res], class: "pu-terrain", "data-res": info.res }));
    if (info.patch) tiles.append(s("path", { d: `M${X(x) + c * 0.3},${Y(y) + c * 0.7}q${c * 0.2},${-c * 0.45} ${c * 0.4},${-c * 0.4}q${-c * 0.05},${c * 0.35} ${-c * 0.4},${c * 0.4}z`, fill: "#b9e3a6", opacity: 0.9 }));
  }
  // tile borders: between squares of different tiles, and around the planet
  const edges = [];
  const owner = (x, y) => { const info = cover.get(key(x, y)); return info ? (info.patch ? `p${x},${y}` : `t${info.tile}`) : null; };
  for (const [k, info] of cover) {
    const [x, y] = k.split(",").map(Number);
    const me = owner(x, y);
    if (owner(x, y - 1) !== me) edges.push(`M${X(x)},${Y(y)}h${c}`);
    if (owner(x, y + 1) !== me) edges.push(`M${X(x)},${Y(y + 1)}h${c}`);
    if (owner(x - 1, y) !== me) edges.push(`M${X(x)},${Y(y)}v${c}`);
    if (owner(x + 1, y) !== me) edges.push(`M${X(x + 1)},${Y(y)}v${c}`);
    void info;
  }
  tiles.append(s("path", { d: edges.join(""), stroke: "#1e1a16", "stroke-width": Math.max(1, c / 18), fill: "none", "stroke-linecap": "square" }));
  if (opts.letters) {
    for (const [k, info] of cover) {
      if (info.icon || info.patch) continue;
      const [x, y] = k.split(",").map(Number);
      tiles.append(s("text", { x: X(x) + c * 0.08, y: Y(y) + c * 0.3, class: "pu-resletter", "font-size": c * 0.24, fill: INK[info.res], "aria-hidden": "true", text: opts.letters[info.res] || "" }));
    }
  }
  for (const [k, info] of cover) {
    if (!info.icon) continue;
    const [x, y] = k.split(",").map(Number);
    tiles.append(s("circle", { cx: X(x) + c / 2, cy: Y(y) + c / 2, r: c * 0.36, fill: "rgba(255,255,255,.22)" }));
    tiles.append(resIcon(info.res, X(x) + c / 2, Y(y) + c / 2, c * 0.3, INK[info.res]));
  }
  for (const [x, y] of pl.meteor_symbols) tiles.append(craterMark(X(x) + c * 0.78, Y(y) + c * 0.22, c * 0.14));
  svg.append(tiles);
  // the outline of the planet
  const outline = [];
  for (const k of squares.keys()) {
    const [x, y] = k.split(",").map(Number);
    if (!squares.has(key(x, y - 1))) outline.push(`M${X(x)},${Y(y)}h${c}`);
    if (!squares.has(key(x, y + 1))) outline.push(`M${X(x)},${Y(y + 1)}h${c}`);
    if (!squares.has(key(x - 1, y))) outline.push(`M${X(x)},${Y(y)}v${c}`);
    if (!squares.has(key(x + 1, y))) outline.push(`M${X(x + 1)},${Y(y)}v${c}`);
  }
  svg.append(s("path", { d: outline.join(""), stroke: EDGE, "stroke-width": Math.max(1.2, c / 14), fill: "none", "stroke-linecap": "square" }));
  if (planet && planet.west.length) svg.append(chasm(planet, { X, Y, c, t: opts.t }));
  // tokens
  const tokens = s("g", { class: "pu-tokens", "pointer-events": "none" });
  for (const [x, y] of pl.lifepods) tokens.append(lifepod(X(x) + c / 2, Y(y) + c / 2, c * 0.3));
  for (const [x, y] of pl.meteorites) tokens.append(meteoriteToken(X(x) + c / 2, Y(y) + c / 2, c * 0.3));
  pl.rovers.forEach(([x, y], r) => tokens.append(roverToken(X(x) + c / 2, Y(y) + c / 2, c * 0.32, pl.rovers.length > 1 && c >= 24 ? String(r + 1) : "")));
  // a rover standing on a meteorite carries it (Horizon Group): the meteorite shows beside the rover, not under it
  const meteorAt = new Set(pl.meteorites.map(([x, y]) => key(x, y)));
  for (const [x, y] of pl.rovers) if (meteorAt.has(key(x, y))) tokens.append(meteoriteToken(X(x) + c * 0.8, Y(y) + c * 0.2, c * 0.17));
  svg.append(tokens);
  // medals of the rows (right) and columns (bottom)
  if (medals) {
    const done = completeLines(view, p, cover);
    const fig = planet || view.figures.planet;
    const medal = (line, n, cx, cy) => {
      const clickable = opts.lines && opts.lines[line] && opts.lines[line].has(n);
      const complete = done[line === "row" ? "rows" : "columns"].has(n);
      const value = (line === "row" ? fig.row_medals : fig.column_medals)[n];
      const g = s("g", { class: "pu-medal" + (complete ? " complete" : "") + (clickable ? " legal" : ""), "data-line": line, "data-n": n },
        s("circle", { cx, cy, r: c * 0.33, class: "pu-medalbg" }),
        s("text", { x: cx, y: cy + c * 0.13, "font-size": c * 0.36, class: "pu-medalno", text: String(value) }),
        title(opts.t ? opts.t(complete ? "planet.lineComplete" : "planet.lineMedal", { line: opts.t("planet." + line), n: n + 1, medals: value }) : ""));
      if (complete) g.append(s("path", { d: `M${cx + c * 0.12},${cy - c * 0.32}l${c * 0.1},${c * 0.1}l${c * 0.2},${-c * 0.22}`, stroke: "#1d7a2c", "stroke-width": c * 0.08, fill: "none", "stroke-linecap": "round" }));
      if (clickable) {
        // the board cursor (boardkeys.js) gives it its tabindex; Enter there is a click
        g.setAttribute("role", "button");
        g.setAttribute("data-action", `clear ${line} ${n}`);
        g.setAttribute("data-key", `medal:${line}:${n}`);
        if (opts.t) g.setAttribute("aria-label", opts.t("act.clear." + line, { n: n + 1 }));
        g.addEventListener("click", () => opts.onLine(line, n));
      }
      return g;
    };
    for (let y = 0; y < HEIGHT; y++) svg.append(medal("row", y, pad + WIDTH * c + side / 2, Y(y) + c / 2));
    for (let x = 0; x < WIDTH; x++) svg.append(medal("column", x, X(x) + c / 2, pad + HEIGHT * c + side / 2));
  }
  // hints, highlights, the ghost and the click layer
  const hintLayer = s("g", { class: "pu-hints", "pointer-events": "none" });
  svg.append(hintLayer);
  if (opts.targets) {
    const marks = s("g", { class: "pu-targets", "pointer-events": "none" });
    for (const [k, cls] of opts.targets) {
      const [x, y] = k.split(",").map(Number);
      marks.append(s("rect", { x: X(x) + 2, y: Y(y) + 2, width: c - 4, height: c - 4, rx: c * 0.12, class: "pu-target " + cls }));
      if (TARGET_GLYPH[cls]) marks.append(s("text", { x: X(x) + c - 4, y: Y(y) + c - 5, class: "pu-targetglyph " + cls, "font-size": c * 0.3, "aria-hidden": "true", text: TARGET_GLYPH[cls] }));
    }
    svg.append(marks);
  }
  if (opts.selectedRover !== undefined && opts.selectedRover !== null && pl.rovers[opts.selectedRover]) {
    const [x, y] = pl.rovers[opts.selectedRover];
    svg.append(s("rect", { x: X(x) + 1, y: Y(y) + 1, width: c - 2, height: c - 2, rx: c * 0.15, class: "pu-roversel", "pointer-events": "none" }));
  }
  if (opts.roverTargets) {
    for (const r of opts.roverTargets) {
      const [x, y] = pl.rovers[r];
      // a white halo under a dark dashed ring: visible on every terrain colour
      if (r !== opts.selectedRover) svg.append(s("g", { class: "pu-roverpick", "pointer-events": "none" },
        s("circle", { cx: X(x) + c / 2, cy: Y(y) + c / 2, r: c * 0.46, class: "pu-roverhalo" }),
        s("circle", { cx: X(x) + c / 2, cy: Y(y) + c / 2, r: c * 0.46, class: "pu-roverring" })));
    }
  }
  const ghostLayer = s("g", { class: "pu-ghost", "pointer-events": "none" });
  svg.append(ghostLayer);
  if (opts.interactive) {
    const hits = s("g", { class: "pu-hits" });
    for (const [k] of squares) {
      const [x, y] = k.split(",").map(Number);
      const cls = opts.targets && opts.targets.get(k);
      const rover = pl.rovers.findIndex(([rx, ry]) => rx === x && ry === y);
      hits.append(s("rect", { x: X(x), y: Y(y), width: c, height: c, class: "pu-sq" + (cls ? " target" : "") + (opts.roverTargets && opts.roverTargets.has(rover) ? " rover" : ""),
        "data-x": x, "data-y": y, "data-rover": rover >= 0 ? rover : null, "data-key": `sq:${x},${y}`, role: "button",
        "aria-label": opts.squareLabel ? opts.squareLabel(x, y) : null }, opts.squareTip && opts.squareTip(x, y) ? title(opts.squareTip(x, y)) : null));
    }
    svg.append(hits);
  }
  const cellAt = (event) => {
    const pt = svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = pt.matrixTransform(m.inverse());
    const x = Math.floor((q.x - pad) / c), y = Math.floor((q.y - pad) / c);
    return x >= 0 && y >= 0 && x < WIDTH && y < HEIGHT ? [x, y] : null;
  };
  return { svg, ghostLayer, hintLayer, cellAt, X, Y, c };
}

// ----- a module planet's printed features ----------------------------------------------------------------------
// Each special square kind has a glyph besides its tint (colour is never the only cue); the planet's legend (main.js)
// names the same glyph.
export const SPECIAL_GLYPH = { ring_anchor: "◎", centre_start: "✚", cities: "⌂", toxic: "☣", electric: "ϟ" };
const QUADRANT_TINT = ["rgba(93,77,126,.10)", "rgba(59,142,216,.10)", "rgba(76,159,70,.10)", "rgba(207,90,60,.10)"];

/** Special squares, holes, quadrants and sub-planets under the tiles. */
function planetFeatures(planet, { X, Y, c, t, squares }) {
  const g = s("g", { class: "pu-features", "pointer-events": "none", "data-rule": planet.rule });
  // quadrants (Persephone): a faint tint each, a dashed border and the icon the quadrant forbids, struck through
  planet.quadrants.forEach(([cells, res], i) => {
    const inside = new Set(cells.map(([x, y]) => key(x, y)));
    for (const [x, y] of cells) g.append(s("rect", { x: X(x), y: Y(y), width: c, height: c, fill: QUADRANT_TINT[i % 4] }));
    g.append(s("path", { d: borderOf(inside, X, Y, c), class: "pu-quadrant", fill: "none" }));
    const mx = cells.reduce((a, q) => a + q[0], 0) / cells.length, my = cells.reduce((a, q) => a + q[1], 0) / cells.length;
    const cx = X(mx) + c / 2, cy = Y(my) + c / 2;
    g.append(s("g", { class: "pu-forbid", "data-res": res, "pointer-events": "all" }, s("circle", { cx, cy, r: c * 0.42, fill: "#fff", stroke: "#b3261e", "stroke-width": c / 14 }),
      resIcon(res, cx, cy, c * 0.27, TERRAIN[res]),
      s("path", { d: `M${cx - c * 0.3},${cy - c * 0.3}L${cx + c * 0.3},${cy + c * 0.3}`, stroke: "#b3261e", "stroke-width": c / 12 }),
      t ? title(t("feature.forbid", { res: t("res." + res) })) : null));
  });
  // sub-planets (Cerberus): each outlined, numbered
  planet.regions.forEach((cells, i) => {
    const inside = new Set(cells.map(([x, y]) => key(x, y)));
    g.append(s("path", { d: borderOf(inside, X, Y, c), class: "pu-region", fill: "none" }));
    const [x0, y0] = cells.reduce((a, q) => (q[1] < a[1] || (q[1] === a[1] && q[0] < a[0]) ? q : a), cells[0]);
    g.append(s("text", { x: X(x0) + c * 0.12, y: Y(y0) + c * 0.32, class: "pu-regionno", "font-size": c * 0.28, text: String(i + 1) }));
  });
  // special squares: a tint and the rule's glyph in a corner, still readable under a tile
  const glyph = SPECIAL_GLYPH[planet.rule] || "★";
  for (const [x, y] of planet.special) {
    // its rule as a tooltip where nothing lies above it (the board you play gives the same on its squares)
    g.append(s("rect", { x: X(x) + 1, y: Y(y) + 1, width: c - 2, height: c - 2, class: "pu-special " + planet.rule, "pointer-events": "all" },
      t ? title(t(`rule.planet.${planet.rule}`)) : null));
    g.append(s("text", { x: X(x) + c * 0.5, y: Y(y) + c * 0.62, class: "pu-specialglyph", "font-size": c * 0.42, text: glyph }));
  }
  // holes (Lacuna): dark pits inside the planet
  for (const [x, y] of planet.holes) {
    if (squares.has(key(x, y))) continue;
    g.append(s("circle", { cx: X(x) + c / 2, cy: Y(y) + c / 2, r: c * 0.4, class: "pu-hole" }));
  }
  return g;
}

/** The outline of a set of squares ("x,y" keys). */
function borderOf(inside, X, Y, c) {
  const d = [];
  for (const k of inside) {
    const [x, y] = k.split(",").map(Number);
    if (!inside.has(key(x, y - 1))) d.push(`M${X(x)},${Y(y)}h${c}`);
    if (!inside.has(key(x, y + 1))) d.push(`M${X(x)},${Y(y + 1)}h${c}`);
    if (!inside.has(key(x - 1, y))) d.push(`M${X(x)},${Y(y)}v${c}`);
    if (!inside.has(key(x + 1, y))) d.push(`M${X(x + 1)},${Y(y)}v${c}`);
  }
  return d.join("");
}

/** Tartarus' chasm: a jagged dark line between its west and east halves (drawn over the tiles: no tile spans it),
 * and each crossing a plank across it, labelled. */
function chasm(planet, { X, Y, c, t }) {
  const west = new Set(planet.west.map(([x, y]) => key(x, y)));
  const all = new Set(planet.squares.map(([x, y]) => key(x, y)));
  const d = [];
  for (const k of west) {
    const [x, y] = k.split(",").map(Number);
    for (const [dx, dy] of [[1, 0], [0, 1], [0, -1], [-1, 0]]) {
      const n = key(x + dx, y + dy);
      if (!all.has(n) || west.has(n)) continue;
      if (dx === 1) d.push(`M${X(x + 1)},${Y(y)}v${c}`);
      else if (dx === -1) d.push(`M${X(x)},${Y(y)}v${c}`);
      else if (dy === 1) d.push(`M${X(x)},${Y(y + 1)}h${c}`);
      else d.push(`M${X(x)},${Y(y)}h${c}`);
    }
  }
  const g = s("g", { class: "pu-chasm", "pointer-events": "none" },
    s("path", { d: d.join(""), class: "pu-chasmline", fill: "none" }),
    s("path", { d: d.join(""), class: "pu-chasmcore", fill: "none" }));
  planet.crossings.forEach(([[ax, ay], [bx, by]], i) => {
    const x1 = X(ax) + c / 2, y1 = Y(ay) + c / 2, x2 = X(bx) + c / 2, y2 = Y(by) + c / 2;
    g.append(s("g", { class: "pu-crossing", "data-crossing": i },
      s("line", { x1, y1, x2, y2, class: "pu-crossingbed" }),
      s("line", { x1, y1, x2, y2, class: "pu-crossingplank" }),
      s("circle", { cx: (x1 + x2) / 2, cy: (y1 + y2) / 2, r: c * 0.2, class: "pu-crossingmark" }),
      s("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 + c * 0.09, class: "pu-crossingno", "font-size": c * 0.24, text: "⇄" }),
      t ? title(t("feature.crossing", { a: `${ax + 1},${ay + 1}`, b: `${bx + 1},${by + 1}` })) : null));
  });
  return g;
}

/** The ghost of an oriented tile with its top-left at (x, y): green where legal, red where not. */
export function drawGhost(layer, geo, cells, x, y, ok) {
  layer.replaceChildren();
  const { X, Y, c } = geo;
  for (const [dx, dy, res, icon, meteor] of cells) {
    const gx = X(x + dx), gy = Y(y + dy);
    layer.append(s("rect", { x: gx, y: gy, width: c, height: c, fill: TERRAIN[res], opacity: 0.92 }));
    if (icon) layer.append(resIcon(res, gx + c / 2, gy + c / 2, c * 0.3, INK[res]));
    if (meteor) layer.append(craterMark(gx + c * 0.78, gy + c * 0.22, c * 0.14));
    layer.append(s("rect", { x: gx + 1.5, y: gy + 1.5, width: c - 3, height: c - 3, fill: ok ? "rgba(40,200,90,.12)" : "rgba(230,40,40,.35)", stroke: ok ? "#0fa845" : "#e01b1b", "stroke-width": 4 }));
  }
  layer.dataset.ok = ok ? "1" : "0";
}

/** A tile drawn alone (depot, station): cells [[dx, dy, res, icon, meteor]] at cell size c, centred in a box. */
export function tileSvg(cells, c, { box = null, cls = "pu-tilesvg", label = null } = {}) {
  const w = 1 + Math.max(...cells.map((q) => q[0])), h = 1 + Math.max(...cells.map((q) => q[1]));
  const bw = box ? box[0] : w, bh = box ? box[1] : h;
  const ox = ((bw - w) * c) / 2 + 2, oy = ((bh - h) * c) / 2 + 2;
  // a picture with its text alternative, or (no label: the text beside it says it all) hidden from screen readers
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: cls, viewBox: `0 0 ${bw * c + 4} ${bh * c + 4}`, width: bw * c + 4, height: bh * c + 4, ...a11y }, label ? title(label) : null, tileGroup(cells, c, ox, oy));
}

export function tileGroup(cells, c, ox, oy) {
  const g = s("g", {});
  const at = new Set(cells.map((q) => key(q[0], q[1])));
  const edges = [];
  for (const [dx, dy, res, icon, meteor] of cells) {
    const x = ox + dx * c, y = oy + dy * c;
    g.append(s("rect", { x, y, width: c, height: c, fill: TERRAIN[res] }));
    if (icon) g.append(resIcon(res, x + c / 2, y + c / 2, c * 0.32, INK[res]));
    if (meteor) g.append(craterMark(x + c * 0.75, y + c * 0.25, c * 0.15));
    if (!at.has(key(dx, dy - 1))) edges.push(`M${x},${y}h${c}`);
    if (!at.has(key(dx, dy + 1))) edges.push(`M${x},${y + c}h${c}`);
    if (!at.has(key(dx - 1, dy))) edges.push(`M${x},${y}v${c}`);
    if (!at.has(key(dx + 1, dy))) edges.push(`M${x + c},${y}v${c}`);
  }
  g.append(s("path", { d: edges.join(""), stroke: "#1e1a16", "stroke-width": Math.max(1, c / 10), fill: "none", "stroke-linecap": "square" }));
  return g;
}

// ----- the S.U.S.A.N. ---------------------------------------------------------------------------------------------
/**
 * The station from above: 6 exterior stacks (outer ring) and 6 interior stacks (inner ring), turned by the rotation
 * (+ `steps` for a preview); the players' seats around it. opts: {steps, names, me, t, colours}.
 */
export function drawStation(view, opts = {}) {
  const steps = opts.steps || 0;
  const R = 170, cx = R, cy = R;
  const svg = s("svg", { class: "pu-station", viewBox: `0 0 ${2 * R} ${2 * R}`, role: "img", "aria-label": opts.label || "S.U.S.A.N." });
  svg.append(title(opts.label || "S.U.S.A.N."));
  svg.append(s("circle", { cx, cy, r: R - 26, class: "pu-ring outer" }));
  svg.append(s("circle", { cx, cy, r: R - 88, class: "pu-ring inner" }));
  svg.append(s("circle", { cx, cy, r: 26, class: "pu-hub" }));
  svg.append(s("text", { x: cx, y: cy + 4, class: "pu-hubtext", text: "S.U.S.A.N." }));
  const rotation = (view.rotation + steps) % 6;
  const angle = (position) => ((position * 60 - 90) * Math.PI) / 180;
  // sector lines
  for (let k = 0; k < 6; k++) {
    const a = angle(k + 0.5);
    svg.append(s("line", { x1: cx + 26 * Math.cos(a), y1: cy + 26 * Math.sin(a), x2: cx + (R - 26) * Math.cos(a), y2: cy + (R - 26) * Math.sin(a), class: "pu-sector" }));
  }
  const mine = opts.me !== null && opts.me !== undefined ? depotOf(view, opts.me, steps) : null;
  const drawStack = (ring, index, position, radius, c) => {
    const stack = view.stacks[ring][index];
    const a = angle(position);
    const x = cx + radius * Math.cos(a), y = cy + radius * Math.sin(a);
    const g = s("g", { class: "pu-stack" + (mine && mine[ring] === index ? " mine" : ""), "data-ring": ring, "data-stack": index });
    const box = ring === "outer" ? 52 : 44;
    g.append(s("rect", { x: x - box / 2, y: y - box / 2, width: box, height: box, rx: 6, class: "pu-stackbg" }));
    if (stack.top !== null && stack.top !== undefined) {
      const cells = tileCells(view, stack.top, 0);
      const w = 1 + Math.max(...cells.map((q) => q[0])), h = 1 + Math.max(...cells.map((q) => q[1]));
      const cc = Math.min((box - 10) / Math.max(w, h), c);
      g.append(tileGroup(cells, cc, x - (w * cc) / 2, y - (h * cc) / 2 - 3));
    } else if (stack.count) {
      g.append(s("text", { x, y: y + 5, class: "pu-stackq", text: "?" }));
    } else {
      g.append(s("text", { x, y: y + 5, class: "pu-stackq empty", text: "–" }));
    }
    g.append(s("text", { x: x + box / 2 - 3, y: y + box / 2 - 3, class: "pu-stackcount", text: String(stack.count) }));
    g.append(title(opts.t ? opts.t("station.stackTip", { ring: opts.t("station." + ring), n: stack.count }) : ""));
    svg.append(g);
  };
  for (let e = 0; e < 6; e++) drawStack("outer", e, (e - rotation + 6) % 6, R - 57, 11);
  for (let i = 0; i < 6; i++) drawStack("inner", i, ((i - view.shift - rotation) % 6 + 12) % 6, R - 119, 9);
  // seats
  view.seats.forEach((seat, p) => {
    const a = angle(seat);
    const x = cx + (R - 12) * Math.cos(a), y = cy + (R - 12) * Math.sin(a);
    const colour = PLAYER_HEX[p % PLAYER_HEX.length];
    const g = s("g", { class: "pu-seat" + (p === opts.me ? " me" : ""), "data-player": p },
      s("circle", { cx: x, cy: y, r: 11, fill: colour, stroke: p === opts.me ? "#111" : "#fff", "stroke-width": p === opts.me ? 3 : 1.5 }),
      s("text", { x, y: y + 4.5, class: "pu-seatno", text: String(p + 1) }),
      title(opts.names ? opts.names[p] : `#${p + 1}`));
    if (view.commander === p && !view.solo) g.append(s("text", { x: x + 12, y: y - 8, class: "pu-commander", text: "★" }));
    svg.append(g);
  });
  return svg;
}

export const ROMAN = ["", "I", "II", "III", "IV", "V", "VI"];
export { RESOURCES };
