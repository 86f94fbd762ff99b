// Planet Unknown's log in words: each move's line from its events, and the results of chance.
// The page's translator, names and shown state come from main.js (useWords): they follow its language and seats.
import { parse } from "./model.js";
import { ROMAN } from "./board.js";
import { moduleEventText } from "./modules.js";

/** What main.js lends: { T, actionLabel, cardText, civName, resName, seatName, trackName, view (a getter) }. */
let page = null;
export function useWords(words) { page = words; }

export function describe(entry) {
  const who = page.seatName(entry.seat);
  const parts = [];
  for (const e of entry.events || []) {
    const line = eventText(e, entry.seat);
    if (line) parts.push(line);
  }
  if (parts.length) return `${who}: ${parts.join("; ")}`;
  return `${who}: ${page.actionLabel(parse(entry.action), entry.seat)}`;   // a move whose events say nothing shown: the move in words
}

/** The results of chance in a log entry, in words, for the shell's live region (civ cards shuffled into or out of the
 * piles, a civ milestone's offer drawn). */
export function describeChance(entry) {
  const out = [];
  for (const e of entry.events || []) {
    if (!e || !e.chance) continue;
    if (e.type === "civ_cards_added") out.push(page.T("chance.civAdded"));
    else if (e.type === "civ_cards_removed") out.push(page.T("chance.civRemoved"));
    else if (e.type === "civ_offer") out.push(page.T("chance.offer", { name: page.seatName(e.player), r: ROMAN[e.rank] }));
    else { const line = eventText(e, null); if (line) out.push(line); }
  }
  return out;
}

function eventText(e, actor) {
  const other = (p) => (p !== actor && p !== null && p !== undefined ? page.seatName(p) + " " : "");
  switch (e.type) {
    case "turn": {
      const auto = e.player === null || e.player === undefined;
      return page.T((auto ? "log.autoTurn" : "log.turn") + (e.steps === 1 ? "One" : ""), { n: e.steps });
    }
    case "place": {
      const tile = page.view && page.view.figures.tiles[e.tile];
      const shape = tile ? page.view.figures.shapes[tile[0]].name : "";
      return page.T("log.place", { depot: page.T("depotl." + e.stack), shape, a: tile ? page.resName(tile[1]) : "", b: tile ? page.resName(tile[2]) : "" });
    }
    case "take_unplaced": return page.T("log.take", { depot: page.T("depotl." + e.stack) });
    case "advance": return e.overflow ? other(e.player) + page.T("log.overflow") : other(e.player) + page.T(e.benefits === false ? "log.advanceNoBenefit" : "log.advance", { track: page.trackName(e.track), n: e.position });
    case "no_step": return other(e.player) + page.T("log.noStep", { track: page.trackName(e.track) });
    case "regress": return other(e.player) + page.T("log.regress", { track: page.trackName(e.track), n: e.position });
    case "tech_level": return other(e.player) + page.T("log.tech", { r: ROMAN[e.level] });
    case "only": return page.T("log.only", { res: page.resName(e.resource) });
    case "patch": return page.T("log.patch");
    case "store_patch": return page.T("log.store");
    case "deploy": return page.T("log.deploy");
    case "rove": return page.T("log.rove", { n: e.rover + 1 });
    case "teleport": return page.T("log.teleport", { n: e.rover + 1 });
    case "collect": return other(e.player) + page.T("log.collect." + e.what);
    case "destroy": return page.T("log.destroy." + e.what);
    case "clear": return page.T("log.clear", { n: e.destroyed });
    case "meteorite": return page.T("log.meteorite");
    case "lifepod_destroyed": return other(e.player) + page.T("log.lifepodLost", { n: (e.squares || []).length });
    case "rover_destroyed": return other(e.player) + page.T("log.roverLost");
    case "event_skipped": return other(e.player) + page.T("log.eventSkipped." + e.part);
    case "remove_shape": return page.T("log.remove", { depot: page.T("depotl." + e.stack), n: e.tiles });
    case "discard_objective": return page.T("log.discard");
    case "drop_objective": return page.T("log.drop");
    case "keep_civ": return e.card ? page.T("log.keepCard", { name: page.civName(e.card) }) : page.T("log.keepHidden", { r: ROMAN[e.rank] });
    case "civ_offer": return other(e.player) + page.T("log.offer", { r: ROMAN[e.rank] });
    case "civ_revealed": return e.cards && e.cards.length ? other(e.player) + page.T("log.revealed", { names: e.cards.map(page.civName).join(", ") }) : "";
    case "peek": return page.T("log.peek");
    case "event": return page.T("log.event", { text: page.view ? page.cardText(page.view.figures.events[String(e.card)]) : e.card });
    case "round": return page.T("log.round", { n: e.number, name: page.seatName(e.commander) });
    case "done": return page.T("log.done");
    case "game_over": return page.T("log.over");
    default: return moduleEventText(e, page.T, other) ?? "";   // tops, civ_cards_added/removed: shown on the board
  }
}
