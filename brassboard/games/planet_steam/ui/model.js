// Pure helpers over a Planet Steam view (no DOM): zones, production preview, bands, legal-action parsing.
export const RESOURCES = ["quartz", "ore", "water", "energy"];
export const QUARTZ = 0, ORE = 1, WATER = 2, ENERGY = 3;
export const UNCLAIMED = -1, UNAVAILABLE = -2, NEUTRAL = -3, NO_CONVERTER = -1;
export const ZONE_KINDS = new Set(["neutral", "place", "auction", "claim", "divert", "topple", "relief", "buy-tank", "import",
  "buy-converter", "buy-compressor", "move", "move-converter", "remove-converter", "move-compressor"]);
export const TWO_ZONE_KINDS = new Set(["move", "move-converter", "move-compressor"]);

/** "claim C4 roll" -> {text, kind: "claim", args: ["C4", "roll"]} (numbers stay strings; use +x). */
export function parse(text) {
  const [kind, ...args] = text.split(" ");
  return { text, kind, args };
}

export function zoneIndex(view, name) { return view.zone_names.indexOf(name); }

export function neighbours(fig, zone) {
  const { rows, columns } = fig;
  const r = Math.floor(zone / columns), c = zone % columns;
  const out = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 0 && rr < rows && cc >= 0 && cc < columns) out.push(rr * columns + cc);
  }
  return out;
}

export function output(view, zone) {
  const conv = view.converter[zone];
  return conv === NO_CONVERTER ? WATER : conv;
}

export function needsEnergy(view, zone) {
  const conv = view.converter[zone];
  if (conv === ENERGY) return false;
  const free = view.figures.free_water_zones.includes(view.zone_names[zone]);
  return !(conv === NO_CONVERTER && free);
}

export function tanksOf(view, player) {
  const out = [];
  view.owner.forEach((o, z) => { if (o === player && view.tank[z]) out.push(z); });
  return out;
}

export function zonesOf(view, player) {
  const out = [];
  view.owner.forEach((o, z) => { if (o === player) out.push(z); });
  return out;
}

/** The same computation as the rules' production(): energy cost and output of the given tanks. */
export function production(view, player, using) {
  const fig = view.figures;
  const used = [...new Set(using)].filter((z) => view.owner[z] === player && view.tank[z] && !view.toppled[z]).sort((a, b) => a - b);
  const usedSet = new Set(used);
  let energy = 0;
  const base = [0, 0, 0, 0], synergy = [0, 0, 0, 0], compressor = [0, 0, 0, 0], airship = [0, 0, 0, 0];
  const seen = new Set();
  const groups = [];
  for (const z of used) {
    if (needsEnergy(view, z)) energy += 1;
    const res = output(view, z);
    base[res] += 1;
    if (view.compressor[z]) compressor[res] += 1;
    if (view.airship_row && Math.floor(z / fig.columns) + 1 === view.airship_row) airship[res] += 1;
    if (seen.has(z)) continue;
    const group = [z], frontier = [z];
    seen.add(z);
    while (frontier.length) {
      const cur = frontier.pop();
      for (const nb of neighbours(fig, cur)) {
        if (usedSet.has(nb) && !seen.has(nb) && output(view, nb) === res) { seen.add(nb); group.push(nb); frontier.push(nb); }
      }
    }
    synergy[res] += group.length - 1;
    if (group.length > 1) groups.push(group);
  }
  const total = base.map((b, r) => b + synergy[r] + compressor[r] + airship[r]);
  return { energy, base, synergy, compressor, airship, total, groups, tanks: used };
}

export function capacity(view, player, res) {
  const cls = view.holdings[player].freighter[res];
  return view.figures.capacity[res][cls - 1];
}

export function independentFree(view, player) {
  if (player !== view.freighter_holder) return 0;
  const goods = view.holdings[player].goods;
  let used = 0;
  for (let r = 0; r < 4; r++) used += Math.max(0, goods[r] - capacity(view, player, r));
  return view.figures.independent_capacity - used;
}

export function room(view, player, res) {
  return Math.max(0, capacity(view, player, res) - view.holdings[player].goods[res]) + independentFree(view, player);
}

export function band(view, res, supply) {
  const scale = view.figures.scales[res];
  for (const b of scale.bands) if (supply >= b.min_supply) return b;
  return scale.bands[scale.bands.length - 1];
}

export function clampPrice(view, res, price) {
  const s = view.figures.scales[res];
  return Math.max(s.price_min, Math.min(s.price_max, price));
}

export function trading(view) {
  if (view.options.variable_trading_order && Object.keys(view.trade_markers || {}).length) {
    const marked = RESOURCES.map((_, r) => r).filter((r) => RESOURCES[r] in view.trade_markers);
    const unmarked = [0, 1, 2, 3].filter((r) => !marked.includes(r));
    marked.sort((a, b) => view.trade_markers[RESOURCES[a]] - view.trade_markers[RESOURCES[b]]);
    return [...marked, ...unmarked];
  }
  return [0, 1, 2, 3];
}

export function tankPrice(view) { return view.track > 0 ? view.figures.tank_price[view.track] : 0; }
export function marketTanks(view) { return Math.min(view.track, view.stock.tanks); }

export function specialistsOf(view, player) {
  const card = view.cards[player];
  return card >= 0 ? view.figures.cards[card][1] : [];
}

export function holderOf(view, specialist) {
  for (let p = 0; p < view.players; p++) if (specialistsOf(view, p).includes(specialist)) return p;
  return -1;
}

/** The map from zone index to the legal actions whose (first) zone it is. */
export function zoneActions(view, legal) {
  const map = new Map();
  for (const a of legal) {
    if (!ZONE_KINDS.has(a.kind) || !a.args.length) continue;
    const z = zoneIndex(view, a.args[0]);
    if (z < 0) continue;
    if (!map.has(z)) map.set(z, []);
    map.get(z).push(a);
  }
  return map;
}
