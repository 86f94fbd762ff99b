// Planet Steam's browser view: the board in SVG and every legal action reachable by clicking.
// Protocol (docs/api.md): mount(element, api), update(message), strings; optional status(message), describe(entry).
import { h } from "/static/dom.js";
import { translator } from "/static/i18n.js";
import { boardKeys } from "/static/boardkeys.js";
import { strings as STRINGS } from "./strings.js";
import {
  RESOURCES, WATER, ENERGY, NO_CONVERTER, TWO_ZONE_KINDS, parse, zoneIndex, zoneActions, production,
  capacity, room, band, clampPrice, tankPrice, marketTanks, tanksOf, zonesOf, specialistsOf,
} from "./model.js";
import { drawMap, drawExchange, drawTracks, iconSvg, PLAYER_HEX, PLAYER_INK, NEUTRAL_HEX, RES_HEX } from "./board.js";

/** The page waits for these before the first mount, so the board never shows unstyled. */
export const styles = [new URL("./style.css", import.meta.url).href];

export const strings = STRINGS;

let api = null, root = null, els = null;
let msg = null, view = null, legal = [], zoneMap = new Map();
let pending = null;        // {kind, zone}: a move waiting for its target
let menu = null;           // the open zone menu
let spin = {};             // spinner values kept across updates: key -> number
let lastStepKey = "";
let listening = false;
let mapKeys = null, exchangeKeys = null; // keyboard cursors over the map's fields and the exchange's bonus goods
let idleLocal = new Set(); // production: the tanks this player has chosen to idle (sent as one action)
const ROMAN = ["", "I", "II", "III", "IV"];


// the host's translator: this game's strings first, then the shell's, in the page's language; before a host
// exists (nothing mounted yet) this game's strings alone
const ownT = translator(STRINGS);
const T = (key, params) => (api && api.t ? api.t(key, params) : ownT(key, params));
const lang = () => (api && api.lang) || "en";
const res = (r) => T("res." + (typeof r === "number" ? RESOURCES[r] : r));
const Res = (r) => T("Res." + (typeof r === "number" ? RESOURCES[r] : r));

function seatName(p) {
  if (p === null || p === undefined || p < 0) return "—";
  const seat = msg && (msg.seats || []).find((x) => x.seat === p);
  const colour = view && view.colours ? view.colours[p] : null;
  const c = colour ? T("colour." + colour) : `#${p + 1}`;
  return seat && seat.name ? `${seat.name} (${c})` : c.charAt(0).toUpperCase() + c.slice(1);
}
function shortName(p) {
  const seat = msg && (msg.seats || []).find((x) => x.seat === p);
  if (seat && seat.name) return seat.name;
  const c = view && view.colours ? T("colour." + view.colours[p]) : `#${p + 1}`;
  return c.charAt(0).toUpperCase() + c.slice(1);
}
function specialistName(key) {
  const names = view && view.figures.specialist_names[key];
  return names ? (names[lang()] || names.en) : key;
}
function specialistRules(key) {
  const rules = view && view.figures.specialist_rules && view.figures.specialist_rules[key];
  const text = rules ? (rules[lang()] || rules.en) : "";
  return text.replace("{credits}", String(view.figures.costs.engineer_credits));
}
function cardLabel(index) {
  const [number, specs] = view.figures.cards[index];
  return `${number} · ${specs.map(specialistName).join(" + ")}`;
}
function costText(cost, extraCredits = 0) {
  const parts = [];
  const credits = (cost.credits || 0) + extraCredits;
  if (credits) parts.push(T("cost.credits", { n: credits }));
  for (const r of RESOURCES) if (cost[r]) parts.push(T("cost." + r, { n: cost[r] }));
  return parts.join(" + ");
}

// ----- protocol ------------------------------------------------------------------------------------------------
export function mount(element, a) {
  api = a;
  els = {
    action: h("section.ps-action", { "aria-live": "polite" }),
    map: h("div.ps-mapbox"),
    exchange: h("div.ps-exbox"),
    tracks: h("div.ps-trackbox"),
    cards: h("div.ps-cards"),
    players: h("div.ps-players"),
    mine: h("div.ps-mine"),
    stock: h("div.ps-stock"),
  };
  root = h("div.ps-root",
    els.action,
    h("div.ps-main",
      h("div.ps-left", els.map),
      h("div.ps-right", els.mine, h("div.ps-panel", h("h4", T("board.exchange")), els.exchange), h("div.ps-panel", els.tracks),
        h("div.ps-panel", h("h4", T("board.specialists")), els.cards))),
    els.players,
    h("div.ps-panel.ps-stockpanel", h("h4", T("board.stock")), els.stock));
  element.append(root);
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    const hadMenu = !!menu;
    closeMenu();
    if (pending) { pending = null; render(); }
    if (hadMenu && mapKeys) mapKeys.focus();   // back to the field the menu was opened from
  });
  const cancel = () => { closeMenu(); if (pending) { pending = null; render(); } };
  mapKeys = boardKeys(els.map, { selector: ".ps-key", keyOf: (el) => el.dataset.zone || "row" + el.dataset.row, onCancel: cancel });
  exchangeKeys = boardKeys(els.exchange, { selector: ".ps-key", keyOf: (el) => el.dataset.res });
  if (!listening) {   // once per page: mount runs again after a language or seat change
    listening = true;
    document.addEventListener("click", (e) => { if (menu && !menu.contains(e.target) && !e.target.closest?.(".ps-hit")) closeMenu(); }, true);
  }
}

export function update(message) {
  msg = message;
  view = message.view;
  legal = (message.legal || []).map(parse);
  const step = view.agenda && view.agenda[0];
  const key = `${message.version}:${message.seat}`;
  if (key !== lastStepKey) {
    closeMenu();
    spin = {};   // amounts start from the lowest legal value in every new state
    idleLocal = new Set();
    // a pending move survives only while its action is still legal
    if (pending && !legal.some((a) => a.kind === pending.kind && a.args[0] === view.zone_names[pending.zone])) pending = null;
    lastStepKey = key;
  }
  if (!step || !legal.length) pending = null;
  render();
}

// ----- rendering -----------------------------------------------------------------------------------------------
function render() {
  if (!root || !view) return;
  zoneMap = zoneActions(view, legal);
  const covered = new Set();
  // a re-render replaces the board's elements: a keyboard user's cursor stays on the same field
  const focusInMap = els.map.contains(document.activeElement);
  const focusInExchange = els.exchange.contains(document.activeElement);
  renderAction(covered);
  renderMap(covered);
  if (mapKeys) { mapKeys.refresh(); if (focusInMap) mapKeys.focus(); }
  els.exchange.replaceChildren(drawExchange(view, {
    t: T, current: currentStep()?.k === "trade" ? currentStep().r : -1,
    bonusClick: new Set(legal.filter((a) => a.kind === "bonus").map((a) => RESOURCES.indexOf(a.args[0]))),
    onBonus: (r) => send(`bonus ${RESOURCES[r]}`),
  }), exchangeLegend());
  if (exchangeKeys) { exchangeKeys.refresh(); if (focusInExchange) exchangeKeys.focus(); }
  els.tracks.replaceChildren(drawTracks(view, { t: T }));
  renderCards();
  renderPlayers();
  renderStock();
}

function currentStep() { return view && view.agenda && view.agenda[0]; }

function renderMap() {
  const step = currentStep();
  const opts = { t: T, names: view.colours.map((_, p) => seatName(p)), onZone: onZone, selected: -1, idleLabel: lang() === "de" ? "still" : "idle" };
  if (pending) {
    opts.selected = pending.zone;
    opts.targets = new Set(legal.filter((a) => a.kind === pending.kind && a.args[0] === view.zone_names[pending.zone]).map((a) => zoneIndex(view, a.args[1])));
    opts.clickable = new Set([pending.zone]);
  } else {
    opts.clickable = new Set(zoneMap.keys());
  }
  if (step && step.k === "bid" && step.what === "zone" && step.zone >= 0) opts.focusZone = step.zone;
  if (step && step.k === "produce") {
    opts.idle = legal.length ? idleLocal : new Set();
    if (legal.length && !pending) for (const z of standingTanks(step.p)) opts.clickable.add(z);
    opts.energyMark = new Set(tanksOf(view, step.p).filter((z) => !view.toppled[z] && !opts.idle.has(z) && needsEnergyZone(z)));
  }
  const rows = legal.filter((a) => a.kind === "airship").map((a) => +a.args[0]);
  opts.anchors = new Set(rows);
  opts.onAnchor = (row) => send(`airship ${row}`);
  els.map.replaceChildren(drawMap(view, opts));
}

function standingTanks(p) { return tanksOf(view, p).filter((z) => !view.toppled[z]); }

/** The production action for the local choice: "produce" or "produce idle A1 C3" (zones in board order). */
function productionNotation(p) {
  const idle = standingTanks(p).filter((z) => idleLocal.has(z)).map((z) => view.zone_names[z]);
  return idle.length ? `produce idle ${idle.join(" ")}` : "produce";
}

function needsEnergyZone(z) {
  const conv = view.converter[z];
  if (conv === ENERGY) return false;
  return !(conv === NO_CONVERTER && view.figures.free_water_zones.includes(view.zone_names[z]));
}

// ----- zone clicks and the zone menu ---------------------------------------------------------------------------
function onZone(z, event) {
  const name = view.zone_names[z];
  if (currentStep()?.k === "produce" && legal.length) {   // chosen locally: nothing is sent until "produce"
    if (idleLocal.has(z)) idleLocal.delete(z); else idleLocal.add(z);
    render();
    return;
  }
  if (pending) {
    if (z === pending.zone) { pending = null; render(); return; }
    const action = legal.find((a) => a.kind === pending.kind && a.args[0] === view.zone_names[pending.zone] && a.args[1] === name);
    pending = null;
    if (action) send(action.text); else render();
    return;
  }
  const acts = zoneMap.get(z) || [];
  if (!acts.length) return;
  const simple = acts.filter((a) => !TWO_ZONE_KINDS.has(a.kind));
  const moves = [...new Set(acts.filter((a) => TWO_ZONE_KINDS.has(a.kind)).map((a) => a.kind))];
  const direct = ["divert", "topple", "neutral", "auction", "place"];
  if (simple.length === 1 && !moves.length && direct.includes(simple[0].kind) && currentStep()?.k !== "draft") { send(simple[0].text); return; }
  if (!simple.length && moves.length === 1) { startMove(moves[0], z); return; }
  openMenu(z, event, [
    ...simple.map((a) => ({ label: [actionLabel(a), detailOf(a)], notation: a.text, run: () => send(a.text), kind: a.kind })),
    ...moves.map((kind) => ({ label: T({ move: "act.moveTank", "move-converter": "act.moveConverter", "move-compressor": "act.moveCompressor" }[kind]), run: () => startMove(kind, z), kind })),
  ]);
}

function startMove(kind, z) {
  closeMenu();
  pending = { kind, zone: z };
  render();
  if (mapKeys) mapKeys.focus();   // the keyboard cursor goes on with the target
}

function openMenu(z, event, items) {
  closeMenu();
  const name = view.zone_names[z];
  menu = h("div.ps-menu", { role: "menu", "aria-label": name },
    h("div.ps-menutitle", name, zoneSummary(z)),
    items.map((item) => h("button.ps-menuitem", { type: "button", role: "menuitem", dataset: { kind: item.kind, action: item.notation || "" },
      onclick: (e) => { e.stopPropagation(); closeMenu(); item.run(); if (mapKeys && !pending) mapKeys.focus(); } }, item.label)),
    h("button.ps-menuitem.cancel", { type: "button", onclick: () => { closeMenu(); if (mapKeys) mapKeys.focus(); } }, T("act.cancel")));
  root.append(menu);
  const box = root.getBoundingClientRect();
  let x, y;
  if (event && event.clientX) { x = event.clientX - box.left + 8; y = event.clientY - box.top + 8; }
  else { const r = event.target.getBoundingClientRect(); x = r.right - box.left; y = r.top - box.top; }
  const width = menu.offsetWidth || 280;
  x = Math.max(4, Math.min(x, root.clientWidth - width - 8));
  // inside the window's height too: on the map's lower rows the last options and Cancel fell below it
  const below = box.top + y + menu.offsetHeight - (window.innerHeight - 8);
  if (below > 0) y = Math.max(-box.top + 8, y - below);
  menu.style.left = `${x}px`;
  menu.style.top = `${y}px`;
  const first = menu.querySelector(".ps-menuitem");
  if (first) first.focus();
}

function closeMenu() { if (menu) { menu.remove(); menu = null; } }

function zoneSummary(z) {
  const parts = [];
  if (view.figures.rivers.includes(view.zone_names[z])) parts.push(T("zone.river"));
  if (view.tank[z]) {
    const conv = view.converter[z];
    parts.push(conv === NO_CONVERTER ? T("tank.water") : T("tank.conv", { res: Res(conv) }));
    if (view.compressor[z]) parts.push(T("tank.compressor"));
  }
  return parts.length ? h("span.ps-muted", " · " + parts.join(" · ")) : null;
}

/** "1 will not fit and is lost" / "3 will not fit and are lost": goods beyond a freighter's room. */
const lostText = (n) => T(n === 1 ? "act.lostOne" : "act.lost", { n });

/** A readable label for any legal action (menus, fallback buttons). */
function actionLabel(a) {
  const [x, y] = a.args;
  const costs = view.figures.costs;
  switch (a.kind) {
    case "neutral": return T("act.neutral", { zone: x });
    case "place": return T("act.place", { zone: x });
    case "auction": return T("act.auction", { zone: x });
    case "claim": return T(y === "roll" ? "act.claimRollShort" : y === "permit" ? "act.claimPermit" : "act.claimChoice", { zone: x });
    case "divert": return T("act.divertTo", { zone: x });
    case "topple": return x;
    case "relief": return x ? T("act.reliefZone", { zone: x }) : T("act.reliefOnly");
    case "buy-tank": return T("act.buyTank", { price: tankPrice(view) });
    case "import": return T("act.import");
    case "buy-converter": {
      // a tank holds one converter: buying another replaces it, which the menu must say (it quietly cost a converter)
      const label = T("act.buyConverter", { res: Res(y), n: costs.converter[y] });
      const zone = zoneIndex(view, x);
      const old = zone >= 0 && view.tank[zone] ? view.converter[zone] : NO_CONVERTER;
      return old === NO_CONVERTER ? label : `${label} — ${T("act.replacesConverter", { res: Res(old) })}`;
    }
    case "buy-compressor": return T("act.buyCompressor");
    case "remove-converter": return T("act.removeConverter");
    case "move": case "move-converter": case "move-compressor": return `${T("act.what." + a.kind)} ${x} → ${y}`;
    case "bid": return T("act.bid", { n: x });
    case "pass": return T("act.pass");
    case "done": return T("act.done");
    case "take": return T("act.take", { n: x });
    case "upgrade": return T("act.upgrade", { res: Res(x) });
    case "engineer": return x === "permit" ? T("act.engineerPermit") : T("act.engineerCredits", { n: costs.engineer_credits });
    case "banker": return x === "upgrade" ? T("act.bankerUpgrade", { res: Res(y) }) : T("act.bankerTake", { res: res(y) });
    case "bonus": return T("act.bonusRes", { res: Res(x) });
    case "order": return T("act.orderOn", { n: x, res: res(y) });
    case "manipulate": return T("act.mode." + x);
    case "shift": return T(y === "up" ? "act.shiftUp" : "act.shiftDown", { res: Res(x) });
    case "sabotage": return T("act.sabotageWho", { name: seatName(+x) });
    case "airship": return T("act.airshipRow", { row: x });
    case "keep": return T("act.keep", { n: view.freighter_deposit });
    case "release": return T("act.release");
    case "activate": return T("act.activateBtn");
    case "decline": return view.figures.edition === "2013" ? T("act.decline2013") : T("act.decline");
    case "produce": return a.args.length > 1 ? T("act.produceIdle", { zones: a.args.slice(1).join(", ") }) : T("act.produceBtn");
    case "buy": return T("act.buy", { n: y, cost: (+y) * view.price[RESOURCES.indexOf(x)] }) + " " + res(x);
    case "sell": return T("act.sell", { n: y, cost: (+y) * view.price[RESOURCES.indexOf(x)] }) + " " + res(x);
    case "buy-permit": return T("act.buyPermit", { cost: costText(costs.building_permit) });
    case "sell-permit": return T("act.sellPermit", { n: costs.permit_sale });
    case "buy-quarters": return T("act.buyQuarters", { cost: costText(costs.luxury_quarters) });
    default: return a.text;
  }
}

/** A second, smaller line for menu items that need one. */
function detailOf(a) {
  if (a.kind === "claim" && a.args[1] === "roll") return h("small.ps-detail", T("act.claimRollDetail"));
  if (a.kind === "claim" && a.args[1] === "permit") return h("small.ps-detail", T("act.permitsLeft", { n: view.holdings[msg.seat].permits }));
  return null;
}

function send(text) {
  closeMenu();
  // production: whatever idle set the player toggled (the list holds one set per result; the server checks the rule)
  const production = currentStep()?.k === "produce" && legal.length > 0 && /^produce( idle( [A-Z][0-9]+)+)?$/.test(text);
  if (api && (production || legal.some((a) => a.text === text))) api.send(text);
}

// ----- the action bar ------------------------------------------------------------------------------------------
function button(a, label, { primary = false, covered, extra } = {}) {
  if (covered) covered.add(a.text);
  return h("button" + (primary ? ".primary" : ""), { type: "button", dataset: { action: a.text }, onclick: () => send(a.text) }, label ?? actionLabel(a), extra);
}
function find(kind, ...args) { return legal.find((a) => a.kind === kind && args.every((x, i) => String(a.args[i]) === String(x))); }
function ofKind(kind) { return legal.filter((a) => a.kind === kind); }

function renderAction(covered) {
  const step = currentStep();
  const box = els.action;
  box.replaceChildren();
  box.className = "ps-action";
  if (!step || view.game_over) { box.hidden = true; return; }
  if (msg.replay && !stepInfo(step)) { box.hidden = true; return; }
  box.hidden = false;
  const mine = legal.length > 0;
  box.classList.toggle("mine", mine);
  const info = stepInfo(step);
  if (!mine) {
    if (!msg.replay) box.append(h("div.ps-prompt", T("act.notYou", { name: seatName(step.p) })));
    if (info) box.append(info);
    return;
  }
  const parts = controlsFor(step, covered);
  box.append(h("div.ps-prompt", parts.prompt));
  if (info) box.append(info);
  box.append(h("div.ps-controls", parts.controls));
  // zone actions are reachable on the map
  for (const [, acts] of zoneMap) for (const a of acts) covered.add(a.text);
  const rest = legal.filter((a) => !covered.has(a.text));
  if (rest.length) {
    box.append(h("details.ps-more", { open: rest.length === legal.length },
      h("summary", T("act.more"), ` (${rest.length})`),
      h("div.ps-controls", rest.slice(0, 60).map((a) => button(a, null, { covered })))));
  }
  if (pending) {
    const z = view.zone_names[pending.zone];
    box.append(h("div.ps-pending", T("act.pickTarget", { what: T("act.what." + pending.kind), zone: z }), " ",
      h("button", { type: "button", onclick: () => { pending = null; render(); } }, T("act.cancel"))));
  }
}

/** Who does what in the current step, visible to everyone (the auction's high bid, the traded resource…). */
function stepInfo(step) {
  if (step.k === "bid") {
    const what = T("what." + step.what, { zone: step.zone >= 0 ? view.zone_names[step.zone] : "" });
    const high = step.leader >= 0 ? T("act.highBid", { n: step.high, name: seatName(step.leader) }) : T("act.noBid");
    const passed = (step.passed || []).length ? T("act.passed", { names: step.passed.map(shortName).join(", ") }) : "";
    return h("div.ps-info", legal.length ? null : [h("strong", T("act.bidFor", { what })), " · "], h("span.ps-high", high), passed ? " · " + passed : "");
  }
  if (step.k === "trade") {
    const r = step.r;
    return legal.length ? null : h("div.ps-info", iconSvg(r, 16), " ", T("act.trade", { res: Res(r), price: view.price[r], supply: view.supply[r] }));
  }
  return null;
}

function controlsFor(step, covered) {
  const me = msg.seat;
  const k = step.k;
  const costs = view.figures.costs;
  const c = [];
  let prompt = status(msg);
  const add = (...x) => c.push(...x);
  switch (k) {
    case "setup_upgrade": {
      prompt = T("act.upgradeSetup");
      for (const a of ofKind("upgrade")) add(upgradeButton(a, covered, a.args[0]));
      break;
    }
    case "river_neutral": prompt = T("act.riverNeutral", { left: step.left }); break;
    case "draft": prompt = T("act.draft") + " " + T("act.draftLeft", { own: step.own, neutral: step.neutral }); break;
    case "speculate": prompt = T("act.speculate"); break;
    case "divert": prompt = T("act.divert"); for (const a of ofKind("divert")) add(button(a, null, { covered })); break;
    case "topple": prompt = T("act.topple"); break;
    case "claim": {
      prompt = T("act.claim");
      const pass = find("pass");
      if (pass) add(button(pass, T("act.claimPass"), { covered }));
      break;
    }
    case "bid": {
      prompt = T("act.bidFor", { what: T("what." + step.what, { zone: step.zone >= 0 ? view.zone_names[step.zone] : "" }) });
      const bids = ofKind("bid").map((a) => +a.args[0]);
      if (bids.length) {
        const lo = Math.min(...bids), hi = Math.max(...bids);
        add(spinner("bid", lo, hi, (n) => T("act.bid", { n }), (n) => `bid ${n}`, covered, { quick: [lo, lo + 4, lo + 9].filter((x) => x <= hi) }));
        for (const a of ofKind("bid")) covered.add(a.text);
      }
      const pass = find("pass");
      if (pass) add(button(pass, null, { covered }));
      else if (bids.length) add(h("span.ps-note", T("act.openerMustBid")));
      if (step.what === "zone" && specialistsOf(view, me).includes("speculator") && view.figures.edition === "2013") add(h("span.ps-note", T("act.speculatorHalf")));
      break;
    }
    case "pick": {
      prompt = T("act.pickCard");
      for (const a of ofKind("take")) {
        const index = view.figures.cards.findIndex(([n]) => String(n) === a.args[0]);
        add(button(a, cardLabel(index), { covered, primary: false }));
      }
      break;
    }
    case "engineer": {
      prompt = T("act.engineer");
      for (const a of ofKind("engineer")) add(button(a, null, { covered }));
      break;
    }
    case "banker": {
      prompt = T("act.banker");
      for (const a of ofKind("banker")) {
        const r = RESOURCES.indexOf(a.args[1]);
        if (a.args[0] === "upgrade") add(upgradeButton(a, covered, a.args[1], true));
        else add(button(a, [iconSvg(r, 16), " ", actionLabel(a)], { covered }));
      }
      break;
    }
    case "bonus": {
      prompt = T("act.bonus");
      for (const a of ofKind("bonus")) {
        const r = RESOURCES.indexOf(a.args[0]);
        const fits = room(view, me, r) > 0;
        add(button(a, [iconSvg(r, 16), " ", actionLabel(a), fits ? "" : ` (${lostText(1)})`], { covered }));
      }
      break;
    }
    case "order": {
      prompt = T("act.order", { left: step.left });
      const byRes = new Map();
      for (const a of ofKind("order")) { if (!byRes.has(a.args[1])) byRes.set(a.args[1], []); byRes.get(a.args[1]).push(a); }
      for (const [name, acts] of byRes) {
        add(h("div.ps-orderrow", iconSvg(RESOURCES.indexOf(name), 16), h("span.ps-label", Res(name)),
          acts.map((a) => button(a, `#${a.args[0]}`, { covered }))));
      }
      break;
    }
    case "manipulate": {
      if (!step.mode) {
        prompt = T("act.manipulate");
        for (const a of ofKind("manipulate")) add(button(a, null, { covered }));
      } else {
        prompt = T("act.shifts", { left: step.left });
        for (let r = 0; r < 4; r++) {
          const up = find("shift", RESOURCES[r], "up"), down = find("shift", RESOURCES[r], "down");
          if (!up && !down) continue;
          add(h("div.ps-orderrow", iconSvg(r, 16), h("span.ps-label", `${Res(r)} ${view.price[r]}`),
            down ? button(down, "−1", { covered }) : null, up ? button(up, "+1", { covered }) : null));
        }
        const done = find("done");
        if (done) add(button(done, null, { covered, primary: true }));
      }
      break;
    }
    case "sabotage": {
      prompt = T("act.sabotage");
      for (const a of ofKind("sabotage")) add(button(a, [chip(+a.args[0]), " ", actionLabel(a)], { covered }));
      const pass = find("pass");
      if (pass) add(button(pass, null, { covered }));
      break;
    }
    case "airship": {
      prompt = T("act.airship");
      for (const a of ofKind("airship")) {
        const row = +a.args[0];
        const n = tanksOf(view, me).filter((z) => Math.floor(z / view.figures.columns) + 1 === row && !view.toppled[z]).length;
        add(button(a, [T("act.airshipRow", { row }), n ? h("small", ` · ${T("act.airshipMine", { n })}`) : null], { covered, primary: n === Math.max(...ofKind("airship").map((b) => tanksOf(view, me).filter((z) => Math.floor(z / view.figures.columns) + 1 === +b.args[0]).length)) && n > 0 }));
      }
      break;
    }
    case "freighter_keep": {
      prompt = T("act.freighterKeep");
      for (const a of legal) add(button(a, null, { covered }));
      break;
    }
    case "activate": {
      const relief = ofKind("relief");
      if (relief.length) {
        prompt = T("act.relief");
        const bare = find("relief");
        if (bare && bare.args.length === 0) add(button(bare, T("act.reliefOnly"), { covered, primary: true }));
      } else {
        prompt = T("act.activate");
        const act = find("activate"), dec = find("decline");
        if (act) add(button(act, null, { covered, primary: true }));
        if (dec) add(button(dec, null, { covered }));
      }
      break;
    }
    case "build": {
      prompt = T("act.build");
      const ups = ofKind("upgrade");
      if (ups.length) add(h("div.ps-orderrow", h("span.ps-label", T("act.upgradeCost")), ups.map((a) => upgradeButton(a, covered, a.args[0], false, true))));
      const done = find("done");
      if (done) add(button(done, null, { covered, primary: true }));
      add(h("span.ps-note", T("board.tankTrack") + ": " + (view.track > 0 ? T("board.forSale", { n: marketTanks(view), price: tankPrice(view) }) : T("board.soldOut"))));
      add(productionOutlook(msg.seat));
      break;
    }
    case "produce": {
      prompt = T("act.produce");
      add(productionPreview(step, covered));
      break;
    }
    case "trade": {
      prompt = T("act.trade", { res: Res(step.r), price: view.price[step.r], supply: view.supply[step.r] });
      add(tradeControls(step, covered));
      break;
    }
    case "certificate": {
      prompt = T("act.certificate");
      // all three certificates, each with its price: one out of reach says why (the player learns what they cost)
      for (const kind of ["buy-permit", "sell-permit", "buy-quarters"]) {
        const a = find(kind);
        add(a ? button(a, null, { covered }) : unavailable(actionLabel({ kind, args: [], text: kind }), certificateBar(kind)));
      }
      const pass = find("pass");
      if (pass) add(button(pass, null, { covered }));
      break;
    }
    default: break;
  }
  return { prompt, controls: c };
}

/** An option the rules do not allow now, shown with the reason instead of left out. */
function unavailable(label, why) {
  return h("span.ps-unavailable", { dataset: { unavailable: "" } }, label, h("small", ` — ${why}`));
}

/** What `cost` asks that seat `p` does not hold ("1 water, 3 credits"), or "" when it can pay. */
function lacking(p, cost) {
  const hold = view.holdings[p];
  const parts = [];
  if ((cost.credits || 0) > (hold.credits ?? 0)) parts.push(T("cost.credits", { n: cost.credits - hold.credits }));
  RESOURCES.forEach((r, i) => { if ((cost[r] || 0) > hold.goods[i]) parts.push(T("cost." + r, { n: cost[r] - hold.goods[i] })); });
  return parts.join(", ");
}

/** Why a certificate cannot be traded now (the rules: exchange.py's _legal_certificate). */
function certificateBar(kind) {
  const p = msg.seat, costs = view.figures.costs;
  if (kind === "sell-permit") return T("why.noPermit");
  const [stock, cost] = kind === "buy-permit" ? ["building_permits", costs.building_permit] : ["luxury_quarters", costs.luxury_quarters];
  if (!view.stock[stock]) return T("why.noneLeft");
  return lackingText(p, cost);
}

/** "you lack 1 water" (German: "dir fehlt 1 Wasser", "dir fehlen 2 Erz"). */
function lackingText(p, cost) {
  const what = lacking(p, cost);
  return T(/^1 [^,]*$/.test(what) ? "why.lackingOne" : "why.lacking", { what });
}

/** What the exchange's markings mean (the drawing itself names only its supply bands). */
function exchangeLegend() {
  return h("p.ps-exlegend", { dataset: { legend: "exchange" } },
    h("span.ps-exkey.order", { "aria-hidden": "true" }, "1"), " ", T("legend.order"), " · ",
    h("span.ps-exkey.start", { "aria-hidden": "true" }, "12"), " ", T("board.startPrice"), " · ",
    h("span.ps-exkey.now", { "aria-hidden": "true" }, "12"), " ", T("legend.price"));
}

function chip(p) {
  const colour = view.colours[p];
  return h("span.ps-chip", { style: { background: PLAYER_HEX[colour], color: PLAYER_INK[colour] }, "aria-hidden": "true" }, String(p + 1));
}

function upgradeButton(a, covered, name, banker = false, compact = false) {
  const r = RESOURCES.indexOf(name);
  const me = msg.seat;
  const cls = view.holdings[me].freighter[r];
  const cap = view.figures.capacity[r][Math.min(cls, 3)];
  const detail = T("act.upgradeTo", { from: cls, to: cls + 1, cap });
  return button(a, [iconSvg(r, 16), " ", compact ? Res(name) : (banker ? T("act.bankerUpgrade", { res: Res(name) }) : T("act.upgrade", { res: Res(name) })), h("small", " " + detail)], { covered });
}

/** A number chooser limited to [lo, hi] with − / + and a confirm button that sends notation(n). */
function spinner(key, lo, hi, label, notation, covered, { quick = [] } = {}) {
  const stored = spin[key];
  let value = stored !== undefined && stored >= lo && stored <= hi ? stored : lo;
  spin[key] = value;
  const input = h("input.ps-num", { type: "number", min: lo, max: hi, step: 1, value, "aria-label": key, dataset: { spinner: key } });
  const go = h("button.primary", { type: "button", dataset: { confirm: key } }, label(value));
  const set = (n) => {
    if (!Number.isFinite(n)) n = lo;
    value = Math.max(lo, Math.min(hi, Math.round(n)));
    spin[key] = value;
    input.value = value;
    go.replaceChildren(label(value));
    go.dataset.action = notation(value);
    if (onChange) onChange(value);
  };
  let onChange = null;
  input.addEventListener("input", () => { const n = parseInt(input.value, 10); if (Number.isFinite(n)) { value = Math.max(lo, Math.min(hi, n)); spin[key] = value; go.replaceChildren(label(value)); go.dataset.action = notation(value); if (onChange) onChange(value); } });
  input.addEventListener("change", () => set(parseInt(input.value, 10)));
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const n = parseInt(input.value, 10);
    set(n);
    if (n === value) send(notation(value));   // a number out of range is only corrected, not sent
  });
  go.addEventListener("click", () => { set(parseInt(input.value, 10)); send(notation(value)); });
  go.dataset.action = notation(value);
  const box = h("span.ps-spinner", { dataset: { spinner: key } },
    h("button.ps-step", { type: "button", "aria-label": "−", onclick: () => set(value - 1) }, "−"),
    input,
    h("button.ps-step", { type: "button", "aria-label": "+", onclick: () => set(value + 1) }, "+"),
    h("span.ps-range", `${lo}–${hi}`),
    go,
    quick.length > 1 ? h("span.ps-quick", quick.map((q) => h("button.ps-q", { type: "button", onclick: () => set(q) }, String(q)))) : null);
  box.setOnChange = (fn) => { onChange = fn; fn(value); };
  return box;
}

/** While building: what producing with every standing tank would need and bring as things stand, so a tank or
 *  converter bought now is weighed against the energy it will cost. */
function productionOutlook(p) {
  const result = production(view, p, standingTanks(p));
  const have = view.holdings[p].goods[ENERGY];
  const gains = [];
  for (let r = 0; r < 4; r++) if (result.total[r]) gains.push(h("span.ps-out", iconSvg(r, 14), ` +${result.total[r]}`));
  return h("div.ps-note.ps-outlook", { dataset: { outlook: "production" } },
    h("strong", T("act.outlook") + ": "),
    energyNeed(result, have, 14), " · ", T("act.output"), ": ", gains.length ? gains : "—");
}

/** "Energy needed: 3 (you hold 2)", marked when it is more than held. */
function energyNeed(result, have, size) {
  return h("span" + (result.energy > have ? ".ps-warn" : ""), iconSvg(ENERGY, size), " ", T("act.energyNeed", { need: result.energy, have }));
}

function productionPreview(step, covered) {
  const p = step.p;
  const using = standingTanks(p).filter((z) => !idleLocal.has(z));
  const result = production(view, p, using);
  const have = view.holdings[p].goods[ENERGY];
  const notation = productionNotation(p);
  // the legal list holds one idle set per result; any affordable set the player toggled is accepted by the rules
  const prod = result.energy <= have && legal.some((a) => a.kind === "produce") ? { kind: "produce", args: notation.split(" ").slice(1), text: notation } : null;
  for (const a of legal) if (a.kind === "produce") covered.add(a.text);
  const out = [];
  for (let r = 0; r < 4; r++) {
    if (!result.total[r]) continue;
    const fits = room(view, p, r) + (r === ENERGY ? Math.min(have, result.energy) : 0);
    const lost = Math.max(0, result.total[r] - fits);
    out.push(h("span.ps-out", { title: T("act.outputParts", { base: result.base[r], syn: result.synergy[r], comp: result.compressor[r], air: result.airship[r] }) },
      iconSvg(r, 18), ` +${result.total[r]} `, h("small", `(${T("act.outputParts", { base: result.base[r], syn: result.synergy[r], comp: result.compressor[r], air: result.airship[r] })})`),
      lost ? h("span.ps-warn", " · " + lostText(lost)) : null));
  }
  const idleNames = standingTanks(p).filter((z) => idleLocal.has(z)).map((z) => view.zone_names[z]);
  // every standing tank as a toggle too: the same choice as clicking the map, for keyboards and small screens
  const toggles = h("div.ps-toggles", { role: "group", "aria-label": T("act.produceTanks") }, standingTanks(p).map((z) => {
    const on = !idleLocal.has(z);
    return h("button.ps-toggle" + (on ? ".on" : ""), { type: "button", "aria-pressed": String(on), dataset: { zone: view.zone_names[z] },
      onclick: () => { if (on) idleLocal.add(z); else idleLocal.delete(z); render(); } },
    iconSvg(view.converter[z] === NO_CONVERTER ? WATER : view.converter[z], 14), " ", view.zone_names[z], " ", h("small", on ? T("act.producing") : T("act.idleShort")));
  }));
  return h("div.ps-prod",
    toggles,
    h("div", energyNeed(result, have, 16)),
    h("div.ps-outs", h("strong", T("act.output") + ": "), out.length ? out : "—"),
    prod ? button(prod, idleNames.length ? T("act.produceIdle", { zones: idleNames.join(", ") }) : T("act.produceBtn"), { covered, primary: true })
      : h("span.ps-warn", T("act.energyShort")));
}

function tradeControls(step, covered) {
  const r = step.r, me = msg.seat;
  const price = view.price[r];
  const buys = ofKind("buy").map((a) => +a.args[1]);
  const sells = ofKind("sell").map((a) => +a.args[1]);
  const after = (supply) => {
    const sup = Math.max(0, Math.min(view.figures.scales[r].supply_max, supply));
    const b = band(view, r, sup);
    return T("act.after", { supply: sup, band: T("band." + b.name), from: price, to: clampPrice(view, r, price + b.adjustment) });
  };
  const boxes = [];
  for (const a of legal) if (a.kind === "buy" || a.kind === "sell") covered.add(a.text);
  if (buys.length) {
    const note = h("div.ps-after");
    const sp = spinner("buy", Math.min(...buys), Math.max(...buys), (n) => T("act.buy", { n, cost: n * price }), (n) => `buy ${RESOURCES[r]} ${n}`, covered);
    sp.setOnChange((n) => {
      const space = room(view, me, r);
      note.replaceChildren(after(view.supply[r] - n), " · ", T("act.room", { n: space }), n > space ? h("span.ps-warn", " · " + lostText(n - space)) : "");
    });
    boxes.push(h("div.ps-trade", h("span.ps-label", iconSvg(r, 16), " ", T("act.buyLabel")), sp, note));
  } else {  // say why buying is out, rather than leave the row out
    const why = !view.supply[r] ? T("why.supplyEmpty") : lackingText(me, { credits: price });
    boxes.push(h("div.ps-trade.ps-muted", unavailable([iconSvg(r, 16), " ", T("act.buyLabel")], why)));
  }
  if (sells.length) {
    const note = h("div.ps-after");
    const sp = spinner("sell", Math.min(...sells), Math.max(...sells), (n) => T("act.sell", { n, cost: n * price }), (n) => `sell ${RESOURCES[r]} ${n}`, covered);
    sp.setOnChange((n) => note.replaceChildren(after(view.supply[r] + n)));
    boxes.push(h("div.ps-trade", h("span.ps-label", iconSvg(r, 16), " ", T("act.sellLabel"), h("small", ` (${view.holdings[me].goods[r]})`)), sp, note));
  } else {
    boxes.push(h("div.ps-trade.ps-muted", T("act.none")));
  }
  const pass = find("pass");
  if (pass) boxes.push(h("div.ps-trade", button(pass, null, { covered }), h("div.ps-after", after(view.supply[r]))));
  return h("div.ps-trades", boxes);
}

// ----- cards, players, stock -----------------------------------------------------------------------------------
function renderCards() {
  const takeable = new Map(ofKind("take").map((a) => [a.args[0], a]));
  els.cards.replaceChildren(...view.figures.cards.map(([number, specs], index) => {
    const holder = view.cards.indexOf(index);
    const a = takeable.get(String(number));
    const colour = holder >= 0 ? view.colours[holder] : null;
    const card = h((a ? "button" : "div") + ".ps-card" + (holder >= 0 ? ".taken" : "") + (a ? ".legal" : ""),
      { type: a ? "button" : undefined, dataset: { card: number, ...(a ? { action: a.text } : {}) }, onclick: a ? () => send(a.text) : undefined,
        style: colour ? { borderColor: PLAYER_HEX[colour] } : undefined },
      h("span.ps-cardno", String(number)),
      h("span.ps-cardnames", specs.map((sp) => h("span", specialistName(sp)))),
      // a card of two specialists: each rule text names whose it is (two bare paragraphs could not be told apart)
      h("span.ps-cardrules", specs.map((sp) => h("span", specs.length > 1 ? [h("b", specialistName(sp) + ": "), specialistRules(sp)] : specialistRules(sp)))),
      h("span.ps-cardholder", holder >= 0 ? [chip(holder), " ", shortName(holder)] : T("board.free")));
    return card;
  }));
}

function renderPlayers() {
  const order = view.order && view.order.length ? view.order : view.colours.map((_, p) => p);
  const step = currentStep();
  const upgrades = new Map();
  for (const a of legal) {
    if (a.kind === "upgrade") upgrades.set(a.args[0], a);
    if (a.kind === "banker" && a.args[0] === "upgrade" && !upgrades.has(a.args[1])) upgrades.set(a.args[1], a);
  }
  const panels = order.map((p, i) => {
    const hold = view.holdings[p];
    const colour = view.colours[p];
    const me = msg.seat === p;
    const acting = step && step.p === p && !view.game_over;
    const card = view.cards[p];
    const freighters = RESOURCES.map((name, r) => {
      const cap = capacity(view, p, r);
      const goods = hold.goods[r];
      const a = me ? upgrades.get(name) : null;
      const pips = [];
      const shown = Math.max(cap, goods);
      for (let k = 0; k < shown; k++) pips.push(h("span.ps-pip" + (k < goods ? ".full" : "") + (k >= cap ? ".over" : ""), { style: k < goods ? { background: RES_HEX[r] } : undefined }));
      return h((a ? "button" : "div") + ".ps-freighter" + (a ? ".legal" : ""), {
        type: a ? "button" : undefined, dataset: { res: name, ...(a ? { action: a.text } : {}) },
        title: `${Res(r)} · ${T("player.class", { n: hold.freighter[r] })} · ${T("player.capacity", { goods, cap })}` + (a ? ` · ${actionLabel(a)}` : ""),
        onclick: a ? () => send(a.text) : undefined },
      iconSvg(r, 16), h("span.ps-class", ROMAN[hold.freighter[r]]), h("span.ps-pips", pips), h("span.ps-count", `${goods}/${cap}`));
    });
    const zones = zonesOf(view, p), tanks = tanksOf(view, p);
    return h("div.ps-player" + (acting ? ".acting" : "") + (me ? ".me" : ""), { dataset: { seat: p }, style: { borderTopColor: PLAYER_HEX[colour] } },
      h("div.ps-phead",
        // the seat number, as on the map's claim markers: colour is never the only sign
        h("span.ps-chip.big", { style: { background: PLAYER_HEX[colour], color: PLAYER_INK[colour] }, "aria-hidden": "true" }, String(p + 1)),
        h("span.ps-pname", { title: seatName(p) }, shortName(p), me ? h("small", ` (${T("player.you")})`) : null),
        h("span.ps-credits", { title: T("player.credits") }, hold.credits === null ? "?" : [String(hold.credits), h("small", " cr")])),
      h("div.ps-pcard", card >= 0 ? cardLabel(card) : h("span.ps-muted", T("player.noCard")),
        view.order && view.order.length ? h("span.ps-badge", T("player.order", { n: i + 1 })) : null,
        view.start_player === p ? h("span.ps-badge", T("player.start")) : null, acting ? h("span.ps-badge.act", "●") : null),
      h("div.ps-freighters", freighters),
      view.freighter_holder === p ? h("div.ps-indep", T("player.independent", { n: view.figures.independent_capacity })) : null,
      h("div.ps-pfoot",
        h("span", { title: T("player.permits") }, T("player.permits"), " ", h("b", String(hold.permits))),
        h("span", { title: T("player.quarters") }, T("player.quarters"), " ", h("b", String(hold.luxury_quarters))),
        h("span", { title: T("player.markers") }, T("player.markers"), " ", h("b", String(hold.markers)))),
      h("div.ps-pfoot.ps-muted", T(zonesKey(zones.length, tanks.length), { zones: zones.length, tanks: tanks.length })));
  });
  // your own panel sits at the top of the right column (visible without scrolling); the others below the board
  const own = order.indexOf(msg.seat);
  els.mine.replaceChildren(...(own >= 0 ? [panels[own]] : []));
  els.players.replaceChildren(...panels.filter((_, i) => i !== own));
}

// singular/plural of "{zones} zones, {tanks} tanks"
function zonesKey(zones, tanks) {
  if (zones === 1) return tanks === 1 ? "player.zones1tanks1" : "player.zones1";
  return tanks === 1 ? "player.zonesTanks1" : "player.zones";
}

function renderStock() {
  els.stock.replaceChildren(...Object.entries(view.stock).map(([key, n]) => h("span.ps-stockitem", h("b", String(n)), " ", T("stock." + key))));
}

// ----- status line and log -------------------------------------------------------------------------------------
export function status(message) {
  const v = message.view;
  if (!v || v.game_over || !v.agenda || !v.agenda.length) return T("status.over");
  const prevMsg = msg, prevView = view;
  msg = message; view = v;
  try {
    const step = v.agenda[0];
    const name = seatName(step.p);
    if (step.k === "bid") {
      const what = T("what." + step.what, { zone: step.zone >= 0 ? v.zone_names[step.zone] : "" });
      const high = step.leader >= 0 ? T("act.highBid", { n: step.high, name: seatName(step.leader) }) : T("act.noBid");
      return T("status.bid", { what, high, name });
    }
    if (step.k === "trade") return T("status.trade", { res: Res(step.r), name });
    return T("status." + step.k, { name });
  } finally { if (prevView) { msg = prevMsg; view = prevView; } }
}

export function describe(entry) {
  if (!view) return "";
  const who = shortName(entry.seat);
  const parts = [];
  const events = entry.events || [];
  for (const e of events) {
    const line = eventText(e, entry.seat);
    if (line) parts.push(line);
  }
  if (!parts.length) {
    return `${who}: ${entry.action}`;
  }
  return `${who}: ${parts.join("; ")}`;
}

/** Log runs: a move that only bids or passes in an auction; consecutive ones fold into one line (the shell's log). */
export function logRun(entry) {
  const events = entry.events || [];
  const what = events.length && events[0].what;
  const only = events.every((e) => (e.type === "bid" || e.type === "pass") && e.what === what);
  return what && only ? `bid:${what}` : null;
}

/** A folded run of bids: how many, from what to what, and who bid. */
export function describeRun(entries) {
  const bids = entries.flatMap((entry) => (entry.events || []).filter((e) => e.type === "bid"));
  if (!bids.length) return T("log.passRun", { n: entries.length });
  const names = [...new Set(bids.map((e) => e.player))].map(shortName).join(", ");
  return T("log.bidRun", { n: bids.length, from: bids[0].amount, to: bids[bids.length - 1].amount, names });
}

// With hidden credits another player's amounts paid or received are left out of the events this seat receives.
const amount = (n) => (n === undefined || n === null ? "?" : n);

function eventText(e, actor) {
  const other = (p) => (p !== actor && p !== null && p !== undefined ? shortName(p) + " " : "");
  switch (e.type) {
    case "upgrade": return T("log.upgrade", { res: res(e.resource), to: e.to });
    case "bid": return T("log.bid", { n: e.amount });
    case "pass":
      if (e.why) return other(e.player) + T("log.passAuto");
      if (RESOURCES.includes(e.what)) return T("log.passTrade", { res: res(e.what) });
      return other(e.player) + T("log.pass");
    // the last player without a card pays the minimum bid with no auction held: "wins the auction" misread it
    case "auction_won": return other(e.player) + T(e.alone ? "log.lastCard" : "log.auctionWon", { n: amount(e.bid) });
    case "card": return other(e.player) + T("log.card", { n: e.number, names: e.specialists.map(specialistName).join(" + ") });
    case "engineer": return e.took === "permit" ? T("log.engineerPermit") : other(e.player) + T("log.engineerCredits", { n: amount(e.credits) });
    case "gain":
      // production and a purchase say their amounts in their own line: only a loss is news here
      if (e.why === "production" || e.why === "bought") return e.lost ? T("log.lost", { n: e.lost, res: res(e.resource) }) : "";
      if (e.why === "bonus") return other(e.player) + T("log.bonusGain", { res: res(e.resource) }) + (e.lost ? ` (${T("log.lost", { n: e.lost, res: res(e.resource) })})` : "");
      return other(e.player) + (e.lost ? T("log.gainLost", { n: e.amount, res: res(e.resource), lost: e.lost }) : T("log.gain", { n: e.amount, res: res(e.resource) }));
    case "bonus_returned": return T("log.bonusReturned", { res: Res(e.resource) });
    case "trade_marker": return T("log.order", { n: e.marker, res: res(e.resource) });
    case "manipulation": return T("log.manipulation", { mode: e.mode, n: amount(e.paid) });
    case "price": return T("log.price", { res: Res(e.resource), from: e.old, to: e.new });
    case "sabotage": return e.target === null || e.target === undefined ? T("log.sabotageNone") : T("log.sabotage", { name: shortName(e.target) });
    case "toppled": return other(e.player) + T("log.toppled", { zone: e.zone });
    case "claim":
      if (e.player === null || e.player === undefined) return T("log.neutral", { zone: e.zone });
      if (e.how === "permit") return other(e.player) + T("log.claimPermit", { zone: e.zone });
      if (e.how === "roll (nearest zone)") return other(e.player) + T("log.divert", { zone: e.zone });
      return other(e.player) + T("log.claim", { zone: e.zone });
    case "roll": return (e.player !== null && e.player !== undefined ? other(e.player) : "") + T("log.roll", { n: e.value });
    case "compensation": return T("log.compensation", { n: amount(e.credits) });
    case "zone_auction": return T("log.zoneAuction", { zone: e.zone });
    case "zone_won": return other(e.player) + T("log.zoneWon", { zone: e.zone, n: e.bid, paid: amount(e.paid) });
    case "airship": return T("log.airship", { row: e.row });
    case "activate": return T("log.activate");
    case "decline": return T("log.decline");
    case "done": return T("log.done");
    case "buy_tank": return T("log.buyTank", { zone: e.zone, cost: costText(view.figures.costs.market_tank, e.price || 0) });
    case "import_tank": return T("log.importTank", { zone: e.zone, cost: costText(view.figures.costs.import_tank) });
    case "buy_converter": return T("log.buyConverter", { res: (lang() === "de" ? Res(e.converter) : res(e.converter)), zone: e.zone });
    case "buy_compressor": return T("log.buyCompressor", { zone: e.zone });
    case "move": return T("log.move", { from: e.source, to: e.target });
    case "move_converter": return T("log.moveConverter", { from: e.source, to: e.target });
    case "remove_converter": return T("log.removeConverter", { zone: e.zone });
    case "move_compressor": return T("log.moveCompressor", { from: e.source, to: e.target });
    case "production": {
      const out = e.total.map((n, r) => (n ? `${n} ${res(r)}` : "")).filter(Boolean).join(", ");
      const made = out ? T(e.energy ? "log.production" : "log.productionFree", { out, n: e.energy }) : T("log.productionNothing");
      return e.idle && e.idle.length ? `${made} (${T("log.idled", { zones: e.idle.join(", ") })})` : made;
    }
    case "buy": return T("log.buy", { n: e.amount, res: res(e.resource), price: e.price });
    case "sell": return T("log.sell", { n: e.amount, res: res(e.resource), price: e.price });
    case "certificate": return T("log.cert." + e.action);
    case "round": return T("log.round", { n: e.round });
    case "tank_production": return e.shortage ? T("log.shortage", { res: e.shortage.map(res).join(", ") }) : (e.made ? T("log.tankProduction", { n: e.made }) : "");
    case "freighter_won": return other(e.player) + T("log.freighterWon", { n: amount(e.deposit) });
    case "freighter_kept": return T("log.freighterKept", { n: amount(e.paid) });
    case "freighter_returned": case "freighter_released": return other(e.player) + T("log.freighterReturned");
    case "relief_converted": return T("log.relief") + ` (${e.zone})`;
    case "grant": return other(e.player) + T("log.grant", { n: amount(e.credits) });
    case "manipulation_returned": return other(e.player) + T("log.grant", { n: amount(e.credits) });
    case "sabotage_compensation": return other(e.player) + T("log.grant", { n: amount(e.credits) });
    case "player_order": return T("log.order_of_play", { names: e.order.map(shortName).join(", ") });
    case "no_bids": return T("log.noBids");
    case "game_over": return T("log.gameOver");
    default: return "";   // band, bonus_placed, skip, start_player: visible on the board
  }
}

/** The results of chance in a log entry, in words, for the shell's live region: each die roll, whose and what for
 * (a claim, sabotage compensation, the start player, the neutral river markers). */
export function describeChance(entry) {
  return (entry.events || []).filter((e) => e && e.chance && e.type === "roll").map((e) => {
    const name = e.player === null || e.player === undefined ? "" : shortName(e.player);
    const why = String(e.why || "");
    if (why.startsWith("claim ")) return T("chance.claim", { name, n: e.value, zone: why.slice("claim ".length) });
    if (why === "sabotage compensation") return T("chance.compensation", { name, n: e.value });
    if (why === "start player") return T("chance.startPlayer", { name, n: e.value });
    if (why === "neutral river markers") return T("chance.river", { n: e.value });
    return T("chance.roll", { name, n: e.value });
  });
}
