// Age of Steam's UI model: hex labels and neighbours, the action notation, track sets, and tracing a cube's route
// along the tracks of the view. Nothing here touches the DOM.
//
// The grid (shared/reference/age_of_steam.md §1.1 and the rules package): flat-top hexes in 18 columns; odd
// columns sit half a hex lower; sides 0-5 are N, NE, SE, S, SW, NW. A hex label is the column letter and the
// 1-based row (col 7, row 5 = "H6").

export const LETTERS = "ABCDEFGHIJKLMNOPQR";
export const SIDE_NAMES = ["N", "NE", "SE", "S", "SW", "NW"];

export const label = (col, row) => LETTERS[col] + String(row + 1);

/** "H6" -> [7, 5] (null for anything else). */
export function cell(hex) {
  const m = /^([A-R])(\d+)$/.exec(hex || "");
  return m ? [LETTERS.indexOf(m[1]), Number(m[2]) - 1] : null;
}

// neighbour offsets per side, for even and odd columns (reference §1.1)
const EVEN = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]];
const ODD = [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]];

/** The label of the hex beyond `side` of `hex` (it may be off the map: callers look it up). */
export function neighbour(hex, side) {
  const [c, r] = cell(hex);
  const [dc, dr] = (c % 2 ? ODD : EVEN)[side];
  const nc = c + dc, nr = r + dr;
  return nc < 0 || nr < 0 || nc >= LETTERS.length ? null : label(nc, nr);
}
export const opposite = (side) => (side + 3) % 6;

// ----- notation --------------------------------------------------------------------------------------------------
export function parse(text) {
  const [kind, ...args] = text.split(" ");
  return { kind, args, text };
}

/** A build's track set, "03+14" or "t03" (a town with exits 0 and 3), as {town, tracks: [[a, b] | [a]]}. */
export function parseTracks(text) {
  const town = text.startsWith("t");
  const body = town ? text.slice(1) : text;
  const tracks = [];
  for (const part of body.split("+")) {
    const digits = [...part.replace(/^t/, "")].map(Number);
    if (town) for (const d of digits) tracks.push([d]);
    else if (digits.length === 2) tracks.push(digits);
  }
  return { town, tracks };
}

const trackKey = (t) => (t.length === 1 ? `t${t[0]}` : [...t].sort().join(""));

/** The tracks of `after` that `before` (a view tile or null) does not have: what a build adds. */
export function addedTracks(before, after) {
  const had = new Set(((before && before.tracks) || []).map(trackKey));
  return after.tracks.filter((t) => !had.has(trackKey(t)));
}

/** The hexes others built on (track, upgrades, new cities) since this seat's last move, from the log's tail: so a
 *  player coming back to the board sees the bots' and friends' builds at a glance. The player's own builds of the
 *  turn under way do not count as their last move (the marks stay while they build); a spectator (``me`` null) sees
 *  the last move's. Read from the log, not from state to state: a page may be sent several moves in one state. */
export function othersBuilt(log, me) {
  const entries = [...(log || [])].sort((a, b) => a.version - b.version);
  let i = entries.length - 1;
  if (me === null) return new Set(i >= 0 ? builtAt(entries[i]) : []);
  while (i >= 0 && entries[i].seat === me && builtAt(entries[i]).length) i--;
  const out = new Set();
  for (; i >= 0 && entries[i].seat !== me; i--) for (const hex of builtAt(entries[i])) out.add(hex);
  return out;
}

/** The hex a log entry built on: "build C4 03" and "urbanize A C4" name it. */
function builtAt(entry) {
  const a = parse(entry.action || "");
  if (a.kind === "build") return [a.args[0]];
  if (a.kind === "urbanize") return [a.args[1]];
  return [];
}

// ----- the board as the view gives it ------------------------------------------------------------------------------
/** Lookups over the printed map and the view: hexes by label, tiles, new cities and links by (hex, track). */
export function board(figures, view) {
  const hexes = new Map(figures.map.hexes.map((x) => [x.hex, x]));
  const tiles = new Map((view.tiles || []).map((t) => [t.hex, t]));
  const newCities = new Map((view.new_cities || []).map((c) => [c.hex, c]));
  const linkOf = new Map();
  for (const link of view.links || []) for (const [hex, i] of link.hexes) linkOf.set(`${hex}:${i}`, link);
  return { hexes, tiles, newCities, linkOf };
}

/** A city (printed or new) ends every route there; a town ends a link too. */
export function stopKind(b, hex) {
  if (b.newCities.has(hex)) return "city";
  const x = b.hexes.get(hex);
  if (!x) return null;
  if (x.terrain === "city") return "city";
  if (x.terrain === "town") return "town";
  const tile = b.tiles.get(hex);
  return tile && tile.town ? "town" : null;
}

/** Follow the track leaving `hex` through `side` to the next town or city: {hexes: [[hex, i]], to} or null. */
export function traceLink(b, hex, side) {
  const hexes = [];
  const own = b.tiles.get(hex);   // leaving a town: the town's own spoke belongs to the link
  if (own) {
    const i = own.tracks.findIndex((t) => t.includes(side));
    if (i >= 0) hexes.push([hex, i]);
  }
  let at = hex, out = side;
  for (let guard = 0; guard < 200; guard++) {
    const next = neighbour(at, out);
    if (!next || !b.hexes.has(next)) return null;
    const enter = opposite(out);
    if (b.newCities.has(next) || (b.hexes.get(next).terrain === "city")) return { hexes, to: next };
    const tile = b.tiles.get(next);
    if (!tile) return null;
    const i = tile.tracks.findIndex((t) => t.includes(enter));
    if (i < 0) return null;
    hexes.push([next, i]);
    const track = tile.tracks[i];
    if (track.length === 1) return { hexes, to: next };   // a town spoke: the link ends in the town
    at = next;
    out = track[0] === enter ? track[1] : track[0];
  }
  return null;
}

/** The route of `move HEX COLOR S1 S2 …`: its links (hexes, end, owner) and where it ends; null if untraceable. */
export function traceRoute(b, hex, sides) {
  const links = [];
  let at = hex;
  for (const side of sides) {
    const link = traceLink(b, at, Number(side));
    if (!link) return null;
    const first = link.hexes[0];
    const known = first ? b.linkOf.get(`${first[0]}:${first[1]}`) : null;
    links.push({ ...link, from: at, owner: known ? known.owner : null });
    at = link.to;
  }
  return { from: hex, to: at, links };
}

/** Income a route gives: [[owner, n]] of owned links (unowned links give nothing). */
export function routeIncome(route) {
  const out = new Map();
  for (const link of route.links) if (link.owner !== null && link.owner !== undefined) out.set(link.owner, (out.get(link.owner) || 0) + 1);
  return [...out];
}
