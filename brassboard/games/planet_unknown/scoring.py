"""Scoring: planet rows and columns, track medals, lifepods, meteorites, civ cards, objectives; ties and the solo
target and rating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from brassboard.engine import Score

from . import corporations, jump_drive, planets
from . import geometry as g
from .figures import (
    RESOURCE_INDEX,
    Planet,
)
from .state import (
    FIG,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def score_of(self: PlanetUnknownState, p: int) -> Score:
    corp = self.corps[p]
    board = corp.planet
    covered = planets.covered_for_lines(corp)
    planet = planets.planet_bonus(corp)  # Cerberus' sub-planets, Gaia's cities: part of the planet's medals
    for lines, medals in ((board.rows, board.row_medals), (board.columns, board.column_medals)):
        for line, medal in zip(lines, medals, strict=True):
            if line and line & covered == line and not line & corp.meteorites:
                planet += medal
    tracks = sum(corporations.track_medal(corp, t) for t in range(5))
    cards = [FIG.civ_cards[c] for c in corp.civ]
    pod_value = max([c.get("value", 1) for c in cards if c["kind"] == "lifepod_value"], default=1)
    repo = sum(1 for c in cards if c["kind"] == "meteorite_repo")
    commerce = sum(1 for c in cards if c["kind"] == "commerce_agreement")
    civ = FIG.commerce_medals[min(commerce, len(FIG.commerce_medals) - 1)]
    for c in cards:
        if c["kind"] in ("medals", "medals_and_advance"):
            civ += c["medals"]
        elif c["kind"] == "medal_per_biomass_patch":
            civ += corp.patches.bit_count()
    private = sum(FIG.objective_scoring["private_completed"] for card in corp.objectives
                  if private_objective_met(corp, FIG.objectives[card]["private"]))
    neighbor = 0
    for card, a, b in self.neighbor_cards:
        if p in (a, b):
            other = b if p == a else a
            mine = neighbor_measure(corp, FIG.objectives[card]["neighbor"])
            theirs = neighbor_measure(self.corps[other], FIG.objectives[card]["neighbor"])
            if mine > theirs:
                neighbor += FIG.objective_scoring["neighbor_win"]
            elif mine == theirs:
                neighbor += FIG.objective_scoring["neighbor_tie"]
            else:
                neighbor += FIG.objective_scoring["neighbor_loss"]
    neighbor += jump_drive.shared_objective_medals(self, p)  # Jump Drive tech 6: cards every player competes for
    breakdown = {
        "planet": planet,
        "tracks": tracks,
        "lifepods": corp.lifepods_collected * pod_value,
        "meteorites": corp.meteorites_collected // 3 * (1 + repo * FIG.repo_bonus),
        "civ_cards": civ,
        "private_objectives": private,
        "neighbor_objectives": neighbor,
    }
    return Score(sum(breakdown.values()), breakdown)


def visible_score(self: PlanetUnknownState, p: int, viewer: int | None) -> Score:
    """Player ``p``'s medals if the game ended now, as ``viewer`` may know them: a player's own in full; another's
    without the cards still hidden from the viewer (end-game civ cards, private objectives), which are left out
    rather than guessed. The board is put back as it was."""
    if viewer == p or self.is_over():
        return self.score_of(p)
    corp = self.corps[p]
    civ, objectives = corp.civ, corp.objectives
    corp.civ = [c for c in civ if FIG.civ_cards[c]["timing"] == "immediate"]
    corp.objectives = []
    try:
        return self.score_of(p)
    finally:
        corp.civ, corp.objectives = civ, objectives


def scores(self: PlanetUnknownState) -> list[Score]:
    return [self.score_of(p) for p in range(self.num_players)]


def tie_break(self: PlanetUnknownState, p: int) -> tuple[int, int]:
    """Higher is better: fewest uncovered planet squares, then fewest meteorites on the planet."""
    corp = self.corps[p]
    return -(corp.planet.squares & ~corp.occupied).bit_count(), -corp.meteorites.bit_count()


def winners(self: PlanetUnknownState) -> list[int]:
    ranked = [((s.total, *self.tie_break(p)), p) for p, s in enumerate(self.scores())]
    best = max(key for key, _ in ranked)
    return [p for key, p in ranked if key == best]


def solo_target(self: PlanetUnknownState) -> int:
    solo = FIG.solo["target"]
    if not self.events_on:
        return int(FIG.solo["setup"]["bga_target_without_events"])
    target = int(solo["base"])
    for colour, amount in zip(("green", "orange", "red"), self.event_counts, strict=True):
        for band, adjustment in zip(solo["bands"], solo[colour], strict=True):
            if amount >= band[0] and (len(band) == 1 or amount <= band[1]):
                target += adjustment
    return target


def solo_band(self: PlanetUnknownState) -> int:
    """The solo rating band: the highest of the rulebook's score differences (-15 … +15) the result reaches;
    the lowest band also takes every result further below."""
    result = self.scores()[0].total - self.solo_target()
    thresholds = [int(t) for t in FIG.solo["result"]["thresholds"]]
    return max((t for t in thresholds if result >= t), default=thresholds[0])


def solo_rating(self: PlanetUnknownState) -> str:
    """The solo rating band as shown, by its score difference ("+5", "0", "-10"): the reference names the bands
    by these numbers only (their printed names are not sourced)."""
    band = self.solo_band()
    return f"{band:+d}" if band else "0"


def private_objective_met(corp: Corp, objective: dict[str, Any]) -> bool:
    kind = objective["kind"]
    if kind == "block":
        terrain = planets.terrain(corp, RESOURCE_INDEX[objective["terrain"]])
        shapes = {(objective["width"], objective["height"]), (objective["height"], objective["width"])}
        return any(rect & terrain == rect for w, h in shapes for rect in _rectangles(corp.planet, w, h))
    if kind == "area_icons":
        r = RESOURCE_INDEX[objective["terrain"]]
        return any((area & corp.icons[r]).bit_count() >= objective["min"]
                   for area in g.components(planets.terrain(corp, r)))
    if kind == "track_top":
        t = RESOURCE_INDEX[objective["track"]]
        return corporations.at_top(corp, t)
    if kind == "icons_at_most":
        return corp.icons[RESOURCE_INDEX[objective["resource"]]].bit_count() <= int(objective["max"])
    if kind == "meteorites_collected_at_least":
        return corp.meteorites_collected >= int(objective["min"])
    if kind == "lifepods_exceed_meteorites":
        return corp.lifepods_collected > corp.meteorites_collected
    if kind == "none_uncovered":
        squares = corp.planet.ice if objective["terrain"] == "ice" else corp.planet.land
        return not squares & ~corp.occupied
    raise ValueError(f"unknown private objective kind {kind!r}")


def neighbor_measure(corp: Corp, objective: dict[str, Any]) -> int:
    """The figure a neighbour objective compares; higher wins (the "fewest" kinds are negated)."""
    kind = objective["kind"]
    if kind == "edge_icons_most":
        return (corp.icons[RESOURCE_INDEX[objective["resource"]]] & corp.planet.perimeter).bit_count()
    if kind == "largest_area":
        areas = g.components(planets.terrain(corp, RESOURCE_INDEX[objective["terrain"]]))
        return max((a.bit_count() for a in areas), default=0)
    if kind == "most_areas":
        return len(g.components(planets.terrain(corp, RESOURCE_INDEX[objective["terrain"]])))
    if kind == "icons_fewest":
        return -corp.icons[RESOURCE_INDEX[objective["resource"]]].bit_count()
    if kind == "most_tracks_at_max":
        return sum(1 for t in range(len(corp.tracks)) if corporations.at_top(corp, t))
    if kind == "meteorites_most":
        return corp.meteorites_collected
    if kind == "lifepods_most":
        return corp.lifepods_collected
    if kind == "meteorites_fewest":
        return -corp.meteorites_collected
    if kind == "lifepods_fewest":
        return -corp.lifepods_collected
    raise ValueError(f"unknown neighbor objective kind {kind!r}")


_RECTANGLES: dict[tuple[str, int, int], list[int]] = {}


def _rectangles(planet: Planet, width: int, height: int) -> list[int]:
    found = _RECTANGLES.get((planet.name, width, height))
    if found is None:
        found = _RECTANGLES[(planet.name, width, height)] = [
            r for r in g.rectangles(width, height) if r & planet.squares == r]
    return found
