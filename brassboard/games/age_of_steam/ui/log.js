// Age of Steam's log in words: each move's line, what it set going (a round's end), the results of chance.
// The page's translator, names and shown state come from main.js (useWords): they follow its language and seats.
import { parse } from "./model.js";

/** What main.js lends: { T, actionName, colourName, money, placeName, printedName, seatName }. */
let page = null;
export function useWords(words) { page = words; }

export function describe(entry) {
  const who = page.seatName(entry.seat);
  const a = parse(entry.action);
  const [x, y] = a.args;
  let text;
  switch (a.kind) {
    case "issue": text = Number(x) ? page.T("log.issue", { n: x, cash: page.money(5 * Number(x)) }) : page.T("log.issueNone"); break;
    case "bid": text = page.T("log.bid", { bid: page.money(x) }); break;
    case "turn-pass": text = page.T("log.turnPass"); break;
    case "drop": text = page.T("log.drop"); break;
    case "select": text = page.T("log.select", { name: page.actionName(x) }); break;
    case "urbanize": text = page.T("log.urbanize", { letter: x, place: page.printedName(y) }); break;
    case "build": {
      // the rules name what the build did: new track, a town tile, an upgrade, a redirect
      const done = (entry.events || []).find((e) => e && e.type === "build");
      const op = done && done.operation ? done.operation : "new";
      text = page.T("log.build." + op, { place: page.placeName(x) });
      if (text === "log.build." + op) text = page.T("log.build.new", { place: page.placeName(x) });
      break;
    }
    case "done": text = page.T("log.done"); break;
    case "move": text = page.T("log.move", { color: page.colourName(y), place: page.placeName(x), n: a.args.length - 2 }); break;
    case "locomotive": text = page.T("log.locomotive"); break;
    case "pass": text = page.T("log.pass"); break;
    case "produce": {
      const placed = (entry.events || []).find((e) => e && e.type === "produce");
      text = placed && placed.color ? page.T("log.produceColor", { space: x, color: page.colourName(placed.color) }) : page.T("log.produce", { space: x });
      break;
    }
    default: text = entry.action;
  }
  const events = entry.events || [];
  const end = afterStart(events);
  const extra = (end < 0 ? events : events.slice(0, end)).map(eventText).filter(Boolean);
  return `${who}: ${text}${extra.length ? " — " + extra.join("; ") : ""}`;
}

/** Events that nobody chose: a round's end (income, expenses), goods growth, the next round's start. */
const AFTER = new Set(["round_end", "growth", "round"]);
const afterStart = (events) => events.findIndex((e) => e && AFTER.has(e.type));

/** What the move set going by itself, for a log line of its own (not the mover's): the round's end in full, or the
 * goods growth and the next round's start that follow the last Production cube. */
export function describeAfter(entry) {
  const events = entry.events || [];
  const end = afterStart(events);
  if (end < 0) return "";
  const rest = events.slice(end);
  if (rest[0].type === "round_end") return roundEndText(rest);
  return [growthText(rest), ...rest.filter((e) => e.type !== "growth").map(eventText)].filter(Boolean).join("\n");
}

/** The round end in words, player by player: income, expenses (shares + locomotive), a shortfall and what it cost,
 * income reduction, bankruptcy; then what follows (goods growth). */
export function roundEndText(events) {
  const start = events[0] || {};
  const byPlayer = new Map();
  const rest = [];
  const of = (p) => { if (!byPlayer.has(p)) byPlayer.set(p, []); return byPlayer.get(p); };
  for (const e of events.slice(1)) {
    if (!e || typeof e !== "object") continue;
    if (e.type === "income") of(e.player).push(page.T("log.income", { amount: page.money(e.amount) }));
    else if (e.type === "expenses") {
      of(e.player).push(page.T("log.expenses", { paid: page.money(e.paid), shares: page.money(e.shares ?? 0), loco: page.money(e.locomotive ?? 0) }));
      if (e.short) of(e.player).push(page.T("log.short", { short: page.money(e.short), income: e.income }));
      of(e.player).push(page.T("log.cashLeft", { cash: page.money(e.cash ?? 0) }));
    } else if (e.type === "income_reduction") of(e.player).push(page.T("log.reduction", { loss: e.loss, income: e.income }));
    else if (e.type === "bankrupt") of(e.player).push(page.T("log.bankrupt", { income: e.income }));
    else if (e.type !== "growth") { const x = eventText(e); if (x) rest.push(x); }
  }
  const grown = growthText(events);
  if (grown) rest.unshift(grown);
  // one line per railroad (the log keeps this page's line breaks)
  const parts = [...byPlayer].map(([p, xs]) => `• ${page.seatName(p)}: ${xs.join(", ")}`);
  return [page.T("log.roundEnd", { n: start.round ?? "?" }), ...parts, ...rest].join("\n");
}

/** Goods growth in one line: each cube's colour and the city it went to. */
function growthText(events) {
  const grown = events.filter((e) => e && e.type === "growth").map((e) => `${page.colourName(e.color)} → ${page.placeName(e.hex)}`);
  return grown.length ? page.T("log.growthCubes", { cubes: grown.join(", ") }) : "";
}

/** The events worth a word in the log (costs, deliveries, growth); others show on the board. */
function eventText(e) {
  if (!e || typeof e !== "object") return "";
  switch (e.type) {
    case "build": return e.cost !== undefined ? page.T("log.cost", { cost: page.money(e.cost) }) : "";
    case "deliver": case "move": {
      if (!e.to) return "";
      const links = new Map();
      for (const owner of e.owners || []) if (owner !== null && owner !== undefined) links.set(owner, (links.get(owner) || 0) + 1);
      const income = [...links].map(([p, n]) => `${page.seatName(p)} +${n}`).join(", ");
      return page.T("log.delivered", { place: page.placeName(e.to) }) + (income ? "; " + page.T("log.linkIncome", { who: income }) : "");
    }
    case "growth": return e.west || e.east ? page.T("log.growth", { west: (e.west || []).join(" "), east: (e.east || []).join(" ") }) : "";
    case "bankrupt": return page.T("log.eliminated", { name: page.seatName(e.player) });
    // what the log said nothing of: track lost, the auction's payments and the order it set, income from links
    case "ownership_lost": return page.T(e.why === "urbanization" ? "log.lostCity" : "log.lostTrack", { name: page.seatName(e.player), place: page.placeName(e.hex) });
    case "pay_bid": return page.T("log.paidBid", { name: page.seatName(e.player), paid: page.money(e.paid), bid: page.money(e.bid) });
    case "turn_order": return Array.isArray(e.order) ? page.T("log.order", { names: e.order.map((p) => page.seatName(p)).join(" → ") }) : "";
    case "round": return e.round || e.number ? page.T("log.round", { n: e.round || e.number }) : "";
    default: return "";
  }
}

/** The results of chance in a log entry, in words, for the shell's live region: the goods growth dice of each half
 * in one line, turn-order rolls, and the cubes drawn from the bag (Production, set-up). */
export function describeChance(entry) {
  const out = [];
  const growth = { west: [], east: [] };
  for (const e of entry.events || []) {
    if (!e || !e.chance) continue;
    const why = String(e.why || "");
    if (e.type === "roll" && why.startsWith("goods growth ")) {
      const half = why.slice("goods growth ".length);
      if (growth[half]) growth[half].push(e.value);
    } else if (e.type === "roll" && why === "turn order") out.push(page.T("chance.turnOrder", { name: page.seatName(e.player), n: e.value }));
    else if (e.type === "roll") out.push(page.T("chance.roll", { n: e.value }));
    else if (e.type === "draw") {
      const cubes = (e.cubes || []).map(page.colourName).join(", ");
      out.push(!cubes ? page.T("chance.drawNone") : page.T(why === "production" ? "chance.production" : "chance.draw", { cubes }));
    }
  }
  for (const half of ["west", "east"]) {
    if (growth[half].length) out.push(page.T("chance.growth", { half: page.T("chance.half." + half), dice: growth[half].join(", ") }));
  }
  return out;
}
