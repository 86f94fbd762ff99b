"""Helpers of the Planet Unknown modules' browser test: a gallery of every board on one page, and module actions
reached quickly.

The gallery draws each planet and each corporation with the page's own drawing code (``board.js``, ``tracks.js``)
into a panel of the match page, one board at a time, from the printed figures the server serves: no match per
board. Trackers stand part-way up so that the drawing shows them among the benefits.

:func:`module_path` plays a game in-process (the engine, no server) with a seeded random policy that prefers a
corporation's own actions, and returns the action list up to and including the first time seat 0 may take each
wanted kind — the server replays the same game from the same seed, so the browser test posts the prefix through
the API and clicks only the module actions.
"""

from __future__ import annotations

import random
from typing import Any

from brassboard.engine import new_game

# the German tech abilities of every corporation (strings_modules.js)
JS_TECH_DE = "async () => (await import('/games/planet_unknown/ui/strings_modules.js')).TECH_DE"

# draws one board into #pu-gallery: {kind: "planet" | "corporation", name, lang}
JS_DRAW_BOARD = """async ({kind, name, lang}) => {
  const board = await import('/games/planet_unknown/ui/board.js');
  const tracks = await import('/games/planet_unknown/ui/tracks.js');
  const i18n = await import('/static/i18n.js');
  const { strings } = await import('/games/planet_unknown/ui/strings.js');
  const { TECH_DE } = await import('/games/planet_unknown/ui/strings_modules.js');
  const figures = window.__puFigures || (window.__puFigures =
    await (await fetch('/api/games/planet_unknown/figures')).json());
  const T = (key, params) => {
    const text = (strings[lang] && strings[lang][key]) ?? strings.en[key];
    return text === undefined ? key : text.replace(/\\{(\\w+)\\}/g, (_, k) => (params && k in params ? params[k] : ''));
  };
  const planet = figures.planets[name];
  const corp = figures.corporations[name];
  const player = {
    planet: planet ? name : figures.planet.name, corporation: corp ? name : 'Universal Coalition',
    tiles: [], patches: [], meteorites: [], meteor_symbols: [], rovers: [], lifepods: planet ? planet.lifepods : [],
    tracks: [3, 5, 5, 2, 8], tech_levels: [1, 2, 3], flux: null, track_pods: [], lifepods_collected: 2,
    columns: ['civ', 'water', 'biomass', 'rover', 'tech'],
  };
  if (corp && corp.rule === 'columns') {
    player.columns = ['civ', 'biomass', 'water', 'rover', 'rover'];
    player.tracks = [3, 4, 3, 2, 6];
  }
  if (corp && corp.rule === 'tech_slots') player.tech_levels = [1, 4];
  if (corp && corp.rule === 'flux') player.flux = 'rover';
  if (corp && corp.rule === 'lifepod_tracks') player.track_pods = [['civ', 6]];
  const view = { figures, players: [player] };
  const box = document.getElementById('pu-gallery') || document.body.appendChild(Object.assign(
    document.createElement('section'), { id: 'pu-gallery', className: 'pu-panel' }));
  box.setAttribute('aria-label', 'gallery');
  box.style.cssText = 'position:absolute;top:0;left:0;z-index:50;background:#fff;padding:12px;width:900px';
  const texts = corp ? corp.tech.map((text, i) => (lang === 'de' && (TECH_DE[name] || [])[i]) || text) : [];
  const heading = document.createElement('h2');
  heading.textContent = (planet ? T('board.planet', { name }) + ' · ' + T('rule.planet.' + planet.rule)
                                : T('board.corporation', { name }) + ' · ' + T('rule.corp.' + corp.rule));
  const svg = planet
    ? board.drawPlanet(view, 0, { c: 44, t: T, label: heading.textContent }).svg
    : tracks.drawTracks(view, 0, { t: T, techText: (level) => texts[level - 1] || '', label: heading.textContent });
  const list = document.createElement('ol');
  texts.forEach((text, i) => { const li = document.createElement('li'); li.textContent = text; list.append(li); });
  box.replaceChildren(heading, svg, list);
  return { titles: [...svg.querySelectorAll('title')].map((el) => el.textContent), rule: (planet || corp).rule,
           ruleText: planet ? T('rule.planet.' + planet.rule) : T('rule.corp.' + corp.rule) };
}"""


def module_path(corporation: str, wanted: set[str], seeds: range = range(60)) -> tuple[int, list[tuple[int, str]],
                                                                                         dict[str, int]]:
    """(seed, actions [(seat, notation)], {kind: index in actions of its first legal moment for seat 0}) of the
    first seed whose game offers seat 0 every wanted kind; the actions stop after the last one found."""
    best: tuple[int, list[tuple[int, str]], dict[str, int]] = (0, [], {})
    for seed in seeds:
        state: Any = new_game("planet_unknown", 2, seed, {"corporation": corporation})
        rng = random.Random(seed)
        actions: list[tuple[int, str]] = []
        found: dict[str, int] = {}
        while not state.is_over() and len(found) < len(wanted):
            seat = state.active_players()[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            mine = [a for a in legal if _kind(a) in wanted and _kind(a) not in found] if seat == 0 else []
            if mine:
                action = mine[0]
                found[_kind(action)] = len(actions)
            else:
                action = _prefer(legal, rng)
            actions.append((seat, action))
            state.apply(seat, state.legal_actions(seat)[legal.index(action)])
        if len(found) == len(wanted):
            return seed, actions, found
        if len(found) > len(best[2]):
            best = (seed, actions, found)
    raise AssertionError(f"no seed in {seeds} offers {corporation}'s {sorted(wanted)}; best: {best[0]} "
                         f"{sorted(best[2])}")


def _kind(action: str) -> str:
    kind = action.split(" ")[0]
    return "synergy twice" if kind == "synergy" and action.endswith(" twice") else kind


# a lifepod collected goes onto the slots whose abilities the test clicks; rovers collect what they can
SLOT_ORDER = ["slot 6", "slot 1", "slot 3", "slot 5", "slot 2", "slot 4", "slot area"]


def _prefer(legal: list[str], rng: random.Random) -> str:
    for slot in SLOT_ORDER:
        if slot in legal:
            return slot
    for kind in ("collect", "claim_row", "draw_objectives", "biomass_reset", "makeshift_regress", "patch_twice"):
        hits = [a for a in legal if a.startswith(kind)]
        if hits:
            return hits[0]
    useful = [a for a in legal if not a.startswith("done")] or legal
    return rng.choice(useful)
