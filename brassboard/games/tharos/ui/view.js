// The view the server sends (brassboard/games/tharos/view.py), read into the few shapes the drawing code uses.
// Only renaming and defaults happen here: no rule is computed.
import { cellIndex } from "./model.js";

// the white action fields of the player board and their options, in the board's order (the notation's words)
export const FIELDS = { money: ["many", "little"], cards: ["large", "single"], guild: ["tile", "reroll"],
  land: ["land", "explore"], market: ["buy", "mine"], build: ["build"] };
export const MEDALS = ["combat", "exploration", "trade", "civil"];

const list = (x) => (Array.isArray(x) ? x : []);

/** Colour counts {white: 2, red: 1} as a list of colours, in the dice order. */
function colourList(counts) {
  if (Array.isArray(counts)) return counts;
  const out = [];
  for (const c of ["white", "yellow", "red", "green", "blue"]) for (let i = 0; i < ((counts || {})[c] || 0); i++) out.push(c);
  return out;
}

function player(g) {
  const medals = Array.isArray(g.medals) ? g.medals : MEDALS.map((m) => (g.medals || {})[m] || 0);
  const cardsActive = list(g.cards_active).map((c) => (typeof c === "string" ? { id: c } : c));
  const cardTiles = {};
  for (const c of cardsActive) cardTiles[c.id] = c.guild || 0;
  return {
    seat: g.seat,
    money: g.money ?? 0,
    bag: typeof g.bag === "number" ? g.bag : list(g.bag).length,
    discard: colourList(g.discard),
    market: list(g.market).map((col) => [0, 1, 2].map((row) => (col[row] ? col[row].color || col[row] : null))),
    active: list(g.active),
    placed: list(g.placed),
    fields: g.fields || {},
    // while the turn's attack is open, the strength it will count (the attacked landscape's combat converter
    // included, which the attack applies by itself): the figure the threat line gives too
    combat_strength: g.attack ? g.attack.defence : g.defence ?? g.combat ?? 0,
    sure_defence: !!g.sure_defence,
    // the rules' outlook of the turn's open attack for this guild (view.py: defence, strength, holds, loss), or null
    attack: g.attack || null,
    combat_points: g.combat_points ?? 0,
    medals,
    guild: g.guild ?? 0,
    mines: g.mines ?? 0,
    card_tiles: cardTiles,
    cards_active: cardsActive.map((c) => c.id),
    cards_used: cardsActive.filter((c) => c.used).map((c) => c.id),
    cards_new: cardsActive.filter((c) => c.new).map((c) => c.id),
    cards_inactive: list(g.cards_inactive),
    hand: list(g.hand),
    hand_size: g.hand_size ?? list(g.hand).length,
    ore: list(g.ore),
    crystal: list(g.crystal),
    passed: !!g.passed,
    acted: !!g.acted,
    converter_used: !!g.converter_used,
    buildings_used: list(g.buildings_used),
    stored: list(g.stored),
  };
}

export function readView(v) {
  const target = v.target ? (typeof v.target === "number" ? v.target : v.target.name ? cellIndex(v.target.name) : v.target.row * 4 + v.target.col) : -1;
  const attack = list(v.attack).filter((a) => a && a.value !== null && a.value !== undefined).map((a) => ({ value: a.value, tiles: list(a.guild || a.tiles) }));
  const built = list(v.buildings && v.buildings.built);
  const owners = {};
  for (const b of built) if (b.owner !== null && b.owner !== undefined) owners[b.id] = b.owner;
  return {
    round: v.round || 1,
    turn: v.turn || 1,
    step: v.over ? "over" : v.step || v.phase || "",
    start_player: v.start_player ?? 0,
    target,
    strength: v.strength ?? 0,
    lands: list(v.landscapes).map((l) => ({ ...l, guild: list(l.guild), mines: list(l.mines) })),
    attack,
    attack_deck: v.attack_deck,
    round_end_drawn: list(v.round_end_drawn),
    action_deck: v.action_deck,
    action_discard: list(v.action_discard),
    built: built.map((b) => b.id),
    unbuilt: list(v.buildings && v.buildings.unbuilt),
    owners,
    pending: v.pending || null,
    drawn: v.drawn,
    players: list(v.guilds).map(player),
  };
}
