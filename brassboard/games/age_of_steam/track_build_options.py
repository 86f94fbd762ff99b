"""Every legal build of the player building: the candidates worth checking (next to cities and track, never the
whole map) and a fast path for the common case, a new simple tile on an empty plain hex, with check_build's
rules for it applied directly."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...engine import Action
from .figures import NEIGHBOURS, NO_HEX, Figures, Track, canonical, figures, label
from .links import Link, Tile, connection, link_of, side_open, walk_out
from .notation import format_tracks, tracks_arg
from .track_build import check_build, tile_for

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


def legal_build(state: AgeOfSteamState, p: int) -> list[Action]:
    b = state.build
    assert b is not None
    actions: list[Action] = []
    if state.may_urbanize(p):
        letters = state.new_city_supply
        for h in sorted(state.fig.towns):
            if h not in state.new_cities:
                actions.extend(Action("urbanize", letter, label(h)) for letter in letters)
    if b["builds_left"] > 0 and state.cash[p] > 0:
        state._walk_memo, state._link_memo = {}, {}
        try:
            legal_tiles(state, p, actions)
        finally:
            state._walk_memo = state._link_memo = None
    actions.append(Action("done"))
    return actions


def legal_tiles(state: AgeOfSteamState, p: int, actions: list[Action]) -> None:
    """Append the legal ``build`` actions in the order of build_candidates. A new simple tile on an empty
    non-town hex is checked here directly (check_build's rules for that case, with the board's track ends,
    walks and tile kinds looked up once); everything else goes through check_build."""
    fig, tiles, towns, cash = state.fig, state.tiles, state.fig.towns, state.cash[p]
    cities = set(fig.cities).union(state.new_cities)
    # with more than 4 markers left the markers check of check_after cannot fail
    fast = state.markers_left(p) > 4
    track_ends: dict[tuple[int, int], int | None] = {}  # (hex, side) -> owner of the track ending there
    for n, tile in tiles.items():
        for t, track in enumerate(tile["tracks"]):
            for side in track:
                track_ends.setdefault((n, side), tile["owners"][t])
    kinds = _simple_kinds(fig)
    # in_supply[a * 6 + c]: a simple tile showing the track (a, c) is left in the supply
    in_supply = [(a, c) in kinds and state.supply[kinds[(a, c)]] > 0 for a in range(6) for c in range(6)]
    new_tile_actions = _NEW_TILE_ACTIONS
    first_tile = not state.has_built[p]
    for h in near_hexes(state):
        if h in cities or fig.terrain[h] == "lake":
            continue
        if not fast or h in tiles or h in towns:
            if first_tile and (h in tiles or h in towns):
                continue  # a very first tile is a simple track on an empty plain hex
            if fast and h not in towns:
                legal_on_tile(state, p, h, actions)
                continue
            for tracks in hex_candidates(state, p, h):
                plan = check_build(state, p, h, tracks)
                if not isinstance(plan, str):
                    actions.append(build_action(h, tuple(plan.tile["tracks"]), plan.tile["town"]))
            continue
        if fig.costs[fig.terrain[h]] > cash:
            continue
        neighbours = NEIGHBOURS[h]
        # per side: None where another player's track ends (closed), else (anchored, the stop reached)
        ends: list[tuple[bool, int | None] | None] = [None] * 6
        anchored = False
        for side in _OPEN_SIDES[h]:
            n = neighbours[side]
            if n in cities:
                ends[side] = (True, n)
                anchored = True
                continue
            key = (n, (side + 3) % 6)
            if key not in track_ends:
                ends[side] = (False, None)
            elif track_ends[key] in (None, p):
                ends[side] = (True, walk_out(state, h, side)[1])
                anchored = True
        if not anchored:
            continue
        for a, c, index in _PAIRS[h]:
            end_a, end_c = ends[a], ends[c]
            if end_a is None or end_c is None or not (end_a[0] or end_c[0]) or not in_supply[index]:
                continue
            if first_tile and neighbours[a] not in cities and neighbours[c] not in cities:
                continue
            if end_a[1] is not None and end_a[1] == end_c[1]:
                continue  # a link may not start and end at the same stop
            key_action = h * 36 + index
            action = new_tile_actions.get(key_action)
            if action is None:
                action = new_tile_actions[key_action] = build_action(h, ((a, c),), False)
            actions.append(action)


def legal_on_tile(state: AgeOfSteamState, p: int, h: int, actions: list[Action]) -> None:
    """The legal builds on a plain hex holding a tile, for legal_tiles: upgrades through check_build,
    redirections checked here (check_build's remaining rules for them: tile kind and supply, cost, the moved
    end not at another player's track, no link from a stop back to itself)."""
    fig, tile = state.fig, state.tiles[h]
    affordable = fig.costs["other_replacement"] <= state.cash[p]
    for tracks, redirect in tile_candidates(state, p, h, tile, list(_OPEN_SIDES[h])):
        if redirect is None:
            plan = check_build(state, p, h, tracks)
            if not isinstance(plan, str):
                actions.append(build_action(h, tuple(plan.tile["tracks"]), False))
            continue
        if not affordable:
            continue
        link, moved = redirect
        kind = _PLAIN_KINDS.get(tracks, "")
        if kind == "":
            kind = _PLAIN_KINDS[tracks] = tile_for(state, False, list(tracks))[0]
        if kind is None or state.supply[kind] + (1 if tile["kind"] == kind else 0) <= 0:
            continue
        what, owner, _ = connection(state, h, moved)
        if what == "track" and owner is not None and owner != p:
            continue
        start = link.stops[0]
        if start is not None and start == walk_out(state, h, moved)[1]:
            continue
        actions.append(build_action(h, tracks, False))


def near_hexes(state: AgeOfSteamState) -> list[int]:
    """Hexes next to cities, tiles, and next to tiles (never the whole map), in order."""
    near: set[int] = set()
    for h in list(state.fig.cities) + list(state.new_cities):
        near.update(NEIGHBOURS[h])
    for h in state.tiles:
        near.add(h)
        near.update(NEIGHBOURS[h])
    near.discard(NO_HEX)
    return sorted(near)


def build_candidates(state: AgeOfSteamState, p: int) -> Iterable[tuple[int, tuple[Track, ...]]]:
    """Track sets worth checking: hexes next to cities, tiles, and next to tiles (never the whole map)."""
    fig = state.fig
    for h in near_hexes(state):
        if state.is_city(h) or fig.terrain[h] == "lake":
            continue
        for tracks in hex_candidates(state, p, h):
            yield h, tracks


def hex_candidates(state: AgeOfSteamState, p: int, h: int) -> Iterable[tuple[Track, ...]]:
    open_sides = [s for s in range(6) if side_open(state, h, s)]
    tile = state.tiles.get(h)
    if state.is_town(h):
        old = {t[0] for t in tile["tracks"]} if tile else set()
        if len(old) >= 4:
            return
        meets = {s: connection(state, h, s) for s in open_sides if s not in old}
        extra = [s for s, m in meets.items() if not (m[0] == "track" and m[1] not in (None, p))]
        anchors = {s for s in extra if meets[s][0] in ("city", "track")}
        rooted = tile is not None and p in tile["owners"]
        if not rooted and not anchors:
            return
        for subset in _subsets(extra, 4 - len(old)):
            if rooted or anchors.intersection(subset):
                yield tuple((s,) for s in sorted(old | set(subset)))
        return
    if tile is None:
        # cheap pre-filter: a new tile needs an end at a city or at own/unowned track, none at another's
        meets = {s: connection(state, h, s) for s in open_sides}
        good = [s for s in open_sides if not (meets[s][0] == "track" and meets[s][1] not in (None, p))]
        anchors = {s for s in good if meets[s][0] == "city" or meets[s][0] == "track"}
        for i, a in enumerate(good):
            for c in good[i + 1:]:
                if a in anchors or c in anchors:
                    yield ((a, c),)
        return
    for tracks, _ in tile_candidates(state, p, h, tile, open_sides):
        yield tracks


def tile_candidates(state: AgeOfSteamState, p: int, h: int, tile: Tile, open_sides: list[int]
                    ) -> Iterable[tuple[tuple[Track, ...], tuple[Link, int] | None]]:
    """Upgrades (with None) and redirections (with the link redirected and the moved end) of a plain tile."""
    old_tracks: list[Track] = tile["tracks"]
    used = {s for t in old_tracks for s in t}
    if len(old_tracks) == 1:
        # as for a new tile: check_build refuses an added track with an end at another player's track, or
        # with neither end at a city or at own or unowned track
        free = [s for s in open_sides if s not in used]
        meets = {s: connection(state, h, s) for s in free}
        free = [s for s in free if not (meets[s][0] == "track" and meets[s][1] not in (None, p))]
        anchors = {s for s in free if meets[s][0] in ("city", "track")}
        for i, a in enumerate(free):
            for c in free[i + 1:]:
                if a in anchors or c in anchors:
                    yield tuple(sorted([old_tracks[0], (a, c)])), None
    for index, track in enumerate(old_tracks):  # redirections: keep one end, move the other
        link = link_of(state, h, index)
        if link.complete or link.owner not in (None, p):
            continue  # check_build refuses them all (check_redirect)
        others = [t for i, t in enumerate(old_tracks) if i != index]
        taken = {s for t in others for s in t}
        for kept in track:
            free_end = track[0] if track[1] == kept else track[1]
            if connection(state, h, free_end)[0] != "open":
                continue  # ditto: only the tile at the open end may be redirected
            for s in open_sides:
                if s != kept and s not in taken and s not in track:
                    yield tuple(sorted([*others, (min(kept, s), max(kept, s))])), (link, s)


_OPEN_SIDES: dict[int, tuple[int, ...]] = {
    h: tuple(s for s, n in enumerate(NEIGHBOURS[h]) if n != NO_HEX and figures().terrain[n] != "lake")
    for h in NEIGHBOURS
}  # the sides track may leave each hex through (the map's terrain is the same whatever the options)


def _simple_kinds(fig: Figures) -> dict[Track, str]:
    """The simple tile kind of each single track (a, c), a < c."""
    return {(a, c): kind for a in range(6) for c in range(a + 1, 6)
            if (kind := fig.simple_by_shape.get(canonical([(a, c)]))) is not None}


_PAIRS: dict[int, tuple[tuple[int, int, int], ...]] = {
    h: tuple((a, c, a * 6 + c) for i, a in enumerate(sides) for c in sides[i + 1:])
    for h, sides in _OPEN_SIDES.items()
}  # (a, c, a * 6 + c) for each pair of open sides a < c of each hex
_PLAIN_KINDS: dict[tuple[Track, ...], str | None] = {}  # a plain hex's track set -> its tile kind (tiles.toml)
_NEW_TILE_ACTIONS: dict[int, Action] = {}  # hex * 36 + a * 6 + c -> the build of a new simple tile (a, c)
_BUILD_ACTIONS: dict[tuple[int, tuple[Track, ...], bool], Action] = {}


def build_action(h: int, tracks: tuple[Track, ...], town: bool) -> Action:
    """The ``build`` action for a hex's whole track set (built once, then looked up: legal lists repeat them)."""
    key = (h, tracks, town)
    action = _BUILD_ACTIONS.get(key)
    if action is None:
        action = _BUILD_ACTIONS[key] = Action("build", label(h), tracks_arg(format_tracks(tracks, town)))
    return action


def _subsets(items: list[int], most: int) -> Iterable[tuple[int, ...]]:
    from itertools import combinations
    for size in range(1, most + 1):
        yield from combinations(items, size)
