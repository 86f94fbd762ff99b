// Planet Unknown's browser view: the planets, the S.U.S.A.N., the corporation tracks and the cards in SVG and HTML,
// with every legal action reachable by clicking, by touch and by keyboard. A tile is placed by pointing (mouse), by a
// first tap that previews it and a second tap or "Place here" (touch), or by keys (a depot tile is a Tab stop; the
// board cursor of boardkeys.js walks the squares with the arrow keys, Enter chooses) — R turns it, F (or M) mirrors
// it, Escape puts it back.
// Protocol (docs/api.md): mount(element, api), update(message), strings; optional status(message), describe(entry).
import { h, s } from "/static/dom.js";
import { boardKeys } from "/static/boardkeys.js";
import { translator } from "/static/i18n.js";
import { strings as STRINGS } from "./strings.js";
import { TRACKS, parse, key, depotOf, tileCells, nextOrientation, anchorOf, coverOf, planetSquares, planetOf } from "./model.js";
import { drawPlanet, drawGhost, drawStation, tileSvg, iconSvg, PLAYER_HEX, ROMAN, TARGET_GLYPH } from "./board.js";
import { drawTracks } from "./tracks.js";
import { MODULE_KINDS, moduleActionLabel, modulePrompt, moduleChoices, techTexts, boardLegend, squareNotes, moduleEventText, abilityActions } from "./modules.js";
import { useWords } from "./log.js";
export { describe, describeChance } from "./log.js";

/** The page waits for these before the first mount, so the board never shows unstyled. */
export const styles = [new URL("./style.css", import.meta.url).href];

export const strings = STRINGS;

// The printed figures (planet, tracks, shapes, cards) are the same in every match: loaded once with the module
// rather than carried by every state message.
const FIGURES = await fetch("/api/games/planet_unknown/figures").then((response) => {
  if (!response.ok) throw new Error(`Planet Unknown's figures did not load (${response.status})`);
  return response.json();
});

let api = null, root = null, els = null;
let msg = null, view = null, legal = [], legalSet = new Set();
let me = null;            // the seat this page acts for (null: spectator)
let focus = null;         // whose planet is drawn large
let sel = null;           // {depot: "inner" | "outer", o}: the tile being placed
let hover = null;         // [x, y]: the square the tile is previewed on (under the mouse, tapped, or the cursor's)
let roverSel = null;      // the rover chosen to move
let turnPreview = null;   // steps shown in the station preview
let menu = null;
let menuFrom = null;      // the element focused when the menu opened: focus goes back there when it closes
let lastKey = "";
let geo = null;           // the large planet's geometry (ghost drawing)
let note = "";            // a short warning under the prompt (an illegal spot clicked)
let armedPlace = null;    // a placement that destroys lifepods or rovers, warned of once: the next try places it
let listening = false;
let scrollWatch = null;   // a ResizeObserver on the tracks' scroll box (scrollRegions)
let stationDrawnFrom = "";   // what the station was last drawn from (renderStation)
let smallPlanets = new Map();   // player -> {drawnFrom, svg}: the others' panel's planets (smallPlanet)
let keys = null;          // the board cursor (boardkeys.js) over the planet's squares and medals
// what the keyboard cursor walks over: the planet's squares and legal medals; the depot's tiles are plain buttons, each its own Tab stop after the planet (a newcomer tabbing through the page
// never found them while they were reached only by arrowing off the planet)
const BOARD_TARGETS = ".pu-planetbox .pu-sq, .pu-planetbox g.pu-medal.legal";

const TRACK_KINDS = new Set(["gain", "energy", "synergy", "advance", "regress"]);
const SQUARE_KINDS = ["patch", "deploy", "collect", "destroy", "meteorite"];

const lang = () => (api && api.lang) || "en";
// card texts (civ cards, objective sides, events): our German paraphrase `text_de` when the UI speaks German
const cardText = (c) => (lang() === "de" && c.text_de) || c.text;
// the host's translator: this game's strings first, then the shell's, in the page's language; before a host
// exists (nothing mounted yet) this game's strings alone
const ownT = translator(STRINGS);
const T = (key, params) => (api && api.t ? api.t(key, params) : ownT(key, params));
const trackName = (t) => T("track." + t);
const resName = (r) => T("res." + r);

function seatName(p, message = msg) {
  if (p === null || p === undefined) return "—";
  const seat = message && (message.seats || []).find((x) => x.seat === p);
  return (seat && seat.name) || T("player.n", { n: p + 1 });
}
// a player's colour always comes with the seat number (colour is never the only cue)
function chip(p) { return h("span.pu-chip", { style: { background: PLAYER_HEX[p % PLAYER_HEX.length] }, "aria-hidden": "true" }, String(p + 1)); }
// a name that may be cut short by the layout: the full name in a tooltip
function nameTag(p, cls = "span.pu-name") { const name = seatName(p); return h(cls, { title: name }, name); }

function civName(id) { const c = view.figures.civ_cards[String(id)]; return c ? c.name : `#${id}`; }

// ----- protocol ------------------------------------------------------------------------------------------------
export function mount(element, a) {
  if (a.seat !== me) { focus = null; sel = null; roverSel = null; }   // another hotseat seat: its own planet
  api = a;
  smallPlanets = new Map();
  els = {
    // a labelled region, not a live one: the shell's live region speaks the turn and the news once, where this
    // bar is redrawn at every step; only a refused placement is announced from here (role alert)
    action: h("section.pu-action", { "aria-label": T("aria.action") }),
    planetHead: h("div.pu-planethead"),
    planet: h("div.pu-planetbox"),
    tray: h("div.pu-tray"),
    trayPanel: null,
    station: h("div.pu-stationbox"),
    tracks: h("div.pu-trackbox"),
    cards: h("div.pu-cards"),
    others: h("div.pu-otherlist"),
  };
  // the depot sits at the top of the right column: at 1440×900 it shows beside the planet without scrolling; on a
  // narrow screen (one column) it follows the planet
  els.trayPanel = h("div.pu-panel.pu-traypanel", els.tray);
  els.main = h("div.pu-main",
    h("div.pu-left", h("section.pu-panel.pu-planetpanel", { "aria-label": T("aria.planetPanel") }, els.planetHead, els.planet)),
    h("div.pu-right", els.trayPanel, h("section.pu-panel", { "aria-label": T("station.title") }, els.station),
      h("section.pu-panel", { "aria-label": T("tracks.title") }, els.tracks), h("section.pu-panel", { "aria-label": T("aria.cards") }, els.cards)));
  root = h("div.pu-root",
    els.action,
    els.main,
    h("section.pu-others", { "aria-label": T("aria.others") }, els.others));
  element.append(root);
  // whether the tracks scroll sideways is known once they are laid out: a ResizeObserver hears of it after layout
  // (when the stylesheet arrives, the window is resized, or the tracks are drawn anew), so no redraw forces one
  if (scrollWatch) scrollWatch.disconnect();
  scrollWatch = new ResizeObserver((seen) => scrollRegions(seen.map((entry) => entry.target)));
  if (keys) keys.destroy();
  keys = boardKeys(els.main, {
    selector: BOARD_TARGETS,
    keyOf: (el) => el.dataset.key,
    onCancel: () => { closeMenu(); if (sel) { sel = null; hover = null; render(); } },
    onKey: (e) => boardKey(e),
    onFocus: (el) => cursorOn(el),
  });
  if (!listening) {   // once per page: mount runs again after a language or seat change
    listening = true;
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", (e) => { if (menu && !menu.contains(e.target) && !e.target.closest?.(".pu-sq, .pu-trackrow, .pu-tctl")) closeMenu(); }, true);
  }
}

export function update(message) {
  msg = message;
  view = { ...message.view, figures: FIGURES };
  legal = (message.legal || []).map(parse);
  legalSet = new Set(legal.map((a) => a.text));
  me = typeof message.seat === "number" ? message.seat : null;
  if (focus === null || focus >= view.players.length) focus = me ?? 0;
  const k = `${message.version}:${message.seat}`;
  if (k !== lastKey) {
    lastKey = k;
    closeMenu();
    note = "";
    armedPlace = null;
    // the tile in hand is gone (placed, or the phase moved on): the next one is previewed afresh, so that a tap
    // never places unseen; another player's move meanwhile keeps the preview
    if (sel && !legal.some((a) => a.kind === "place" && a.args[0] === sel.depot)) { sel = null; hover = null; }
    if (roverSel !== null && !legal.some((a) => (a.kind === "rove" || a.kind === "teleport") && a.args[0] === roverSel)) roverSel = null;
    if (!legal.some((a) => a.kind === "turn")) turnPreview = null;
    if (legal.length && me !== null) focus = me;   // your turn: your planet comes to the front
  }
  render();
}

// ----- helpers over the legal actions --------------------------------------------------------------------------
const ofKind = (...kinds) => legal.filter((a) => kinds.includes(a.kind));
function send(text) {
  closeMenu();
  if (api && legalSet.has(text)) api.send(text);
}
function myPlacing() { return focus === me && me !== null && legal.some((a) => a.kind === "place"); }

function roversWithMoves() {
  return new Set(ofKind("rove", "teleport").map((a) => a.args[0]));
}

/** Square actions on the large planet: Map "x,y" -> [actions]. */
function squareActions() {
  const out = new Map();
  if (focus !== me || me === null) return out;
  const add = (k, a) => { if (!out.has(k)) out.set(k, []); out.get(k).push(a); };
  for (const a of ofKind(...SQUARE_KINDS)) add(key(a.args[0], a.args[1]), a);
  if (roverSel !== null) for (const a of ofKind("rove", "teleport")) if (a.args[0] === roverSel) add(key(a.args[1], a.args[2]), a);
  return out;
}

// ----- rendering -----------------------------------------------------------------------------------------------
function render() {
  if (!root || !view) return;
  const movers = roversWithMoves();
  if (roverSel === null && movers.size === 1 && focus === me) roverSel = [...movers][0];
  const kept = focusMark();
  renderAction();
  renderPlanet();
  renderTray();
  renderStation();
  renderTracks();
  renderCards();
  renderOthers();
  keys.refresh();
  restoreFocus(kept);
}

// The page is redrawn on every update: a keyboard user's focus must survive it. The focused element is remembered
// by what it stands for (its board key, action, tool, step or player) and that element of the new drawing focused.
const FOCUS_KEYS = ["key", "action", "tool", "turn", "track", "player"];
function focusMark() {
  const el = document.activeElement;
  if (!el || !root.contains(el) || el === document.body) return null;
  const kind = el.tagName.toLowerCase() + (el.classList[0] ? "." + CSS.escape(el.classList[0]) : "");
  for (const k of FOCUS_KEYS) if (el.dataset && el.dataset[k] !== undefined && el.dataset[k] !== "") return { kind, k, v: el.dataset[k], board: el.matches(BOARD_TARGETS) };
  return { board: false };
}
function restoreFocus(mark) {
  if (!mark || root.contains(document.activeElement)) return;
  const attr = mark.k ? `${mark.kind}[data-${mark.k}="${CSS.escape(mark.v)}"]` : null;
  const same = attr && root.querySelector(attr);
  if (same && (!mark.board || same.matches(BOARD_TARGETS))) { same.focus({ preventScroll: true }); return; }
  if (mark.board) { keys.focus(); return; }
  // the control is gone (its action was taken): the action bar's first control, where the next decision is, or
  // the board when the bar offers none
  const first = els.action.querySelector("button");
  if (first) first.focus({ preventScroll: true }); else keys.focus();
}

/** An action in words; `seat`: whose it is (the log describes others' moves with their own boards). */
function actionLabel(a, seat = me) {
  const [x, y, z] = a.args;
  switch (a.kind) {
    case "place": return T("act.place", { depot: T("depot." + x), x: x, y, o: z });
    case "take": return T("act.take", { depot: T("depot." + x) });
    case "turn": return T(x === 0 ? "act.turn0" : "act.turn", { n: x });
    case "gain": return T("act.gain", { track: trackName(x) });
    case "energy": return T("act.energy", { track: trackName(x) });
    case "synergy": return T(y === "twice" ? "act.synergyTwice" : "act.synergy", { track: trackName(x) });
    case "advance": return T("act.advance", { track: trackName(x) });
    case "regress": return T("act.regress", { track: trackName(x) });
    case "only": return T("act.only", { res: resName(x) });
    case "patch": return T("act.patch");
    case "store": return T("act.store");
    case "deploy": return T("act.deploy");
    case "collect": return T("act.collect");
    case "destroy": return T("act.destroy");
    case "meteorite": return T("act.meteorite");
    case "teleport": return T("act.teleport", { n: x + 1 });
    case "rove": return T("act.rove", { n: x + 1 });
    case "clear": return T("act.clear." + x, { n: y + 1 });
    case "keep": return T("act.keep");
    case "drop": return T("act.drop");
    case "peek": return T("act.peek");
    case "remove": return T("act.remove", { depot: T("depot." + x) });
    case "discard": return T("act.discard", { name: objectiveName(x, "private") });
    case "done": return T("act.done");
    default: return moduleActionLabel(view, seat, a, T) ?? a.text;
  }
}

function objectiveName(id, side) { const c = view.figures.objectives[String(id)]; return c ? c[side].name : `#${id}`; }

function button(a, label, { primary = false, cls = "" } = {}) {
  return h("button" + (primary ? ".primary" : "") + (cls ? "." + cls : ""), { type: "button", dataset: { action: a.text }, onclick: () => send(a.text), title: a.text }, label ?? actionLabel(a));
}

/** What this seat must do now, in a sentence (null when it has nothing to do). */
function promptFor(v, seat, acts) {
  if (seat === null || !acts.length) return null;
  const kinds = new Set(acts.map((a) => a.kind));
  const pl = v.players[seat];
  const module = modulePrompt(kinds, T);
  if (module) return module;
  if (kinds.has("turn")) return v.phase === "rotate" ? T("prompt.turn") : T("prompt.turnEvent");
  if (kinds.has("keep")) return T("prompt.keep");
  if (kinds.has("drop")) {
    const item = pl.pending.find((i) => i[0] === "objectives");
    return T("prompt.drop", { n: item ? item[1] : 1 });
  }
  if (kinds.has("place")) {
    const prompt = T(v.phase === "tiles" && !pl.took_tile ? "prompt.place" : "prompt.placeExtra");
    if (pl.tiles.length || pl.patches.length) return prompt;  // the first tile's rule binds the first patch too
    // the first tile's own rule, which a newcomer only learnt from the ghost turning red
    const planet = planetOf({ ...v, figures: FIGURES }, seat);
    return `${prompt} ${T(planet && planet.rule === "centre_start" ? "prompt.firstCentre" : "prompt.firstEdge")}`;
  }
  if (kinds.has("take")) return T("prompt.take");
  const open = pl.pending.filter((i) => i[0] !== "civ" && i[0] !== "objectives").map((i) => T("item." + i[0]));
  if (open.length) return T("prompt.resolve", { items: [...new Set(open)].join(", ") });
  if (kinds.has("rove")) return T("prompt.move", { n: pl.movement });
  if (kinds.has("done")) return T("prompt.done");
  return T("prompt.choose");
}

function renderAction() {
  const box = els.action;
  const mine = me !== null && legal.length > 0;
  const pl = me !== null ? view.players[me] : null;
  const parts = [];
  const head = [];
  head.push(h("span.pu-round", view.round ? T("info.round", { n: view.round }) : T("info.setup"), view.last_round ? h("b.pu-last", " · " + T("info.lastRound")) : null));
  if (view.phase === "over") {
    head.push(h("strong.pu-prompt", T("prompt.over")));
  } else if (mine) {
    head.push(h("strong.pu-prompt", promptFor(view, me, legal)));
  } else {
    head.push(h("span.pu-prompt.waiting", statusLine(msg)));
  }
  parts.push(h("div.pu-headline", head));
  if (note) parts.push(h("div.pu-note", { role: "alert", dataset: armedPlace ? { covers: "" } : {} }, note));
  if (view.solo_result) parts.push(soloLine());

  const choices = [];
  if (mine) {
    // the station commander's turn, with a preview of every depot
    const turns = ofKind("turn");
    if (turns.length) {
      const steps = turnPreview ?? 0;
      choices.push(h("div.pu-group", h("span.pu-glabel", T("choice.turn")),
        turns.map((a) => h("button.pu-step" + (a.args[0] === steps ? ".on" : ""), { type: "button", dataset: { turn: a.args[0] },
          onclick: () => { turnPreview = a.args[0]; render(); } }, String(a.args[0]))),
        button(turns.find((a) => a.args[0] === steps) || turns[0], T("act.turnConfirm", { n: steps }), { primary: true })));
    }
    choices.push(...moduleChoices({ view, me, legal, T, lang: lang(), send, button }));
    const offer = ofKind("keep", "drop");
    if (offer.length) choices.push(offerCards(offer));
    for (const kind of ["gain", "energy", "synergy", "advance", "regress"]) {
      const acts = ofKind(kind);
      if (!acts.length) continue;
      choices.push(h("div.pu-group", h("span.pu-glabel", T("choice." + kind)),
        acts.map((a) => button(a, [iconSvg(a.args[0], 18), " ", trackName(a.args[0]), h("small", stepText(a))], { cls: "pu-trackbtn" }))));
    }
    const only = ofKind("only");
    if (only.length) choices.push(h("div.pu-group", h("span.pu-glabel", T("choice.only")), only.map((a) => button(a, [iconSvg(a.args[0], 18), " ", resName(a.args[0])]))));
    const takes = ofKind("take");
    if (takes.length) choices.push(h("div.pu-group", h("span.pu-glabel", T("choice.take")), takes.map((a) => button(a))));
    const squareKinds = SQUARE_KINDS.filter((k) => legal.some((a) => a.kind === k));
    const swatch = (k) => h("span.pu-swatch.k-" + k, { "aria-hidden": "true" }, TARGET_GLYPH["k-" + k]);
    for (const k of squareKinds) choices.push(h("div.pu-hint", swatch(k), T("hint." + k, { n: ofKind(k).length })));
    if (legal.some((a) => a.kind === "rove")) choices.push(h("div.pu-hint", swatch("move"), T(roverSel === null ? "hint.pickRover" : "hint.rove", { n: pl.movement })));
    if (legal.some((a) => a.kind === "teleport")) choices.push(h("div.pu-hint", swatch("move"), T(roverSel === null ? "hint.pickRover" : "hint.teleport")));
    const misc = ofKind("store", "peek", "remove", "discard", "clear");
    if (misc.length) choices.push(h("div.pu-group", misc.map((a) => button(a))));
    // an action no control above offers (a rule newer than this page): still a button, so no game can stall here
    const drawn = new Set([...TRACK_KINDS, ...SQUARE_KINDS, ...MODULE_KINDS, "turn", "keep", "drop", "only", "take", "place", "rove", "teleport",
      "store", "peek", "remove", "discard", "clear", "done"]);
    const rest = legal.filter((a) => !drawn.has(a.kind));
    if (rest.length) choices.push(h("div.pu-group", rest.map((a) => button(a))));
  }
  if (choices.length) parts.push(h("div.pu-choices", choices));
  const done = legal.find((a) => a.kind === "done");
  const row = [];
  if (view.phase === "tiles" || view.phase === "event" || view.phase === "objectives" || view.phase === "final") row.push(progress());
  if (done) row.push(h("button.primary.pu-done", { type: "button", dataset: { action: "done" }, onclick: () => send("done") }, "✔ ", T("act.confirm")));
  if (row.length) parts.push(h("div.pu-bottomrow", row));
  box.classList.toggle("mine", mine);
  box.replaceChildren(...parts);
}

/** A track button's step, "4→5", from where the rules say the tracker lands (view `reach`, `reach_down`): a
 * tracker at the top or blocked says it moves no further (the choice may still be the only one open: the rules take
 * the step, which brings nothing); the rover track's top brings movement instead. */
function stepText(a) {
  const pl = view.players[me], t = TRACKS.indexOf(a.args[0]);
  const pos = pl.tracks[t];
  if (a.kind === "regress") return ` ${pos}→${pl.reach_down[t] ?? pos}`;
  const item = a.kind === "advance" ? pl.pending.find((i) => i[0] === "advance" && i[1].includes(t)) : null;
  const steps = item ? item[3] : a.args[1] === "twice" ? 2 : 1;   // Jump Drive's synergy twice
  const landings = pl.reach[t].slice(0, steps);
  if (landings.length) return ` ${pos}→${landings[landings.length - 1]}`;
  return a.args[0] === "rover" ? ` ${pos} · ${T("choice.overflow")}` : ` ${pos} · ${T("choice.atTop")}`;
}

function offerCards(acts) {
  const pl = view.players[me];
  const offer = pl.offer || [];
  return h("div.pu-offer", acts.map((a) => {
    const id = offer[a.args[0] - 1];
    let name = `#${id}`, text = "", tag = "";
    if (a.kind === "keep") {
      const c = view.figures.civ_cards[String(id)];
      if (c) { name = c.name; text = cardText(c); tag = `${T("civ.rank", { r: ROMAN[c.rank] })} · ${T("civ." + c.timing)}`; }
    } else {
      const c = view.figures.objectives[String(id)];
      if (c) { name = c.private.name; text = cardText(c.private); tag = T("obj.private"); }
    }
    return h("button.pu-card.legal" + (a.kind === "drop" ? ".drop" : ""), { type: "button", dataset: { action: a.text }, onclick: () => send(a.text) },
      h("span.pu-cardtag", tag), h("strong", name), h("span.pu-cardtext", text),
      h("span.pu-cardact", a.kind === "keep" ? T("act.keep") : T("act.drop")));
  }));
}

function progress() {
  return h("div.pu-progress", view.players.map((pl, p) => {
    let state;
    if (view.phase === "tiles") state = pl.finished ? "done" : pl.took_tile ? "placed" : "placing";
    else state = pl.finished ? "done" : "busy";
    return h("span.pu-pstate." + state, { dataset: { player: p, state } }, chip(p), " ", nameTag(p), " ", h("small", T("pstate." + state)));
  }));
}

function soloLine() {
  const r = view.solo_result;
  if (r.rating) {
    // the rating band is shown by its score difference (-15 … +15): the printed names of the bands are not sourced
    const diff = r.score - r.target;
    return h("div.pu-solo.final", T("solo.result", { score: r.score, target: r.target, rating: r.rating, diff: (diff > 0 ? "+" : "") + diff }));
  }
  return h("div.pu-solo", T("solo.target", { target: r.target }));
}

// ----- the large planet and the tile tray ----------------------------------------------------------------------
function renderPlanet() {
  const p = focus;
  const pl = view.players[p];
  const own = p === me;
  const stats = [
    [T("stat.lifepods"), pl.lifepods_collected],
    [T("stat.meteorites"), pl.meteorites_collected],
    [T("stat.rovers"), `${pl.rovers.length} / ${pl.rovers_left}`],
    [T("stat.empty"), pl.empty_squares],
  ];
  if (pl.movement) stats.push([T("stat.movement"), pl.movement]);
  if (pl.stored_patches) stats.push([T("stat.stored"), pl.stored_patches]);
  if (pl.unplaced.length) stats.push([T("stat.unplaced"), pl.unplaced.length]);
  els.planetHead.replaceChildren(
    h("h3", chip(p), " ", own ? T("planet.yours") : T("planet.of", { name: seatName(p) }),
      !own && me !== null ? h("button.pu-back", { type: "button", onclick: () => { focus = me; render(); } }, T("planet.back")) : null),
    h("div.pu-stats", stats.map(([label, value]) => h("span", label, " ", h("b", String(value))))),
    boardLegend({ view, T }, p));
  const targets = new Map();
  const acts = squareActions();
  for (const [k, list] of acts) targets.set(k, "k-" + (list[0].kind === "rove" || list[0].kind === "teleport" ? "move" : list[0].kind));
  const clearLines = { row: new Set(), column: new Set() };
  if (own) for (const a of ofKind("clear")) clearLines[a.args[0]].add(a.args[1]);
  const movers = own ? roversWithMoves() : new Set();
  const tips = own ? squareTips(p) : null;
  const drawn = drawPlanet(view, p, {
    c: 40, t: T, interactive: own, targets, lines: clearLines, onLine: (line, n) => send(`clear ${line} ${n}`),
    roverTargets: movers, selectedRover: own ? roverSel : null,
    label: planetLabel(p), squareLabel: own ? squareLabeller(p, acts) : null, letters: resourceLetters(),
    squareTip: tips ? (x, y) => tips.get(key(x, y)) : null,
  });
  geo = drawn;
  const svg = drawn.svg;
  svg.dataset.selectedRover = roverSel === null ? "" : String(roverSel);
  if (own) {
    // only a mouse hovers: a touch's pointerleave comes before its click, and must not drop the tapped preview
    svg.addEventListener("pointermove", (e) => { if (e.pointerType !== "mouse") return; const cell = drawn.cellAt(e); if (!sameCell(cell, hover)) { hover = cell; drawGhostNow(); } });
    svg.addEventListener("pointerleave", (e) => { if (e.pointerType !== "mouse" || !hover) return; hover = null; drawGhostNow(); renderTray(); });
    svg.addEventListener("click", (e) => {
      // a square's own data (a synthetic click from the keyboard has no pointer position), else the pointer's
      const sq = e.target.closest && e.target.closest(".pu-sq");
      const cell = sq ? [Number(sq.dataset.x), Number(sq.dataset.y)] : drawn.cellAt(e);
      if (!cell) return;
      onSquare(cell[0], cell[1], e);
    });
  }
  els.planet.replaceChildren(svg);
  drawHints();
  drawGhostNow();
}

/** The first letter of each resource's name in the page's language, drawn on covered squares. */
function resourceLetters() {
  const out = {};
  for (const r of ["civ", "water", "biomass", "rover", "tech", "energy"]) out[r] = resName(r).charAt(0).toUpperCase();
  return out;
}

/** A planet's text alternative: whose it is and what covers it. */
function planetLabel(p) {
  const pl = view.players[p];
  const planet = view.figures.planets && view.figures.planets[pl.planet];
  // a special planet: its name and rule follow (the picture's tooltip and text alternative)
  const rule = planet && planet.rule !== "none" ? ` ${T("board.planet", { name: pl.planet })}: ${T("rule.planet." + planet.rule)}` : "";
  return T("aria.planet", { name: p === me ? T("planet.yours") : T("planet.of", { name: seatName(p) }), tiles: pl.tiles.length,
    empty: pl.empty_squares, rovers: pl.rovers.length, pods: pl.lifepods.length, met: pl.meteorites.length }) + rule;
}

/** (x, y) -> what a screen reader says of a square of player p's planet: where, what lies there, what it offers. */
function squareLabeller(p, acts) {
  const pl = view.players[p];
  const cover = coverOf(view, p);
  const squares = planetSquares(view, p);
  const notes = squareNotes(view, p, T);
  const at = (list) => new Set(list.map(([x, y]) => key(x, y)));
  const pods = at(pl.lifepods), mets = at(pl.meteorites);
  return (x, y) => {
    const k = key(x, y);
    const info = cover.get(k);
    const parts = [info ? (info.patch ? T("aria.patch") : resName(info.res)) : squares.get(k) === "I" ? T("aria.ice") : T("aria.land")];
    if (pods.has(k)) parts.push(T("aria.lifepod"));
    if (mets.has(k)) parts.push(T("aria.meteorite"));
    const rover = pl.rovers.findIndex(([rx, ry]) => rx === x && ry === y);
    if (rover >= 0) parts.push(T("aria.rover", { n: rover + 1 }));
    if (notes.has(k)) parts.push(notes.get(k));
    for (const a of acts.get(k) || []) parts.push(actionLabel(a));
    return `${T("menu.square", { x: x + 1, y: y + 1 })}: ${parts.join(", ")}`;
  };
}

const sameCell = (a, b) => (a === b) || (a && b && a[0] === b[0] && a[1] === b[1]);

function selectedCells() {
  if (!sel || !view.depot_tiles) return null;
  const tile = view.depot_tiles[sel.depot];
  if (!tile) return null;
  const entry = tile.orientations.find(([o]) => o === sel.o) || tile.orientations[0];
  return entry[1];
}

function spotOf(cells, cell) {
  const [ax, ay] = anchorOf(cells);
  return [cell[0] - ax, cell[1] - ay];
}

function drawGhostNow() {
  if (!geo) return;
  const cells = selectedCells();
  if (!cells || !hover || !myPlacing()) { geo.ghostLayer.replaceChildren(); return; }
  const [x, y] = spotOf(cells, hover);
  drawGhost(geo.ghostLayer, geo, cells, x, y, legalSet.has(`place ${sel.depot} ${x} ${y} ${sel.o}`));
}

/** Faint marks on the squares where the pointer places the selected tile legally in its shown orientation. */
function drawHints() {
  if (!geo) return;
  geo.hintLayer.replaceChildren();
  const cells = selectedCells();
  if (!cells || !myPlacing()) return;
  const [ax, ay] = anchorOf(cells);
  const { X, Y, c } = geo;
  for (const a of ofKind("place")) {
    if (a.args[0] !== sel.depot || a.args[3] !== sel.o) continue;
    const cx = X(a.args[1] + ax) + c / 2, cy = Y(a.args[2] + ay) + c / 2;
    geo.hintLayer.append(s("circle", { cx, cy, r: c * 0.13, class: "pu-spot" }));
  }
}

function onSquare(x, y, event) {
  if (!view || focus !== me || me === null) return;
  const cells = selectedCells();
  if (cells && myPlacing()) {
    // a mouse has shown the ghost here already (hover), and so has the keyboard cursor; a tap shows it first
    if (!sameCell([x, y], hover)) { hover = [x, y]; note = ""; drawGhostNow(); renderTray(); renderAction(); return; }
    placeHere();
    return;
  }
  if (!sel && myPlacing()) { note = T("note.pickTile"); renderAction(); return; }
  const k = key(x, y);
  const acts = squareActions().get(k) || [];
  const pl = view.players[me];
  const rover = pl.rovers.findIndex(([rx, ry]) => rx === x && ry === y);
  const movers = roversWithMoves();
  const items = acts.map((a) => ({ label: actionLabel(a), action: a.text, run: () => send(a.text) }));
  if (rover >= 0 && movers.has(rover) && rover !== roverSel) items.push({ label: T("act.pickRover", { n: rover + 1 }), rover, run: () => { roverSel = rover; render(); } });
  if (rover >= 0 && rover === roverSel && !acts.length) { roverSel = movers.size === 1 ? rover : null; if (movers.size > 1) render(); return; }
  if (!items.length) return;
  if (items.length === 1) { items[0].run(); return; }
  openMenu(event, T("menu.square", { x: x + 1, y: y + 1 }), items);
}

/** A square's tooltip: its planet's rules (modules) and what lies on it (a lifepod's mark read as "no entry"). */
function squareTips(p) {
  const tips = squareNotes(view, p, T, true);
  const pl = view.players[p];
  const add = (items, text) => {
    for (const [x, y] of items) {
      const k = key(x, y);
      tips.set(k, tips.has(k) ? `${tips.get(k)}\n${text}` : text);
    }
  };
  add(pl.lifepods, T("tip.lifepod"));
  add(pl.meteorites, T("tip.meteorite"));
  add(pl.rovers, T("tip.rover"));
  return tips;
}

/** Place the selected tile where its preview stands (the second tap, Enter, a click, or "Place here"). */
function placeHere() {
  const cells = selectedCells();
  if (!cells || !hover || !myPlacing()) return;
  const [tx, ty] = spotOf(cells, hover);
  const text = `place ${sel.depot} ${tx} ${ty} ${sel.o}`;
  if (legalSet.has(text)) {
    // a tile destroys what lies under it (placement.py): a single click gave a newcomer no chance to see it coming
    const loss = lossesUnder(cells, tx, ty);
    if (loss && armedPlace !== text) {
      armedPlace = text;
      note = T("note.covers", { what: loss });
      renderAction();
      return;
    }
    armedPlace = null;
    send(text);
    return;
  }
  note = T("note.illegal");
  renderAction();
}

/** This player's lifepods and rovers the tile would cover at (x, y), in words ("1 lifepod and 1 rover"), or "". */
function lossesUnder(cells, x, y) {
  const under = new Set(cells.map(([dx, dy]) => key(x + dx, y + dy)));
  const pl = view.players[me];
  const count = (items) => items.filter(([ix, iy]) => under.has(key(ix, iy))).length;
  const pods = count(pl.lifepods), rovers = count(pl.rovers);
  return [pods ? T(pods === 1 ? "note.pod" : "note.pods", { n: pods }) : "", rovers ? T(rovers === 1 ? "note.rover" : "note.rovers", { n: rovers }) : ""]
    .filter(Boolean).join(T("note.and"));
}

/** The preview's action when it stands on a legal spot, else null. */
function previewAction() {
  const cells = selectedCells();
  if (!cells || !hover || !myPlacing()) return null;
  const [tx, ty] = spotOf(cells, hover);
  const text = `place ${sel.depot} ${tx} ${ty} ${sel.o}`;
  return legalSet.has(text) ? text : null;
}

// ----- the keyboard cursor -------------------------------------------------------------------------------------
/** The cursor moved onto a target: on a square with a tile in hand, the tile is previewed there. */
function cursorOn(el) {
  // keyboard focus only: a tap or click focuses the square too, and must leave the preview to the tap itself
  if (!el.classList.contains("pu-sq") || !sel || !myPlacing() || !el.matches(":focus-visible")) return;
  const cell = [Number(el.dataset.x), Number(el.dataset.y)];
  if (sameCell(cell, hover)) return;
  hover = cell;
  note = "";
  drawGhostNow();
  renderTray();
}
/** Keys on the board besides arrows, Enter and Escape: R turns the tile in hand, F or M mirrors it. */
function boardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || !sel || !myPlacing()) return false;
  const k = e.key.toLowerCase();
  if (k === "r") { turnTile("turn"); return true; }
  if (k === "f" || k === "m") { turnTile("mirror"); return true; }
  return false;
}

function renderTray() {
  const tiles = view.depot_tiles;
  const kept = focusMark();
  if (!tiles || me === null || focus !== me) { els.tray.replaceChildren(); els.tray.hidden = els.trayPanel.hidden = true; return; }
  els.tray.hidden = els.trayPanel.hidden = false;
  const placing = myPlacing();
  const counts = { inner: 0, outer: 0 };
  for (const a of ofKind("place")) counts[a.args[0]]++;
  const cards = ["inner", "outer"].map((depot) => {
    const tile = tiles[depot];
    if (!tile) {
      const left = view.stacks[depot][view.players[me].depot[depot]].count;
      return h("div.pu-depot.empty", { dataset: { depot } }, h("span.pu-depotname", T("depot." + depot)),
        h("span.pu-depotq", left ? "?" : "–"), h("span.pu-muted", T(left ? "tray.hidden" : "tray.empty", { n: left })));
    }
    const on = sel && sel.depot === depot;
    const entry = on ? (tile.orientations.find(([o]) => o === sel.o) || tile.orientations[0]) : tile.orientations[0];
    const [, ra, rb, meteor] = view.figures.tiles[tile.type];
    const clickable = placing && counts[depot] > 0;
    const take = legal.find((a) => a.kind === "take" && a.args[0] === depot);
    return h((clickable ? "button" : "div") + ".pu-depot" + (on ? ".on" : "") + (clickable ? ".legal" : ""), {
      type: clickable ? "button" : undefined, dataset: clickable ? { depot, type: tile.type, key: "depot:" + depot } : { depot, type: tile.type },
      "aria-pressed": clickable ? String(!!on) : undefined,
      onclick: clickable ? () => selectDepot(depot) : undefined,
    },
    h("span.pu-depotname", T("depot." + depot)),
    tileSvg(entry[1], 26, { box: [4, 4], label: T("aria.tile", { a: resName(ra), b: resName(rb), n: entry[1].length }) }),
    h("span.pu-depotres", iconSvg(ra, 16), " ", resName(ra), " / ", iconSvg(rb, 16), " ", resName(rb), meteor ? h("span.pu-meteorflag", " · " + T("tray.meteor")) : null),
    placing ? h("span.pu-muted", counts[depot] ? T("tray.spots", { n: counts[depot] }) : T("tray.noSpot")) : null,
    take ? button(take) : null);
  });
  const tools = [];
  if (placing) {
    if (sel) {
      const here = ofKind("place").filter((a) => a.args[0] === sel.depot && a.args[3] === sel.o).length;
      const ready = previewAction();
      tools.push(
        h("button.pu-rot", { type: "button", dataset: { tool: "rotate" }, onclick: () => turnTile("turn"), title: T("tray.rotateKey") }, "⟳ ", T("tray.rotate"), h("kbd", "R")),
        h("button.pu-rot", { type: "button", dataset: { tool: "mirror" }, onclick: () => turnTile("mirror"), title: T("tray.mirrorKey") }, "⇋ ", T("tray.mirror"), h("kbd", "F")),
        h("button", { type: "button", dataset: { tool: "cancel" }, onclick: () => { sel = null; hover = null; render(); } }, T("tray.cancel"), h("kbd", "Esc")),
        // touch and keyboard: the previewed spot is placed by this button too (or a second tap / Enter there)
        h("button.primary.pu-placehere", { type: "button", dataset: { tool: "place" }, disabled: !ready, onclick: () => placeHere() }, "✔ ", T("tray.place")),
        h("span.pu-muted.pu-small", here ? T("tray.here", { n: here }) : T("tray.hereNone")),
        h("span.pu-muted.pu-small.pu-howto", T(hover ? (ready ? "tray.ready" : "tray.notHere") : "tray.howto")));
    } else {
      tools.push(h("span.pu-muted", T("tray.pick")));
    }
  }
  const cells = selectedCells();
  els.tray.classList.toggle("holding", !!(placing && sel));
  els.tray.replaceChildren(
    h("div.pu-trayhead", h("h4", T("tray.title")), ...tools),
    h("div.pu-depots", { dataset: sel && cells ? { selected: sel.depot, orientation: sel.o, anchor: anchorOf(cells).join(",") } : {} }, cards));
  if (keys) { keys.refresh(); restoreFocus(kept); }
}

function selectDepot(depot) {
  const tile = view.depot_tiles[depot];
  if (!tile) return;
  if (sel && sel.depot === depot) { sel = null; render(); return; }
  // start in the first orientation that fits somewhere
  const fits = new Set(ofKind("place").filter((a) => a.args[0] === depot).map((a) => a.args[3]));
  const first = tile.orientations.find(([o]) => fits.has(o)) || tile.orientations[0];
  sel = { depot, o: first[0] };
  note = "";
  hover = null;
  render();
}

function turnTile(dir) {
  if (!sel) return;
  const tile = view.depot_tiles[sel.depot];
  sel = { ...sel, o: nextOrientation(tile.orientations, sel.o, dir) };
  note = "";
  drawHints();
  drawGhostNow();
  renderTray();
}

function onKey(e) {
  if (!root || !root.isConnected || !view || e.defaultPrevented) return;   // the board cursor handled it
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === "escape") {
    if (menu) { const from = menuFrom; closeMenu(); if (from && from.isConnected) from.focus(); return; }
    if (sel) { sel = null; hover = null; render(); }
    return;
  }
  if (!sel || !myPlacing()) return;
  if (k === "r") { e.preventDefault(); turnTile("turn"); }
  else if (k === "m" || k === "f") { e.preventDefault(); turnTile("mirror"); }
}

// ----- the station ---------------------------------------------------------------------------------------------
function renderStation() {
  const steps = turnPreview ?? 0;
  const names = view.players.map((_, p) => seatName(p));
  const preview = turnPreview !== null;
  // most states leave the station as it was (a tile placed, a track advanced): then it is not drawn again
  const drawnFrom = JSON.stringify([view.stacks, view.rotation, view.shift, view.seats, view.commander, view.solo,
    steps, preview, names, me, lang()]);
  if (stationDrawnFrom === drawnFrom && els.station.childElementCount) return;
  stationDrawnFrom = drawnFrom;
  const rows = view.players.map((_, p) => {
    const d = depotOf(view, p, steps);
    const top = (ring, index) => {
      const st = view.stacks[ring][index];
      if (st.top === null || st.top === undefined) return h("span.pu-muted", st.count ? "?" : "–");
      const [, ra, rb] = view.figures.tiles[st.top];
      return tileSvg(tileCells(view, st.top, 0), 9, { cls: "pu-minitile", label: T("aria.tileShort", { a: resName(ra), b: resName(rb) }) });
    };
    return h("tr" + (p === me ? ".me" : ""), { dataset: { player: p } }, h("td.pu-who", chip(p), " ", nameTag(p)), h("td", top("inner", d.inner)), h("td", top("outer", d.outer)));
  });
  els.station.replaceChildren(
    h("h4", T("station.title"), view.solo ? null : h("span.pu-muted", " · ", T("station.commander", { name: seatName(view.commander) }))),
    h("div.pu-stationrow",
      drawStation(view, { steps, names, me, t: T, label: T("aria.station", { n: steps ? steps : 0, left: view.stacks.inner.reduce((n, s) => n + s.count, 0) + view.stacks.outer.reduce((n, s) => n + s.count, 0) }) }),
      h("div.pu-depottable",
        preview ? h("div.pu-previewnote", T("station.preview", { n: steps })) : null,
        h("table", h("thead", h("tr", h("th", T("station.depots")), h("th", T("depot.innerShort")), h("th", T("depot.outerShort")))), h("tbody", rows)),
        h("div.pu-muted.pu-small", T("station.info", { left: view.stacks.inner.reduce((n, s) => n + s.count, 0) + view.stacks.outer.reduce((n, s) => n + s.count, 0) })))));
}

// ----- tracks --------------------------------------------------------------------------------------------------
function renderTracks() {
  const p = focus;
  const pl = view.players[p];
  const clickable = new Map();
  if (p === me) {
    for (const t of TRACKS) {
      const acts = legal.filter((a) => TRACK_KINDS.has(a.kind) && a.args[0] === t);
      if (acts.length) clickable.set(t, (e) => {
        if (acts.length === 1) send(acts[0].text);
        else openMenu(e, trackName(t), acts.map((a) => ({ label: actionLabel(a), action: a.text, run: () => send(a.text) })));
      });
    }
  }
  // each ability in words, visible (not a hover-only tooltip): the standard corporation's short names with the full
  // text as a description, a module corporation's full texts
  const module = view.figures.corporations && view.figures.corporations[pl.corporation] && view.figures.corporations[pl.corporation].rule !== "none";
  const texts = techTexts(view, p, lang());
  // an ability usable now is a button on its own line of the board (once a round / once a game)
  const uses = p === me ? abilityActions(view, p, legal) : new Map();
  const levels = texts.map((lv) => h("li" + (pl.tech_levels.includes(lv.level) ? ".on" : ""),
    { title: lv.text, dataset: { level: lv.level } },
    h("b", ROMAN[lv.level] || String(lv.level)), " ", module ? h("span.pu-techtext", lv.text) : [T("tech." + lv.level), h("span.pu-visually-hidden", ": " + lv.text)],
    pl.tech_levels.includes(lv.level) ? h("span.pu-techon", { "aria-hidden": "true" }, " ✔") : null,
    (uses.get(lv.level) || []).map((a) => h("button.pu-techuse", { type: "button", dataset: { action: a.text }, title: actionLabel(a),
      "aria-label": `${T("tech.use")}: ${actionLabel(a)}`, onclick: () => send(a.text) }, "▶ ", T("tech.use")))));
  const techText = (level) => (texts.find((lv) => lv.level === level) || {}).text || "";
  // the corporation's own actions on its board: one is sent, several open a menu
  const act = p === me ? { legal: legal.filter((a) => ["branch", "biomass_reset", "climb", "slot", "patch_synergy", "draw_objectives", "claim_row"].includes(a.kind)),
    label: actionLabel, choose: (acts, e, heading) => (acts.length === 1 ? send(acts[0].text)
      : openMenu(e, heading, acts.map((a) => ({ label: actionLabel(a), action: a.text, run: () => send(a.text) })))) } : null;
  els.tracks.replaceChildren(
    h("h4", T("tracks.title"), h("span.pu-muted", " · ", p === me ? T("planet.yours") : seatName(p), pl.corporation ? ` · ${pl.corporation}` : "")),
    // on a phone the tracks keep a readable size and scroll sideways inside their panel (then a focusable region,
    // so that a keyboard can scroll it too: see scrollRegions)
    h("div.pu-trackscroll", { role: "region", "aria-label": T("tracks.title") },
      drawTracks(view, p, { t: T, clickable, act, techText, label: T("aria.tracks", { name: p === me ? T("planet.yours") : seatName(p), list: TRACKS.map((t, i) => `${trackName(t)} ${pl.tracks[i]}`).join(", ") }) })),
    h("div.pu-techlevels" + (module ? ".module" : ""), h("span.pu-glabel", T("tracks.tech")), h("ol", levels)));
  scrollWatch.disconnect();
  for (const box of els.tracks.querySelectorAll(".pu-trackscroll")) scrollWatch.observe(box);
}

/** A region that scrolls sideways (the tracks on a phone) takes a Tab stop; one that fits needs none. */
function scrollRegions(boxes) {
  for (const box of boxes) {
    if (box.scrollWidth > box.clientWidth + 1) box.setAttribute("tabindex", "0"); else box.removeAttribute("tabindex");
  }
}

// ----- cards ---------------------------------------------------------------------------------------------------
function renderCards() {
  const fig = view.figures;
  const parts = [];
  if (view.events_on) {
    const ev = view.event ? fig.events[String(view.event)] : null;
    parts.push(h("div.pu-cardrow", h("h4", T("cards.event"), h("span.pu-muted", " · ", T("cards.eventsLeft", { n: view.events_left }))),
      ev ? h("div.pu-event." + ev.colour, { dataset: { event: view.event } }, h("span.pu-cardtag", T("event." + ev.colour)), cardText(ev)) : h("span.pu-muted", T("cards.noEvent"))));
  }
  if (view.neighbor_cards.length) {
    parts.push(h("div.pu-cardrow", h("h4", T("cards.neighbor")), h("div.pu-cardlist", view.neighbor_cards.map(([id, a, b]) => {
      const c = fig.objectives[String(id)];
      return h("div.pu-objective" + (a === me || b === me ? ".mine" : ""), h("span.pu-cardtag", chip(a), " ", seatName(a), " ⟷ ", chip(b), " ", seatName(b)),
        h("strong", c.neighbor.name), h("span.pu-cardtext", cardText(c.neighbor)));
    }))));
  }
  const privates = [];
  view.players.forEach((pl, p) => {
    for (const id of pl.objectives) {
      const c = fig.objectives[String(id)];
      privates.push(h("div.pu-objective.private" + (p === me ? ".mine" : ""), h("span.pu-cardtag", chip(p), " ", nameTag(p)), h("strong", c.private.name), h("span.pu-cardtext", cardText(c.private))));
    }
    if (pl.hidden_objectives) privates.push(h("div.pu-objective.hidden", h("span.pu-cardtag", chip(p), " ", nameTag(p)), T("cards.hidden", { n: pl.hidden_objectives })));
  });
  if (privates.length) parts.push(h("div.pu-cardrow", h("h4", T("cards.private")), h("div.pu-cardlist", privates)));
  const civ = [];
  view.players.forEach((pl, p) => {
    for (const id of pl.civ) {
      const c = fig.civ_cards[String(id)];
      civ.push(h("div.pu-civ" + (p === me ? ".mine" : ""), { title: cardText(c) }, h("span.pu-cardtag", chip(p), " ", T("civ.rank", { r: ROMAN[c.rank] }), " · ", T("civ." + c.timing)),
        h("strong", c.name), h("span.pu-cardtext", cardText(c))));
    }
    if (pl.hidden_civ) civ.push(h("div.pu-civ.hidden", h("span.pu-cardtag", chip(p), " ", nameTag(p)), T("cards.hiddenCiv", { n: pl.hidden_civ })));
  });
  parts.push(h("div.pu-cardrow", h("h4", T("cards.civ"), h("span.pu-muted", " · ", T("cards.piles", { piles: view.civ_piles.map((n, i) => `${ROMAN[i + 1]}: ${n}`).join(" · ") }))),
    civ.length ? h("div.pu-cardlist", civ) : h("span.pu-muted", T("cards.noCiv"))));
  els.cards.replaceChildren(...parts);
}

// ----- the other players ---------------------------------------------------------------------------------------
function renderOthers() {
  els.others.replaceChildren(...view.players.map((pl, p) => {
    const badges = [];
    if (p === me) badges.push(h("span.pu-badge.you", T("player.you")));
    if (view.commander === p && !view.solo) badges.push(h("span.pu-badge", "★ ", T("player.commander")));
    if ((msg.active || []).includes(p) && msg.status === "running") badges.push(h("span.pu-badge.act", T("player.acting")));
    if (view.phase === "tiles") badges.push(h("span.pu-badge", T("pstate." + (pl.finished ? "done" : pl.took_tile ? "placed" : "placing"))));
    const small = smallPlanet(p);
    const tracks = h("div.pu-minitracks", TRACKS.map((t, i) => h("span", { title: trackName(t) }, iconSvg(t, 14), h("b", String(pl.tracks[i])))));
    return h("button.pu-other" + (p === focus ? ".on" : ""), { type: "button", dataset: { player: p }, onclick: () => { focus = p; sel = p === me ? sel : null; render(); } },
      h("div.pu-otherhead", chip(p), nameTag(p, "span.pu-othername"), badges),
      h("div.pu-small.pu-boards", [pl.planet, pl.corporation].filter(Boolean).join(" · "),
        pl.dealt && pl.dealt.some(Boolean) && view.phase === "objectives" ? h("span.pu-muted", " · ", T("setup.dealt", { names: pl.dealt.filter(Boolean).join(", ") })) : null),
      small.svg, tracks,
      h("div.pu-small.pu-muted", T("other.line", { pods: pl.lifepods_collected, met: pl.meteorites_collected, civ: pl.civ.length + pl.hidden_civ, empty: pl.empty_squares })),
      soFar(p));
  }));
}

/** Player p's medals if the game ended now (the rules' figure, view `scores_so_far`), its parts on the tooltip;
 * another player's hidden cards are not in it, and the line says so. */
function soFar(p) {
  const score = (view.scores_so_far || [])[p];
  if (!score) return null;
  const pl = view.players[p];
  const hidden = p !== me && (pl.hidden_civ || pl.hidden_objectives);
  const parts = Object.entries(score.breakdown || {}).filter(([, n]) => n).map(([key, n]) => `${T("score." + key)}: ${n}`);
  return h("div.pu-small.pu-sofar", { title: parts.join("\n") || undefined, dataset: { total: score.total } },
    T(hidden ? "other.soFarHidden" : "other.soFar", { n: score.total }));
}

/** The small planet of player p in the others' panel: drawn again only when that player's board or its label
 * changed (most states change one player's board at most, and four planets are a third of the page's elements). */
function smallPlanet(p) {
  const label = planetLabel(p);
  const drawnFrom = JSON.stringify([view.players[p], label]);
  const kept = smallPlanets.get(p);
  if (kept && kept.drawnFrom === drawnFrom) return kept;
  const small = { drawnFrom, svg: drawPlanet(view, p, { c: 14, medals: false, label }).svg };
  smallPlanets.set(p, small);
  return small;
}

// ----- the menu ------------------------------------------------------------------------------------------------
function openMenu(event, heading, items) {
  closeMenu();
  const from = document.activeElement;
  // a menu of buttons (not role=menu: Tab and the arrow keys both walk it); Escape or Cancel closes it
  menu = h("div.pu-menu", { role: "group", "aria-label": heading }, h("div.pu-menutitle", heading),
    items.map((item) => h("button.pu-menuitem", { type: "button", dataset: { action: item.action || "", rover: item.rover }, onclick: (e) => { e.stopPropagation(); const run = item.run; closeMenu(); if (from && from.isConnected) from.focus({ preventScroll: true }); run(); } }, item.label)),
    h("button.pu-menuitem.cancel", { type: "button", onclick: () => { closeMenu(); if (from && from.isConnected) from.focus(); } }, T("menu.cancel")));
  root.append(menu);
  menu.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const list = [...menu.querySelectorAll("button")];
    const i = list.indexOf(document.activeElement);
    list[(i + (e.key === "ArrowDown" ? 1 : list.length - 1)) % list.length].focus();
    e.preventDefault();
  });
  menuFrom = from;
  const box = root.getBoundingClientRect();
  // a click's position, or (a keyboard's synthetic click has none) beside the element it came from
  const at = event && event.clientX ? { x: event.clientX, y: event.clientY }
    : (from && root.contains(from) ? (({ right, top }) => ({ x: right, y: top }))(from.getBoundingClientRect()) : { x: box.left + 40, y: box.top + 40 });
  let x = at.x - box.left + 8;
  const y = at.y - box.top + 8;
  x = Math.max(4, Math.min(x, root.clientWidth - (menu.offsetWidth || 220) - 8));
  menu.style.left = `${x}px`;
  menu.style.top = `${y}px`;
  menu.querySelector("button").focus({ preventScroll: true });
}
function closeMenu() { if (menu) { menu.remove(); menu = null; menuFrom = null; } }

// ----- status line and log -------------------------------------------------------------------------------------
function statusLine(message) {
  const v = message.view;
  const active = message.active || [];
  const names = active.map((p) => seatName(p, message)).join(", ");
  if (!v || v.phase === "over") return T("status.over");
  switch (v.phase) {
    case "objectives": return T("status.objectives", { names });
    case "rotate": return T("status.rotate", { name: seatName(v.commander, message) });
    case "event": return T("status.event", { names });
    case "tiles": return T("status.tiles", { round: v.round, names });
    case "claim": return T("status.claim", { name: names });
    case "final": return T("status.final", { names });
    default: return T("status.waiting", { names });
  }
}

export function status(message) {
  const v = message.view;
  if (!v) return "";
  const seat = typeof message.seat === "number" ? message.seat : null;
  const acts = (message.legal || []).map(parse);
  const prompt = message.status === "running" ? promptFor(v, seat, acts) : null;
  return prompt ? `${v.round ? T("info.round", { n: v.round }) : T("info.setup")}: ${prompt}` : statusLine(message);
}

useWords({ T, actionLabel, cardText, civName, resName, seatName, trackName, get view() { return view; } });
