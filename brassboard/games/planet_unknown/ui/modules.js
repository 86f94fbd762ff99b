// Planet Unknown's modules in the browser: the set-up side choice (standard against special, side by side, with
// complexity, rule and a picture), Flux Industries' track pick, the corporations' own actions, each board's legend
// and its tech abilities in words (visible text, so a keyboard or screen-reader user reads them without hovering).
import { h } from "/static/dom.js";
import { TRACKS, planetOf, corporationOf, key } from "./model.js";
import { drawPlanet, iconSvg, ROMAN, SPECIAL_GLYPH } from "./board.js";
import { benefitTip, trackBenefits, drawTracks } from "./tracks.js";
import { TECH_DE } from "./strings_modules.js";

/** Action kinds of the modules (set-up and the corporations' abilities); main.js draws the rest. */
export const MODULE_KINDS = new Set(["side", "flux", "flux_milestone", "flux_advance", "horizon_advance", "pod",
  "relocate", "relocate_three", "relocate_one", "slot", "share", "patch_synergy", "claim_row", "draw_objectives",
  "branch", "patch_twice", "biomass_reset", "climb", "makeshift_regress"]);

/** Actions that use a tech ability, by corporation rule and kind: the level whose line in the tech list offers it
 * (the corporation board itself offers slots, branches, climbs and rows). */
const ABILITY_LEVEL = {
  flux: { flux_milestone: 2, flux_advance: 5 }, meteorite_delivery: { horizon_advance: 5 },
  lifepod_tracks: { relocate_three: 2, relocate_one: 5 }, tech_slots: { patch_synergy: 1, draw_objectives: 6 },
  branching_biomass: { biomass_reset: 1, patch_twice: 3 }, columns: { makeshift_regress: 4 },
};

/** The legal actions of a tech ability of player p's corporation: Map level -> [actions]. */
export function abilityActions(view, p, legal) {
  const corp = corporationOf(view, p);
  const levels = (corp && ABILITY_LEVEL[corp.rule]) || {};
  const out = new Map();
  for (const a of legal) {
    const level = levels[a.kind];
    if (!level) continue;
    if (!out.has(level)) out.set(level, []);
    out.get(level).push(a);
  }
  return out;
}

const standardCorporation = (view) => Object.entries(view.figures.corporations || {}).find(([, c]) => c.rule === "none")?.[0] || "";

/** The board names a seat may play for `kind` ("planet" | "corporation"): {standard, special}. */
function sidesOf(view, p, kind) {
  const pl = view.players[p];
  return { standard: kind === "planet" ? view.figures.planet.name : standardCorporation(view), special: pl.dealt[kind === "planet" ? 0 : 1] };
}

/** An action of the modules in words (null: not a module's action). */
export function moduleActionLabel(view, p, a, T) {
  const [x, y] = a.args;
  switch (a.kind) {
    case "side": {
      const names = sidesOf(view, p, x);
      return T("act.side", { side: T("setup." + y), kind: T("setup." + x), name: names[y] || "" });
    }
    case "flux": return T("act.flux", { track: T("track." + x) });
    case "pod": return x === "area" || y === undefined ? T("act.podArea") : T("act.pod", { track: T("track." + x), n: y });
    case "relocate": {
      if (x === "stop") return T("act.relocateStop");
      // each end is the scoring area ("area") or a track position ("water 10")
      const cut = x === "area" ? 1 : 2;
      return T("act.relocate", { from: podPlace(a.args.slice(0, cut), T), to: podPlace(a.args.slice(cut), T) });
    }
    case "flux_milestone": case "flux_advance": case "horizon_advance": case "relocate_three": case "relocate_one":
    case "patch_synergy": case "draw_objectives": case "patch_twice": case "biomass_reset": case "makeshift_regress":
      return T("act." + a.kind);
    case "slot": return x === "area" ? T("act.slotArea") : T("act.slot", { letter: " ABCDEF"[x] || x, r: ROMAN[x] || x });
    case "share": {
      const card = view.figures.objectives[String((view.players[p].offer || [])[x - 1])];
      return T("act.share", { name: card ? card.neighbor.name : `#${x}` });
    }
    case "claim_row": return T("act.claimRow", { n: x });
    case "branch": return T("act.branch", { what: benefitTip(T, "biomass", x, trackBenefits(view, p, 2)[x] || []) });
    case "climb": return T("act.climb", { track: T("track." + x), column: T("column." + y), n: a.args[2] === 16 ? "15+" : a.args[2] });
    default: return null;
  }
}

/** A lifepod's place for Cosmos Inc: the scoring area or a track position. */
function podPlace(args, T) {
  return args[0] === "area" ? T("act.area") : `${T("track." + args[0])} ${args[1]}`;
}

/** What the seat must do now when a module's choice is open (null otherwise). */
export function modulePrompt(kinds, T) {
  if (kinds.has("side")) return T("prompt.side");
  if (kinds.has("flux")) return T("prompt.flux");
  for (const kind of ["slot", "share", "branch", "climb"]) if (kinds.has(kind)) return T("prompt." + kind);
  if (kinds.has("pod") || kinds.has("relocate")) return T("prompt.choose");
  return null;
}

/** The tech abilities of player p's corporation, level by level, in the page's language: [{level, text}]. */
export function techTexts(view, p, lang) {
  const corp = corporationOf(view, p);
  const name = view.players[p].corporation;
  if (!corp) return view.figures.tech_levels.map((lv) => ({ level: lv.level, text: lang === "de" ? lv.de : lv.text }));
  const de = TECH_DE[name] || [];
  return corp.tech.map((text, i) => ({ level: i + 1, text: (lang === "de" && de[i]) || text }));
}

/** A board's card in the side choice: its name, side, complexity, rule, (a planet's) picture, (a corporation's)
 * tech abilities, and the button that plays it. */
function sideCard(ctx, kind, side, name, action) {
  const { view, T, lang } = ctx;
  const data = kind === "planet" ? view.figures.planets[name] : view.figures.corporations[name];
  if (!data) return null;
  const parts = [h("span.pu-cardtag", T("setup." + side), " · ", T("setup.complexity", { n: data.complexity })),
    h("strong", name), h("span.pu-cardtext", T(`rule.${kind === "planet" ? "planet" : "corp"}.${data.rule}`))];
  if (kind === "planet") {
    const fake = { ...view.players[ctx.me], planet: name, tiles: [], patches: [], meteorites: [], meteor_symbols: [], lifepods: data.lifepods, rovers: [] };
    parts.push(drawPlanet({ ...view, players: [fake] }, 0, { c: 11, medals: false, t: T, label: T("board.planet", { name }) + ". " + T(`rule.planet.${data.rule}`) }).svg);
  } else {
    const de = TECH_DE[name] || [];
    parts.push(h("ol.pu-sidetechs", { "aria-label": T("board.techs") }, data.tech.map((text, i) => h("li", h("b", ROMAN[i + 1] || String(i + 1)), " ", (lang === "de" && de[i]) || text))));
  }
  // chosen (still secret), or — once every side is turned up — the board this seat plays
  const pl = view.players[ctx.me];
  const chosenSide = (pl.chosen || [])[kind === "planet" ? 0 : 1];
  const picked = chosenSide ? chosenSide === side : !ctx.legal.some((a) => a.kind === "side" && a.args[0] === kind) && (kind === "planet" ? pl.planet : pl.corporation) === name;
  return h("div.pu-sidecard" + (picked ? ".picked" : ""), { dataset: { kind, side, board: name } }, parts,
    // four buttons read the same: each names its board and side to a screen reader
    action ? h("button.primary.pu-sidebtn", { type: "button", dataset: { action: action.text }, "aria-label": `${T("setup.choose")}: ${moduleActionLabel(view, ctx.me, action, T)}`,
      onclick: () => ctx.send(action.text) }, T("setup.choose"))
      : picked ? h("span.pu-badge.act", "✔ ", T("setup.chosen")) : null);
}

/** The special corporation's board, folded under its card: its tracks as they will be played (trackers at 0). */
function boardPreview(ctx, name) {
  const { view, T, lang } = ctx;
  const corp = view.figures.corporations[name];
  if (!corp) return null;
  const player = { corporation: name, tracks: [0, 0, 0, 0, 0], tech_levels: [], flux: null, track_pods: [], lifepods_collected: 0,
    columns: [...TRACKS] };
  const de = TECH_DE[name] || [];
  const techText = (level) => (lang === "de" && de[level - 1]) || corp.tech[level - 1] || "";
  const label = T("setup.preview", { name });
  return h("details.pu-sidepreview", h("summary", label),
    drawTracks({ ...view, players: [player] }, 0, { t: T, techText, label: `${label}. ${T("rule.corp." + corp.rule)}` }));
}

/** The set-up choice and the corporations' actions for the action bar (an array of elements). */
export function moduleChoices(ctx) {
  const { view, me, legal, T } = ctx;
  const out = [];
  if (me === null) return out;
  const pl = view.players[me];
  const sides = legal.filter((a) => a.kind === "side");
  const open = new Set(sides.map((a) => a.args[0]));
  // the boards dealt to this seat: side by side, standard first, while the choice is open or was just made
  const kinds = ["planet", "corporation"].filter((kind) => pl.dealt[kind === "planet" ? 0 : 1] && (open.has(kind) || view.phase === "objectives"));
  if (kinds.length) {
    out.push(h("section.pu-sidechoice", { "aria-label": T("setup.title") }, h("h4", T("setup.title")),
      kinds.map((kind) => {
        const names = sidesOf(view, me, kind);
        return h("div.pu-sidepair", { role: "group", "aria-label": T("setup." + kind), dataset: { kind } }, h("span.pu-glabel", T("setup." + kind)),
          ["standard", "special"].map((side) => sideCard(ctx, kind, side, names[side], sides.find((a) => a.args[0] === kind && a.args[1] === side))),
          kind === "corporation" ? boardPreview(ctx, names.special) : null);
      }),
      h("div.pu-small.pu-muted", T("setup.secret"))));
  }
  const flux = legal.filter((a) => a.kind === "flux");
  if (flux.length) {
    out.push(h("div.pu-group", h("span.pu-glabel", T("choice.flux")), h("span.pu-small", T("setup.flux")),
      flux.map((a) => ctx.button(a, [iconSvg(a.args[0], 18), " ", T("track." + a.args[0])], { cls: "pu-trackbtn" }))));
  }
  const share = legal.filter((a) => a.kind === "share");
  if (share.length) {
    out.push(h("div.pu-offer", { role: "group", "aria-label": T("choice.share") }, share.map((a) => {
      const card = view.figures.objectives[String((pl.offer || [])[a.args[0] - 1])];
      const text = card ? (ctx.lang === "de" && card.neighbor.text_de) || card.neighbor.text : "";
      return h("button.pu-card.legal", { type: "button", dataset: { action: a.text }, onclick: () => ctx.send(a.text) },
        h("span.pu-cardtag", T("choice.share")), h("strong", card ? card.neighbor.name : a.text), h("span.pu-cardtext", text),
        h("span.pu-cardact", T("act.keep")));
    })));
  }
  const corp = legal.filter((a) => MODULE_KINDS.has(a.kind) && !["side", "flux", "share"].includes(a.kind));
  if (corp.length) out.push(h("div.pu-group", h("span.pu-glabel", T("choice.corp")), corp.map((a) => ctx.button(a))));
  return out;
}

/** The legend under a planet: its name and rule, the glyphs it uses; the corporation's name and rule. */
export function boardLegend(ctx, p) {
  const { view, T } = ctx;
  const planet = planetOf(view, p);
  const pl = view.players[p];
  const items = [];
  if (planet) {
    items.push(h("span.pu-legendname", h("b", T("board.planet", { name: pl.planet })), " · ", T(`rule.planet.${planet.rule}`)));
    if (planet.special.length) items.push(h("span", T("feature.special", { glyph: SPECIAL_GLYPH[planet.rule] || "★", n: planet.special.length })));
    if (planet.holes.length) items.push(h("span", T("feature.holes", { n: planet.holes.length })));
    if (planet.regions.length) items.push(h("span", T("feature.regions", { n: planet.regions.length })));
  }
  const corp = corporationOf(view, p);
  if (corp) items.push(h("span.pu-legendname", h("b", T("board.corporation", { name: pl.corporation })), " · ", T(`rule.corp.${corp.rule}`)));
  return h("div.pu-legend", { dataset: { planet: pl.planet, corporation: pl.corporation } }, items);
}

/** What a screen reader adds about a square of a module planet (special, a crossing's end, a quadrant's ban). */
export function squareNotes(view, p, T, full = false) {
  const planet = planetOf(view, p);
  const notes = new Map();
  if (!planet) return notes;
  const add = (k, text) => notes.set(k, (notes.has(k) ? notes.get(k) + (full ? "\n" : ", ") : "") + text);
  // a screen reader hears the rule's first clause on each square; the tooltip (full) gives the whole rule
  const rule = T(`rule.planet.${planet.rule}`);
  for (const [x, y] of planet.special) add(key(x, y), full ? rule : rule.split(/[.;:]/)[0]);
  for (const [[ax, ay], [bx, by]] of planet.crossings) {
    const text = T("feature.crossing", { a: `${ax + 1},${ay + 1}`, b: `${bx + 1},${by + 1}` });
    add(key(ax, ay), text);
    add(key(bx, by), text);
  }
  for (const [cells, res] of planet.quadrants) for (const [x, y] of cells) add(key(x, y), T("feature.forbid", { res: T("res." + res) }));
  return notes;
}

export { TRACKS };

/** A module's log event in words (null: not a module's event; "" : nothing to say). */
export function moduleEventText(e, T, other) {
  switch (e.type) {
    case "side": return e.side ? T("log.side", { kind: T("setup." + e.kind), side: T("setup." + e.side) }) : T("log.sideHidden");
    case "boards": return T("log.boards");
    case "flux": return other(e.player) + T("log.flux", { track: T("track." + e.track) });
    case "corporation_ability": return other(e.player) + T("log.ability", { r: ROMAN[Number(String(e.ability).split(":")[1])] || "" })
      + (e.movement ? " " + T("benefit.move", { n: e.movement }) : "");
    case "carry": return T("log.carry");
    case "pod": return e.track ? T("act.pod", { track: T("track." + e.track), n: e.position }) : T("act.podArea");
    case "relocate": return T("log.relocate");
    case "slot": return other(e.player) + (e.level ? T("log.slot", { letter: " ABCDEF"[e.level], r: ROMAN[e.level] }) : T("log.slotArea"));
    case "share": return other(e.player) + T("log.share");
    case "civ_none": return other(e.player) + T("log.civNone", { r: ROMAN[e.rank] || e.rank });
    case "planet_rule_dropped": return T("log.ruleDropped", { name: e.planet });
    default: return null;
  }
}
