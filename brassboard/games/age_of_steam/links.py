"""Links worked out from the tiles: following track from a stop to the next stop (or an open end), the link
through each track, and the complete links by the stop and side they leave through (cached until the board changes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .figures import NEIGHBOURS, NO_HEX, opposite, side_towards

if TYPE_CHECKING:
    from .rules import AgeOfSteamState


Tile = dict[str, Any]  # {"tracks": [Track], "owners": [int | None], "kind": str, "disc": bool, "town": bool}


@dataclass
class Link:
    """A chain of tracks from a stop (city or town) to another stop, or to an open end (unfinished)."""

    tracks: list[tuple[int, int]]  # (hex, track index)
    stops: tuple[int | None, int | None]
    owner: int | None
    exit_sides: tuple[int, int] = (-1, -1)  # the side each stop leaves through (-1 at an open end)

    @property
    def complete(self) -> bool:
        return self.stops[0] is not None and self.stops[1] is not None


def side_open(state: AgeOfSteamState, h: int, side: int) -> bool:
    """Track may leave ``h`` through ``side``: never off the map or into a lake [rules: Einschränkungen]."""
    n = NEIGHBOURS[h][side]
    return n != NO_HEX and state.fig.terrain[n] != "lake"


def connection(state: AgeOfSteamState, h: int, side: int) -> tuple[str, int | None, tuple[int, int] | None]:
    """What the end of a track in ``h`` at ``side`` meets: ('city'|'track'|'open', owner, (hex, track))."""
    n = NEIGHBOURS[h][side]
    if n == NO_HEX:
        return "open", None, None
    if state.is_city(n):
        return "city", None, None
    tile = state.tiles.get(n)
    if tile is None:
        return "open", None, None
    back = opposite(side)
    for t, track in enumerate(tile["tracks"]):
        if back in track:
            return "track", tile["owners"][t], (n, t)
    return "open", None, None


def walk_out(state: AgeOfSteamState, h: int, side: int) -> tuple[list[tuple[int, int]], int | None]:
    """Follow track leaving ``h`` through ``side``: the tracks passed and the stop reached (None: open end).
    The result is shared while a memo is on (callers copy, never change it)."""
    memo = state._walk_memo
    if memo is None:
        return walk(state, h, side)
    hit = memo.get((h, side))
    if hit is None:
        hit = memo[(h, side)] = walk(state, h, side)
    return hit


def walk(state: AgeOfSteamState, h: int, side: int) -> tuple[list[tuple[int, int]], int | None]:
    passed: list[tuple[int, int]] = []
    cur, s = h, side
    for _ in range(400):
        n = NEIGHBOURS[cur][s]
        if n == NO_HEX:
            return passed, None
        if state.is_city(n):
            return passed, n
        tile = state.tiles.get(n)
        if tile is None:
            return passed, None
        back = opposite(s)
        index = next((i for i, tr in enumerate(tile["tracks"]) if back in tr), -1)
        if index < 0:
            return passed, None
        passed.append((n, index))
        if tile["town"]:
            return passed, n
        a, c = tile["tracks"][index]
        cur, s = n, (c if a == back else a)
    raise RuntimeError("track walk did not end")  # pragma: no cover - a cycle without stops cannot be built


def link_of(state: AgeOfSteamState, h: int, t: int) -> Link:
    memo = state._link_memo
    if memo is None:
        return make_link(state, h, t)
    link = memo.get((h, t))
    if link is None:
        link = memo[(h, t)] = make_link(state, h, t)
    return link


def make_link(state: AgeOfSteamState, h: int, t: int) -> Link:
    tile = state.tiles[h]
    track = tile["tracks"][t]
    if tile["town"]:
        (side,) = track
        passed, stop = walk_out(state, h, side)
        tracks = [(h, t), *passed]
        stops: tuple[int | None, int | None] = (h, stop)
    else:
        left, first = walk_out(state, h, track[0])
        right, last = walk_out(state, h, track[1])
        tracks, stops = [*left[::-1], (h, t), *right], (first, last)
        if first is None and last is not None:
            tracks, stops = tracks[::-1], (last, first)
    owners = {state.tiles[x]["owners"][i] for x, i in tracks}
    owner = owners.pop() if len(owners) == 1 else next((o for o in owners if o is not None), None)
    exit_sides = (exit_side(state, stops[0], tracks[0]), exit_side(state, stops[1], tracks[-1]))
    return Link(tracks, stops, owner, exit_sides)


def exit_side(state: AgeOfSteamState, stop: int | None, track: tuple[int, int]) -> int:
    if stop is None:
        return -1
    h, t = track
    if h == stop:  # a town's own spoke
        return int(state.tiles[h]["tracks"][t][0])
    return side_towards(stop, h)


def links(state: AgeOfSteamState) -> list[Link]:
    if state._links_cache is None:
        seen: set[tuple[int, int]] = set()
        found: list[Link] = []
        for h in sorted(state.tiles):
            for t in range(len(state.tiles[h]["tracks"])):
                if (h, t) not in seen:
                    link = link_of(state, h, t)
                    seen.update(link.tracks)
                    found.append(link)
        state._links_cache = found
    return state._links_cache


def exits(state: AgeOfSteamState) -> dict[tuple[int, int], Link]:
    """Complete links by (stop, side the link leaves it through)."""
    if state._exit_cache is None:
        table: dict[tuple[int, int], Link] = {}
        for link in links(state):
            if link.complete:
                a, c = link.stops
                assert a is not None and c is not None
                table[(a, link.exit_sides[0])] = link
                table[(c, link.exit_sides[1])] = link
        state._exit_cache = table
    return state._exit_cache
