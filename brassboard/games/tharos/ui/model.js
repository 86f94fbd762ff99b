// Tharos's UI model: the action notation taken apart, the legal actions grouped into what the player picks
// (a "family": money many, land, buy, activate banker, play 7 …), and which active dice a family can still use.
// Nothing here touches the DOM and nothing here knows a rule: every choice comes from the legal actions.
//
// Notation (the rules package's README): the kind first, then its arguments, then the word `dice` and the dice
// used as colour letter + pips (`land B2 dice w3 b4`, `money many dice w3 w5`, `buy 1 green dice y3`).

export const LETTERS = ["w", "y", "r", "g", "b"];
export const COLOURS = ["white", "yellow", "red", "green", "blue"];
export const COLOUR_OF = Object.fromEntries(LETTERS.map((l, i) => [l, COLOURS[i]]));
export const CELL = /^[A-D][1-4]$/;
export const DIE_TOKEN = /^[wyrgb][0-9]+$/;

export const cellIndex = (name) => (name.charCodeAt(0) - 65) + 4 * (Number(name.slice(1)) - 1);
export const cellName = (i) => "ABCD"[i % 4] + String(Math.floor(i / 4) + 1);

/** "land B2 dice w3 b4" -> {text, kind, args: ["B2"], dice: ["w3", "b4"], family: "land", rest: ["B2"]}. */
export function parse(text) {
  const words = text.split(" ").filter(Boolean);
  const kind = words[0] || "";
  // the dice used: what follows the word `dice` (always active dice, colour and pips)
  const at = words.indexOf("dice");
  const args = at < 0 ? words.slice(1) : words.slice(1, at);
  const dice = at < 0 ? [] : words.slice(at + 1);
  // the family: the kind with its option word (money many, convert plus, activate banker, use new_market),
  // or with the card's number for an action card (play 7); the remaining arguments are the target
  let cut = 0;
  if (kind === "play" && args.length) cut = 1;
  else if (kind === "card" && args.length > 1 && /^[a-z_]{2,}$/.test(args[1])) cut = 2;   // card gunner fire
  else if (args.length && /^[a-z_]{2,}$/.test(args[0]) && args[0] !== "dice") cut = 1;
  const family = [kind, ...args.slice(0, cut)].join(" ");
  return { text, kind, args, dice, family, rest: args.slice(cut) };
}

/** A token's colour and pips: "w3" -> {color: "white", pips: 3}. */
export function tokenDie(tok) {
  return { color: COLOUR_OF[tok[0]] || "white", pips: Number(tok.slice(1)) };
}

/** How many of each token a list holds. */
export function countOf(tokens) {
  const out = new Map();
  for (const t of tokens) out.set(t, (out.get(t) || 0) + 1);
  return out;
}

/** Whether multiset `small` fits inside multiset `big` (both Maps token -> n). */
export function fits(small, big) {
  for (const [t, n] of small) if ((big.get(t) || 0) < n) return false;
  return true;
}

/** Legal actions by family, in the order they first appear. */
export function families(actions) {
  const out = new Map();
  for (const a of actions) {
    if (!out.has(a.family)) out.set(a.family, []);
    out.get(a.family).push(a);
  }
  return out;
}

/**
 * Dice picking for one family. selected: the tokens of the dice clicked so far. Returns
 * {extra: Set of tokens one more die of which keeps a legal action possible, complete: the actions whose dice are
 * exactly the selection}.
 */
export function diceChoice(actions, selected) {
  const have = countOf(selected);
  const extra = new Set();
  const complete = [];
  for (const a of actions) {
    const need = countOf(a.dice);
    if (!fits(have, need)) continue;
    if (a.dice.length === selected.length) complete.push(a);
    for (const [t, n] of need) if ((have.get(t) || 0) < n) extra.add(t);
  }
  return { extra, complete };
}

/** The cells an action's arguments name (landscapes to highlight). */
export function cellsOf(a) {
  return a.rest.filter((w) => CELL.test(w)).map(cellIndex);
}
