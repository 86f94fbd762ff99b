// Tharos's browser view: the 4×4 landscapes under the attack row, the public buildings, each guild's player board
// (action fields with the dice placed on them, the dice market, bag and discard, player cards, medals) and one's
// own action-card hand. Every choice comes from the legal actions: the player picks an action (on the board or in
// the action bar), the dice that can serve it light up and are picked by clicking, then the target (a landscape,
// a market die, an option) and an action card to go with it.
// Keyboard (boardkeys.js): the landscapes, the public buildings and one's own board are each one Tab stop whose
// arrow keys move a cursor over its targets; Enter or Space chooses, Escape cancels the action being put together.
// Focus survives every re-render, and while the keyboard is in use it moves on to where the next choice is made
// (the dice, then the landscape, the market die or the panel's options).
// Protocol (docs/api.md): mount(element, api), update(message), strings; optional status(message), describe(entry).
import { h } from "/static/dom.js";
import { boardKeys } from "/static/boardkeys.js";
import { translator } from "/static/i18n.js";
import { strings as STRINGS } from "./strings.js";
import { parse, families, diceChoice, cellsOf, tokenDie, cellName, cellIndex, CELL, DIE_TOKEN, COLOURS, LETTERS } from "./model.js";
import { dieSvg, blankDie, guildTile, mineTile, sample, chip, LAND, LETTER } from "./board.js";
import { readView, FIELDS, MEDALS } from "./view.js";
import { eventText, useWords } from "./log.js";
export { describe, describeAfter, describeChance } from "./log.js";

/** The page waits for these before the first mount, so the board never shows unstyled. */
export const styles = [new URL("./style.css", import.meta.url).href];

export const strings = STRINGS;

// The printed figures (landscape kinds, converters, cards, buildings) of the default set: loaded once. A match whose
// `figures` option changed them carries its own in the view, and those are used instead (see update).
const DEFAULT_FIGURES = await fetch("/api/games/tharos/figures").then((response) => (response.ok ? response.json() : {}), () => ({}));
let FIGURES = DEFAULT_FIGURES;
// the white fields of the player board and their options, as the figures print them (the board's own list if not)
const boardFields = () => FIGURES.fields || FIELDS;

let api = null, root = null, els = null;
let msg = null, view = null, legal = [], legalSet = new Set(), byFamily = new Map();
let me = null;            // the seat this page acts for (null: spectator)
let pick = null;          // {family, dice: [indices into my active dice]}: the action being put together
let hoverCells = null;    // cells to outline while an option is pointed at
let lastKey = "";
let listening = false;
let keys = [];            // the boardKeys cursors of the table, the buildings and one's own board
let keyboard = false;     // the last input was a key (focus then follows the choice), not a pointer
let advance = false;      // the choice moved on: put the focus where the next one is made
let notice = null;        // why the last click did nothing (a die clicked before an action, or one it cannot use)
let summaryClosed = -1;   // the version of the round end whose summary the player closed (or moved after)
let inactiveOpen = null;  // the player opened (true) or closed (false) the not-yet-active cards; null: open while one can be activated

const lang = () => (api && api.lang) || "en";
const ownT = translator(STRINGS);
const T = (key, params) => (api && api.t ? api.t(key, params) : ownT(key, params));
/** A translation, or `fallback` when the key has none. */
const TF = (key, fallback, params) => { const text = T(key, params); return text === key ? fallback : text; };

function seatName(p, message = msg) {
  if (p === null || p === undefined) return "—";
  const seat = message && (message.seats || []).find((x) => x.seat === p);
  return (seat && seat.name) || T("player.n", { n: p + 1 });
}

// ----- names of things ---------------------------------------------------------------------------------------------
const named = (table, id) => {
  const item = table && (Array.isArray(table) ? table.find((x) => x.id === id) : table[id]);
  if (!item) return null;
  return (lang() === "de" && item.name_de) || item.name || null;
};
const landName = (kind) => named(FIGURES.landscapes, kind) || TF("land." + kind, kind);
const converterName = (id) => named(FIGURES.converters, id) || TF("conv." + id, id);
const cardName = (id) => named(FIGURES.player_cards, id) || TF("pcard." + id, id);
const buildingName = (id) => named(FIGURES.buildings, id) || TF("bld." + id, id);
/** A text of the data files in the page's language (`text` / `text_de`), else this UI's own string. */
function dataText(item, key) {
  const text = item && ((lang() === "de" && item.text_de) || item.text);
  return text || TF(key, "");
}
const cardText = (id) => dataText((FIGURES.player_cards || {})[id], "pctext." + id);
const buildingText = (id) => dataText((FIGURES.buildings || {})[id], "bldtext." + id);
function actionCard(n) {
  const cards = FIGURES.action_cards && (FIGURES.action_cards.cards || FIGURES.action_cards);
  if (Array.isArray(cards)) return cards.find((c) => String(c.number) === String(n)) || null;
  return (cards && cards[String(n)]) || null;
}
const actionCardName = (n) => { const c = actionCard(n); return c ? (lang() === "de" && c.name_de) || c.name : `#${n}`; };
/** An action card by number and name, quoted the page language's way: #22 “Reserve”, #22 „Reserve“. */
const cardRef = (n) => (lang() === "de" ? `#${n} „${actionCardName(n)}“` : `#${n} “${actionCardName(n)}”`);
function actionCardText(n) {
  const c = actionCard(n);
  if (!c) return "";
  const text = (lang() === "de" && c.text_de) || c.text || "";
  // cards 32-38: the landscapes their mines must be on, or the shape of their guild tiles (DESIGN figures)
  const deck = FIGURES.action_cards || {};
  const kinds = (deck.mine_sets || {})[String(n)];
  if (Array.isArray(kinds)) return `${text} (${T("ac.mines", { kinds: kinds.map(landName).join(", ") })})`;
  const shape = (deck.shape_names || {})[String(n)];
  if (shape) return `${text} (${T("ac.shape", { shape: Array.isArray(shape) ? (lang() === "de" && shape[1]) || shape[0] : shape })})`;
  return text;
}
const colourName = (c) => T("color." + c);
/** A die in words: "white 5 (W)" — the letter is the one drawn on the die; pips 0: drawn, not rolled yet. */
const dieLabel = (color, pips) => T(pips ? "die.label" : "die.unrolled", { color: colourName(color), pips, letter: LETTER[color] || "?" });
const cellLabel = (i) => `${cellName(i)} ${view && view.lands[i] ? landName(view.lands[i].kind) : ""}`.trim();

/** A word of an action's arguments in the page's language (a landscape, a die, a card, a building, an option). */
const CARD_NUMBER_KINDS = new Set(["keep", "discard", "damage"]);
function wordLabel(w, kind = "") {
  if (/^[0-9]+$/.test(w)) {
    // an action card's number: a kept, discarded or lost card, or one taken from the discard (a card's or building's take)
    if (CARD_NUMBER_KINDS.has(kind) || kind === "card" || kind === "use") return cardRef(w);
    if (kind === "buy") return T("word.column", { n: w });
    return w;
  }
  if (CELL.test(w)) return `${w} ${view && view.lands[cellIndex(w)] ? landName(view.lands[cellIndex(w)].kind) : ""}`.trim();
  // a die not rolled yet (pips 0: drawn, to be set aside) is only its colour
  if (DIE_TOKEN.test(w)) { const d = tokenDie(w); return d.pips ? `${colourName(d.color)} ${d.pips}` : colourName(d.color); }
  if (COLOURS.includes(w)) return colourName(w);
  if (kind === "medals" && MEDALS.includes(w)) return T("word.medal." + w);
  if (/^[wyrgb]{2,}$/.test(w)) return [...w].map((l) => colourName(COLOURS[LETTERS.indexOf(l)])).join(", ");  // ore/crystal colours
  if (FIGURES.player_cards && FIGURES.player_cards[w]) return cardName(w);
  if (FIGURES.buildings && FIGURES.buildings[w]) return buildingName(w);
  return TF("word." + w, w.replace(/_/g, " "));
}

/** A family's name: "Much money", "Activate Banker", "Play “Sell Claims”". */
function familyLabel(family) {
  const [kind, opt, what] = family.split(" ");
  if (kind === "play") return T("fam.play", { name: actionCardName(opt) });
  if (kind === "card") return T("fam.card", { name: cardName(opt), what: TF(`cact.${opt}.${what}`, TF("cact." + what, what || "")) });
  if (opt !== undefined) {
    const key = `fam.${kind}.${opt}`;
    const text = T(key);
    if (text !== key) return text;
    return TF("fam." + kind, `${kind} ${opt}`, { name: wordLabel(opt) });
  }
  return TF("fam." + kind, kind);
}

/** The kind a word of `a` is read in: an action card naming medals (Exchange of Honours: "civil combat", a card
 *  giving an exploration medal) reads its medal words as medals, not as combat strength. */
const MEDAL_ONLY = ["exploration", "trade", "civil"];
const wordKind = (a) => (a.kind === "play" && a.rest.some((w) => MEDAL_ONLY.includes(w)) ? "medals" : a.kind);

/** The target words of an action in plain language; a number after a die is what the die is turned to. */
function restWords(a) {
  // a die bought: "green from column 1" (word by word it read "column 1 green")
  if (a.kind === "buy" && a.rest.length === 2) return [T("word.bought", { color: colourName(a.rest[1]), n: a.rest[0] })];
  const kind = wordKind(a);
  return a.rest.map((w, i) => (i > 0 && DIE_TOKEN.test(a.rest[i - 1]) && /^[0-9]+$/.test(w) ? `→ ${w}` : wordLabel(w, kind)));
}

/** The target part of an action as readable pieces (landscapes by name, dice drawn, words translated). */
function restLabel(a) {
  if (a.kind === "buy" && a.rest.length === 2 && me !== null) {
    const col = (view.players[me].market[Number(a.rest[0]) - 1] || []);
    const row = col.indexOf(a.rest[1]);
    return [blankDie(a.rest[1], 16), " ", T("buy.option", { color: colourName(a.rest[1]), n: a.rest[0], price: [2, 4, 6][row] ?? "?" })];
  }
  const out = [];
  let afterDie = false;
  for (const w of a.rest) {
    if (DIE_TOKEN.test(w)) { const d = tokenDie(w); out.push(h("span.th-inline", dieSvg(d.color, d.pips, 18, wordLabel(w)))); afterDie = true; continue; }
    if (out.length) out.push(" ");
    // a die followed by a number is turned to that number (Civil Office)
    out.push(afterDie && /^[0-9]+$/.test(w) ? `→ ${w}` : wordLabel(w, wordKind(a)));
    afterDie = false;
  }
  return out;
}

// ----- protocol ------------------------------------------------------------------------------------------------
export function mount(element, a) {
  if (a.seat !== me) pick = null;
  api = a;
  els = {
    action: h("section.th-action", { "aria-label": T("aria.actions") }),
    summary: h("div.th-summarybox"),  // under the sticky action bar, not in it: the choices stay in view
    // one polite live region of this page's own: the prompt when it changes and each step of the action being put
    // together (the dice chosen, what comes next), not the whole action bar at every re-render
    live: h("p.th-sr", { "aria-live": "polite" }),
    table: h("div.th-panel.th-table"),
    buildings: h("div.th-panel.th-buildings"),
    mine: h("div.th-panel.th-myboard"),
    others: h("div.th-others"),
  };
  root = h("div.th-root",
    els.live,
    els.action,
    els.summary,
    // one's own board comes right after the landscapes (on a phone it was below all eight buildings, far from the
    // dice one plays every turn); on a wide screen the grid still puts the buildings under the landscapes
    h("div.th-main", els.table, els.mine, els.buildings),
    els.others);
  element.append(root);
  for (const k of keys) k.destroy();
  const cancel = () => { if (pick) { pick = null; advance = true; render(); } };
  keys = [
    boardKeys(els.table, { selector: ".th-land", keyOf: idOf, onCancel: cancel }),
    boardKeys(els.buildings, { selector: "button", keyOf: idOf, onCancel: cancel }),
    // the cards of a closed <details> are not drawn: the cursor skips them
    boardKeys(els.mine, { selector: "button:not(details:not([open]) *)", keyOf: idOf, onCancel: cancel }),
  ];
  if (!listening) {
    listening = true;
    document.addEventListener("keydown", (e) => {
      keyboard = true;
      if (e.key === "Escape" && root && root.isConnected && pick && !e.defaultPrevented) cancel();
    }, true);
    document.addEventListener("pointerdown", () => { keyboard = false; }, true);
  }
}

/** A target's identity that survives a re-render: its landscape, die, action, family or own key. */
function idOf(el) {
  const d = el.dataset;
  if (d.key) return d.key;
  if (d.cell) return "cell:" + d.cell;
  if (d.token !== undefined && d.index !== undefined) return "die:" + d.index;
  if (d.action) return "act:" + d.action;
  if (d.family) return "fam:" + d.family + (d.card ? ":" + d.card : "");
  if (d.col !== undefined && d.row !== undefined) return `slot:${d.col}:${d.row}`;
  return el.textContent.trim();
}

export function update(message) {
  msg = message;
  const own = message.view && message.view.figures;
  FIGURES = own ? { ...DEFAULT_FIGURES, ...own } : DEFAULT_FIGURES;
  view = readView(message.view || {});
  legal = (message.legal || []).map(parse);
  legalSet = new Set(legal.map((x) => x.text));
  byFamily = families(legal);
  me = typeof message.seat === "number" ? message.seat : null;
  const k = `${message.version}:${message.seat}`;
  if (k !== lastKey) {
    lastKey = k;
    pick = null;
    hoverCells = null;
    advance = true;
  }
  render();
}

// ----- choosing --------------------------------------------------------------------------------------------------
function send(text) {
  if (!api || !legalSet.has(text)) return;
  const ended = lastRoundEnd();
  if (ended) summaryClosed = ended.version;  // playing on: the round's summary has had its moment
  pick = null;
  hoverCells = null;
  api.send(text);
}

/** Start putting an action of `family` together (or send it at once when it has one form and no dice). */
function choose(family) {
  const acts = byFamily.get(family) || [];
  if (!acts.length) return;
  if (acts.length === 1 && !acts[0].dice.length && !acts[0].rest.length) { send(acts[0].text); return; }
  pick = pick && pick.family === family ? null : { family, dice: [] };
  advance = true;
  render();
}

function myActive() { return me !== null && view.players[me] ? view.players[me].active : []; }

/** The state of the dice picking: the tokens chosen, which dice may still be added, the actions complete now. */
function pickState() {
  if (!pick) return null;
  const acts = byFamily.get(pick.family) || [];
  const active = myActive();
  const tokens = pick.dice.map((i) => active[i] && active[i].token).filter(Boolean);
  const { extra, complete } = diceChoice(acts, tokens);
  const needsDice = acts.some((a) => a.dice.length);
  return { acts, tokens, extra, complete, needsDice };
}

function toggleDie(i) {
  const die = myActive()[i];
  // a newcomer clicks a die first: say why nothing happens rather than ignore the click
  if (!pick) { if (die && legal.length) { notice = T("notice.actionFirst", { die: dieLabel(die.color, die.pips) }); render(); } return; }
  const at = pick.dice.indexOf(i);
  if (at >= 0) pick.dice.splice(at, 1);
  else {
    const st = pickState();
    if (!die) return;
    if (!st.extra.has(die.token)) {
      notice = T(st.needsDice ? "notice.notThisDie" : "notice.noDice", { die: dieLabel(die.color, die.pips), action: familyLabel(pick.family) });
      render();
      return;
    }
    pick.dice.push(i);
  }
  advance = !pickState().extra.size;  // the dice are complete: on to the target
  render();
}

/** Cells a click on the grid would complete the picked action with: Map cell -> [actions]. */
function cellTargets() {
  const out = new Map();
  const st = pickState();
  if (!st) return out;
  for (const a of st.complete) {
    const cells = cellsOf(a);
    if (cells.length !== 1) continue;
    if (!out.has(cells[0])) out.set(cells[0], []);
    out.get(cells[0]).push(a);
  }
  return out;
}

/** Market dice a click would buy: Map "col:colour" -> action (the picked buy's dice chosen). */
function marketTargets() {
  const out = new Map();
  const st = pickState();
  if (!st || !pick.family.startsWith("buy")) return out;
  for (const a of st.complete) out.set(`${a.rest[0]}:${a.rest[1]}`, a);
  return out;
}

// ----- rendering -----------------------------------------------------------------------------------------------
function render() {
  if (!root || !view) return;
  const was = document.activeElement;
  const section = was && root.contains(was) ? Object.values(els).find((el) => el !== els.live && el.contains(was)) : null;
  const id = section ? idOf(was) : null;
  renderAction();
  els.summary.replaceChildren(...[roundSummary()].filter(Boolean));
  renderTable();
  renderBuildings();
  renderMine();
  renderOthers();
  for (const k of keys) k.refresh();
  // the focus is this page's to move only when it was on this board or nowhere (never away from, say, a text box)
  placeFocus(section, id, !!section || !was || was === document.body);
}

const focusables = (el) => [...el.querySelectorAll("button, [tabindex], summary")];

/** After a re-render: the focus back on the same target, or (keyboard in use) on where the next choice is made. */
function placeFocus(section, id, ours) {
  const moveOn = advance && keyboard && ours;
  advance = false;
  if (moveOn) {
    const next = nextTarget();
    if (next) { next.focus(); return; }
  }
  if (!section) return;
  const same = focusables(section).find((el) => idOf(el) === id);
  if (same) same.focus({ preventScroll: true });
  else if (keyboard) (focusables(section)[0] || section).focus({ preventScroll: true });
}

/** Where the next choice is made: a die to add, the landscape or market die to take, the panel's options, else the
 *  first choice of the action bar. */
function nextTarget() {
  const st = pickState();
  const first = (selector) => root.querySelector(selector);
  if (st) {
    if (st.needsDice && st.extra.size) return first(".th-myboard button.th-die.legal");
    return first("button.th-land.legal") || first(".th-myboard button.th-mslot.legal") || first(".th-pick .th-options button")
      || first(".th-pick button");
  }
  return first(".th-action .th-groups button") || null;
}

function button(text, label, { primary = false, cls = "", title = null } = {}) {
  return h("button" + (primary ? ".primary" : "") + (cls ? "." + cls : ""), {
    type: "button", dataset: { action: text }, title: title || text, onclick: () => send(text) }, label);
}
function familyButton(family, label = null, cls = "") {
  const on = pick && pick.family === family;
  return h("button.th-fam" + (on ? ".on" : "") + (cls ? "." + cls : ""), {
    type: "button", dataset: { family }, title: familyHint(family), onclick: () => choose(family) }, label || familyLabel(family));
}
function familyHint(family) {
  const [kind, opt] = family.split(" ");
  if (kind === "play") return actionCardText(opt);
  if (kind === "activate") {
    const act = ((FIGURES.player_cards || {})[opt] || {}).activation;
    if (act) return T("hint.activate", { dice: (act.dice || []).map(colourName).join(" + "), sum: act.sum });
  }
  if (kind === "card" || kind === "tile") return cardText(opt);
  if (kind === "use") return buildingText(opt);
  if (kind === "build") return T("hint.build", { text: buildingText(opt) });
  return TF("hint." + family.replace(" ", "."), "");
}

const STEPS = ["prep", "actions", "attack", "cleanup", "round_end"];
// the rules' steps (turn.py) on the five phases the page names
const STEP_OF = { prep: "prep", roll: "prep", actions: "actions", attack: "attack", cleanup_offer: "cleanup", cleanup: "cleanup",
  round_end: "round_end", medals: "round_end", round_over: "round_end" };

function headline() {
  const v = view;
  const round = h("span.th-round", T("info.round", { n: v.round, of: 4 }), " · ", T("info.turn", { n: v.turn, of: 4 }));
  const step = STEP_OF[v.step] || v.step;
  const steps = h("ol.th-steps", STEPS.map((x) => h("li" + (x === step ? ".on" : ""), { dataset: { step: x } }, T("step." + x))));
  const attack = v.target >= 0 ? h("span.th-strength", { title: T("attack.title") },
    T("attack.line", { land: cellLabel(v.target), strength: v.strength })) : null;
  return h("div.th-headline", round, steps, attack);
}

function promptFor() {
  if (me === null || !legal.length) return null;
  const kinds = new Set(legal.map((a) => a.kind));
  if (kinds.has("keep")) return T("prompt.keep");
  if (kinds.has("discard")) return T("prompt.discard");
  if (kinds.has("medal")) return T("prompt.medal", { points: view.players[me].combat_points });
  if (kinds.has("damage")) {
    // what the round-end card takes (the pending step names it): a newcomer should not have to guess from the options
    const effect = view.pending && view.pending.player === me && (view.pending.data || [])[0];
    return effect ? T("prompt.damageOf", { what: TF("dmg." + effect, String(effect)).replace(/:$/, "") }) : T("prompt.damage");
  }
  if (kinds.has("give")) return T("prompt.give");
  if (kinds.has("draw")) return T("prompt.draw");
  if (kinds.has("roll")) return T("prompt.roll");
  const pl = view.players[me];
  const pending = view.pending && view.pending.player === me ? view.pending.kind : null;
  if (pending) {
    const text = T("prompt.pending." + pending);
    if (text !== "prompt.pending." + pending) return text;
  }
  if (pl && pl.acted && kinds.has("done")) return T("prompt.after");
  return T("prompt.action");
}

// the action bar's height while an action is put together: it never shrinks under the player's clicks (the board
// under the sticky bar stayed put only as long as the bar kept its height)
let panelFloor = { key: null, height: 0 };

function renderAction() {
  const box = els.action;
  const mine = me !== null && legal.length > 0;
  // three parts: the head (round, the attack and how it stands for this seat, the prompt) and the foot (pass / end
  // the move, and the warning of a lost attack) always in view; the body between them (the action being put
  // together, else the choices) scrolls only if it must
  const head = [headline(), threatLine()];
  if (view.step === "over") head.push(h("strong.th-prompt", T("prompt.over")), tieNote());
  else if (mine) head.push(h("strong.th-prompt", promptFor()));
  else head.push(h("span.th-prompt.waiting", statusLine(msg)));
  const said = mine ? notice : null;
  notice = null;  // shown once: the next click or update clears it
  if (said) head.push(h("p.th-notice", { role: "status" }, said));
  const body = [];
  let foot = null;
  if (mine) {
    const st = pickState();
    // while an action is put together its panel stands in for the other choices (the board still offers them, and
    // ✕ brings them back): the bar keeps one height while the dice are picked
    if (st) body.push(pickPanel(st));
    else body.push(familyGroups((g) => g !== "end"));
    foot = endRow();
  }
  box.classList.toggle("mine", mine);
  box.replaceChildren(...[h("div.th-acthead", head.filter(Boolean)),  // tieNote() gives null when nobody tied
    body.length ? h("div.th-actbody", body) : null, foot].filter(Boolean));
  holdHeight(box, mine && pick ? `${lastKey}:${pick.family}` : null);
  announce(said || (mine ? spokenState() : ""));
}

/** While one action is put together the bar keeps the tallest height it has had for it (a row that comes and goes
 *  with the dice picked does not move the board under it); any other time it takes its own height. */
function holdHeight(box, key) {
  if (key !== panelFloor.key) panelFloor = { key, height: 0 };
  box.style.minHeight = "";
  if (!key) return;
  const height = box.getBoundingClientRect().height;
  panelFloor.height = Math.max(panelFloor.height, height);
  if (panelFloor.height > height) box.style.minHeight = `${panelFloor.height}px`;
}

/** The turn's open attack as it stands for this seat (the rules' outlook, view.py), while the seat can still do
 *  something about it: not yet passed. Null for a spectator, with no attack open, or once passed. */
function myOutlook() {
  if (me === null || view.step === "over") return null;
  const pl = view.players[me];
  return pl && !pl.passed && pl.attack ? pl.attack : null;
}

/** What losing the attack costs this seat, in words (the rules' outlook names each loss). */
function lossText(o) {
  const land = wordLabel(o.landscape);
  const loss = o.loss || {};
  return [loss.card_tile ? T("threat.card") : loss.give ? T("threat.give") : null,
    loss.tile ? T("threat.tile", { land }) : null, loss.mine ? T("threat.mine", { land }) : null].filter(Boolean).join(", ");
}

/** The attack that threatens this seat: its combat strength against what the attack needs, what a loss costs and
 *  what defends; or that it holds. */
function threatLine() {
  const o = myOutlook();
  if (!o) return null;
  const land = wordLabel(o.landscape);
  const figures = { land, defence: o.defence, strength: o.strength };
  const conv = o.converter ? " " + T("threat.conv", { n: o.converter }) : "";
  if (o.holds) return h("p.th-threat.safe", { dataset: { holds: "true" } }, T(o.sure ? "threat.sure" : "threat.holds", figures) + conv);
  const costs = lossText(o);
  return h("p.th-threat", { dataset: { holds: "false" } }, h("strong", T("threat.short", figures) + conv), " ",
    costs ? T("threat.loses", { costs }) + " " : "", h("span.th-threatdef", T("threat.defend")));
}

/** The foot of the bar: pass / end the move, always in view; passing into a lost attack says so right beside. */
function endRow() {
  const row = familyGroups((g) => g === "end");
  if (!row) return null;
  const o = myOutlook();
  const pass = row.querySelector('button[data-action="pass"]');
  if (pass && o && !o.holds) {
    pass.classList.add("warn");
    pass.setAttribute("aria-describedby", "th-passwarn");
    pass.title = T("pass.warn", { land: wordLabel(o.landscape), defence: o.defence, strength: o.strength });
    pass.after(h("span.th-passwarn", { id: "th-passwarn" }, "⚠ ", T("pass.warn", { land: wordLabel(o.landscape), defence: o.defence, strength: o.strength })));
  }
  row.classList.add("th-actfoot");
  return row;
}

/** The log tail's entries that ended a round (their round_over event), oldest first. */
function roundEnds() {
  return (msg.log || []).filter((entry) => (entry.events || []).some((e) => e && e.type === "round_over"));
}

/** The newest log entry that ended a round, if the log tail holds one. */
function lastRoundEnd() {
  return roundEnds().at(-1) || null;
}

const SUMMARY_EVENTS = new Set(["round_end_card", "damage", "medal"]);

/** The round end ran by itself and only the log told of it: what it did (round-end cards and whom they hit, what
 *  each lost, the medals taken), shown until the player closes it or plays on. */
function roundSummary() {
  const ends = roundEnds();
  const ended = ends.at(-1);
  if (!ended || ended.version <= summaryClosed || view.step === "over") return null;
  const log = msg.log || [];
  // this seat has played since (the page was reloaded, so it does not remember): the summary has had its moment
  if (me !== null && log.some((entry) => entry.version > ended.version && entry.seat === me)) return null;
  const since = ends.length > 1 ? ends.at(-2).version : -1;
  const round = log.filter((entry) => entry.version > since && entry.version <= ended.version);
  // from the first round-end card on (a medal taken mid-round is not the round end's doing)
  const first = round.findIndex((entry) => (entry.events || []).some((e) => e && e.type === "round_end_card"));
  const lines = round.slice(first < 0 ? round.length - 1 : first)
    .flatMap((entry) => (entry.events || []).filter((e) => e && SUMMARY_EVENTS.has(e.type)))
    .map((e) => (e.type === "medal" ? T("summary.medal", { name: seatName(e.player), medal: T("word.medal." + e.medal), n: e.n }) : eventText(e)))
    .filter(Boolean);
  const n = ended.events.find((e) => e && e.type === "round_over").round;
  return h("section.th-summary", { "aria-labelledby": "th-summary-title", dataset: { round: n } },
    h("div.th-summaryhead", h("strong", { id: "th-summary-title" }, T("summary.title", { n })),
      h("button", { type: "button", dataset: { summaryClose: "" }, onclick: () => {
        summaryClosed = ended.version;
        render();
        const next = els.action.querySelector("button");  // the focus goes on to the choices, not to the page's top
        if (next) next.focus();
      } }, T("summary.close"))),
    lines.length ? h("ul", lines.map((line) => h("li", line))) : h("p.th-muted", T("summary.quiet")));
}

/** When the winner's total is shared, how the tie was broken (the score table shows equal totals and one winner). */
function tieNote() {
  const totals = (msg.scores || []).map((x) => x.total);
  const best = Math.max(...totals);
  if (totals.filter((x) => x === best).length < 2 || (msg.winners || []).length !== 1) return null;
  return h("p.th-muted.th-tie", T("prompt.tie", { name: seatName(msg.winners[0]) }));
}

/** What the live region says now: the prompt, and while an action is put together its dice and next step. */
function spokenState() {
  const st = pickState();
  if (!st) return promptFor() || "";
  const dice = st.tokens.map((t) => { const d = tokenDie(t); return dieLabel(d.color, d.pips); });
  const next = st.needsDice && st.extra.size ? T("pick.start") : cellTargets().size ? T("pick.cells") : T("aria.confirm");
  return [familyLabel(pick.family), dice.length ? `${T("pick.dice")} ${dice.join(", ")}` : null, next].filter(Boolean).join(". ");
}

function announce(text) {
  if (els.live.textContent !== text) els.live.textContent = text;
}

// the action bar's groups: board fields, player cards and buildings, converter, action cards, the rest
const GROUP_OF = {
  money: "board", cards: "board", tile: "board", reroll: "board", land: "board", explore: "board", buy: "board",
  mine: "board", build: "board", defend: "board", activate: "cards", use: "cards", card: "cards", convert: "free",
  play: "play", pass: "end", done: "end",
};
function familyGroups(keep = () => true) {
  const groups = new Map();
  for (const family of byFamily.keys()) {
    const g = GROUP_OF[family.split(" ")[0]] || "decide";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(family);
  }
  const order = ["decide", "board", "cards", "free", "play", "end"].filter((g) => groups.has(g) && keep(g));
  if (!order.length) return null;
  return h("div.th-groups", order.map((g) => h("div.th-group", { dataset: { group: g } },
    h("span.th-glabel", T("group." + g)),
    groups.get(g).map((family) => {
      const acts = byFamily.get(family);
      // a family of one plain action (pass, done, keep 17, medal take) is a button that sends it
      if (acts.length === 1 && !acts[0].dice.length && !acts[0].rest.length) return button(acts[0].text, familyLabel(family), { primary: family === "done", cls: "th-fam" });
      if (g === "decide" && acts.every((a) => !a.dice.length)) {
        return acts.map((a) => {
          // a card kept or discarded shows its text on the choice itself (it was only in the tooltip)
          const text = decisionText(a);
          return button(a.text, text ? [h("span.th-optname", familyLabel(family), " ", ...restLabel(a)), h("small.th-opttext", text)]
            : [familyLabel(family), " ", ...restLabel(a)], { cls: "th-fam" + (text ? ".withtext" : ""), title: decisionTitle(a) });
        });
      }
      // declining (the free use right after building: `use X skip`) is a button of its own beside the family's,
      // not an option hidden inside its panel
      const skip = acts.find((a) => !a.dice.length && a.rest.length === 1 && a.rest[0] === "skip");
      if (skip) return [familyButton(family), button(skip.text, T("fam.skipOf", { name: wordLabel(family.split(" ")[1] || "") }), { cls: "th-fam" })];
      return familyButton(family);
    }))));
}

/** The effect of the action card a decision keeps or discards, or "". */
function decisionText(a) {
  const card = a.rest.find((w) => /^[0-9]+$/.test(w));
  return card && (a.kind === "keep" || a.kind === "discard") ? actionCardText(card) : "";
}

/** The text behind a decision's choice: an action card's effect (keep, discard), else the notation. */
function decisionTitle(a) {
  const card = a.rest.find((w) => /^[0-9]+$/.test(w));
  return card && CARD_NUMBER_KINDS.has(a.kind) ? actionCardText(card) : a.text;
}

/** An option of the action panel: its target words, else Confirm. Building offers two separate choices, unowned and
 *  owned ("and own it" read as the tail of the Confirm button beside it). */
function optionLabel(a, building) {
  if (building) {
    const name = buildingName(pick.family.split(" ")[1]);
    if (a.rest[0] !== "own") return T("opt.buildPublic", { name });
    const more = a.rest.length > 1 ? [" ", ...restLabel({ ...a, rest: a.rest.slice(1) })] : [];
    return [T("opt.buildOwn", { name }), ...more];
  }
  return a.rest.length ? restLabel(a) : [T("act.confirm"), ": ", familyLabel(pick.family)];
}

/** The panel of the action being put together: its dice, then its targets, then confirm. */
function pickPanel(st) {
  const out = [h("strong.th-picking", familyLabel(pick.family))];
  const hint = familyHint(pick.family);
  if (hint) out.push(h("span.th-muted", " — ", hint));
  // the name and its hint flow as one text (as flex items of their own the hint became a narrow column on a phone)
  const rows = [h("div.th-pickhead", h("span.th-pickwhat", out), h("button.th-x", { type: "button", title: T("act.cancel"), "aria-label": T("act.cancel"), onclick: () => { pick = null; advance = true; render(); } }, "✕"))];
  // a player card to activate: what it does, here where it is chosen (its text was only on the card far below)
  const [kind, opt] = pick.family.split(" ");
  if (kind === "activate" && cardText(opt)) rows.push(h("div.th-effect", T("pick.effect", { text: cardText(opt) })));
  // every row below is there from the first die on, so picking dice does not move the rows (nor the board)
  if (st.needsDice) {
    rows.push(h("div.th-pickdice",
      h("span.th-glabel", T("pick.dice")),
      st.tokens.length ? st.tokens.map((t) => { const d = tokenDie(t); return h("span.th-inline", dieSvg(d.color, d.pips, 24, dieLabel(d.color, d.pips))); }) : h("span.th-muted", T("pick.none")),
      // a die still needed (nothing complete yet) or one that may join (the action is complete as it is)
      st.extra.size && st.tokens.length ? h("span.th-hint", T(st.complete.length ? "pick.more" : "pick.needMore", { n: st.extra.size })) : null));
  }
  const complete = st.needsDice ? st.complete : st.acts;
  const cells = new Set();
  for (const a of complete) if (cellsOf(a).length === 1) cells.add(cellsOf(a)[0]);
  // the next step in one line: the dice, a landscape, or an option below
  const next = !complete.length ? (st.needsDice && !st.tokens.length ? T("pick.start") : "") : cells.size ? T("pick.cells") : "";
  rows.push(h("div.th-next", next ? h("span.th-hint", next) : null));
  const building = kind === "build";
  rows.push(h("div.th-options", complete.map((a) => {
    const b = button(a.text, optionLabel(a, building), { primary: !a.rest.length && !building, cls: "th-opt" + (building ? ".choice" : "") });
    const cs = cellsOf(a);
    if (cs.length) {
      b.addEventListener("pointerenter", () => { hoverCells = new Set(cs); renderTable(); });
      b.addEventListener("pointerleave", () => { hoverCells = null; renderTable(); });
      // the keyboard shows the same outline as the pointer
      b.addEventListener("focus", () => { hoverCells = new Set(cs); renderTable(); });
      b.addEventListener("blur", () => { hoverCells = null; if (root && root.isConnected) renderTable(); });
    }
    return b;
  })));
  // an action card goes with an action: before it (offered here) or after it (offered once the action is done)
  const plays = [...byFamily.keys()].filter((f) => f.startsWith("play ") && f !== pick.family);
  if (plays.length && !pick.family.startsWith("play ")) {
    rows.push(h("div.th-withcard", h("span.th-glabel", T("pick.withCard")), plays.map((f) => familyButton(f, familyLabel(f), "small"))));
  }
  return h("div.th-pick", { dataset: { family: pick.family } }, rows);
}

// ----- the table: attack row, landscapes, round marker ----------------------------------------------------------
function renderTable() {
  const v = view;
  const targets = cellTargets();
  const attack = h("div.th-attackrow", h("div.th-corner", { title: T("attack.deck", { n: v.attack_deck ?? "?" }) }, T("attack.deckShort", { n: v.attack_deck ?? "?" })),
    [0, 1, 2, 3].map((col) => {
      const card = v.attack[col];
      if (!card) return h("div.th-attack.empty", { dataset: { col } }, "");
      const current = col === v.attack.length - 1 && v.target >= 0;
      return h("div.th-attack" + (current ? ".current" : ""), { dataset: { col }, title: T("attack.card", { value: card.value, round: v.round, strength: card.value + v.round }) },
        h("span.th-attackval", String(card.value)), current ? h("span.th-attackr", `+${v.round} = ${card.value + v.round}`) : null,
        card.tiles.length ? h("span.th-tiles", card.tiles.map((p) => guildTile(p, seatName(p)))) : null);
    }));
  const rows = [0, 1, 2, 3].map((row) => h("div.th-landrow" + (row === v.round - 1 ? ".now" : ""),
    h("div.th-marker", row === v.round - 1 ? h("span.th-roundmarker", { title: T("info.marker") }, "R" + (row + 1)) : h("span.th-rowno", String(row + 1))),
    [0, 1, 2, 3].map((col) => landscape(row * 4 + col, targets))));
  const drawn = (v.round_end_drawn || []).length ? h("div.th-roundend", T("roundend.drawn"), " ", v.round_end_drawn.map((c) => h("span.th-recard", { title: roundEndText(c) }, `#${c}: ${roundEndText(c)}`))) : null;
  els.table.replaceChildren(...[h("h4", T("table.title")), h("div.th-grid", attack, rows), drawn, legend()].filter(Boolean));
}

/** A round-end card's damage in the current round, from the printed figures ("nothing happens" when none). */
function roundEndText(c) {
  const rounds = (FIGURES.round_end || {})[String(c)];
  const effects = rounds && rounds[view.round - 1];
  if (!effects) return "#" + c;
  return effectsText(effects);
}
/** A round-end card's damage ([[effect, n], ...]) in words. */
function effectsText(effects) {
  if (!effects.length) return T("roundend.nothing");
  return effects.map(([effect, n]) => T("roundend.effect", { what: TF("dmg." + effect, effect).replace(/:$/, ""), n: n || T(effect.startsWith("half") ? "roundend.half" : "roundend.all") })).join("; ");
}

function landscape(i, targets) {
  const l = view.lands[i];
  const colours = LAND[l.color] || LAND.white;
  const target = i === view.target;
  const acts = targets.get(i);
  const hovered = hoverCells && hoverCells.has(i);
  const cls = ".th-land" + (target ? ".target" : "") + (acts ? ".legal" : "") + (hovered ? ".hover" : "");
  const title = [cellLabel(i), T("land.converter", { name: converterName(l.converter) })].join(" · ");
  // what a reader hears on the cursor: the landscape, its samples, pieces, the attack and the choice it makes
  const spoken = [title, l.ore ? T("land.ore", { color: colourName(l.color) }) : null, l.crystal ? T("land.crystal", { color: colourName(l.color) }) : null,
    ...l.mines.map((p) => T("land.mine", { name: seatName(p) })), ...l.guild.map((p) => T("land.guild", { name: seatName(p) })),
    target ? T("attack.line", { land: cellName(i), strength: view.strength }) : null,
    acts && acts.length === 1 ? T("land.choose", { action: pick ? familyLabel(pick.family) : acts[0].text }) : null].filter(Boolean).join(", ");
  const el = h((acts ? "button" : "div") + cls, {
    type: acts ? "button" : undefined, role: acts ? undefined : "group", "aria-label": spoken,
    dataset: { cell: cellName(i), action: acts && acts.length === 1 ? acts[0].text : undefined }, title,
    style: { background: colours.fill, borderColor: colours.dark },
    onclick: acts ? () => { if (acts.length === 1) send(acts[0].text); } : () => landNotice(i) },
  h("span.th-landname", landName(l.kind)),
  // the coordinate shares the samples' row: beside the name it ran into long names (Wasteland, Ödland, Gebirge)
  h("span.th-samples", l.ore ? sample("ore", l.color, T("land.ore", { color: colourName(l.color) })) : null,
    l.crystal ? sample("crystal", l.color, T("land.crystal", { color: colourName(l.color) })) : null,
    h("span.th-cellname", cellName(i))),
  h("span.th-conv", { title: T("land.converter", { name: converterName(l.converter) }) }, "⚙ ", converterName(l.converter)),
  h("span.th-pieces", l.mines.map((p) => mineTile(p, T("land.mine", { name: seatName(p) }))), l.guild.map((p) => guildTile(p, T("land.guild", { name: seatName(p) })))),
  target ? h("span.th-targetmark", { title: T("attack.title") }, "⚔ " + view.strength) : null);
  return el;
}

/** A landscape clicked that no choice uses now: say why (a newcomer starting from the map met silence). */
function landNotice(i) {
  if (me === null || !legal.length) return;
  const st = pickState();
  const land = cellLabel(i);
  if (!st) notice = T("notice.landFirst", { land });
  else if (st.needsDice && st.extra.size && !st.complete.length) notice = T("notice.landDice", { land, action: familyLabel(pick.family) });
  else notice = T("notice.notThisLand", { land, action: familyLabel(pick.family) });
  render();
}

function legend() {
  return h("div.th-legend", h("span", sample("ore", "white"), " ", T("legend.ore")), h("span", sample("crystal", "white"), " ", T("legend.crystal")),
    h("span", mineTile(me ?? 0), " ", T("legend.mine")), h("span", guildTile(me ?? 0), " ", T("legend.guild")),
    h("span", T("legend.deck", { n: view.action_deck ?? "?", d: (view.action_discard || []).length })),
    h("span.th-legend-dice", ["white", "yellow", "red", "green", "blue"].map((c) => h("span", blankDie(c, 14), " ", colourName(c)))),
    h("span", T("legend.keys")));
}

// ----- buildings -------------------------------------------------------------------------------------------------
function familiesNaming(word) {
  return [...byFamily.keys()].filter((f) => f.split(" ").slice(1).includes(word));
}

function renderBuildings() {
  const v = view;
  const all = [...v.built.map((b) => ({ id: b, built: true })), ...v.unbuilt.map((b) => ({ id: b, built: false }))];
  els.buildings.replaceChildren(h("h4", T("bld.title")), h("div.th-bldrow", all.map(({ id, built }) => {
    const b = (FIGURES.buildings || {})[id] || {};
    const owner = v.owners[id];
    const fams = me !== null ? familiesNaming(id) : [];
    return h("div.th-bld" + (built ? ".built" : "") + (fams.length ? ".legal" : ""), { dataset: { building: id } },
      h("div.th-bldhead", h("strong", buildingName(id)), b.price !== undefined ? h("span.th-price", T("bld.price", { n: b.price })) : null),
      h("div.th-bldtext", buildingText(id)),
      h("div.th-bldfoot", built ? (owner !== undefined && owner !== null ? h("span", guildTile(owner, seatName(owner)), " ", T("bld.owner", { name: seatName(owner) })) : h("span.th-muted", T("bld.public"))) : h("span.th-muted", T("bld.unbuilt")),
        fams.map((f) => familyButton(f, familyLabel(f), "small"))));
  })));
}

// ----- a player's board ---------------------------------------------------------------------------------------
function renderMine() {
  const p = me !== null ? me : 0;
  els.mine.replaceChildren(playerBoard(p, me !== null));
}

function renderOthers() {
  const others = view.players.map((_, p) => p).filter((p) => p !== (me !== null ? me : 0));
  els.others.replaceChildren(...others.map((p) => h("div.th-panel.th-other", { dataset: { player: p } }, playerBoard(p, false))));
}

function playerBoard(p, own) {
  const pl = view.players[p];
  const acting = (msg.active || []).includes(p);
  const head = h("h4.th-phead", chip(p), " ", seatName(p), own ? h("span.th-badge.you", T("player.you")) : null,
    p === view.start_player ? h("span.th-badge", { title: T("player.startTitle") }, T("player.start")) : null,
    acting ? h("span.th-badge.acting", T("player.acting")) : null,
    pl.passed ? h("span.th-badge", T("player.passed")) : null);
  const stats = h("div.th-stats",
    h("span.th-stat", { title: T("stat.moneyTitle") }, h("span.th-coin", "J"), h("b", String(pl.money)), " ", T("stat.jars")),
    h("span.th-stat", { title: T("stat.combatTitle") }, "⚔ ", h("b", String(pl.combat_strength)), " ", T("stat.combat")),
    h("span.th-stat", { title: T("stat.pointsTitle") }, T("stat.points"), " ", pointsTrack(pl.combat_points)),
    h("span.th-stat", guildTile(p), " ", h("b", String(pl.guild)), "/12"),
    h("span.th-stat", mineTile(p), " ", h("b", String(pl.mines)), "/10"),
    h("span.th-stat", T("stat.samples"), " ", pl.ore.map((c) => h("span.th-sampled", sample("ore", c, T("land.ore", { color: colourName(c) })), h("small", { "aria-hidden": "true" }, LETTER[c]))),
      pl.crystal.map((c) => h("span.th-sampled", sample("crystal", c, T("land.crystal", { color: colourName(c) })), h("small", { "aria-hidden": "true" }, LETTER[c]))), !pl.ore.length && !pl.crystal.length ? "–" : null));
  return h("div.th-board" + (own ? ".own" : ""), { dataset: { player: p } },
    head, stats,
    activeDice(p, pl, own),
    fieldsBox(p, pl, own),
    h("div.th-boardrow", marketBox(p, pl, own), bagBox(pl), medalsBox(pl)),
    handBox(p, pl, own),
    cardsBox(p, pl, own));
}

function pointsTrack(n) {
  return h("span.th-track", [1, 2, 3, 4, 5, 6, 7].map((i) => h("i" + (i <= n ? ".on" : ""))), h("b", String(n)));
}

function activeDice(p, pl, own) {
  const st = own ? pickState() : null;
  const dice = pl.active.map((d, i) => {
    const selected = !!(st && pick.dice.includes(i));
    const can = !!(st && !selected && st.extra.has(d.token));
    const cls = ".th-die" + (selected ? ".on" : "") + (can ? ".legal" : "") + (st && st.needsDice && !can && !selected ? ".dim" : "");
    const label = dieLabel(d.color, d.pips);
    return h((own ? "button" : "span") + cls, {
      type: own ? "button" : undefined, dataset: { token: d.token, index: i }, title: label,
      "aria-label": own ? label + (can ? ", " + T("die.can") : "") : undefined,
      "aria-pressed": own && st ? String(selected) : undefined,
      onclick: own ? () => toggleDie(i) : undefined }, dieSvg(d.color, d.pips, own ? 38 : 26, own ? null : label));
  });
  return h("div.th-activebox", h("span.th-glabel", T("dice.active")),
    h("div.th-active", dice.length ? dice : h("span.th-muted", T("dice.noneActive"))));
}

/** The action fields of the board, the dice lying on each, and (for the own board) the options that can be taken. */
function fieldsBox(p, pl, own) {
  const field = (id) => {
    const used = pl.fields[id];
    const dice = pl.placed.filter((d) => d.on === id);
    // another guild's board shows only what was used (its options are the same as one's own)
    const options = boardFields()[id] || [];
    const shown = own ? options : options.filter((opt) => used === opt);
    const opts = shown.map((opt) => {
      const family = opt ? `${famKind(id, opt)}` : id;
      const can = own && byFamily.has(family);
      const cls = ".th-fopt" + (used === opt ? ".used" : "") + (can ? ".legal" : "");
      return can ? h("button" + cls, { type: "button", dataset: { family }, onclick: () => choose(family), title: familyHint(family) }, T(`field.${id}.${opt}`))
        : h("span" + cls, T(`field.${id}.${opt}`));
    });
    return h("div.th-field.f-" + id + (used ? ".blocked" : ""), { dataset: { field: id } },
      h("span.th-fname", T("field." + id)), h("div.th-fopts", opts),
      h("div.th-fdice", dice.map((d) => dieSvg(d.color, d.pips, 26, dieLabel(d.color, d.pips)))));
  };
  const red = pl.placed.filter((d) => d.on === "attack");
  const defendCan = own && byFamily.has("defend");
  const attack = h("div.th-field.f-attack", { dataset: { field: "attack" } },
    h("span.th-fname", T("field.attack")),
    !own ? null : defendCan ? h("button.th-fopt.legal", { type: "button", dataset: { family: "defend" }, onclick: () => choose("defend") }, T("fam.defend")) : h("span.th-fopt", T("field.attack.text")),
    h("div.th-fdice", red.map((d) => dieSvg(d.color, d.pips, 26, dieLabel(d.color, d.pips)))),
    h("span.th-fsum", "⚔ ", String(pl.combat_strength), pl.sure_defence ? h("span.th-badge", T("stat.sure")) : null));
  const yellow = h("div.th-field.f-yellow", { dataset: { field: "yellow" } }, h("span.th-fname", T("field.yellow")), own ? h("span.th-fopt", T("field.yellow.text")) : null,
    pl.buildings_used.length ? h("span.th-muted", T("field.yellow.used", { list: pl.buildings_used.map(buildingName).join(", ") })) : null);
  return h("div.th-fields", Object.keys(boardFields()).map(field), attack, yellow);
}
// the family of a field's option in the notation: "money many", "cards large", "tile" (its card follows), "land"
function famKind(id, opt) {
  if (id === "money" || id === "cards") return `${id} ${opt}`;
  return opt;
}

function marketBox(p, pl, own) {
  const targets = own ? marketTargets() : new Map();
  const buyable = own && byFamily.has("buy");
  const prices = [2, 4, 6];
  const cols = pl.market.map((col, c) => h("div.th-mcol", [2, 1, 0].map((row) => {
    const colour = col[row];
    if (!colour) return h("span.th-mslot.empty", { dataset: { col: c + 1, row } }, h("small", String(prices[row])));
    const act = targets.get(`${c + 1}:${colour}`);
    const el = h((act ? "button" : "span") + ".th-mslot" + (act ? ".legal" : ""), {
      type: act ? "button" : undefined, dataset: { col: c + 1, row, color: colour, action: act ? act.text : undefined },
      title: T("market.die", { color: colourName(colour), price: prices[row] }), onclick: act ? () => send(act.text) : undefined,
      "aria-label": act ? T("market.buy", { die: T("market.die", { color: colourName(colour), price: prices[row] }), n: c + 1 }) : undefined },
    blankDie(colour, 22, act ? null : T("market.die", { color: colourName(colour), price: prices[row] })), h("small", { "aria-hidden": "true" }, String(prices[row])));
    return el;
  })));
  return h("div.th-market", h("span.th-glabel", T("market.title")),
    buyable ? h("button.th-fam.small" + (pick && pick.family === "buy" ? ".on" : ""), { type: "button", dataset: { family: "buy" }, onclick: () => choose("buy") }, T("fam.buy")) : null,
    h("div.th-mcols", cols));
}

function bagBox(pl) {
  return h("div.th-bag", h("span.th-glabel", T("bag.title")),
    h("div", T("bag.count", { n: pl.bag })),
    h("div.th-discard", h("span", T("bag.discard", { n: pl.discard.length })), " ", pl.discard.map((c) => blankDie(c, 13, dieLabel(c, "–")))),
    pl.stored && pl.stored.length ? h("div", T("bag.stored", { n: pl.stored.length })) : null);
}

function medalsBox(pl) {
  return h("div.th-medals", h("span.th-glabel", T("medal.title")),
    h("div.th-medalrow", MEDALS.map((m, i) => h("span.th-medal.m-" + m, { title: T("medal." + m), role: "img", "aria-label": `${T("medal." + m)}: ${pl.medals[i]}` }, h("i", T("medal.short." + m)), h("b", String(pl.medals[i]))))));
}

function cardsBox(p, pl, own) {
  const placedOn = (card) => pl.placed.filter((d) => d.on === "card:" + card || d.on === card);
  const card = (id, active) => {
    const fams = own ? familiesNaming(id) : [];
    const tiles = pl.card_tiles[id] || 0;
    const used = pl.cards_used.includes(id);
    const fresh = pl.cards_new.includes(id);
    return h("div.th-pcard" + (active ? ".active" : ".inactive") + (used ? ".used" : "") + (fams.length ? ".legal" : ""), { dataset: { card: id } },
      h("div.th-pchead", h("strong", cardName(id)), costOf(id)),
      h("div.th-pctext", cardText(id)),
      tiles ? h("div.th-pctiles", Array.from({ length: tiles }, () => guildTile(p, T("pcard.tile")))) : null,
      placedOn(id).length ? h("div.th-fdice", placedOn(id).map((d) => dieSvg(d.color, d.pips, 24, dieLabel(d.color, d.pips)))) : null,
      used ? h("span.th-badge", T("pcard.used")) : null, fresh ? h("span.th-badge", T("pcard.new")) : null,
      fams.length ? h("div.th-pcacts", fams.map((f) => familyButton(f, familyLabel(f), "small"))) : null);
  };
  return h("div.th-cards",
    h("span.th-glabel", T("pcard.active", { n: pl.cards_active.length })),
    h("div.th-pcards", pl.cards_active.length ? pl.cards_active.map((c) => card(c, true)) : h("span.th-muted", T("pcard.noneActive"))),
    own ? h("details.th-inactive" + (familiesAny(pl.cards_inactive) ? ".legal" : ""), { open: (inactiveOpen ?? familiesAny(pl.cards_inactive)) || undefined },
      // the player's own opening or closing holds across re-renders (it closed again whenever no card could be activated)
      h("summary", { onclick: (e) => { inactiveOpen = !e.currentTarget.parentElement.open; } }, T("pcard.inactive", { n: pl.cards_inactive.length })),
      h("div.th-pcards", pl.cards_inactive.map((c) => card(c, false))))
      : h("div.th-muted", T("pcard.inactive", { n: pl.cards_inactive.length })));
}
/** A player card's activation cost as printed: the dice it names (blank, in their colours) and the sum they reach. */
function costOf(id) {
  const c = (FIGURES.player_cards || {})[id];
  const act = c && c.activation;
  if (!act) return null;
  return h("span.th-pcost", { title: T("pcard.vpTitle") }, (act.dice || []).map((col) => blankDie(col, 14, colourName(col))), ` ≥${act.sum}`);
}
function familiesAny(ids) { return me !== null && ids.some((id) => familiesNaming(id).length); }

function handBox(p, pl, own) {
  if (!own) return h("div.th-hand", h("span", h("span.th-glabel", T("hand.others")), " ", T("hand.count", { n: pl.hand_size })));
  const cards = pl.hand.map((n) => {
    const fam = `play ${n}`;
    const can = byFamily.has(fam);
    return h((can ? "button" : "div") + ".th-acard" + (can ? ".legal" : "") + (pick && pick.family === fam ? ".on" : ""), {
      type: can ? "button" : undefined, dataset: { card: n, family: can ? fam : undefined }, onclick: can ? () => choose(fam) : undefined },
    h("span.th-acno", "#" + n), h("strong", actionCardName(n)), h("span.th-actext", actionCardText(n)));
  });
  return h("div.th-hand", h("span.th-glabel", T("hand.title"), " ", h("span.th-muted", T("hand.limit"))),
    h("div.th-acards", cards.length ? cards : h("span.th-muted", T("hand.empty"))));
}

// ----- status line and log -------------------------------------------------------------------------------------
function statusLine(message) {
  const v = message.view;
  const active = (message.active && message.active.length ? message.active : (v && v.active)) || [];
  const names = active.map((p) => seatName(p, message)).join(", ");
  if (!v || (v.step || v.phase) === "over") return T("status.over");
  return T("status.waiting", { names: names || "—" });
}

export function status(message) {
  const v = message.view;
  if (!v) return "";
  const seat = typeof message.seat === "number" ? message.seat : null;
  if (message.status === "running" && seat !== null && (message.legal || []).length) {
    return `${T("info.round", { n: v.round, of: 4 })}, ${T("info.turn", { n: v.turn, of: 4 })}: ${T("status.yours")}`;
  }
  return statusLine(message);
}

useWords({ T, TF, cardRef, colourName, converterName, effectsText, familyLabel, restWords, seatName, wordLabel });
