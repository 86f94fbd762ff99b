"""Invariants every Age of Steam state must keep, checked after every action of the random games."""

from __future__ import annotations

from collections import Counter

from brassboard.games.age_of_steam.figures import figures
from brassboard.games.age_of_steam.rules import AgeOfSteamState


def check(state: AgeOfSteamState) -> None:
    fig = figures()
    cubes: Counter[str] = Counter(state.bag)
    for spaces in state.display.values():
        cubes.update(c for c in spaces if c)
    for city in state.cubes.values():
        cubes.update(city)
    if state.production is not None:
        cubes.update(state.production["drawn"])
    assert cubes == Counter(fig.bag), "96 cubes are conserved across bag, display, cities and the drawn ones"
    tiles: Counter[str] = Counter(state.supply)
    tiles.update(t["kind"] for t in state.tiles.values())
    assert tiles == Counter({t.kind: t.count for t in fig.tile_kinds}), "136 tiles are conserved"
    assert state.discs + sum(1 for t in state.tiles.values() if t["disc"]) == 8, "8 town discs are conserved"
    assert all(v >= 0 for v in state.supply.values()) and state.discs >= 0
    for p in range(state.num_players):
        assert state.cash[p] >= 0
        assert state.eliminated[p] or state.income[p] >= 0
        assert 0 <= state.markers_left(p) <= 20
        assert 1 <= state.loco[p] <= 6 and 2 <= state.shares[p] <= 15
    seen: set[tuple[int, int]] = set()
    for link in state.links():
        assert link.tracks and not seen.intersection(link.tracks)
        seen.update(link.tracks)
        owners = {state.tiles[h]["owners"][t] for h, t in link.tracks}
        assert len(owners) == 1, f"a link has one owner, not {owners}"
        assert link.stops[0] is not None or link.stops[1] is None
        if link.complete:
            assert link.stops[0] != link.stops[1]
        for h, t in link.tracks:
            assert h in state.tiles and 0 <= t < len(state.tiles[h]["tracks"])
    assert len(seen) == sum(len(t["tracks"]) for t in state.tiles.values())
    for score in state.scores():
        assert score.total == sum(score.breakdown.values())
    for p in state.active_players():
        assert not state.eliminated[p]
