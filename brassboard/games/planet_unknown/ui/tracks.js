// Planet Unknown's corporation board in SVG, drawn from the figures (data/corporation.toml, data/corporations.toml):
// five tracks with their benefits and trackers, the rover track's step beyond the top, and each special
// corporation's own parts — Flux's token, Cosmos' parked lifepods, Oasis' water path, Wormhole's branching biomass
// (five levels of two positions between medal separators), Makeshift's columns (a tracker may stand in any column:
// each tracker is a ring of its colour with its icon), Jump Drive's six tech slots unlocked by lifepods. A
// corporation's actions are controls on this drawing (role button, Enter or Space, named for a screen reader).
import { s } from "/static/dom.js";
import { TRACKS, RESOURCES, corporationOf } from "./model.js";
import { TERRAIN, INK, resIcon, roverToken, ROMAN } from "./board.js";

const CW = 31, CH = 36, HEAD = 86, TOP = 16;
const CELLS = 17;              // positions 0-15 and the rover track's step beyond the top (16)
const SLOT_LETTERS = ["", "A", "B", "C", "D", "E", "F"];
const SLOTS_H = 50;            // Jump Drive's tech slots under the tracks
const title = (text) => s("title", { text });
const cellX = (n) => HEAD + n * CW;
const rowY = (row) => TOP + row * CH;

/** Make an SVG element a control: a button for keyboard and screen reader, its action kept in data-action. */
function control(el, { label, action, track, run }) {
  el.classList.add("pu-tctl");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  if (action) el.setAttribute("data-action", action);
  if (track) el.setAttribute("data-track", track);
  el.addEventListener("click", (e) => { e.stopPropagation(); run(e); });
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); run(e); } });
  return el;
}

/** A pulsing mark over a legal target with a control on top: one action is sent, several open a menu. */
function target(parent, box, acts, opts, heading, extra = {}) {
  const [x, y, w, hgt] = box;
  const g = s("g", { class: "pu-tpick" + (extra.cls ? " " + extra.cls : "") },
    s("rect", { x, y, width: w, height: hgt, rx: 4, class: "pu-tnext" }));
  if (extra.badge) g.append(extra.badge);
  const label = acts.length === 1 ? opts.act.label(acts[0]) : heading;
  g.append(title(label));
  g.setAttribute("data-actions", `|${acts.map((a) => a.text).join("|")}|`);
  parent.append(control(g, { label, action: acts.length === 1 ? acts[0].text : null, run: (e) => opts.act.choose(acts, e, heading) }));
}

/** A tracker's badge: its icon on its colour (colour is never the only cue). */
function trackerBadge(track, x, y, r) {
  return s("g", { class: "pu-tbadge", "data-tracker": track },
    s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.35, fill: TERRAIN[track], stroke: "#fff", "stroke-width": 1 }),
    resIcon(track, x, y, r * 0.7, INK[track]));
}

/** The five tracks with their benefits and the trackers. opts: {t, clickable: Map track -> handler, label,
 * techText(level), act: {legal, choose(actions, event, heading), label(action)} (the seat's own board only)}. */
export function drawTracks(view, p, opts = {}) {
  const pl = view.players[p];
  const corp = corporationOf(view, p);
  const rule = corp ? corp.rule : "none";
  const legal = opts.act ? opts.act.legal : [];
  const of = (kind) => legal.filter((a) => a.kind === kind);
  const slots = rule === "tech_slots";
  const W = HEAD + CELLS * CW + 4, H = 5 * CH + 18 + (slots ? SLOTS_H : 0);
  const anyClickable = !!((opts.clickable && opts.clickable.size) || legal.length);
  // a picture unless something on it is a control (then a labelled group of buttons)
  const svg = s("svg", { class: "pu-tracks", viewBox: `0 0 ${W} ${H}`, role: anyClickable ? "group" : "img", "data-player": p,
    "data-rule": rule, "aria-label": opts.label || null });
  if (opts.label && !anyClickable) svg.append(title(opts.label));
  for (let n = 0; n < 16; n++) svg.append(s("text", { x: cellX(n) + CW / 2, y: 11, class: "pu-trackpos", text: String(n) }));
  const controls = s("g", { class: "pu-tcontrols" });   // drawn last: above the rows, never inside a row's button
  const ctx = { view, p, pl, corp, opts, legal, of, controls };
  TRACKS.forEach((track, t) => svg.append(trackRow(ctx, track, t)));
  if (corp && corp.water_path.length) svg.append(waterPath(ctx));
  if (rule === "columns") makeshiftTrackers(ctx);
  if (rule === "branching_biomass") wormholeControls(ctx);
  if (slots) svg.append(jumpSlots(ctx, W));
  claimRowControls(ctx);
  svg.append(controls);
  return svg;
}

function trackRow(ctx, track, t) {
  const { view, p, pl, corp, opts } = ctx;
  const y = rowY(t);
  const makeshift = corp && corp.rule === "columns";
  // Makeshift: a row is a column any tracker may stand in; its tracker, not the row, is the control
  const clickable = !makeshift && opts.clickable && opts.clickable.get(track);
  const row = s("g", { class: "pu-trackrow" + (clickable ? " legal" : ""), "data-track": track });
  row.append(s("rect", { x: 0, y, width: HEAD + CELLS * CW + 4, height: CH - 3, rx: 5, class: "pu-trackbg" }));
  row.append(s("rect", { x: 2, y: y + 2, width: 22, height: CH - 7, rx: 4, fill: TERRAIN[track] }));
  row.append(resIcon(track, 13, y + CH / 2 - 1.5, 7, INK[track]));
  row.append(s("text", { x: 28, y: y + CH / 2 + 2.5, class: "pu-trackname", text: opts.t ? opts.t("track." + track) : track }));
  const branching = corp && corp.rule === "branching_biomass" && track === "biomass";
  // Oasis Ultd.: the water tracker's position counts steps along its own path (drawn after the rows)
  const onPath = !!(corp && corp.water_path.length && track === "water");
  const pos = onPath || makeshift ? -1 : pl.tracks[t];
  const benefits = trackBenefits(view, p, t);
  if (branching) wormholeRow(ctx, row, y, pl.tracks[t], benefits);
  else {
    for (let n = 0; n < 16; n++) row.append(trackCell(ctx, track, n, y, benefits[n] || [], n === pos, n < pos));
  }
  if (track === "rover") row.append(overflowCell(ctx, y));
  // Cosmos Inc: lifepods parked on track positions
  for (const [pt, pn] of pl.track_pods || []) {
    if (pt !== track) continue;
    row.append(s("g", { class: "pu-trackpod" }, s("ellipse", { cx: cellX(pn) + CW - 7, cy: y + 8, rx: 5.5, ry: 4, fill: "#fff", stroke: "#d4570f", "stroke-width": 1.5 }),
      opts.t ? title(opts.t("feature.trackPod", { track: opts.t("track." + track), n: pn })) : null));
  }
  // Flux Industries: the flux token's track (its improved row from tech level III on)
  if (pl.flux === track) row.append(s("g", { class: "pu-fluxmark" }, s("rect", { x: 0, y: y + CH - 14, width: 26, height: 11, rx: 3 }),
    s("text", { x: 13, y: y + CH - 5.5, text: "FLUX" }), opts.t ? title(opts.t("feature.flux", { track: opts.t("track." + track) })) : null));
  if (pos >= 0 && !branching) row.append(s("circle", { cx: cellX(pos) + CW / 2, cy: y + CH / 2 - 1.5, r: 13.5, class: "pu-tracker", "data-pos": pos }));
  if (clickable) {
    const from = pl.tracks[t];
    const next = Math.min(onPath ? corp.water_path.length - 1 : 15, from + 1);
    if (!onPath && !branching) row.append(s("rect", { x: cellX(next) + 1, y: y + 2, width: CW - 2, height: CH - 7, rx: 4, class: "pu-tnext" }));
    row.setAttribute("tabindex", "0");
    row.setAttribute("role", "button");
    if (opts.t) row.setAttribute("aria-label", `${opts.t("track." + track)} ${from} → ${next}`);
    row.addEventListener("click", (e) => clickable(e));
    row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickable(e); } });
  }
  return row;
}

function trackCell(ctx, track, n, y, benefits, on, past) {
  const x = cellX(n);
  const cell = s("g", { class: "pu-tcell" + (on ? " on" : "") + (past ? " past" : ""), "data-n": n });
  cell.append(s("rect", { x: x + 1, y: y + 2, width: CW - 2, height: CH - 7, rx: 4, class: "pu-tcellbg" }));
  benefits.forEach(([kind, value], i) => {
    const by = y + (benefits.length > 1 ? (i === 0 ? 11 : 24) : CH / 2 - 1.5);
    cell.append(benefitIcon(kind, value, x + CW / 2, by, benefits.length > 1 ? 6 : 8));
  });
  cell.append(title(benefitTip(ctx.opts.t, track, n, benefits, ctx.opts.techText)));
  return cell;
}

/** The rover track's step beyond the top: every further rover advance gives this movement. */
function overflowCell(ctx, y) {
  const { corp, view, opts } = ctx;
  const standard = Object.values(view.figures.corporations || {}).find((c) => c.rule === "none");
  const base = (corp || standard || {}).rover_overflow_move;
  if (!base) return null;
  // Flux's improved rover row (its token there, tech III): one more, as on every entry (corporations.overflow_move)
  const pl = ctx.pl;
  const move = base + (corp && corp.improved.length && pl.flux === "rover" && pl.tech_levels.includes(3) ? 1 : 0);
  const x = cellX(16);
  return s("g", { class: "pu-tcell pu-overflow", "data-n": 16 },
    s("rect", { x: x + 1, y: y + 2, width: CW - 2, height: CH - 7, rx: 4, class: "pu-tcellbg pu-overflowbg" }),
    s("text", { x: x + CW / 2, y: y + 10, class: "pu-overflowno", text: "15+" }),
    benefitIcon("move", move, x + CW / 2, y + 22, 6.5),
    opts.t ? title(opts.t("benefit.overflow", { n: move })) : null);
}

// ----- Wormhole Corp: the branching biomass track ----------------------------------------------------------------
// Each level holds two positions (the view's branch_levels, from the rules) side by side over two cells; the
// separator after a level (its last position + 1) carries the medal that counts once the tracker is above it.
const levelBox = (levels, level, half, y) => {
  const hgt = (CH - 7) / 2;
  return [cellX(levels[level][0]) + 8, y + 2 + half * hgt, 2 * CW - 9, hgt - 0.5];
};

function wormholeRow(ctx, row, y, pos, benefits) {
  const { opts } = ctx;
  const t = opts.t;
  const levels = ctx.corp.branch_levels, top = levels.length - 1;
  row.append(trackCell(ctx, "biomass", 0, y, benefits[0] || [], pos === 0, pos > 0));
  if (pos === 0) row.append(s("circle", { cx: cellX(0) + CW / 2, cy: y + CH / 2 - 1.5, r: 13.5, class: "pu-tracker", "data-pos": 0 }));
  for (let level = 0; level < top; level++) {
    // the separator before level+1
    const n = levels[level][levels[level].length - 1] + 1, x = cellX(n);
    const medal = (benefits[n] || []).find(([kind]) => kind === "medal");
    const sep = s("g", { class: "pu-tsep", "data-n": n },
      s("line", { x1: x + CW / 2, y1: y + 3, x2: x + CW / 2, y2: y + CH - 6, class: "pu-tsepline" }));
    if (medal) sep.append(benefitIcon("medal", medal[1], x + CW / 2, y + CH / 2 - 1.5, 8));
    if (t) sep.append(title(medal ? t("benefit.sepMedal", { n: medal[1], level: level + 1 }) : t("benefit.sep", { level: level + 1 })));
    row.append(sep);
  }
  for (let level = 1; level <= top; level++) {
    const [bx] = levelBox(levels, level, 0, y);
    // the fork: from the separator into both positions of the level
    row.append(s("path", { d: `M${bx - 8},${y + CH / 2 - 1.5}L${bx},${y + 2 + (CH - 7) / 4}M${bx - 8},${y + CH / 2 - 1.5}L${bx},${y + 2 + 3 * (CH - 7) / 4}`, class: "pu-fork" }));
    levels[level].forEach((n, half) => {
      const [x, hy, w, hh] = levelBox(levels, level, half, y);
      const cell = s("g", { class: "pu-tcell pu-branch" + (n === pos ? " on" : ""), "data-n": n },
        s("rect", { x, y: hy, width: w, height: hh, rx: 3, class: "pu-tcellbg" }));
      const list = benefits[n] || [];
      list.forEach(([kind, value], i) => cell.append(benefitIcon(kind, value, x + w / 2 + (i - (list.length - 1) / 2) * 13, hy + hh / 2, 5.5)));
      if (t) cell.append(title(benefitTip(t, "biomass", n, list) + " · " + t("benefit.branch", { level })));
      if (n === pos) cell.append(s("rect", { x: x - 1, y: hy - 0.5, width: w + 2, height: hh + 1, rx: 4, class: "pu-tracker pu-branchtracker", "data-pos": n }));
      row.append(cell);
    });
  }
}

function wormholeControls(ctx) {
  const { of, opts, controls } = ctx;
  const levels = ctx.corp.branch_levels;
  const y = rowY(TRACKS.indexOf("biomass"));
  for (const a of of("branch")) {
    const level = levels.findIndex((positions) => positions.includes(a.args[0]));
    target(controls, levelBox(levels, level, levels[level].indexOf(a.args[0]), y), [a], opts, "");
  }
  // tech I: back to the bottom from the top level (drawn on position 0, where the tracker goes)
  for (const a of of("biomass_reset")) {
    target(controls, [cellX(0) + 1, y + 2, CW - 2, CH - 7], [a], opts, "", { badge: s("text", { x: cellX(0) + CW / 2, y: y + CH / 2 + 3, class: "pu-resetmark", text: "↺" }) });
  }
}

// ----- Makeshift: trackers in columns --------------------------------------------------------------------------
function makeshiftTrackers(ctx) {
  const { pl, opts, of, controls } = ctx;
  const cellBox = (column, height) => {
    const y = rowY(TRACKS.indexOf(column));
    return [cellX(height) + 1, y + 2, CW - 2, CH - 7];
  };
  // each tracker: a ring of its colour around the cell it stands on, its badge in the cell's corner
  const layer = s("g", { class: "pu-mstrackers" });
  TRACKS.forEach((track, u) => {
    const column = pl.columns[u] || track, height = pl.tracks[u];
    const [x, y, w, hh] = cellBox(column, height);
    const cx = x + w / 2, cy = y + hh / 2;
    const name = opts.t ? opts.t("tracker.at", { track: opts.t("track." + track), column: opts.t("track." + column), n: height }) : track;
    const g = s("g", { class: "pu-mstracker", "data-tracker": track, "data-column": column, "data-pos": height },
      s("circle", { cx, cy, r: 13.5, class: "pu-tracker pu-msring", style: `stroke: ${TERRAIN[track]}` }),
      trackerBadge(track, x + 5, y + 5, 5.5), title(name));
    const click = opts.clickable && opts.clickable.get(track);
    if (click) {
      g.classList.add("movable");
      g.insertBefore(s("rect", { x, y, width: w, height: hh, rx: 4, class: "pu-mshit" }), g.firstChild);
      controls.append(control(g, { label: name, track, run: (e) => click(e) }));
    } else layer.append(g);
  });
  controls.append(layer);
  // the cells an advance may climb to (up, diagonally up, sideways with tech III; 16: beyond the rover column's top)
  const byCell = new Map();
  for (const a of of("climb")) {
    const k = `${a.args[1]}:${a.args[2]}`;
    if (!byCell.has(k)) byCell.set(k, []);
    byCell.get(k).push(a);
  }
  for (const [k, acts] of byCell) {
    const [column, height] = k.split(":");
    const box = cellBox(column, Number(height));
    const heading = opts.t ? `${opts.t("column." + column)} ${height}` : k;
    target(controls, box, acts, opts, heading, { cls: "pu-climb", badge: trackerBadge(acts[0].args[0], box[0] + box[2] - 6, box[1] + 6, 5) });
  }
}

// ----- Jump Drive: six tech slots, and a row of the tracks to claim ---------------------------------------------
function jumpSlots(ctx, W) {
  const { pl, opts, of, controls } = ctx;
  const y = rowY(5) + 2;
  const g = s("g", { class: "pu-slots" });
  const t = opts.t;
  g.append(s("text", { x: 4, y: y + 24, class: "pu-trackname", text: t ? t("slots.title") : "Tech slots" }, t ? title(t("slots.note")) : null));
  const sw = 62, gap = 4;
  const uses = { 1: of("patch_synergy"), 6: of("draw_objectives") };
  for (let level = 1; level <= 6; level++) {
    const x = HEAD + (level - 1) * (sw + gap);
    const on = pl.tech_levels.includes(level);
    const text = opts.techText ? opts.techText(level) : "";
    const box = s("g", { class: "pu-slot" + (on ? " on" : ""), "data-level": level },
      s("rect", { x, y, width: sw, height: SLOTS_H - 8, rx: 5, class: "pu-slotbg" }),
      s("text", { x: x + 6, y: y + 14, class: "pu-slotname", text: `${SLOT_LETTERS[level]} · ${ROMAN[level]}` }),
      title(`${SLOT_LETTERS[level]} (${ROMAN[level]}): ${text}` + (t ? ` — ${t(on ? "slots.unlocked" : "slots.empty")}` : "")));
    if (on) box.append(s("ellipse", { cx: x + sw - 16, cy: y + 26, rx: 10, ry: 7, class: "pu-slotpod" }),
      s("path", { d: `M${x + sw - 22},${y + 26}h12`, class: "pu-slotpodline" }));
    else box.append(s("text", { x: x + sw / 2, y: y + 32, class: "pu-slotempty", text: t ? t("slots.free") : "" }));
    g.append(box);
    const acts = [...of("slot").filter((a) => a.args[0] === level), ...(uses[level] || [])];
    if (acts.length) target(controls, [x, y, sw, SLOTS_H - 8], acts, opts, `${SLOT_LETTERS[level]} · ${ROMAN[level]}`);
  }
  // the scoring area: a lifepod kept there scores as usual
  const ax = HEAD + 6 * (sw + gap);
  const aw = W - ax - 4;
  g.append(s("g", { class: "pu-slotarea" }, s("rect", { x: ax, y, width: aw, height: SLOTS_H - 8, rx: 5, class: "pu-slotbg" }),
    s("text", { x: ax + aw / 2, y: y + 15, class: "pu-slotname", "text-anchor": "middle", text: t ? t("slots.area") : "" }),
    s("text", { x: ax + aw / 2, y: y + 32, class: "pu-slotcount", "text-anchor": "middle", text: String(pl.lifepods_collected) })));
  const area = of("slot").filter((a) => a.args[0] === "area");
  if (area.length) target(controls, [ax, y, aw, SLOTS_H - 8], area, opts, "");
  return g;
}

/** Jump Drive's tech V: a position a tracker stands on, claimed on all five tracks (the column's header). */
function claimRowControls(ctx) {
  const { of, opts, controls } = ctx;
  for (const a of of("claim_row")) {
    const n = a.args[0];
    const x = cellX(n);
    controls.append(s("rect", { x: x + 1, y: TOP, width: CW - 2, height: 5 * CH - 3, rx: 4, class: "pu-claimband", "pointer-events": "none" }));
    target(controls, [x + 1, 0, CW - 2, TOP - 1], [a], opts, "", { badge: s("text", { x: x + CW / 2, y: 11, class: "pu-claimno", text: `⇣${n}` }) });
  }
}

// ----- Oasis Ultd.: the water path -------------------------------------------------------------------------------
function waterPath(ctx) {
  const { corp, pl } = ctx;
  const at = ([track, n]) => [cellX(n) + CW / 2, rowY(TRACKS.indexOf(track)) + CH / 2 - 1.5];
  const pts = corp.water_path.map(at);
  const path = s("g", { class: "pu-waterpath", "pointer-events": "none" },
    s("polyline", { points: pts.map(([x, y]) => `${x},${y}`).join(" "), class: "pu-waterline" }));
  corp.water_path.forEach((step, i) => {
    const [x, y] = at(step);
    path.append(s("text", { x: x + CW / 2 - 3, y: y + CH / 2 - 3, class: "pu-waterstep", text: String(i) }));
  });
  // the water tracker where its path has brought it: a blue dashed ring (another row's own tracker is red, solid)
  const step = pl.tracks[TRACKS.indexOf("water")];
  const cell = corp.water_path[Math.min(step, corp.water_path.length - 1)];
  if (cell) {
    const [x, y] = at(cell);
    path.append(s("circle", { cx: x, cy: y, r: 12, class: "pu-tracker pu-watertracker", "data-pos": step }));
  }
  return path;
}

/** The benefits printed on track t of player p's corporation (the flux token's track under tech III: its improved
 * row, as the rules read it: corporations.benefits_at). */
export function trackBenefits(view, p, t) {
  const corp = corporationOf(view, p);
  const pl = view.players[p];
  if (!corp) return view.figures.track_benefits[t];
  if (corp.improved.length && pl.flux === TRACKS[t] && pl.tech_levels.includes(3)) return corp.improved[t];
  return corp.track_benefits[t];
}

export function benefitIcon(kind, value, x, y, r) {
  switch (kind) {
    case "medal":
      return s("g", {}, s("circle", { cx: x, cy: y, r, fill: "#f1c232", stroke: "#8a6400", "stroke-width": 1.2 }),
        s("text", { x, y: y + r * 0.42, class: "pu-bmedal", "font-size": r * 1.25, text: String(value) }));
    case "civ":
      return s("g", {}, s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, fill: "#2b2630" }), resIcon("civ", x, y - r * 0.1, r * 0.62, "#fff"),
        s("text", { x: x + r * 0.95, y: y + r * 1.05, class: "pu-brank", "font-size": r * 0.95, text: ROMAN[value] }));
    case "synergy":
      return s("g", {}, ["#5d4d7e", "#3b8ed8", "#4c9f46", "#cf5a3c", "#98a3ae"].map((colour, i) => {
        const a0 = (i * 72 - 90) * Math.PI / 180, a1 = ((i + 1) * 72 - 90) * Math.PI / 180;
        return s("path", { d: `M${x},${y}L${x + r * Math.cos(a0)},${y + r * Math.sin(a0)}A${r},${r} 0 0 1 ${x + r * Math.cos(a1)},${y + r * Math.sin(a1)}Z`, fill: colour });
      }), s("circle", { cx: x, cy: y, r: r * 0.35, fill: "#fff" }));
    case "biomass":
      return s("g", {}, s("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, fill: TERRAIN.biomass, stroke: "#1e1a16", "stroke-width": 1 }), resIcon("biomass", x, y, r * 0.6, "#fff"));
    case "rover":
      return roverToken(x, y, r * 0.9, "");
    case "move":
      return s("g", {}, s("text", { x, y: y + r * 0.45, class: "pu-bmove", "font-size": r * 1.3, text: `➜${value}` }));
    case "tech":
      return s("g", {}, s("rect", { x: x - r, y: y - r * 0.8, width: 2 * r, height: r * 1.6, rx: 2, fill: "#39424d" }),
        s("text", { x, y: y + r * 0.45, class: "pu-btech", "font-size": r * 1.15, text: ROMAN[value] }));
    case "skip": // a cell the tracker passes over (not a position of its own)
      return s("g", { class: "pu-bskip" }, s("path", { d: `M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`, stroke: "#6b6b6b", "stroke-width": 1.5 }));
    case "advance": // one step on another track (value: its resource index)
      return s("g", {}, s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, fill: TERRAIN[RESOURCES[value]] || "#999" }),
        s("text", { x, y: y + r * 0.45, class: "pu-badv", "font-size": r * 1.1, fill: INK[RESOURCES[value]] || "#000", text: "+1" }));
    default:
      return null;
  }
}

/** A cell's tooltip: the track, the position and its benefits in words; a tech milestone names its ability. */
export function benefitTip(t, track, n, benefits, techText) {
  if (!t) return "";
  const parts = benefits.map(([kind, value]) => {
    const text = t("benefit." + kind, { n: value, r: ROMAN[value] || value, track: kind === "advance" ? t("track." + RESOURCES[value]) : "" });
    return kind === "tech" && techText ? `${text}: ${techText(value)}` : text;
  });
  return `${t("track." + track)} ${n}` + (parts.length ? ": " + parts.join(", ") : "");
}
