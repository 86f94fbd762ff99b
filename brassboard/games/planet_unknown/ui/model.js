// Planet Unknown's UI model: tile geometry (turning the shapes the view's figures give, data/tiles.toml), the
// notation, the station's depots and a few planet facts.
// Nothing here touches the DOM.

export const RESOURCES = ["civ", "water", "biomass", "rover", "tech", "energy"];
export const TRACKS = ["civ", "water", "biomass", "rover", "tech"];
export const WIDTH = 12, HEIGHT = 12;

const same = (p, q) => p[0] === q[0] && p[1] === q[1];

/** The shape's cells in their data order: [x, y, part, icon, meteor]. */
function roles(view, shapeId) {
  const s = view.figures.shapes[shapeId];
  const out = [];
  for (const part of ["a", "b"]) {
    for (const c of s[part]) out.push([c[0], c[1], part, same(c, part === "a" ? s.ia : s.ib), same(c, s.m)]);
  }
  return out;
}

/** 0-3: quarter turns clockwise; 4-7: the same after a left-right mirror (geometry.orient). Normalised. */
export function orient(cells, o) {
  const out = cells.map(([x0, y0, ...rest]) => {
    let x = o >= 4 ? -x0 : x0, y = y0;
    for (let k = 0; k < o % 4; k++) [x, y] = [-y, x];
    return [x, y, ...rest];
  });
  const mx = Math.min(...out.map((c) => c[0])), my = Math.min(...out.map((c) => c[1]));
  return out.map(([x, y, ...rest]) => [x - mx, y - my, ...rest]);
}

/** Cells of tile type `type` in orientation `o`: [[dx, dy, resource, icon, meteor], ...] (like view.depot_tiles). */
export function tileCells(view, type, o) {
  const [shape, ra, rb, meteor] = view.figures.tiles[type];
  return orient(roles(view, shape), o).map(([x, y, part, icon, m]) => [x, y, part === "a" ? ra : rb, icon, !!(m && meteor)])
    .sort((p, q) => p[1] - q[1] || p[0] - q[0]);
}

/** [[o, cells]] for every distinct orientation of the tile type, in the server's order. */
export function orientations(view, type) {
  const [shape, , , meteor] = view.figures.tiles[type];
  const seen = new Set(), out = [];
  for (let o = 0; o < 8; o++) {
    const cells = orient(roles(view, shape), o);
    const sig = cells.map(([x, y, part, icon, m]) => `${x}:${y}:${part}:${icon}:${!!(m && meteor)}`).sort().join("|");
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push([o, tileCells(view, type, o)]);
  }
  return out;
}

/** The listed orientation whose cells equal those of orientation `o` (a turn or mirror may change nothing). */
export function canonical(list, cells) {
  const key = (cs) => cs.map((c) => `${c[0]}:${c[1]}:${c[2]}:${c[3]}:${c[4]}`).sort().join("|");
  const want = key(cells);
  const hit = list.find(([, cs]) => key(cs) === want);
  return hit ? hit[0] : null;
}

/** The orientation shown after turning the shown tile a quarter clockwise ("turn") or mirroring it left-right
 * ("mirror"), among the distinct orientations `list` ([[o, cells]]). */
export function nextOrientation(list, o, dir) {
  if (!list || !list.length) return o;
  const shown = (list.find(([k]) => k === o) || list[0])[1];
  return canonical(list, orient(shown, dir === "turn" ? 1 : 4)) ?? list[0][0];
}

/** The cell under which the pointer holds an oriented shape: a cell of it near the middle of its box. */
export function anchorOf(cells) {
  const w = 1 + Math.max(...cells.map((c) => c[0])), h = 1 + Math.max(...cells.map((c) => c[1]));
  const cx = (w - 1) / 2, cy = (h - 1) / 2;
  let best = cells[0], dist = Infinity;
  for (const c of cells) {
    const d = (c[0] - cx) ** 2 + (c[1] - cy) ** 2;
    if (d < dist - 1e-9) { best = c; dist = d; }
  }
  return [best[0], best[1]];
}

// ----- notation --------------------------------------------------------------------------------------------------
export function parse(text) {
  const [kind, ...rest] = text.split(" ");
  const args = rest.map((a) => (/^-?\d+$/.test(a) ? Number(a) : a));
  return { kind, args, text };
}

// ----- the station -----------------------------------------------------------------------------------------------
/** {inner, outer} stack indices facing player p after `steps` more steps of turning. */
export function depotOf(view, p, steps = 0) {
  const outer = (view.seats[p] + view.rotation + steps) % 6;
  return { inner: (outer + view.shift) % 6, outer };
}

// ----- a planet --------------------------------------------------------------------------------------------------
export const key = (x, y) => `${x},${y}`;

/** The printed data of the planet player p plays (figures "planets": the standard side or a module's special one). */
export function planetOf(view, p) {
  const planets = view.figures.planets || {};
  const name = p !== undefined && p !== null && view.players[p] ? view.players[p].planet : null;
  return planets[name] || planets[view.figures.planet.name] || null;
}

/** The data of the corporation player p plays (figures "corporations"), or null for the standard tracks. */
export function corporationOf(view, p) {
  const corps = view.figures.corporations || {};
  const name = p !== undefined && p !== null && view.players[p] ? view.players[p].corporation : null;
  return corps[name] || null;
}

/** Squares of player p's planet: Map "x,y" -> "L" (land) | "I" (ice) | "P" (a lifepod's start square). */
export function planetSquares(view, p) {
  const out = new Map();
  const planet = planetOf(view, p);
  if (!planet) {
    view.figures.planet.rows.forEach((row, y) => [...row].forEach((ch, x) => { if (ch !== ".") out.set(key(x, y), ch); }));
    return out;
  }
  for (const [x, y] of planet.squares) out.set(key(x, y), "L");
  for (const [x, y] of planet.ice) out.set(key(x, y), "I");
  for (const [x, y] of planet.lifepods) if (out.get(key(x, y)) === "L") out.set(key(x, y), "P");
  return out;
}

/** What covers each square of player p's planet: Map "x,y" -> {res, icon, meteor, tile (index or -1 for a patch)}. */
export function coverOf(view, p) {
  const pl = view.players[p];
  const out = new Map();
  pl.tiles.forEach(([type, x, y, o], index) => {
    for (const [dx, dy, res, icon, meteor] of tileCells(view, type, o)) out.set(key(x + dx, y + dy), { res, icon, meteor, tile: index, type });
  });
  for (const [x, y] of pl.patches) out.set(key(x, y), { res: "biomass", icon: false, meteor: false, tile: -1, patch: true });
  return out;
}

/** Rows and columns wholly covered and free of meteorites (they score their medals). */
export function completeLines(view, p, cover) {
  const squares = planetSquares(view, p);
  const meteorites = new Set(view.players[p].meteorites.map(([x, y]) => key(x, y)));
  const rows = new Set(), columns = new Set();
  for (let n = 0; n < 12; n++) {
    let rowOk = true, colOk = true;
    for (let m = 0; m < 12; m++) {
      const r = key(m, n), c = key(n, m);
      if (squares.has(r) && (!cover.has(r) || meteorites.has(r))) rowOk = false;
      if (squares.has(c) && (!cover.has(c) || meteorites.has(c))) colOk = false;
    }
    if (rowOk) rows.add(n);
    if (colOk) columns.add(n);
  }
  return { rows, columns };
}
