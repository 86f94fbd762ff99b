// Tharos' log in words: each move's line, what the last pass set going (the attack, the round's end), the results of chance.
// The page's translator, names and shown state come from main.js (useWords): they follow its language and seats.
import { parse, tokenDie, CELL } from "./model.js";

/** What main.js lends: { T, TF, cardRef, colourName, converterName, effectsText, familyLabel, restWords, seatName, wordLabel }. */
let page = null;
export function useWords(words) { page = words; }

export function describe(entry) {
  const who = page.seatName(entry.seat);
  const a = parse(entry.action);
  // a button says what the player does ("Roll my dice"); the log what a seat did ("rolls the dice")
  const did = page.T("log.fam." + a.kind);
  const skipped = a.rest.length === 1 && a.rest[0] === "skip" && a.family.includes(" ");
  let text = skipped ? page.T("fam.skipOf", { name: page.wordLabel(a.family.split(" ")[1]) })
    : did !== "log.fam." + a.kind && !a.rest.length ? did : page.familyLabel(a.family);
  // every word in plain language: a die as its colour and pips ("red 6"), never the notation's token ("r6")
  const rest = skipped ? "" : page.restWords(a).join(" ");
  if (rest) text += " " + rest;
  if (a.dice.length) text += ` (${page.T("log.dice")}: ${a.dice.map((w) => page.wordLabel(w)).join(", ")})`;
  const events = entry.events || [];
  const end = afterStart(events);
  const extra = (end < 0 ? events : events.slice(0, end)).map(eventText).filter(Boolean);
  if (extra.length <= 1) return `${who}: ${text}${extra.length ? " — " + extra[0] : ""}`;
  // several outcomes: one line each, not one long run-on line
  return [`${who}: ${text}`, ...extra.map((x) => "• " + x)].join("\n");
}

/** Events that nobody chose: the turn's attack resolved, the round-end cards and their damage, the round's end, the
 * next turn's attack card. The first of them ends what the move itself did. */
const AFTER = new Set(["attack_lost", "defended", "round_end_card", "round_over", "attack_card"]);
// the attack's own converter (used by itself, before each guild's outcome) belongs to the attack too
const afterStart = (events) => events.findIndex((e) => e && (AFTER.has(e.type) || (e.type === "convert" && e.automatic)));

/** What the move set going by itself (the last pass of a turn resolves its attack, ...), for a log line of its own
 * rather than the mover's: one line each. */
export function describeAfter(entry) {
  const events = entry.events || [];
  const end = afterStart(events);
  if (end < 0) return "";
  const lines = events.slice(end).map(eventText).filter(Boolean);
  return lines.length > 1 ? lines.map((x) => "• " + x).join("\n") : lines.join("");
}

/** The events worth a word in the log: what an action earned, attacks and their outcome, round-end damage. */
export function eventText(e) {
  if (!e || typeof e !== "object") return "";
  const name = (p) => page.seatName(p);
  const land = (cell) => (cell && CELL.test(cell) ? page.wordLabel(cell) : cell || "");
  switch (e.type) {
    case "money": return page.T("ev.jars", { n: e.jars });
    case "buy": return page.T("ev.price", { n: e.price });
    case "build": return page.T("ev.price", { n: e.jars });
    case "attack_card": return page.T("ev.attack", { value: e.value, land: land(e.landscape), strength: e.strength });
    case "defended": return page.T(e.sure ? "ev.sure" : "ev.defended", { name: name(e.player), defence: e.defence, strength: e.strength });
    case "attack_lost": {
      // what the lost attack cost, each loss named (the counters alone changed without a word)
      const where = land(e.landscape);
      const costs = [e.tile_on_card ? page.T("ev.lost.card") : null, e.lost_tile ? page.T("ev.lost.tile", { land: where }) : null,
        e.lost_mine ? page.T("ev.lost.mine", { land: where }) : null].filter(Boolean);
      const lost = page.T("ev.lost", { name: name(e.player), defence: e.defence, strength: e.strength, land: where });
      return costs.length ? `${lost}: ${costs.join(", ")}` : lost;
    }
    case "convert":  // the converter's name says its effect ("3 jars", "Combat +2"); the attack uses some by itself
      return page.T(e.automatic ? "ev.convertAuto" : "ev.convert", { name: name(e.player), what: page.converterName(e.converter) });
    case "cards_drawn":
      // the cards are named to the player who drew them (and to all once the match is over); others read a count
      return Array.isArray(e.cards) && e.cards.length
        ? page.T("ev.drew", { name: name(e.player), cards: e.cards.map(page.cardRef).join(", ") })
        : page.T("ev.drewN", { name: name(e.player), n: e.n ?? "?" });
    case "card_gained":  // into the hand (drawn, kept or taken): named to its new owner only, like the hand itself
      return e.card !== undefined ? page.T("ev.gained", { name: name(e.player), card: page.cardRef(e.card) })
        : page.T("ev.gainedHidden", { name: name(e.player) });
    case "round_end_card": return page.T("ev.roundEnd", { card: e.card, column: e.column, names: (e.players || []).map(name).join(", ") || page.T("ev.nobody"),
      effect: page.effectsText(e.effects || []) });
    case "damage": {
      if (e.amount === 0) return "";  // a round-end card took nothing (nothing of that kind held): no line for it
      const what = e.amount !== undefined ? String(e.amount) : page.wordLabel(String(e.target ?? ""), String(e.effect).includes("action_cards") ? "discard" : "");
      return page.T("ev.damage", { name: name(e.player), what: page.TF("dmg." + e.effect, e.effect), n: what });
    }
    case "round_over": return page.T("ev.roundOver", { n: e.round });
    default: return "";
  }
}

/** The results of chance in a log entry, in words, for the shell's live region: dice drawn from a guild's bag (their
 * colours), dice rolled or rolled again (colour and pips), the action card deck shuffled. */
export function describeChance(entry) {
  const out = [];
  const rolled = (tokens) => (tokens || []).map((tok) => { const d = tokenDie(tok); return page.T("chance.die", { color: page.colourName(d.color), pips: d.pips }); }).join(", ");
  for (const e of entry.events || []) {
    if (!e || !e.chance) continue;
    const name = page.seatName(e.player);
    if (e.type === "dice_drawn") out.push(page.T("chance.drawn", { name, dice: (e.dice || []).map((letter) => page.colourName(tokenDie(String(letter)).color)).join(", ") }));
    else if (e.type === "rolled" || e.type === "dice_rolled") out.push(page.T("chance.rolled", { name, dice: rolled(e.dice) }));
    else if (e.type === "reroll") out.push(page.T("chance.reroll", { name, dice: rolled(e.dice) }));
    else if (e.type === "action_deck_shuffled") out.push(page.T("chance.shuffled"));
  }
  return out;
}
