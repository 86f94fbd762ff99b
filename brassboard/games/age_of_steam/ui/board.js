// SVG drawing of Age of Steam: the Rust Belt map (terrain, cities with their cubes, towns, new cities, track tiles
// coloured by owner), the ghost of a build, a cube's route, and small hexes for the build picker.
import { s } from "/static/dom.js";
import { cell, board } from "./model.js";

export const PLAYER_HEX = ["#1f6fd1", "#e8731c", "#2e9e5b", "#9b3fb5", "#c9a500", "#d03a5c"];
export const CUBE = { red: "#d0312d", blue: "#2866c4", purple: "#7d3fae", yellow: "#f2c318", black: "#262626" };
export const CITY = { red: "#c8423a", blue: "#3770c4", purple: "#7f4bb0", yellow: "#e5bb2c", black: "#4a4a4a", grey: "#6d6d6d" };
const TERRAIN = { plain: "#ece4c8", river: "#d9e6d8", mountain: "#cdb99b", lake: "#8fbfe3", town: "#ece4c8", city: "#ece4c8" };
const UNOWNED = "#8a8a8a";
const R = 30;                      // hex radius in SVG units
const H = Math.sqrt(3) * R;        // hex height
const TOP = 16, LEFT = 4;          // room for the column letters

const title = (text) => s("title", { text });

/** The centre of a hex in SVG units. */
export function centre(hex) {
  const [c, r] = cell(hex);
  return [LEFT + R + c * 1.5 * R, TOP + H / 2 + r * H + (c % 2 ? H / 2 : 0)];
}
function corners(x, y, k = 1) {
  return [0, 1, 2, 3, 4, 5].map((i) => [x + k * R * Math.cos((Math.PI / 3) * i), y + k * R * Math.sin((Math.PI / 3) * i)]);
}
const points = (pts) => pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
/** The middle of side `side` (0 = N, clockwise) of a hex centred at (x, y) with radius r. */
function sideMid(x, y, side, r = R) {
  const a = (-90 + 60 * side) * Math.PI / 180;
  return [x + (Math.sqrt(3) / 2) * r * Math.cos(a), y + (Math.sqrt(3) / 2) * r * Math.sin(a)];
}

/** The SVG path of one track (a pair of sides, or one side to the centre: a town spoke). */
export function trackPath(x, y, track, r = R) {
  if (track.length === 1) {
    const [ax, ay] = sideMid(x, y, track[0], r);
    return `M${ax.toFixed(1)},${ay.toFixed(1)}L${x.toFixed(1)},${y.toFixed(1)}`;
  }
  const [a, b] = track;
  const [ax, ay] = sideMid(x, y, a, r), [bx, by] = sideMid(x, y, b, r);
  const diff = Math.min(Math.abs(a - b), 6 - Math.abs(a - b));
  if (diff === 3) return `M${ax.toFixed(1)},${ay.toFixed(1)}L${bx.toFixed(1)},${by.toFixed(1)}`;
  // a gentle curve is a 60° arc of radius 1.5 r, a sharp one a 120° arc of radius r / 2 around the shared corner;
  // of the two circles through both ends, the arc's centre is the one away from the hex centre
  const rad = diff === 1 ? r / 2 : 1.5 * r;
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const half = Math.hypot(bx - ax, by - ay) / 2;
  const d = Math.sqrt(Math.max(0, rad * rad - half * half));
  const nx = -(by - ay) / (2 * half), ny = (bx - ax) / (2 * half);
  const c1 = [mx + nx * d, my + ny * d], c2 = [mx - nx * d, my - ny * d];
  const far = Math.hypot(c1[0] - x, c1[1] - y) > Math.hypot(c2[0] - x, c2[1] - y) ? c1 : c2;
  const cross = (ax - far[0]) * (by - far[1]) - (ay - far[1]) * (bx - far[0]);
  return `M${ax.toFixed(1)},${ay.toFixed(1)}A${rad.toFixed(1)},${rad.toFixed(1)} 0 0 ${cross > 0 ? 1 : 0} ${bx.toFixed(1)},${by.toFixed(1)}`;
}

export function ownerColour(owner) {
  return owner === null || owner === undefined ? UNOWNED : PLAYER_HEX[owner % PLAYER_HEX.length];
}

/** One track as rails: a dark bed, the owner's colour on it; unfinished links dashed. */
function rail(d, colour, { unfinished = false, width = 1, cls = "" } = {}) {
  return s("g", { class: "aos-track" + (cls ? " " + cls : "") },
    s("path", { d, class: "aos-bed", "stroke-width": 8 * width }),
    s("path", { d, class: "aos-rail" + (unfinished ? " unfinished" : ""), stroke: colour, "stroke-width": 4.6 * width }));
}

function townDot(x, y, r = R) {
  return s("circle", { cx: x, cy: y, r: r * 0.27, class: "aos-town" });
}

/** The whole map. opts: {t, marks: Map hex -> class, onHex(hex, event), onHover(hex|null), movable: Map "HEX:colour"
 * -> n, onCube(hex, colour, event), selectedCube: "HEX:colour"}. Returns the svg and its overlay layers. */
export function drawMap(figures, view, opts = {}) {
  const t = opts.t || ((k) => k);
  const b = board(figures, view);
  const cols = figures.map.columns;
  const width = LEFT * 2 + R * 2 + (cols - 1) * 1.5 * R;
  const rows = Math.max(...figures.map.hexes.map((x) => x.row)) + 1;
  const height = TOP + rows * H + H / 2 + 4;
  const layers = {
    terrain: s("g", { class: "aos-terrain" }),
    route: s("g", { class: "aos-route-layer" }),   // under the tracks: a glow that keeps the owners' colours readable
    tiles: s("g", { class: "aos-tiles" }),
    names: s("g", { class: "aos-names" }),
    marks: s("g", { class: "aos-marks" }),
    ghost: s("g", { class: "aos-ghost-layer" }),
    cubes: s("g", { class: "aos-cubes" }),
    owners: s("g", { class: "aos-owners" }),
    focus: s("g", { class: "aos-focus-layer" }),   // the keyboard cursor's ring, above everything
  };
  // a seat's map is a group of hexes to move over by keyboard (each named); a spectator's is one image
  const svg = s("svg", { class: "aos-map", viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`,
    role: opts.keyboard ? "group" : "img", "aria-label": t(opts.keyboard ? "map.titleKeys" : "map.title") },
  title(t("map.title")), columnLetters(cols), Object.values(layers));

  for (const x of figures.map.hexes) {
    const [cx, cy] = centre(x.hex);
    const nc = b.newCities.get(x.hex);
    const g = s("g", { class: `aos-hex t-${x.terrain}` + (nc ? " newcity" : ""), "data-hex": x.hex },
      opts.keyboard ? null : title(hexTitle(x, nc, t)),
      s("polygon", { points: points(corners(cx, cy)), fill: nc ? CITY[nc.color] || CITY.grey : x.city ? CITY[x.city.color] : TERRAIN[x.terrain] }));
    if (x.terrain === "river" && !nc) g.append(s("path", { class: "aos-river", d: `M${cx - R * 0.75},${cy + 4}q${R * 0.37},-9 ${R * 0.75},0t${R * 0.75},0` }));
    if (x.terrain === "mountain") g.append(s("path", { class: "aos-mountain", d: `M${cx - 13},${cy + 8}l8,-13l5,7l4,-8l9,14z` }));
    if (x.terrain === "lake") g.append(s("path", { class: "aos-wave", d: `M${cx - 9},${cy}q4.5,-4 9,0t9,0` }));
    if (opts.onHex) g.addEventListener("click", (e) => opts.onHex(x.hex, e));
    if (opts.onHover) { g.addEventListener("pointerenter", () => opts.onHover(x.hex)); }
    if (opts.keyboard) g.setAttribute("aria-label", hexLabel(x, nc, b, view, t, opts));
    layers.terrain.append(g);
  }
  if (opts.onHover) svg.addEventListener("pointerleave", () => opts.onHover(null));

  // track tiles: each track in its link owner's colour, dashed while its link is unfinished
  for (const tile of view.tiles || []) {
    const [cx, cy] = centre(tile.hex);
    tile.tracks.forEach((track, i) => {
      const link = b.linkOf.get(`${tile.hex}:${i}`);
      const owner = link ? link.owner : (tile.owners ? tile.owners[i] : null);
      layers.tiles.append(rail(trackPath(cx, cy, track), ownerColour(owner), { unfinished: !!link && !link.complete }));
    });
  }
  // each owned link also names its owner by number, on its middle track (colour is never alone)
  for (const link of view.links || []) {
    if (link.owner === null || link.owner === undefined || !link.hexes.length) continue;
    const [hex, i] = link.hexes[Math.floor((link.hexes.length - 1) / 2)];
    const tile = b.tiles.get(hex);
    if (!tile) continue;
    const [mx, my] = trackMiddle(...centre(hex), tile.tracks[i]);
    layers.owners.append(s("g", { class: "aos-ownermark", "data-owner": link.owner },
      s("circle", { cx: mx, cy: my, r: 5.2, fill: ownerColour(link.owner) }),
      s("text", { x: mx, y: my + 2.6, text: String(link.owner + 1) })));
  }
  // towns (printed, or built onto the map with a tile) above their tracks; names under them
  for (const x of figures.map.hexes) {
    const [cx, cy] = centre(x.hex);
    const nc = b.newCities.get(x.hex);
    if (nc) { drawNewCity(layers.names, cx, cy, nc, x); cityLetter(layers.names, cx, cy, nc.color, t); continue; }
    const tile = b.tiles.get(x.hex);
    if (x.terrain === "town" || (tile && tile.town)) {
      layers.names.append(townDot(cx, cy));
      // the name under the dot, or over it when a track leaves southwards and the north is free
      const uses = (side) => !!tile && tile.tracks.some((t) => t.includes(side));
      const above = uses(3) && !uses(0);
      if (x.name) layers.names.append(s("text", { x: cx, y: above ? cy - R * 0.42 : cy + R * 0.62, class: "aos-townname", text: x.name }));
    }
    if (x.city) { drawCity(layers.names, cx, cy, x); cityLetter(layers.names, cx, cy, x.city.color, t); }
  }
  for (const [hex, cls] of opts.marks || []) {
    const [cx, cy] = centre(hex);
    layers.marks.append(s("polygon", { points: points(corners(cx, cy, 0.9)), class: "aos-mark " + cls, "data-hex": hex }));
  }
  drawCubes(layers.cubes, figures, view, b, opts);
  return { svg, layers, board: b };
}

/** Roughly the middle of a track: the hex centre for a straight one, pulled towards the sides' middles for a curve. */
function trackMiddle(x, y, track) {
  if (track.length === 1) { const [ax, ay] = sideMid(x, y, track[0]); return [(ax + x) / 2, (ay + y) / 2]; }
  const [ax, ay] = sideMid(x, y, track[0]), [bx, by] = sideMid(x, y, track[1]);
  return [x + ((ax + bx) / 2 - x) * 0.75, y + ((ay + by) / 2 - y) * 0.75];
}

/** A hex in words for a screen reader: coordinate, terrain or town/city, tracks and their owners, cubes, and what
 * the player can do there. */
export function hexLabel(x, nc, b, view, t, opts) {
  const parts = [hexTitle(x, nc, t)];
  const tile = b.tiles.get(x.hex);
  if (tile) {
    const owners = tile.tracks.map((_, i) => {
      const link = b.linkOf.get(`${x.hex}:${i}`);
      const owner = link ? link.owner : null;
      const who = owner === null || owner === undefined ? t("map.unowned") : (opts.names ? opts.names(owner) : String(owner + 1));
      return link && !link.complete ? t("map.trackUnfinished", { owner: who }) : t("map.trackOf", { owner: who });
    });
    parts.push(owners.join(", "));
  }
  const cubes = (view.cubes || {})[x.hex] || [];
  if (cubes.length) parts.push(t("map.cubes", { cubes: cubes.map((c) => t("color." + c)).join(", ") }));
  const mark = (opts.marks || new Map()).get(x.hex);
  if (mark && mark.startsWith("build")) parts.push(t("map.canBuild"));
  if (mark && mark.split(" ").includes("urban")) parts.push(t("map.canUrbanize"));
  if (mark && mark.split(" ").includes("fresh")) parts.push(t("map.fresh"));
  if ([...(opts.movable || new Map()).keys()].some((k) => k.startsWith(x.hex + ":"))) parts.push(t("map.canMove"));
  return parts.join(" · ");
}

/** The keyboard cursor's ring around a hex (drawn above the tiles and cubes, so no neighbour hides it). */
export function drawFocus(layer, hex) {
  layer.replaceChildren();
  if (!hex) return;
  const [cx, cy] = centre(hex);
  layer.append(s("polygon", { points: points(corners(cx, cy, 0.94)), class: "aos-focusring" }));
}

/** A short piece of rail for the legend. */
export function legendRail(colour, dashed = false) {
  return s("svg", { class: "aos-legendrail", width: 30, height: 10, viewBox: "0 0 30 10", "aria-hidden": "true" },
    s("path", { d: "M1,5H29", class: "aos-bed", "stroke-width": 8 }),
    s("path", { d: "M1,5H29", class: "aos-rail" + (dashed ? " unfinished" : ""), stroke: colour, "stroke-width": 4.6 }));
}

function columnLetters(cols) {
  const g = s("g", { class: "aos-colletters", "aria-hidden": "true" });
  for (let c = 0; c < cols; c++) g.append(s("text", { x: LEFT + R + c * 1.5 * R, y: TOP - 4, text: "ABCDEFGHIJKLMNOPQR"[c] }));
  return g;
}

export function hexTitle(x, nc, t) {
  const parts = [x.hex];
  if (nc) parts.push(t("map.newCity", { letter: nc.letter, color: t("color." + nc.color) }));
  if (x.name) parts.push(x.name);
  if (x.city) parts.push(t("map.cityInfo", { color: t("color." + x.city.color), side: t("side." + x.city.side), n: x.city.number }));
  else if (!nc) parts.push(t("terrain." + x.terrain));
  return parts.join(" · ");
}

function drawCity(layer, cx, cy, x) {
  const east = x.city.side === "east";
  // the goods-display number on a tab: dark digit on a light tab in the west, light on dark in the east (as printed)
  layer.append(s("g", { class: "aos-citytab" + (east ? " east" : " west") },
    s("rect", { x: cx - 8, y: cy - R * 0.8, width: 16, height: 13, rx: 3 }),
    s("text", { x: cx, y: cy - R * 0.8 + 10.5, text: String(x.city.number) })));
  layer.append(s("text", { x: cx, y: cy + R * 0.72, class: "aos-cityname", text: x.name }));
}

/** The goods colour a city takes, as its letter at the hex's left corner (colour never alone). */
function cityLetter(layer, cx, cy, colour, t) {
  // beside the number tab, clear of the cube rows
  layer.append(s("text", { x: cx - R * 0.58, y: cy - R * 0.42, class: "aos-cityletter", text: t(`cube.${colour}`) }));
}

function drawNewCity(layer, cx, cy, nc, x) {
  layer.append(s("polygon", { points: points(corners(cx, cy, 0.78)), class: "aos-newcityring" }));
  layer.append(s("text", { x: cx, y: cy - R * 0.38, class: "aos-newletter", text: nc.letter }));
  if (x.name) layer.append(s("text", { x: cx, y: cy + R * 0.72, class: "aos-cityname", text: x.name }));
}

/** Cubes on cities: small squares in rows of three; movable ones are buttons. */
function drawCubes(layer, figures, view, b, opts) {
  const t = opts.t || ((k) => k);
  const movable = opts.movable || new Map();
  for (const [hex, cubes] of Object.entries(view.cubes || {})) {
    if (!cubes.length || !b.hexes.has(hex)) continue;
    const [cx, cy] = centre(hex);
    // between the number tab and the name: rows of four, smaller when a city piles up more than eight
    const per = 4, rowsN = Math.ceil(cubes.length / per);
    const size = rowsN <= 2 ? 8.5 : 6, gap = rowsN <= 2 ? 2 : 1.2;
    const band = [cy - 10, cy + 12];
    const top = (band[0] + band[1]) / 2 - (rowsN * size + (rowsN - 1) * gap) / 2;
    cubes.forEach((colour, i) => {
      const row = Math.floor(i / per), inRow = Math.min(per, cubes.length - row * per);
      const x = cx - (inRow * size + (inRow - 1) * gap) / 2 + (i % per) * (size + gap);
      const y = top + row * (size + gap);
      const k = `${hex}:${colour}`;
      const can = movable.has(k);
      // a movable cube sits on a bright halo (its own colour must stay readable)
      if (can) layer.append(s("rect", { x: x - 2.2, y: y - 2.2, width: size + 4.4, height: size + 4.4, rx: 2.5, class: "aos-cubehalo" + (opts.selectedCube === k ? " selected" : "") }));
      const rect = s("rect", {
        x, y, width: size, height: size, rx: 1.2, fill: CUBE[colour] || "#999",
        class: "aos-cube" + (can ? " movable" : "") + (opts.selectedCube === k ? " selected" : ""),
        "data-hex": hex, "data-color": colour,
      }, title(t(`color.${colour}`)));
      if (can && opts.onCube) rect.addEventListener("click", (e) => { e.stopPropagation(); opts.onCube(hex, colour, e); });
      layer.append(rect);
      // the colour's letter on the cube (colour never alone)
      layer.append(s("text", { x: x + size / 2, y: y + size * 0.78, class: "aos-cubeletter" + (colour === "yellow" ? " dark" : ""), "font-size": size * 0.8, text: t(`cube.${colour}`) }));
    });
  }
}

/** The ghost of a build: the hex's whole track set after the build, the added tracks in the builder's colour. */
export function drawGhost(layer, hex, tracks, added, owner, town) {
  layer.replaceChildren();
  if (!hex) return;
  const [cx, cy] = centre(hex);
  const addedKeys = new Set(added.map((t) => t.join(",")));
  const g = s("g", { class: "aos-ghost", "data-hex": hex });
  g.append(s("polygon", { points: points(corners(cx, cy, 0.96)), class: "aos-ghosthex" }));
  for (const track of tracks) {
    const isNew = addedKeys.has(track.join(","));
    g.append(rail(trackPath(cx, cy, track), isNew ? ownerColour(owner) : UNOWNED, { cls: isNew ? "new" : "old" }));
  }
  if (town) g.append(townDot(cx, cy));
  layer.append(g);
}

/** A cube's route: the tracks of its links highlighted, the stops ringed, the destination marked. */
export function drawRoute(layer, b, route) {
  layer.replaceChildren();
  if (!route) return;
  const g = s("g", { class: "aos-route" });
  for (const link of route.links) {
    for (const [hex, i] of link.hexes) {
      const tile = b.tiles.get(hex);
      if (!tile) continue;
      const [cx, cy] = centre(hex);
      g.append(s("path", { d: trackPath(cx, cy, tile.tracks[i]), class: "aos-routepath" }));
    }
  }
  route.links.forEach((link, n) => {
    const [x, y] = centre(link.to);
    const last = n === route.links.length - 1;
    g.append(s("circle", { cx: x, cy: y, r: last ? R * 0.85 : R * 0.5, class: "aos-routestop" + (last ? " end" : "") }));
  });
  const [fx, fy] = centre(route.from);
  g.append(s("circle", { cx: fx, cy: fy, r: R * 0.85, class: "aos-routestop start" }));
  layer.append(g);
}

/** A small hex with a track set, for the build picker (added tracks in the builder's colour). */
export function miniHex(tracks, added, owner, { town = false, size = 54, terrain = "plain" } = {}) {
  const r = 26, cx = 30, cy = 28;
  const addedKeys = new Set(added.map((t) => t.join(",")));
  const g = s("svg", { class: "aos-mini", width: size, height: size * 56 / 60, viewBox: "0 0 60 56", "aria-hidden": "true" },
    s("polygon", { points: points([0, 1, 2, 3, 4, 5].map((i) => [cx + r * Math.cos(Math.PI / 3 * i), cy + r * Math.sin(Math.PI / 3 * i)])), fill: TERRAIN[terrain] || TERRAIN.plain, class: "aos-minihex" }));
  for (const track of tracks) {
    const d = trackPath(cx, cy, track, r);
    const isNew = addedKeys.has(track.join(","));
    g.append(s("path", { d, class: "aos-bed", "stroke-width": 7 }), s("path", { d, class: "aos-rail", stroke: isNew ? ownerColour(owner) : UNOWNED, "stroke-width": 4 }));
  }
  if (town) g.append(s("circle", { cx, cy, r: r * 0.27, class: "aos-town" }));
  return g;
}

