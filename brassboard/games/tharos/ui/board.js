// Drawing pieces of Tharos: dice with pips (SVG), landscape colours, player colours, small tokens (guild tiles,
// mines, ore and crystal). Nothing here knows the rules; main.js decides what is clickable.
// Colour is never the only sign: every die carries its colour's letter (the notation's w y r g b, upper case), a
// guild tile and a mine carry their player's number, and each picture has a text alternative (role img + title).
import { h, s } from "/static/dom.js";

export const PLAYER_HEX = ["#1f6fd1", "#e8731c", "#2e9e5b", "#9b3fb5"];
// the five dice colours (and the landscape that goes with each: wasteland white, plain yellow, mountain blue,
// hill red, forest green)
export const DIE = {
  white: { face: "#f7f4ec", edge: "#7d7466", pip: "#1d1b18" },
  red: { face: "#c8322c", edge: "#6e1410", pip: "#fff" },
  yellow: { face: "#f0c22b", edge: "#7a5d00", pip: "#1d1b18" },
  green: { face: "#2f8a46", edge: "#124a22", pip: "#fff" },
  blue: { face: "#2a62b8", edge: "#0f2f63", pip: "#fff" },
};
export const LAND = {
  white: { fill: "#e7e2d6", dark: "#9a917f" },
  yellow: { fill: "#f3de8c", dark: "#b2901f" },
  blue: { fill: "#a8c2e4", dark: "#3f67a3" },
  red: { fill: "#e4a58e", dark: "#a34a31" },
  green: { fill: "#a9cf96", dark: "#3f7a33" },
};

// pip positions on a 0..1 square for 1..6; 7 and 8 (a converter or card may push a die past 6) add middle pips
const P = { a: 0.24, m: 0.5, z: 0.76 };
const PIPS = {
  1: [[P.m, P.m]],
  2: [[P.a, P.a], [P.z, P.z]],
  3: [[P.a, P.a], [P.m, P.m], [P.z, P.z]],
  4: [[P.a, P.a], [P.z, P.a], [P.a, P.z], [P.z, P.z]],
  5: [[P.a, P.a], [P.z, P.a], [P.m, P.m], [P.a, P.z], [P.z, P.z]],
  6: [[P.a, P.a], [P.z, P.a], [P.a, P.m], [P.z, P.m], [P.a, P.z], [P.z, P.z]],
  7: [[P.a, P.a], [P.z, P.a], [P.a, P.m], [P.m, P.m], [P.z, P.m], [P.a, P.z], [P.z, P.z]],
  8: [[P.a, P.a], [P.m, P.a], [P.z, P.a], [P.a, P.m], [P.z, P.m], [P.a, P.z], [P.m, P.z], [P.z, P.z]],
};

// the letter each die colour shows besides its colour: the notation's letter (w3 is a white 3)
export const LETTER = { white: "W", yellow: "Y", red: "R", green: "G", blue: "B" };

/** An SVG picture: with a label it is an image with that text (role img, a title), else decoration for a reader. */
function picture(attrs, label, ...children) {
  const svg = label ? s("svg", { ...attrs, role: "img", "aria-label": label }, s("title", { text: label }))
    : s("svg", { ...attrs, "aria-hidden": "true" });
  svg.append(...children);
  return svg;
}

/** A die as a small SVG: its colour, its pips (a number for anything beyond 8, none before it is rolled) and, on a corner badge, the letter
 *  of its colour. `label`: the die's text alternative (leave it out where the die sits in a labelled button). */
export function dieSvg(color, pips, size = 30, label = null) {
  const c = DIE[color] || DIE.white;
  const width = Math.round(size * 46 / 40);
  const svg = picture({ class: "th-diesvg", width, height: width, viewBox: "0 0 46 46", "data-color": color }, label,
    s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: c.face, stroke: c.edge, "stroke-width": 2 }));
  const spots = PIPS[pips];
  if (spots) {
    const r = pips >= 7 ? 3.1 : 3.6;
    for (const [x, y] of spots) svg.append(s("circle", { cx: 4 + x * 32, cy: 4 + y * 32, r, fill: c.pip }));
  } else if (pips !== null && pips !== undefined && pips !== 0) {  // 0: drawn, not rolled yet: a blank face
    svg.append(s("text", { x: 20, y: 27, "text-anchor": "middle", "font-size": 20, "font-weight": 800, fill: c.pip, text: String(pips) }));
  }
  svg.append(s("circle", { cx: 37.5, cy: 37.5, r: 8, fill: "#fff", stroke: "#1d1b18", "stroke-width": 1.5 }),
    s("text", { x: 37.5, y: 42, "text-anchor": "middle", "font-size": 12.5, "font-weight": 800, fill: "#1d1b18", text: LETTER[color] || "?" }));
  return svg;
}

/** An unrolled die (in the bag, the discard or the market): its colour and its colour's letter. */
export function blankDie(color, size = 18, label = null) {
  const c = DIE[color] || DIE.white;
  return picture({ class: "th-diesvg blank", width: size, height: size, viewBox: "0 0 40 40", "data-color": color }, label,
    s("rect", { x: 3, y: 3, width: 34, height: 34, rx: 8, fill: c.face, stroke: c.edge, "stroke-width": 2.5 }),
    s("text", { x: 20, y: 28, "text-anchor": "middle", "font-size": 23, "font-weight": 800, fill: c.pip, text: LETTER[color] || "?" }));
}

/** A player's guild tile: a small shield in the player's colour with the player's number. */
export function guildTile(p, title) {
  return h("span.th-guild", { style: { background: PLAYER_HEX[p % PLAYER_HEX.length] }, title, role: title ? "img" : undefined,
    "aria-label": title || undefined, "aria-hidden": title ? undefined : "true", dataset: { player: p } }, String(p + 1));
}

/** A player's mine: a triangle in the player's colour with the player's number. */
export function mineTile(p, title) {
  const colour = PLAYER_HEX[p % PLAYER_HEX.length];
  return picture({ class: "th-mine", width: 18, height: 15, viewBox: "0 0 18 15", "data-player": p }, title,
    s("polygon", { points: "9,0.8 17.2,14.2 0.8,14.2", fill: colour, stroke: "#1d1b18", "stroke-width": 1.2 }),
    s("text", { x: 9, y: 13, "text-anchor": "middle", "font-size": 8.5, "font-weight": 800, fill: "#fff", text: String(p + 1) }));
}

/** An ore (square) or crystal (diamond) tile of a colour. */
export function sample(kind, color, title) {
  const c = LAND[color] || LAND.white;
  return h("span.th-sample." + kind, { style: { background: c.dark }, title, role: title ? "img" : undefined,
    "aria-label": title || undefined, "aria-hidden": title ? undefined : "true", dataset: { color } });
}

export function chip(p) {
  return h("span.th-chip", { style: { background: PLAYER_HEX[p % PLAYER_HEX.length] } }, String(p + 1));
}
