// Age of Steam's browser view: the Rust Belt map in SVG with the players, actions, auction and goods display
// beside it; every legal action is reachable by clicking (builds through a picker of track sets with a ghost on
// the map, moves through a picker of routes drawn on the map).
// Protocol (docs/api.md): mount(element, api), update(message), strings; optional status(message), describe(entry).
import { h } from "/static/dom.js";
import { translator } from "/static/i18n.js";
import { strings as STRINGS } from "./strings.js";
import { parse, parseTracks, addedTracks, traceRoute, routeIncome, stopKind, cell, LETTERS, othersBuilt } from "./model.js";
import { drawMap, drawGhost, drawRoute, miniHex, hexTitle, drawFocus, legendRail, PLAYER_HEX, CUBE, ownerColour } from "./board.js";
import { boardKeys } from "/static/boardkeys.js";
import { useWords } from "./log.js";
export { describe, describeAfter, roundEndText, describeChance } from "./log.js";

/** The page waits for these before the first mount, so the board never shows unstyled. */
export const styles = [new URL("./style.css", import.meta.url).href];

export const strings = STRINGS;

// The printed figures (map, actions, display, new cities) are the same in every match: loaded once with the module.
const FIGURES = await fetch("/api/games/age_of_steam/figures").then((response) => {
  if (!response.ok) throw new Error(`Age of Steam's figures did not load (${response.status})`);
  return response.json();
});
const HEXES = new Map(FIGURES.map.hexes.map((x) => [x.hex, x]));
const ACTIONS = FIGURES.actions;
const PHASES = ["shares", "auction", "actions", "build", "move", "production"];

let api = null, root = null, els = null;
let msg = null, view = null, legal = [], legalSet = new Set();
let me = null;            // the seat this page acts for (null: spectator)
let picker = null;        // {kind: "build" | "move", hex, colour?}: the open picker
let urbanLetter = null;   // the new city chosen for urbanization, waiting for its town
let geo = null;           // the drawn map: {svg, layers, board}
let hoverHex = null;
let spin = {};            // the spinners' values (bid, issue) with their round, kept across redraws of that round
let lastKey = "";
let listening = false;
let keys = null;          // the keyboard cursor over the map's hexes (boardkeys.js)
let zoom = null;          // the map's width as a share of its box (null: fit, or readable on a phone)
let armed = null;         // touch: the option (notation) previewed by a first tap, played by a second
let notice = null;        // why the hex just clicked did nothing (until the next state)
let fresh = new Set();    // the hexes others built on since this seat's last move
let shown = "";           // the decision the page last scrolled into view (bringIntoView)
let barShown = -1;        // the action bar's height last written to --aos-bar-h
let fitted = 0;           // the map's width at zoom 1 in px, measured when a size changes (refit), not every state

const lang = () => (api && api.lang) || "en";
// the host's translator: this game's strings first, then the shell's, in the page's language; before a host
// exists (nothing mounted yet) this game's strings alone
const ownT = translator(STRINGS);
const T = (key, params) => (api && api.t ? api.t(key, params) : ownT(key, params));
const money = (n) => `$${n}`;
const actionName = (id) => { const a = ACTIONS.find((x) => x.id === id); return a ? (lang() === "de" && a.name_de) || a.name : id; };
/** An action in one line (data/game.toml, EN and DE). */
const actionText = (a) => (lang() === "de" && a.text_de) || a.text;
/** An action's name on the buttons, cards and table: the German rules call Turn Order "Passen", which read as a pass
 * button; its label says what it is for (the log keeps the rules' name). */
const actionLabel = (id) => { const key = `action.${id}.label`, own = T(key); return own !== key ? own : actionName(id); };
const colourName = (c) => T("color." + c);
/** A hex by its name: a town urbanized into a new city by that city's letter (the town's name kept beside it). */
const placeName = (hex) => {
  const x = HEXES.get(hex);
  const city = view && (view.new_cities || []).find((c) => c.hex === hex);
  if (city) return T("place.newCity", { letter: city.letter, name: x && x.name ? x.name + ", " : "", hex });
  return printedName(hex);
};
/** A hex by the name printed on the map ("Terre Haute (I9)"), whatever was built there since. */
const printedName = (hex) => { const x = HEXES.get(hex); return x && x.name ? `${x.name} (${hex})` : hex; };

function seatName(p, message = msg) {
  if (p === null || p === undefined) return "—";
  const seat = message && (message.seats || []).find((x) => x.seat === p);
  return (seat && seat.name) || T("player.n", { n: p + 1 });
}
function chip(p) { return h("span.aos-chip", { style: { background: PLAYER_HEX[p % PLAYER_HEX.length] } }, String(p + 1)); }
// a goods colour is also told by its letter (colour never alone)
const cubeLetter = (colour) => T("cube." + colour);
function cubeChip(colour) {
  return h("span.aos-cubechip" + (colour === "yellow" ? ".light" : ""), { style: { background: CUBE[colour] || "#999" }, title: colourName(colour), role: "img", "aria-label": colourName(colour) }, cubeLetter(colour));
}
/** A touch screen has no hover: a first tap previews, a second plays. */
const touchOnly = () => typeof matchMedia === "function" && matchMedia("(hover: none)").matches;

// ----- protocol ------------------------------------------------------------------------------------------------
export function mount(element, a) {
  if (a.seat !== me) { picker = null; urbanLetter = null; }   // another hotseat seat
  api = a;
  els = {
    action: h("section.aos-action", { "aria-live": "polite" }),
    // both scroll (the map when zoomed, the table on a phone): a keyboard reaches them to scroll with the arrows
    mapbox: h("div.aos-mapbox", { tabindex: "0", role: "region", "aria-label": T("map.title") }),
    hover: h("div.aos-hover"),   // not live: a hex's own aria-label is read as the cursor lands on it
    zoom: h("div.aos-zoom"),
    legend: h("div.aos-legend"),
    players: h("div.aos-panel.aos-players", { tabindex: "0", role: "region", "aria-label": T("players.title") }),
    actions: h("div.aos-panel.aos-actions"),
    display: h("div.aos-panel.aos-display"),
    supply: h("div.aos-panel.aos-supply"),
  };
  els.maphead = h("div.aos-maphead", els.hover, els.zoom);
  els.mappanel = h("div.aos-panel.aos-mappanel", els.maphead, els.mapbox, els.legend);
  els.row = h("div.aos-row", els.supply, els.actions);
  // the map takes the whole width (the shell's log sits beside the game): its names and cubes stay readable;
  // the panels' order follows the phase (arrange): what the player decides on comes first under the action bar
  root = h("div.aos-root", els.action, els.players, els.mappanel, els.row, els.display);
  keys = null;
  barShown = -1;
  fitted = 0;
  enablePinch(els.mapbox);
  element.append(root);
  // the sticky action bar's height (for scroll margins: nothing the page scrolls to hides under it) and the map's
  // fit, measured again when the bar or the map's box changes size; a frame later: from the observer itself it
  // could loop
  if (typeof ResizeObserver === "function") {
    let queued = false;
    const sized = new ResizeObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; refit(); });
    });
    sized.observe(els.action);
    sized.observe(els.mapbox);
  }
  if (!listening) {   // once per page: mount runs again after a language or seat change
    listening = true;
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && root && root.isConnected && (picker || urbanLetter)) { cancel(); } });
    window.addEventListener("resize", () => refit());   // a window only taller or shorter: the fit changes too
  }
}

/** The height the action bar covers at the top of the window (0 on a phone, where it scrolls with the page). */
function barHeight() {
  if (!els || !els.action.isConnected || getComputedStyle(els.action).position !== "sticky") return 0;
  return Math.ceil(els.action.getBoundingClientRect().height);
}
/** After a change of size (the window, the action bar, the map's box): the bar's height and the map's fit again. */
function refit() {
  if (!root || !root.isConnected) return;
  const bar = barHeight();
  if (bar !== barShown) {
    barShown = bar;
    root.style.setProperty("--aos-bar-h", `${bar}px`);
  }
  fitted = fitWidth();
  applyZoom(false);
  renderZoom();
}

/** The panels in the order the phase needs. The railroads come first under the action bar (cash, income and
 * expenses in sight above the fold, the auction's bids), then the map: building and moving goods, the page scrolls
 * to it (bringIntoView) and it fits whole under the bar (fitWidth). Choosing an action, the action cards come before
 * the map; Production, the goods display comes first. Only the panels out of place move (a moved element loses the
 * keyboard's focus). */
function arrange() {
  const e = els;
  const order = view.phase === "production" ? [e.action, e.display, e.players, e.mappanel, e.row]
    : view.phase === "actions" ? [e.action, e.players, e.row, e.mappanel, e.display]
      : [e.action, e.players, e.mappanel, e.row, e.display];
  order.forEach((el, i) => { if (root.children[i] !== el) root.insertBefore(el, root.children[i] || null); });
}

/** Scrolls the page (never the map's box) to what this seat decides on now, once per decision: the goods display on
 * each Production pick, the map when its build or move turn begins (not on a phone: the action bar would leave the
 * screen). "nearest": a target in sight stays put; the scroll margins keep it clear of the sticky action bar. */
function bringIntoView() {
  const mine = me !== null && legal.length > 0;
  if (!mine || view.phase === "over") return;
  const producing = ofKind("produce").length > 0;
  const onMap = view.phase === "build" || view.phase === "move";
  // a language switch mounts the page again: the same decision is not scrolled to twice
  const key = producing ? `display:${me}:${msg.version}` : onMap ? `map:${me}:${view.round}:${view.phase}:${view.move_round || 0}` : "";
  if (!key || key === shown) return;
  shown = key;
  if (!producing && matchMedia("(max-width: 700px)").matches) return;
  const target = producing ? els.display : els.mappanel;
  const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  // the bar's height measured first: the scroll margins under it must be current (a new prompt may have grown it)
  requestAnimationFrame(() => { if (target.isConnected) { refit(); target.scrollIntoView({ block: "nearest", behavior }); } });
}

export function update(message) {
  msg = message;
  view = message.view;
  legal = (message.legal || []).map(parse);
  legalSet = new Set(legal.map((a) => a.text));
  me = typeof message.seat === "number" ? message.seat : null;
  const k = `${message.version}:${message.seat}`;
  if (k !== lastKey) {
    lastKey = k;
    picker = null;
    if (urbanLetter && !legal.some((a) => a.kind === "urbanize" && a.args[0] === urbanLetter)) urbanLetter = null;
    fresh = othersBuilt(message.log, me);
    notice = null;
  }
  render();
}

// ----- helpers over the legal actions --------------------------------------------------------------------------
const ofKind = (...kinds) => legal.filter((a) => kinds.includes(a.kind));
function send(text) {
  if (!api || !legalSet.has(text)) return;
  picker = null;
  urbanLetter = null;
  api.send(text);
}

/** Legal builds by hex: Map hex -> [action]. */
function buildsByHex() {
  const out = new Map();
  for (const a of ofKind("build")) { if (!out.has(a.args[0])) out.set(a.args[0], []); out.get(a.args[0]).push(a); }
  return out;
}
/** Legal moves by cube group: Map "HEX:colour" -> [action]. */
function movesByCube() {
  const out = new Map();
  for (const a of ofKind("move")) { const k = `${a.args[0]}:${a.args[1]}`; if (!out.has(k)) out.set(k, []); out.get(k).push(a); }
  return out;
}

// ----- rendering -----------------------------------------------------------------------------------------------
function render() {
  if (!root || !view) return;
  renderAction();
  arrange();
  renderMap();
  renderPlayers();
  renderActions();
  renderSupply();
  renderDisplay();
  bringIntoView();
}

function button(text, label, { primary = false, cls = "", title = null } = {}) {
  return h("button" + (primary ? ".primary" : "") + (cls ? "." + cls : ""), { type: "button", dataset: { action: text }, title: title || text, onclick: () => send(text) }, label);
}

/** What this seat must do now, in a sentence (null when it has nothing to do). */
function promptFor(v, seat, acts) {
  if (seat === null || !acts.length) return null;
  const kinds = new Set(acts.map((a) => a.kind));
  if (kinds.has("issue")) return T("prompt.issue");
  if (kinds.has("bid") || kinds.has("drop")) {
    const high = v.auction && v.auction.high_bid;
    const key = (high ? "prompt.bidOver" : "prompt.bid") + (kinds.has("turn-pass") ? "Pass" : "") + (kinds.has("bid") ? "" : "NoBid");
    return T(key, { bid: money(high || 0), name: seatName(v.auction && v.auction.high_bidder) });
  }
  if (kinds.has("select")) return T("prompt.select");
  if (kinds.has("produce")) return T("prompt.produce");
  if (kinds.has("build") || kinds.has("urbanize") || (kinds.has("done") && v.phase === "build")) {
    const b = v.build || {};
    const figures = { n: b.builds_left ?? "?", spent: money(b.spent ?? 0) };
    // Urbanization's new city comes before any track (its letters vanish after the first build: say so now); with
    // nothing left to build, "click a marked hex" would point at nothing
    if (kinds.has("urbanize")) return T("prompt.buildUrban", figures);
    if (!kinds.has("build")) return T("prompt.buildNone", figures);
    return T("prompt.build", figures);
  }
  if (kinds.has("move") || kinds.has("locomotive") || kinds.has("pass")) return kinds.has("move") ? T("prompt.move", { round: v.move_round || 1 }) : T("prompt.noMove", { round: v.move_round || 1 });
  return T("prompt.choose");
}

/** "Round 4 of 10" with the round track: one pip per round, the past ones filled. */
function roundLine() {
  const pips = [];
  for (let r = 1; r <= view.rounds; r++) pips.push(h("i" + (r < view.round ? ".past" : r === view.round ? ".now" : "")));
  return h("span.aos-roundbox", h("span.aos-round", T("info.round", { n: view.round, of: view.rounds })), h("span.aos-roundtrack", { "aria-hidden": "true" }, pips));
}

function phaseSteps() {
  return h("ol.aos-phases", PHASES.map((p) => h("li" + (view.phase === p ? ".on" : ""), { dataset: { phase: p } }, T("phase." + p))));
}

function renderAction() {
  const box = els.action;
  const mine = me !== null && legal.length > 0;
  const head = [roundLine(), phaseSteps()];
  const parts = [h("div.aos-headline", head)];
  if (view.phase === "over") {
    const broke = view.players.every((pl) => pl.eliminated);
    parts.push(h("strong.aos-prompt", T(broke ? "prompt.overBroke" : "prompt.over")));
  }
  else if (mine) parts.push(h("strong.aos-prompt", promptFor(view, me, legal)));
  else parts.push(h("span.aos-prompt.waiting", statusLine(msg)));
  if (notice) parts.push(h("p.aos-notice", { dataset: { notice: "" } }, notice));
  const choices = mine ? choiceRow() : [];
  if (choices.length) parts.push(h("div.aos-choices", choices));
  // this seat's own round end as things stand: said in words where the player looks while deciding
  const own = me !== null ? outlook(view.players[me], view.phase) : { short: 0 };
  if (own.short) parts.push(warning(T(own.broke ? "warn.youBroke" : "warn.youShort", { short: money(own.short), due: money(expenses(view.players[me])) })));
  box.classList.toggle("mine", mine);
  box.replaceChildren(...parts);
}

function choiceRow() {
  const out = [];
  const pl = view.players[me];
  const issues = ofKind("issue").sort((a, b) => Number(a.args[0]) - Number(b.args[0]));
  if (issues.length) {
    // a few buttons for the usual counts; a spinner reaches the rest (up to 13 more shares may be legal)
    const few = issues.filter((a) => Number(a.args[0]) <= 6);
    const most = Number(issues[issues.length - 1].args[0]);
    out.push(h("div.aos-group", h("span.aos-glabel", T("choice.issue")),
      few.map((a) => { const n = Number(a.args[0]); return button(a.text, n ? [h("b", String(n)), h("small", ` +${money(5 * n)}`)] : T("act.issueNone"), { primary: n === 0, cls: "aos-issue" }); }),
      // not filled like "None" beside it: issuing 7 or more is a choice, not the confirm button it looked like
      most > 6 ? numberSpinner("issue", 7, most, (n) => T("act.issue", { n, cash: money(5 * n) }), (n) => `issue ${n}`, { primary: false }) : null));
    out.push(h("div.aos-hint", T("hint.issue", { cash: money(pl.cash), shares: pl.shares, due: money(expenses(pl)), income: money(pl.income) })));
    out.push(warning(T("warn.shares", { due: money(expenses(pl)) })));
  }
  const bids = ofKind("bid").map((a) => Number(a.args[0])).sort((x, y) => x - y);
  if (bids.length) {
    const lo = bids[0], hi = bids[bids.length - 1];
    out.push(numberSpinner("bid", lo, hi, (n) => T("act.bid", { bid: money(n) }), (n) => `bid ${n}`, { quick: [lo, lo + 1, lo + 2, lo + 5], title: T("choice.bid"),
      quickTitle: T("choice.quickBid"), quickLabel: (n) => T("act.quickBid", { bid: money(n) }) }));
  }
  if (legalSet.has("turn-pass")) out.push(button("turn-pass", T("act.turnPass"), { cls: "aos-turnpass" }));
  if (legalSet.has("drop")) out.push(button("drop", T("act.drop"), { cls: "aos-drop" }));
  if (ofKind("bid", "drop").length && view.auction) out.push(h("div.aos-hint", T("hint.auction")));
  const selects = ofKind("select");
  if (selects.length) {
    // each action with what it does in a line (the tooltip showed only its notation)
    out.push(h("div.aos-group.aos-selects", selects.map((a) => {
      const figure = ACTIONS.find((x) => x.id === a.args[0]);
      const text = figure ? actionText(figure) : a.text;
      return button(a.text, [h("span.aos-aname", actionLabel(a.args[0])), h("small.aos-atext", text)], { cls: "aos-select", title: text });
    })));
  }
  if (legalSet.has("select locomotive") && pl.locomotive < LOCO_MAX) out.push(warning(T("warn.locoSelect", { from: money(expenses(pl)), to: money(expenses(pl) + 1) })));
  if (view.phase === "build" && ofKind("build", "urbanize", "done").length) out.push(...buildChoices());
  if (ofKind("move", "locomotive", "pass").length) out.push(...moveChoices());
  if (ofKind("produce").length) out.push(produceChoices());
  return out;
}

/** A number chooser limited to [lo, hi] with − / + (and quick picks) and a confirm button sending notation(n). */
function numberSpinner(key, lo, hi, label, notation, { quick = [], title = null, primary = true, quickTitle = null, quickLabel = null } = {}) {
  // a value chosen in an earlier round (last auction's bid) starts again from the lowest
  const kept = spin[key] && spin[key].round === view.round ? spin[key].value : undefined;
  let value = kept === undefined || kept < lo || kept > hi ? lo : kept;
  const input = h("input.aos-num", { type: "number", min: lo, max: hi, step: 1, value, "aria-label": title || key });
  const go = h("button.aos-spingo" + (primary ? ".primary" : ""), { type: "button", dataset: { confirm: key } });
  const set = (n) => {
    value = Math.max(lo, Math.min(hi, Number.isFinite(n) ? Math.round(n) : lo));
    spin[key] = { value, round: view.round };
    input.value = value;
    go.replaceChildren(label(value));
    go.dataset.action = notation(value);
  };
  input.addEventListener("change", () => set(parseInt(input.value, 10)));
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); set(parseInt(input.value, 10)); send(notation(value)); } });
  go.addEventListener("click", () => { set(parseInt(input.value, 10)); send(notation(value)); });
  set(value);
  quick = [...new Set(quick.filter((x) => x >= lo && x <= hi))];
  return h("span.aos-spinner", { dataset: { spinner: key } },
    title ? h("span.aos-glabel", title) : null,
    h("button.aos-step", { type: "button", "aria-label": "−", onclick: () => set(value - 1) }, "−"),
    input,
    h("button.aos-step", { type: "button", "aria-label": "+", onclick: () => set(value + 1) }, "+"),
    h("span.aos-range", lo === hi ? String(lo) : `${lo}–${hi}`),
    go,
    // the quick picks set the amount (the confirm button still plays it): they say so, seen and read aloud
    quick.length > 1 ? h("span.aos-quick", { role: "group", "aria-label": quickTitle || undefined }, quickTitle ? h("span.aos-qlabel", { "aria-hidden": "true" }, quickTitle) : null,
      quick.map((q) => h("button.aos-q", { type: "button", dataset: { value: q }, "aria-label": quickLabel ? quickLabel(q) : undefined, title: quickLabel ? quickLabel(q) : undefined, onclick: () => set(q) }, String(q)))) : null);
}

function buildChoices() {
  const out = [];
  const b = view.build || {};
  out.push(h("div.aos-buildinfo",
    h("span", T("build.left"), " ", h("b", String(b.builds_left ?? "–"))),
    h("span", T("build.spent"), " ", h("b", money(b.spent ?? 0))),
    h("span", T("build.cash"), " ", h("b", money(view.players[me].cash))),
    h("span.aos-muted", { title: T("build.dueTitle") }, T("build.due", { due: money(expenses(view.players[me])) }))));
  const urban = ofKind("urbanize");
  if (urban.length) {
    const letters = [...new Set(urban.map((a) => a.args[0]))].sort();
    out.push(h("div.aos-group.aos-urban", h("span.aos-glabel", T("choice.urbanize")),
      letters.map((L) => {
        const nc = FIGURES.new_cities.find((c) => c.letter === L);
        return h("button.aos-letter" + (urbanLetter === L ? ".on" : ""), { type: "button", dataset: { letter: L }, title: T("map.newCity", { letter: L, color: colourName(nc ? nc.color : "black") }),
          onclick: () => { urbanLetter = urbanLetter === L ? null : L; picker = null; render(); } },
        h("span.aos-letterhex", { style: { background: CUBE[nc ? nc.color : "black"] } }, L));
      }),
      urbanLetter ? h("span.aos-hint", T("hint.urbanize", { letter: urbanLetter })) : null));
  }
  if (urbanLetter) { /* the towns are marked now, not the builds */ }
  else if (ofKind("build").length) out.push(h("div.aos-hint", h("span.aos-swatch.build"), T("hint.build", { n: buildsByHex().size })));
  else if (legalSet.has("done")) out.push(h("div.aos-hint", T("hint.noBuild")));
  if (legalSet.has("done")) out.push(button("done", ["✔ ", T("act.done")], { primary: true, cls: "aos-done" }));
  return out;
}

/** What the end of the round will cost: $1 per share and per locomotive link (paid after income comes in). */
const expenses = (pl) => pl.shares + pl.locomotive;
const LOCO_MAX = 6;
/** A warning in words with a sign (never colour alone), always visible (a phone has no hover). */
const warning = (text) => h("div.aos-warn", { role: "note" }, h("span", { "aria-hidden": "true" }, "⚠ "), text);

/** A railroad's round end as things stand: {short} dollars it could not pay, {broke} if that takes its income
 * below 0 (bankruptcy). Income comes in first, then expenses; a shortfall costs income 1 for 1. */
export function outlook(pl, phase = null) {
  // Production and goods growth come after the round's reckoning: the next one is a whole round away
  if (pl.eliminated || phase === "production" || phase === "over") return { short: 0, broke: false };
  const short = Math.max(0, expenses(pl) - (pl.cash + pl.income));
  return { short, broke: short > 0 && pl.income - short < 0 };
}

function moveChoices() {
  const out = [];
  const pl = view.players[me];
  const groups = movesByCube();
  if (groups.size) out.push(h("div.aos-hint", h("span.aos-swatch.cube"), T("hint.move", { n: groups.size, loco: pl.locomotive })));
  if (legalSet.has("locomotive")) {
    out.push(button("locomotive", T("act.locomotive", { from: pl.locomotive, to: pl.locomotive + 1 }), { cls: "aos-loco" }));
    out.push(warning(T("warn.loco", { from: money(expenses(pl)), to: money(expenses(pl) + 1) })));
  }
  if (legalSet.has("pass")) out.push(button("pass", T("act.pass"), { cls: "aos-pass" }));
  return out;
}

function produceChoices() {
  const drawn = (view.production && view.production.drawn) || [];
  return h("div.aos-group", h("span.aos-glabel", T("choice.produce")),
    drawn.map((c, i) => (i === 0 ? h("span.aos-next", cubeChip(c), " ", T("produce.next", { color: colourName(c) })) : cubeChip(c))),
    h("span.aos-hint", T("hint.produce", { n: ofKind("produce").filter((a) => a.args[0] !== "none").length })),
    legalSet.has("produce none") ? button("produce none", T("act.produceNone"), { cls: "aos-pass" }) : null);
}

// ----- the map -------------------------------------------------------------------------------------------------
function renderMap() {
  const builds = me !== null ? buildsByHex() : new Map();
  const moves = me !== null ? movesByCube() : new Map();
  const marks = new Map();
  if (urbanLetter) for (const a of ofKind("urbanize")) if (a.args[0] === urbanLetter) marks.set(a.args[1], "urban");
  if (!urbanLetter) for (const hex of builds.keys()) marks.set(hex, "build" + (picker && picker.kind === "build" && picker.hex === hex ? " on" : ""));
  for (const hex of fresh) marks.set(hex, marks.has(hex) ? `${marks.get(hex)} fresh` : "fresh");
  const selectedCube = picker && picker.kind === "move" ? `${picker.hex}:${picker.colour}` : null;
  const keyboard = me !== null;   // a seat's page: the hexes are keyboard targets; a spectator's map is an image
  const focused = keys && els.mapbox.contains(document.activeElement) ? keys.current() : null;
  geo = drawMap(FIGURES, view, {
    t: T, marks, movable: moves, selectedCube, names: seatName, keyboard,
    onHex: (hex) => onHex(hex),
    onHover: (hex) => { hoverHex = hex; renderHover(); },
    onCube: (hex, colour) => openMovePicker(hex, colour),
  });
  geo.svg.classList.toggle("interactive", me !== null && legal.length > 0);
  const scroll = [els.mapbox.scrollLeft, els.mapbox.scrollTop];
  els.mapbox.replaceChildren(geo.svg);
  applyZoom(false);
  [els.mapbox.scrollLeft, els.mapbox.scrollTop] = scroll;
  if (keyboard) {
    keys = boardKeys(geo.svg, {
      selector: "g.aos-hex", keyOf: (el) => el.dataset.hex,
      // arrows go by the grid: up/down a column, left/right to the next column in the same row (a gentle zigzag)
      move: (el, key) => {
        const at = cell(el.dataset.hex);
        const [dc, dr] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
        const target = at ? LETTERS[at[0] + dc] && `${LETTERS[at[0] + dc]}${at[1] + dr + 1}` : null;
        return (target && geo.svg.querySelector(`g.aos-hex[data-hex="${target}"]`)) || null;
      },
      onCancel: cancel,
      onFocus: (el) => { hoverHex = el.dataset.hex; renderHover(); drawFocus(geo.layers.focus, el.dataset.hex); },
    });
    if (focused) keys.focus(focused);
    geo.svg.addEventListener("focusout", (e) => { if (!geo.svg.contains(e.relatedTarget)) geo.layers.focus.replaceChildren(); });
  } else keys = null;
  if (picker) {
    const box = picker.kind === "build" ? buildPicker(picker.hex) : movePicker(picker.hex, picker.colour);
    els.mapbox.append(box);
    if (picker.focus) { picker.focus = false; const first = box.querySelector("button.aos-opt, button.aos-route-opt"); if (first) first.focus({ preventScroll: true }); }
    // a narrow screen shows the picker as a sheet over the lower part: bring the hex up where its preview shows
    if (picker.reveal && matchMedia("(max-width: 1100px)").matches) {
      picker.reveal = false;
      const el = geo.svg.querySelector(`g.aos-hex[data-hex="${picker.hex}"]`);
      if (el) {   // the hex to the middle of the map's box, then the page so the hex is a quarter down the screen
        const box = els.mapbox, r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
        box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
        box.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
        const now = el.getBoundingClientRect();
        window.scrollBy(0, now.top + now.height / 2 - window.innerHeight / 4);
      }
    }
  }
  renderHover();
  renderZoom();
  renderLegend();
}

function onHex(hex) {
  if (me === null) return;
  notice = null;  // a click that does something says no more why the last one did not
  const byKey = keys && document.activeElement && document.activeElement.closest && document.activeElement.closest("g.aos-hex");
  if (urbanLetter) {
    const text = `urbanize ${urbanLetter} ${hex}`;
    if (legalSet.has(text)) send(text);
    else hexNotice(hex);
    return;
  }
  if (buildsByHex().has(hex)) {
    picker = picker && picker.kind === "build" && picker.hex === hex ? null : { kind: "build", hex, focus: !!byKey, reveal: true };
    armed = null;
    renderMap();
    return;
  }
  // a click on a city whose cubes can move opens the route picker of its first movable cube colour
  const group = [...movesByCube().keys()].find((k) => k.startsWith(hex + ":"));
  if (group) { openMovePicker(hex, group.split(":")[1], !!byKey); return; }
  if (picker) { closePicker(); renderMap(); return; }  // a click beside an open picker only closes it
  hexNotice(hex);
}

/** A hex clicked that no choice uses now: say why (a newcomer clicking the map met silence). */
function hexNotice(hex) {
  if (view.phase === "over") return;
  const kinds = new Set(legal.map((a) => a.kind));
  if (!legal.length) notice = T("notice.notYourMove");
  else if (urbanLetter) notice = T("notice.urbanTown", { hex });
  else if (kinds.has("build")) notice = T("notice.noBuild", { hex });
  else if (kinds.has("move")) notice = T("notice.noCubes", { hex });
  else notice = T("notice.notMap");
  renderAction();
}

function closePicker() {
  picker = null;
  armed = null;
  if (geo) { geo.layers.ghost.replaceChildren(); geo.layers.route.replaceChildren(); }
}

/** Escape: close the picker (or drop the chosen new city) and put the keyboard cursor back on its hex. */
function cancel() {
  const hex = picker && picker.hex;
  closePicker();
  urbanLetter = null;
  render();
  if (keys && hex) keys.focus(hex);
}

/** An option of a picker: hover or focus previews it; a click plays it (on a touch screen a first tap previews and
 * arms it, a second tap plays it). R / Shift+R move to the next / previous option (turning the tile). */
function pickOption(tag, text, preview, clear, children) {
  const el = h(tag + (armed === text ? ".armed" : ""), {
    type: "button", dataset: { action: text }, title: text, "aria-pressed": armed === text ? "true" : undefined,
    onpointerenter: (e) => { if (e.pointerType !== "touch") preview(); }, onfocus: preview,
    onpointerleave: (e) => { if (e.pointerType !== "touch" && armed !== text) clear(); },
    onclick: (e) => {
      const touch = (e.pointerType || (e.sourceCapabilities && e.sourceCapabilities.firesTouchEvents ? "touch" : "")) === "touch" || (touchOnly() && e.detail > 0);
      if (touch && armed !== text) { armed = text; preview(); for (const o of el.parentElement.closest(".aos-picker").querySelectorAll(".armed")) o.classList.remove("armed"); el.classList.add("armed"); return; }
      send(text);
    },
    onkeydown: (e) => {
      if (e.key !== "r" && e.key !== "R") return;
      const all = [...el.closest(".aos-picker").querySelectorAll(tag)];
      const next = all[(all.indexOf(el) + (e.shiftKey ? all.length - 1 : 1)) % all.length];
      e.preventDefault();
      if (next) next.focus();
    },
  }, children);
  return el;
}

function buildPicker(hex) {
  const acts = buildsByHex().get(hex) || [];
  const before = geo.board.tiles.get(hex) || null;
  const x = HEXES.get(hex);
  const costs = (view.build && view.build.costs) || {};
  // fewest new tracks first, grouped by that number (a town offers dozens of exit sets)
  const sets = acts.map((a) => ({ a, set: parseTracks(a.args[1]) })).map((o) => ({ ...o, added: addedTracks(before, o.set) }))
    .sort((x, y) => x.added.length - y.added.length || x.a.text.localeCompare(y.a.text));
  const groups = [];
  for (const o of sets) {
    if (!groups.length || groups[groups.length - 1].n !== o.added.length) groups.push({ n: o.added.length, items: [] });
    groups[groups.length - 1].items.push(o);
  }
  const town = (set) => set.town || (x && x.terrain === "town");
  const option = ({ a, set, added }) => {
    const cost = costs[a.text] ?? costs[`${hex} ${a.args[1]}`];
    const show = () => drawGhost(geo.layers.ghost, hex, set.tracks, added, me, town(set));
    const label = T("pick.optionLabel", { tracks: a.args[1], n: added.length, cost: cost !== undefined ? money(cost) : "?" });
    const el = pickOption("button.aos-opt", a.text, show, () => geo.layers.ghost.replaceChildren(),
      [miniHex(set.tracks, added, me, { town: town(set), terrain: x ? x.terrain : "plain" }),
        cost !== undefined ? h("span.aos-cost", money(cost)) : null]);
    el.setAttribute("aria-label", label);
    return el;
  };
  const options = groups.length > 1
    ? groups.map((g) => h("div.aos-optgroup", h("span.aos-optlabel", T("pick.adds", { n: g.n })), h("div.aos-opts", g.items.map(option))))
    : [h("div.aos-opts", sets.map(option))];
  const box = h("div.aos-picker", { dataset: { hex, kind: "build" }, role: "dialog", "aria-label": `${placeName(hex)} · ${T(before ? "pick.rebuild" : "pick.build")}` },
    h("div.aos-pickhead", h("span.aos-picktitle", h("b", placeName(hex)), " · ", T(before ? "pick.rebuild" : "pick.build")), closeButton()),
    h("div.aos-pickhint", T(touchOnly() ? "pick.buildHintTouch" : "pick.buildHint", { terrain: T("terrain." + (x ? x.terrain : "plain")) })),
    h("div.aos-optlist", options));
  if (armed && sets.some((o) => o.a.text === armed)) {
    const o = sets.find((s) => s.a.text === armed);
    drawGhost(geo.layers.ghost, hex, o.set.tracks, o.added, me, town(o.set));
  }
  return box;
}

function closeButton() {
  return h("button.aos-x", { type: "button", title: T("pick.close"), "aria-label": T("pick.close"), onclick: () => cancel() }, "×");
}

function openMovePicker(hex, colour, focus = false) {
  picker = picker && picker.kind === "move" && picker.hex === hex && picker.colour === colour ? null : { kind: "move", hex, colour, focus, reveal: true };
  armed = null;
  renderMap();
}

function movePicker(hex, colour) {
  const groups = movesByCube();
  const acts = groups.get(`${hex}:${colour}`) || [];
  const routes = acts.map((a) => ({ a, route: traceRoute(geo.board, hex, a.args.slice(2)) }));
  const rows = routes.map(({ a, route }) => {
    const show = () => drawRoute(geo.layers.route, geo.board, route);
    const income = route ? routeIncome(route) : [];
    const earn = income.length ? income.map(([p, n]) => h("span.aos-earn", chip(p), " ", p === me ? T("route.you") : seatName(p), ` +${n}`)) : [h("span.aos-muted", T("route.noIncome"))];
    return pickOption("button.aos-route-opt", a.text, show, () => geo.layers.route.replaceChildren(), [
      h("span.aos-routeto", "→ ", route ? placeName(route.to) : "?"),
      h("span.aos-routevia", route ? routeVia(route) : a.text),
      h("span.aos-routeearn", earn)]);
  });
  // the other colours movable from this city: a keyboard (or a finger) reaches them here
  const others = [...groups.keys()].filter((k) => k.startsWith(hex + ":")).map((k) => k.split(":")[1]);
  const tabs = others.length > 1 ? h("div.aos-group.aos-cubetabs", others.map((c) => h("button.aos-cubetab" + (c === colour ? ".on" : ""), {
    type: "button", dataset: { color: c }, "aria-pressed": c === colour ? "true" : "false", "aria-label": T("pick.cube", { color: colourName(c) }),
    onclick: () => { if (c !== colour) openMovePicker(hex, c, true); } }, cubeChip(c)))) : null;
  if (armed) { const o = routes.find((r) => r.a.text === armed); if (o) drawRoute(geo.layers.route, geo.board, o.route); }
  return h("div.aos-picker.move", { dataset: { hex, kind: "move", color: colour }, role: "dialog", "aria-label": T("pick.move", { color: colourName(colour), from: placeName(hex) }) },
    h("div.aos-pickhead", h("span.aos-picktitle", cubeChip(colour), " ", h("b", T("pick.move", { color: colourName(colour), from: placeName(hex) }))), closeButton()),
    tabs,
    h("div.aos-pickhint", T(touchOnly() ? "pick.moveHintTouch" : "pick.moveHint")),
    h("div.aos-routes", rows));
}

// ----- zoom and pan (a phone shows the map larger than its screen: pan with a finger, pinch or the buttons to zoom)
const ZOOM_MIN = 1, ZOOM_MAX = 4;
function defaultZoom() {
  const width = els.mapbox.clientWidth || 1000;
  return width < 700 ? Math.min(ZOOM_MAX, 760 / width) : 1;   // a phone: the hexes and names at a readable size
}
/** The map's width at zoom 1 ("Fit"): the box's width, and beside a phone no more than lets the whole map's height
 * fit in the window under the sticky action bar and the map's head row (at 1280×800 the full width showed only the
 * top rows). */
function fitWidth() {
  const width = els.mapbox.clientWidth || 1000;
  const vb = geo && geo.svg.viewBox && geo.svg.viewBox.baseVal;
  if (width < 700 || !vb || !vb.width || !vb.height) return width;
  const pad = 20;   // the map panel's padding and the gap under the bar
  const room = window.innerHeight - (barShown >= 0 ? barShown : barHeight()) - els.maphead.getBoundingClientRect().height - pad;
  return Math.max(Math.min(width, 420), Math.min(width, Math.floor(room * vb.width / vb.height)));
}
function applyZoom(keepCentre = true) {
  if (!geo) return;
  const z = zoom ?? defaultZoom();
  const box = els.mapbox;
  const cx = (box.scrollLeft + box.clientWidth / 2) / (box.scrollWidth || 1), cy = (box.scrollTop + box.clientHeight / 2) / (box.scrollHeight || 1);
  if (!fitted) fitted = fitWidth();   // the first drawing, before any size was observed
  geo.svg.style.width = `${Math.round(z * fitted)}px`;
  box.classList.toggle("zoomed", z > 1.001);
  if (keepCentre) { box.scrollLeft = cx * box.scrollWidth - box.clientWidth / 2; box.scrollTop = cy * box.scrollHeight - box.clientHeight / 2; }
}
function setZoom(z) {
  zoom = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, z));
  applyZoom(true);
  renderZoom();
}
function renderZoom() {
  const z = zoom ?? defaultZoom();
  els.zoom.replaceChildren(
    h("button.aos-zoombtn", { type: "button", dataset: { zoom: "out" }, "aria-label": T("zoom.out"), title: T("zoom.out"), disabled: z <= ZOOM_MIN + 0.001, onclick: () => setZoom(z / 1.25) }, "−"),
    h("span.aos-zoomval", { "aria-live": "polite" }, `${Math.round(z * 100)}%`),
    h("button.aos-zoombtn", { type: "button", dataset: { zoom: "in" }, "aria-label": T("zoom.in"), title: T("zoom.in"), disabled: z >= ZOOM_MAX - 0.001, onclick: () => setZoom(z * 1.25) }, "+"),
    h("button.aos-zoombtn", { type: "button", dataset: { zoom: "fit" }, "aria-label": T("zoom.fit"), title: T("zoom.fit"), onclick: () => fitMap() }, T("zoom.fitShort")));
}
/** "Fit": the whole map in the window under the action bar (the page scrolls to it where it is not all in sight). */
function fitMap() {
  setZoom(1);
  const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  if (!matchMedia("(max-width: 700px)").matches) els.mappanel.scrollIntoView({ block: "nearest", behavior });
}
/** Two fingers on the map zoom it (one finger pans: the box scrolls natively). */
function enablePinch(box) {
  const touches = new Map();
  let start = null;
  const spread = () => { const [a, b] = [...touches.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  box.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) start = { d: spread(), z: zoom ?? defaultZoom() };
  });
  box.addEventListener("pointermove", (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2 && start && start.d > 0) { setZoom(start.z * spread() / start.d); e.preventDefault(); }
  });
  const end = (e) => { touches.delete(e.pointerId); if (touches.size < 2) start = null; };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(type, end);
}

/** What the map's colours and marks mean: each railroad's colour (and number), unowned track, unfinished links. */
function renderLegend() {
  const sample = legendRail;
  const items = view.players.map((_, p) => h("span.aos-legenditem", sample(ownerColour(p)), chip(p), " ", seatName(p)));
  items.push(h("span.aos-legenditem", { dataset: { legend: "unowned" } }, sample(ownerColour(null)), T("legend.unowned")));
  items.push(h("span.aos-legenditem", { dataset: { legend: "unfinished" } }, sample("#8a8a8a", true), T("legend.unfinished")));
  if (me !== null && view.phase === "build") items.push(h("span.aos-legenditem", h("span.aos-swatch.build"), T("legend.build")));
  if (fresh.size) items.push(h("span.aos-legenditem", { dataset: { legend: "fresh" } }, h("span.aos-swatch.fresh"), T(me === null ? "legend.freshLast" : "legend.fresh")));
  items.push(h("span.aos-legenditem.aos-muted", T(me === null ? "legend.keysSpectator" : touchOnly() ? "legend.touch" : "legend.keys")));
  els.legend.replaceChildren(h("span.aos-legendtitle", T("legend.title")), ...items);
}

function routeVia(route) {
  const via = route.links.slice(0, -1).map((l) => HEXES.get(l.to)?.name || l.to);
  return via.length ? T("route.linksVia", { n: route.links.length, via: via.join(", ") }) : T("route.links", { n: route.links.length });
}

/** The hex under the pointer, named (the map's labels are small). */
function renderHover() {
  const hex = hoverHex;
  if (!hex || !HEXES.has(hex)) { els.hover.replaceChildren(h("span.aos-muted", T("map.hoverHint"))); return; }
  const x = HEXES.get(hex);
  const nc = geo && geo.board.newCities.get(hex);
  const parts = [h("b", hexTitle(x, nc, T))];
  const tile = geo && geo.board.tiles.get(hex);
  if (tile) {
    const owners = tile.tracks.map((_, i) => { const link = geo.board.linkOf.get(`${hex}:${i}`); return link ? link.owner : null; });
    parts.push(h("span", " · ", T("map.tracks", { n: tile.tracks.length }), " ", owners.map((o) => h("span.aos-swatchline", { style: { background: ownerColour(o) }, title: o === null ? T("map.unowned") : seatName(o) }))));
  }
  const cubes = (view.cubes || {})[hex] || [];
  if (cubes.length) parts.push(h("span", " · ", cubes.map(cubeChip)));
  const kind = geo && stopKind(geo.board, hex);
  if (kind === "city" && x.city) parts.push(h("span.aos-muted", " · ", T("map.accepts", { color: colourName(x.city.color) })));
  if (nc) parts.push(h("span.aos-muted", " · ", T("map.accepts", { color: colourName(nc.color) })));
  els.hover.replaceChildren(...parts);
}

// ----- players, actions, supply --------------------------------------------------------------------------------
function renderPlayers() {
  // the turn order leaves bankrupt players out: they follow it, so every railroad stays listed
  const order = [...(view.order || [])];
  for (let p = 0; p < view.players.length; p++) if (!order.includes(p)) order.push(p);
  const active = new Set((msg.active && msg.active.length ? msg.active : view.active) || []);
  const rows = order.map((p, n) => {
    const pl = view.players[p];
    const risk = outlook(pl, view.phase);
    const flag = risk.broke ? h("span.aos-badge.risk.broke", { dataset: { risk: "bankrupt" }, title: T("risk.brokeTitle", { short: money(risk.short) }) }, "⚠ ", T("risk.broke"))
      : risk.short ? h("span.aos-badge.risk", { dataset: { risk: "short" }, title: T("risk.shortTitle", { short: money(risk.short) }) }, "⚠ ", T("risk.short", { short: money(risk.short) })) : null;
    return h("tr" + (p === me ? ".me" : "") + (pl.eliminated ? ".out" : "") + (active.has(p) && view.phase !== "over" ? ".acting" : "") + (risk.short ? ".risk" : ""), { dataset: { player: p } },
      h("td.aos-ord", pl.eliminated ? "–" : String(n + 1)),
      h("td.aos-name", chip(p), " ", seatName(p), p === me ? h("span.aos-badge.you", T("player.you")) : null, pl.eliminated ? h("span.aos-badge.out", T("player.eliminated")) : null, flag),
      h("td.num", money(pl.cash)),
      h("td.num", String(pl.income)),
      h("td.num", pl.eliminated ? "–" : money(expenses(pl))),
      h("td.num", String(pl.shares)),
      h("td.num.aos-loco", { title: T("players.locoTitle") }, locoPips(pl.locomotive)),
      h("td.aos-held", pl.action ? actionLabel(pl.action) : h("span.aos-muted", "–")),
      h("td.num.aos-muted", pl.markers_left === undefined ? "" : String(pl.markers_left)));
  });
  els.players.replaceChildren(
    h("h4", T("players.title"), h("span.aos-muted", " · ", T("players.order"))),
    h("table.aos-ptable",
      h("thead", h("tr", h("th", "#"), h("th", T("players.name")), h("th", T("players.cash")), h("th", T("players.income")), h("th", { title: T("players.expensesTitle") }, T("players.expenses")), h("th", T("players.shares")),
        h("th", T("players.loco")), h("th", T("players.action")), h("th", { title: T("players.markersTitle") }, T("players.markers")))),
      h("tbody", rows)),
    auctionBox() || "");
}

function locoPips(n) {
  return h("span.aos-pips", { dataset: { loco: n } }, [1, 2, 3, 4, 5, 6].map((i) => h("i" + (i <= n ? ".on" : ""))), h("b", String(n)));
}

function auctionBox() {
  const a = view.auction;
  if (!a || view.phase !== "auction") return null;
  const out = new Set(a.out || []);
  const bids = a.bids || {};
  const tp = a.turn_pass || {};
  return h("div.aos-auction",
    h("h5", T("auction.title")),
    h("div", T("auction.high"), " ", h("b", a.high_bid ? money(a.high_bid) : "–"), a.high_bidder !== null && a.high_bidder !== undefined ? [" · ", chip(a.high_bidder), " ", seatName(a.high_bidder)] : null),
    h("ul.aos-bids", view.players.map((_, p) => {
      const bid = Array.isArray(bids) ? bids[p] : bids[String(p)];
      return h("li" + (out.has(p) ? ".out" : ""), chip(p), " ", seatName(p), ": ", bid ? money(bid) : "–", out.has(p) ? h("span.aos-badge.out", T("auction.out")) : null,
        tp.holder === p ? h("span.aos-badge", T(tp.used ? "auction.passUsed" : "auction.passHeld")) : null);
    })));
}

function renderActions() {
  const holders = new Map(view.players.map((pl, p) => [pl.action, p]).filter(([id], p) => id && !view.players[p].eliminated));
  const selectable = new Set(ofKind("select").map((a) => a.args[0]));
  els.actions.replaceChildren(h("h4", T("actions.title")), h("div.aos-acards", ACTIONS.map((a) => {
    const holder = holders.get(a.id);
    const can = selectable.has(a.id);
    return h((can ? "button" : "div") + ".aos-acard" + (can ? ".legal" : "") + (holder !== undefined ? ".taken" : ""), {
      type: can ? "button" : undefined, dataset: { id: a.id, action: can ? `select ${a.id}` : undefined }, title: actionText(a),
      onclick: can ? () => send(`select ${a.id}`) : undefined },
    h("span.aos-aname", actionLabel(a.id)),
    h("span.aos-atext", actionText(a)),
    holder !== undefined ? h("span.aos-aholder", chip(holder), " ", seatName(holder)) : null);
  })));
}

function renderSupply() {
  const sup = view.supply || {};
  const growth = view.last_growth;
  const tiles = typeof sup.tiles === "number" ? String(sup.tiles) : sup.tiles ? Object.values(sup.tiles).reduce((x, y) => x + y, 0) : "–";
  const newCities = Array.isArray(sup.new_cities) ? sup.new_cities : [];
  els.supply.replaceChildren(h("h4", T("supply.title")),
    h("div.aos-supplyrow",
      h("span", T("supply.bag"), " ", h("b", String(view.bag ?? "–"))),
      h("span", T("supply.discs"), " ", h("b", String(sup.town_discs ?? "–")))),
    tileSupply(sup.tiles, tiles),
    newCities.length ? h("div.aos-supplyrow", h("span", T("supply.newCities")), newCities.map((c) => {
      const L = typeof c === "string" ? c : c.letter;
      const nc = FIGURES.new_cities.find((x) => x.letter === L);
      return h("span.aos-letterhex.small", { style: { background: CUBE[nc ? nc.color : "black"] } }, L);
    })) : null,
    h("div.aos-supplyrow.aos-growth", h("span", T("supply.growth")),
      growth ? [dice(T("side.west"), growth.west), dice(T("side.east"), growth.east)] : h("span.aos-muted", T("supply.noGrowth"))));
}

/** The track tiles left, by kind (the complex ones run out first and decide what can be built). */
function tileSupply(byKind, total) {
  const kinds = FIGURES.tiles || [];
  if (!byKind || typeof byKind !== "object" || !kinds.length) return h("div.aos-supplyrow", T("supply.tiles"), " ", h("b", String(total)));
  return h("details.aos-tilesupply", h("summary", T("supply.tiles"), " ", h("b", String(total))),
    h("ul", kinds.map((k) => h("li" + (byKind[k.kind] ? "" : ".none"), { dataset: { kind: k.kind } },
      h("b", String(byKind[k.kind] ?? 0)), " ", (lang() === "de" && k.name_de) || k.name))));
}

function dice(label, values) {
  return h("span.aos-dice", label, " ", values && values.length ? values.map((v) => h("span.aos-die", String(v))) : h("span.aos-muted", "–"));
}

// ----- the goods display ---------------------------------------------------------------------------------------
function renderDisplay() {
  const disp = view.display || {};
  const produce = new Set(ofKind("produce").map((a) => a.args[0]));
  const space = (id, i, colour) => {
    const candidates = [`${id}.${i + 1}`];   // the notation numbers a column's spaces from 1
    const target = candidates.find((c) => produce.has(c));
    const el = h((target ? "button" : "span") + ".aos-space" + (colour ? "" : ".empty") + (target ? ".legal" : ""), {
      type: target ? "button" : undefined, dataset: { space: `${id}.${i + 1}`, action: target ? `produce ${target}` : undefined },
      title: colour ? colourName(colour) : T("display.empty"), onclick: target ? () => send(`produce ${target}`) : undefined });
    if (colour) { el.style.background = CUBE[colour] || "#999"; el.textContent = cubeLetter(colour); if (colour === "yellow") el.classList.add("light"); }
    el.setAttribute("aria-label", `${id}.${i + 1}: ${colour ? colourName(colour) : T("display.empty")}`);
    if (!target) el.setAttribute("role", "img");   // a named picture of the space; a legal one is a button
    return el;
  };
  const column = (d) => {
    const spaces = disp[d.id] || Array(d.spaces).fill(null);
    const feeds = d.feeds && HEXES.get(d.feeds);
    const placed = !feeds && (view.new_cities || []).find((c) => c.letter === d.feeds);
    const name = feeds ? feeds.name : placed ? placeName(placed.hex) : T("display.notPlaced");
    return h("div.aos-dcol" + (d.spaces === 2 ? ".newcity" : "") + (!feeds && !placed ? ".idle" : ""), { dataset: { column: d.id }, title: name },
      h("span.aos-dlabel", d.id.length > 1 ? d.id.slice(1) : d.id), h("span.aos-dname", name),
      h("span.aos-dspaces", spaces.map((c, i) => space(d.id, i, c))));
  };
  const half = (letter) => FIGURES.display.filter((d) => d.id.startsWith(letter) && d.id.length > 1);
  const rowOf = (letters) => FIGURES.display.filter((d) => letters.includes(d.id));
  els.display.replaceChildren(h("h4", T("display.title"), h("span.aos-muted", " · ", T("display.info"))),
    h("div.aos-dhalves",
      h("div.aos-dhalf.west", h("h5", T("side.west")), h("div.aos-dcols", half("W").map(column)),
        h("div.aos-dcols.aos-newrow", h("span.aos-dpad"), h("span.aos-dpad"), rowOf(["A", "B", "C", "D"]).map(column))),
      h("div.aos-dhalf.east", h("h5", T("side.east")), h("div.aos-dcols", half("E").map(column)),
        h("div.aos-dcols.aos-newrow", rowOf(["E", "F", "G", "H"]).map(column)))));
}

// ----- status line and log -------------------------------------------------------------------------------------
function statusLine(message) {
  const v = message.view;
  const active = (message.active && message.active.length ? message.active : v && v.active) || [];   // the replay's messages carry only the view's
  const names = active.map((p) => seatName(p, message)).join(", ");
  if (!v || v.phase === "over") return T("status.over");
  return T("status.phase", { phase: T("phase." + v.phase), names: names || "—" });
}

export function status(message) {
  const v = message.view;
  if (!v) return "";
  const seat = typeof message.seat === "number" ? message.seat : null;
  const acts = (message.legal || []).map(parse);
  const prompt = message.status === "running" ? promptFor(v, seat, acts) : null;
  return prompt ? `${T("info.round", { n: v.round, of: v.rounds })}: ${prompt}` : statusLine(message);
}

useWords({ T, actionName, colourName, money, placeName, printedName, seatName });
