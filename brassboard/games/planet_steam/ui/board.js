// SVG drawing of the Planet Steam board: the zone map, the exchange, the tank market and the round track.
import { s } from "/static/dom.js";
import { RESOURCES, UNAVAILABLE, NEUTRAL, UNCLAIMED, NO_CONVERTER, neighbours, band, trading, tankPrice, marketTanks } from "./model.js";

function title(text) { return s("title", { text }); }

export const PLAYER_HEX = { black: "#2a2a2a", green: "#2f9e44", orange: "#f08c00", purple: "#8e44ad", yellow: "#f5d130" };
export const PLAYER_INK = { black: "#fff", green: "#fff", orange: "#1d1d1d", purple: "#fff", yellow: "#1d1d1d" };
export const NEUTRAL_HEX = "#9a9a9a";
export const RES_HEX = ["#c8489a", "#8a5a3b", "#2f86d6", "#e0a800"];
export const BAND_HEX = { red: "#e0463c", orange: "#f0902c", yellow: "#f3d43f", green: "#5cae4f", blue: "#3f7fd1", black: "#2d2d2d" };
const BAND_INK = { red: "#fff", orange: "#1d1d1d", yellow: "#1d1d1d", green: "#fff", blue: "#fff", black: "#fff" };

/** A resource symbol (crystal, rock, drop, bolt) centred on (x, y) with radius r. */
export function resIcon(res, x, y, r, { fill, stroke = "#1d1d1d", sw = 1 } = {}) {
  const f = fill || RES_HEX[res];
  const pts = (list) => list.map(([a, b]) => `${(x + a * r).toFixed(1)},${(y + b * r).toFixed(1)}`).join(" ");
  const common = { fill: f, stroke, "stroke-width": sw, "stroke-linejoin": "round" };
  if (res === 0) return s("polygon", { ...common, points: pts([[0, -1], [0.62, -0.35], [0.42, 0.92], [-0.42, 0.92], [-0.62, -0.35]]) });
  if (res === 1) return s("polygon", { ...common, points: pts([[-0.95, 0.35], [-0.55, -0.6], [0.25, -0.85], [0.92, -0.15], [0.7, 0.72], [-0.35, 0.85]]) });
  if (res === 2) {
    const d = `M${x},${y - r} C${x + 0.55 * r},${y - 0.3 * r} ${x + 0.8 * r},${y + 0.05 * r} ${x + 0.8 * r},${y + 0.35 * r} ` +
      `A${0.8 * r},${0.62 * r} 0 0 1 ${x - 0.8 * r},${y + 0.35 * r} C${x - 0.8 * r},${y + 0.05 * r} ${x - 0.55 * r},${y - 0.3 * r} ${x},${y - r}Z`;
    return s("path", { ...common, d });
  }
  return s("polygon", { ...common, points: pts([[0.25, -1], [-0.62, 0.12], [-0.06, 0.12], [-0.3, 1], [0.62, -0.2], [0.06, -0.2]]) });
}

/** An <svg> holding one resource icon, for HTML. */
export function iconSvg(res, size = 16) {
  return s("svg", { class: "ps-icon", width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    resIcon(res, 0, 0, 8.5, { sw: 1.2 }));
}

function gear(x, y, r, fill = "#333") {
  const teeth = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    teeth.push(s("rect", { x: x - r * 0.22, y: y - r * 1.15, width: r * 0.44, height: r * 0.5, fill, transform: `rotate(${(a * 180) / Math.PI} ${x} ${y})` }));
  }
  return s("g", { class: "ps-gear" }, teeth, s("circle", { cx: x, cy: y, r: r * 0.82, fill }), s("circle", { cx: x, cy: y, r: r * 0.32, fill: "#ddd" }));
}

// ----- the map --------------------------------------------------------------------------------------------------
export const MAP = { cw: 86, ch: 74, left: 24, top: 22, right: 64 };

function zoneXY(fig, z) {
  const r = Math.floor(z / fig.columns), c = z % fig.columns;
  return { x: MAP.left + c * MAP.cw, y: MAP.top + r * MAP.ch, r, c };
}

function tankShape(view, z, cx, cy, opts) {
  const conv = view.converter[z];
  const toppled = view.toppled[z];
  const parts = [];
  // the tank: a cylinder
  parts.push(s("rect", { x: cx - 14, y: cy - 17, width: 28, height: 34, rx: 5, fill: "#a7b3bb", stroke: "#34424b", "stroke-width": 1.6 }));
  parts.push(s("ellipse", { cx, cy: cy - 17, rx: 14, ry: 4.5, fill: "#c8d2d8", stroke: "#34424b", "stroke-width": 1.4 }));
  parts.push(s("line", { x1: cx - 14, y1: cy + 10, x2: cx + 14, y2: cy + 10, stroke: "#34424b", "stroke-width": 0.8, opacity: 0.6 }));
  if (conv === NO_CONVERTER) {
    parts.push(resIcon(2, cx, cy - 1, 8.5, { sw: 1 }));   // a water tank
  } else {
    parts.push(s("rect", { x: cx - 15, y: cy - 9, width: 30, height: 17, rx: 3, fill: RES_HEX[conv], stroke: "#1d1d1d", "stroke-width": 1.2 }));
    parts.push(resIcon(conv, cx, cy - 0.5, 6.8, { fill: "#fff", stroke: "#1d1d1d", sw: 1 }));
  }
  const g = s("g", { class: "ps-tank" + (toppled ? " toppled" : "") + (opts.idle ? " idle" : "") }, parts);
  if (toppled) g.setAttribute("transform", `rotate(90 ${cx} ${cy + 6})`);
  return g;
}

/**
 * The zone map. opts: {clickable: Map zone -> true, selected: zone|-1, targets: Set, onZone(z, event),
 * anchors: Set of rows clickable, onAnchor(row), idle: Set, preview: {tanks: Set}, focusZone: zone|-1, t, names}
 */
export function drawMap(view, opts) {
  const fig = view.figures;
  const W = MAP.left + fig.columns * MAP.cw + MAP.right, H = MAP.top + fig.rows * MAP.ch + 8;
  const rivers = new Set(fig.rivers.map((n) => view.zone_names.indexOf(n)));
  const freeWater = new Set(fig.free_water_zones.map((n) => view.zone_names.indexOf(n)));
  const colours = view.colours;
  // with fields to choose the map is a group of labelled buttons; otherwise one image with a title
  const interactive = (opts.clickable && opts.clickable.size) || (opts.targets && opts.targets.size) || (opts.anchors && opts.anchors.size);
  const svg = s("svg", { class: "ps-map", viewBox: `0 0 ${W} ${H}`, role: interactive ? "group" : "img", "aria-label": opts.t("board.map") });
  if (!interactive) svg.append(title(opts.t("board.map")));
  svg.append(s("defs", {},
    s("pattern", { id: "ps-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 8, height: 8, fill: "#c9c4bb" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#8d877d", "stroke-width": 3 }))));
  // column letters and row numbers
  for (let c = 0; c < fig.columns; c++) svg.append(s("text", { x: MAP.left + c * MAP.cw + MAP.cw / 2, y: 15, class: "ps-coord", text: String.fromCharCode(65 + c) }));
  for (let r = 0; r < fig.rows; r++) svg.append(s("text", { x: 11, y: MAP.top + r * MAP.ch + MAP.ch / 2 + 5, class: "ps-coord", text: String(r + 1) }));
  // zones
  for (let z = 0; z < view.owner.length; z++) {
    const { x, y } = zoneXY(fig, z);
    const owner = view.owner[z];
    const g = s("g", { class: "ps-zone", "data-zone": view.zone_names[z] });
    let fill = rivers.has(z) ? "#cfe4f3" : "#eadfc6";
    if (owner === UNAVAILABLE) fill = "url(#ps-hatch)";
    g.append(s("rect", { x: x + 1, y: y + 1, width: MAP.cw - 2, height: MAP.ch - 2, fill, stroke: "#b3a58c", "stroke-width": 1, class: "ps-zonebg" }));
    if (owner >= 0) g.append(s("rect", { x: x + 1, y: y + 1, width: MAP.cw - 2, height: MAP.ch - 2, fill: PLAYER_HEX[colours[owner]], opacity: 0.26, "pointer-events": "none" }));
    svg.append(g);
  }
  // the airship's row: above the zones' opaque backgrounds, translucent and not catching clicks
  if (view.airship_row) {
    const y = MAP.top + (view.airship_row - 1) * MAP.ch;
    svg.append(s("rect", { x: MAP.left, y: y + 1, width: fig.columns * MAP.cw, height: MAP.ch - 2, fill: "#ffd54a", opacity: 0.3,
      stroke: "#d9a52c", "stroke-width": 2, class: "ps-airshiprow", "pointer-events": "none" }));
  }
  // rivers: a band through the centres of neighbouring river zones
  const riverPaths = [];
  for (const z of rivers) for (const nb of neighbours(fig, z)) {
    if (nb > z && rivers.has(nb)) {
      const a = zoneXY(fig, z), b = zoneXY(fig, nb);
      riverPaths.push(`M${a.x + MAP.cw / 2},${a.y + MAP.ch / 2}L${b.x + MAP.cw / 2},${b.y + MAP.ch / 2}`);
    }
  }
  if (riverPaths.length) svg.append(s("path", { d: riverPaths.join(""), stroke: "#4f9fdc", "stroke-width": 16, "stroke-linecap": "round", "stroke-linejoin": "round", fill: "none", opacity: 0.45, "pointer-events": "none" }));
  for (const z of rivers) if (![...neighbours(fig, z)].some((nb) => rivers.has(nb))) {
    const { x, y } = zoneXY(fig, z);
    svg.append(s("circle", { cx: x + MAP.cw / 2, cy: y + MAP.ch / 2, r: 12, fill: "#4f9fdc", opacity: 0.45 }));
  }
  // contents of each zone, then the click layer
  for (let z = 0; z < view.owner.length; z++) {
    const { x, y } = zoneXY(fig, z);
    const owner = view.owner[z];
    const name = view.zone_names[z];
    const g = s("g", { "pointer-events": "none" });
    g.append(s("text", { x: x + MAP.cw - 5, y: y + 13, class: "ps-zonename", text: name }));
    if (freeWater.has(z) && fig.edition === "2008") g.append(s("text", { x: x + MAP.cw - 6, y: y + MAP.ch - 6, class: "ps-shaft", text: "H" }));
    if (owner >= 0 || owner === NEUTRAL) {
      const col = owner >= 0 ? PLAYER_HEX[colours[owner]] : NEUTRAL_HEX;
      g.append(s("circle", { cx: x + 14, cy: y + 14, r: 9.5, fill: col, stroke: owner === NEUTRAL ? "#555" : "#111", "stroke-width": 1.6 }));
      if (owner === NEUTRAL) g.append(s("circle", { cx: x + 14, cy: y + 14, r: 4, fill: "none", stroke: "#f4f4f4", "stroke-width": 1.5 }));
      else g.append(s("text", { x: x + 14, y: y + 18.5, class: "ps-seatno", fill: PLAYER_INK[colours[owner]], text: String(owner + 1) }));
    }
    if (view.tank[z]) {
      const idle = opts.idle && opts.idle.has(z);
      g.append(tankShape(view, z, x + MAP.cw / 2, y + MAP.ch / 2 + 4, { idle }));
      if (view.compressor[z]) g.append(gear(x + MAP.cw - 15, y + MAP.ch - 15, 7.5, "#3a3a3a"));
      if (view.toppled[z]) g.append(s("path", { d: `M${x + 20},${y + 20}l${MAP.cw - 40},${MAP.ch - 34}M${x + MAP.cw - 20},${y + 20}l${-(MAP.cw - 40)},${MAP.ch - 34}`, stroke: "#c62828", "stroke-width": 4, "stroke-linecap": "round", opacity: 0.85 }));
      if (idle) g.append(s("text", { x: x + MAP.cw / 2, y: y + MAP.ch - 5, class: "ps-idle", text: opts.idleLabel }));
      if (opts.energyMark && opts.energyMark.has(z)) g.append(resIcon(3, x + 12, y + MAP.ch - 14, 7, { sw: 1 }));
    }
    svg.append(g);
    const classes = ["ps-hit"];
    if (opts.clickable && opts.clickable.has(z)) classes.push("legal");
    if (opts.targets && opts.targets.has(z)) classes.push("target");
    if (opts.selected === z) classes.push("selected");
    if (opts.focusZone === z) classes.push("focus");
    const tip = zoneTip(view, z, rivers, freeWater, opts);
    const hit = s("rect", { x: x + 3, y: y + 3, width: MAP.cw - 6, height: MAP.ch - 6, rx: 4, class: classes.join(" "), "data-zone": name }, title(tip));
    if (classes.length > 1 && (opts.clickable?.has(z) || opts.targets?.has(z))) {
      // a field to choose: a labelled button (the keyboard cursor, boardkeys.js, sets its tabindex)
      hit.classList.add("ps-key");
      hit.setAttribute("role", "button");
      hit.setAttribute("aria-label", tip);
      hit.addEventListener("click", (e) => opts.onZone(z, e));
    } else if (opts.onAnyZone) {
      hit.addEventListener("click", (e) => opts.onAnyZone(z, e));
    }
    svg.append(hit);
  }
  // anchor points of the airship, right of the rows
  const ax = MAP.left + fig.columns * MAP.cw + 10;
  for (let row = 1; row <= fig.rows; row++) {
    const cy = MAP.top + (row - 1) * MAP.ch + MAP.ch / 2;
    const clickable = opts.anchors && opts.anchors.has(row);
    const g = s("g", { class: "ps-anchor" + (clickable ? " legal" : ""), "data-row": row });
    g.append(s("rect", { x: ax, y: cy - 16, width: MAP.right - 14, height: 32, rx: 6, class: "ps-anchorbg" }));
    if (view.airship_row === row) g.append(airship(ax + (MAP.right - 14) / 2, cy));
    else {
      g.append(s("circle", { cx: ax + 12, cy: cy - 6, r: 4, fill: "none", stroke: "#6d5a45", "stroke-width": 2 }));
      g.append(s("path", { d: `M${ax + 12},${cy - 2}v11m-7,-5q7,9 14,0`, fill: "none", stroke: "#6d5a45", "stroke-width": 2 }));
      g.append(s("text", { x: ax + 34, y: cy + 5, class: "ps-anchorno", text: String(row) }));
    }
    g.append(title(opts.t("board.anchor", { row })));
    if (clickable) {
      g.classList.add("ps-key");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", opts.t("board.anchor", { row }));
      g.addEventListener("click", () => opts.onAnchor(row));
    }
    svg.append(g);
  }
  return svg;
}

function airship(cx, cy) {
  return s("g", { class: "ps-airship" },
    s("ellipse", { cx, cy: cy - 4, rx: 17, ry: 8, fill: "#f3c64a", stroke: "#6a4a10", "stroke-width": 1.6 }),
    s("path", { d: `M${cx + 14},${cy - 4}l7,-7v14z`, fill: "#d9a52c", stroke: "#6a4a10", "stroke-width": 1.2 }),
    s("rect", { x: cx - 7, y: cy + 5, width: 12, height: 6, rx: 2, fill: "#8a5a2b", stroke: "#4a300f" }),
    s("line", { x1: cx - 5, y1: cy + 3, x2: cx - 5, y2: cy + 6, stroke: "#4a300f" }),
    s("line", { x1: cx + 3, y1: cy + 3, x2: cx + 3, y2: cy + 6, stroke: "#4a300f" }));
}

function zoneTip(view, z, rivers, freeWater, opts) {
  const t = opts.t;
  const parts = [view.zone_names[z]];
  const owner = view.owner[z];
  if (owner === UNAVAILABLE) parts.push(t("zone.unavailable"));
  else if (owner === NEUTRAL) parts.push(t("zone.neutral"));
  else if (owner === UNCLAIMED) parts.push(t("zone.free"));
  else parts.push(opts.names[owner]);
  if (rivers.has(z)) parts.push(t("zone.river"));
  if (freeWater.has(z)) parts.push(t("zone.freeWater"));
  if (view.tank[z]) {
    const conv = view.converter[z];
    parts.push(conv === NO_CONVERTER ? t("tank.water") : t("tank.conv", { res: t("Res." + RESOURCES[conv]) }));
    if (view.compressor[z]) parts.push(t("tank.compressor"));
    if (view.toppled[z]) parts.push(t("tank.toppled"));
    else if (opts.idle && opts.idle.has(z)) parts.push(opts.idleLabel);
  }
  return parts.join(" · ");
}

// ----- the exchange --------------------------------------------------------------------------------------------
const EX = { head: 128, cell: 17, rowH: 68 };

/** opts: {t, current: res|-1 (being traded), bonusClick: Set of res, onBonus(res)} */
export function drawExchange(view, opts) {
  const fig = view.figures;
  const t = opts.t;
  const maxSupply = Math.max(...fig.scales.map((sc) => sc.supply_max));
  const W = EX.head + (maxSupply + 1) * EX.cell + 4;
  const H = 4 * EX.rowH + 22;
  const choosing = opts.bonusClick && opts.bonusClick.size > 0;
  const svg = s("svg", { class: "ps-exchange", viewBox: `0 0 ${W} ${H}`, role: choosing ? "group" : "img", "aria-label": t("board.exchange") });
  if (!choosing) svg.append(title(t("board.exchange")));
  const order = trading(view);
  RESOURCES.forEach((name, r) => {
    const scale = fig.scales[r];
    const y = r * EX.rowH + 2;
    const g = s("g", { class: "ps-exrow" + (opts.current === r ? " current" : ""), "data-res": name });
    g.append(s("rect", { x: 0, y, width: W, height: EX.rowH - 4, rx: 6, class: "ps-exbg" }));
    // name, trading order and bonus field in the head column
    g.append(resIcon(r, 13, y + 15, 9.5, { sw: 1.2 }));
    g.append(s("text", { x: 27, y: y + 20, class: "ps-exname", text: t("Res." + name) }));
    const pos = order.indexOf(r) + 1;
    const marked = view.options.variable_trading_order ? view.trade_markers[name] : pos;
    g.append(s("g", {}, title(t("board.order")),
      s("circle", { cx: 13, cy: y + 44, r: 9, fill: marked ? "#2b2420" : "#fff", stroke: "#2b2420", "stroke-width": 1.2 }),
      s("text", { x: 13, y: y + 48, class: "ps-orderno", fill: marked ? "#fff" : "#2b2420", text: marked ? String(marked) : "–" })));
    if (view.bonus[r]) {
      const clickable = opts.bonusClick && opts.bonusClick.has(r);
      const b = s("g", { class: "ps-bonus" + (clickable ? " legal" : ""), "data-res": name },
        s("rect", { x: 28, y: y + 34, width: 52, height: 20, rx: 4, fill: "#fff8d8", stroke: "#b5832f", "stroke-width": 1.5 }),
        resIcon(r, 38, y + 44, 6.5, { sw: 1 }),
        s("text", { x: 47, y: y + 47.5, class: "ps-bonustext", textLength: 30, lengthAdjust: "spacingAndGlyphs", text: t("board.bonus") }), title(t("board.bonus")));
      if (clickable) {
        b.classList.add("ps-key");
        b.setAttribute("role", "button");
        b.setAttribute("aria-label", `${t("board.bonus")}: ${t("Res." + name)}`);
        b.addEventListener("click", () => opts.onBonus(r));
      }
      g.append(b);
    }
    g.append(s("text", { x: EX.head - 4, y: y + 18, class: "ps-scalelabel", text: t("board.price") }));
    g.append(s("text", { x: EX.head - 4, y: y + 42, class: "ps-scalelabel", text: t("board.supply") }));
    // price scale: the start price in red, the current price dark
    for (let p = scale.price_min; p <= scale.price_max; p++) {
      const x = EX.head + (p - scale.price_min) * EX.cell;
      const on = view.price[r] === p;
      g.append(s("rect", { x, y: y + 5, width: EX.cell - 1, height: 18, rx: 2, class: "ps-pricecell" + (on ? " on" : "") }));
      g.append(s("text", { x: x + EX.cell / 2 - 0.5, y: y + 18, class: "ps-cellno" + (on ? " on" : "") + (p === scale.price_start ? " start" : ""), text: String(p) }));
    }
    // supply scale in its colour bands, with the price change of each band below
    let lastBand = null;
    for (let q = 0; q <= scale.supply_max; q++) {
      const x = EX.head + q * EX.cell;
      const b = band(view, r, q);
      const on = view.supply[r] === q;
      const dark = BAND_INK[b.name] === "#fff";
      // on dark bands the current cell gets a light outline (a black one would vanish)
      g.append(s("rect", { x, y: y + 29, width: EX.cell - 1, height: 18, rx: 2, fill: BAND_HEX[b.name], class: "ps-supplycell" + (on ? " on" : ""),
        style: on && b.name === "black" ? "stroke:#ffd54a" : null },
        title(`${t("band." + b.name)} ${b.adjustment > 0 ? "+" : ""}${b.adjustment}`)));
      // the per-band ink as a style property, so it wins over the stylesheet's .ps-cellno fill
      g.append(s("text", { x: x + EX.cell / 2 - 0.5, y: y + 42, class: "ps-cellno" + (on ? " cur" : "") + (dark ? " dark" : ""), style: `fill:${BAND_INK[b.name]}`, text: String(q) }));
      if (b.name !== lastBand) {
        g.append(s("text", { x: x + 1, y: y + 58, class: "ps-adj", text: (b.adjustment > 0 ? "+" : b.adjustment < 0 ? "−" : "±") + Math.abs(b.adjustment) }));
        lastBand = b.name;
      }
      if (on) g.append(s("path", { d: `M${x + EX.cell / 2 - 0.5},${y + 28}l-5,-5.5h10z`, class: "ps-marker" }));
    }
    svg.append(g);
  });
  svg.append(s("text", { x: EX.head, y: H - 5, class: "ps-small", text: t("board.legendBands") }));
  return svg;
}

// ----- tank market and round track ------------------------------------------------------------------------------
export function drawTracks(view, opts) {
  const fig = view.figures;
  const t = opts.t;
  const cell = 30;
  const W = 18 + (fig.tank_track_max + 1) * cell;
  const H = 124;
  const svg = s("svg", { class: "ps-tracks", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("board.tankTrack") }, title(t("board.tankTrack")));
  const price = tankPrice(view);
  const label = view.track > 0 ? t("board.forSale", { n: marketTanks(view), price }) : t("board.soldOut");
  svg.append(s("text", { x: 4, y: 13, class: "ps-tracktitle", text: `${t("board.tankTrack")}: ${label}` }));
  for (let i = 0; i <= fig.tank_track_max; i++) {
    const x = 4 + i * cell;
    const on = view.track === i;
    svg.append(s("rect", { x, y: 20, width: cell - 2, height: 34, rx: 3, class: "ps-trackcell" + (on ? " on" : "") + (i <= view.track && i > 0 ? " filled" : "") }));
    svg.append(s("text", { x: x + cell / 2 - 1, y: 33, class: "ps-trackno" + (on ? " on" : ""), text: String(i) }));
    svg.append(s("text", { x: x + cell / 2 - 1, y: 49, class: "ps-trackprice" + (on ? " on" : ""), text: i === 0 ? "—" : String(fig.tank_price[i]) }));
  }
  // round track
  const y = 74;
  svg.append(s("text", { x: 4, y: y + 4, class: "ps-tracktitle", text: t("board.roundOf", { n: view.round, total: fig.rounds }) }));
  for (let r = 1; r <= fig.rounds; r++) {
    const x = 4 + (r - 1) * 40;
    const on = r === view.round;
    svg.append(s("rect", { x, y: y + 10, width: 36, height: 28, rx: 14, class: "ps-roundcell" + (on ? " on" : r < view.round ? " past" : "") }));
    svg.append(s("text", { x: x + 18, y: y + 29, class: "ps-roundno" + (on ? " on" : ""), text: String(r) }));
  }
  const phases = ["expansion", "tanks", "production", "exchange", "end"];
  const px = 4 + fig.rounds * 40 + 10;
  let cx = px;
  for (const ph of phases) {
    const text = t("chip." + ph);
    const w = Math.max(56, text.length * 6.3 + 14);
    const on = view.phase === ph;
    svg.append(s("rect", { x: cx, y: y + 14, width: w, height: 22, rx: 4, class: "ps-phase" + (on ? " on" : "") }));
    svg.append(s("text", { x: cx + w / 2, y: y + 29, class: "ps-phasetext" + (on ? " on" : ""), text }));
    cx += w + 4;
  }
  svg.setAttribute("viewBox", `0 0 ${Math.max(W, cx + 4)} ${H}`);
  return svg;
}
