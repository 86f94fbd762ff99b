"""Age of Steam's figures: the data files read once and reshaped into the tables the rules look up.

Everything printed (map, tiles, display, actions, rounds, costs) comes from ``data/*.toml``, where each figure is
marked with its source and confidence. This module adds the hex geometry and the tile catalogue by shape.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources as importlib_resources
from typing import Any

SIDE_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
COLUMNS = 18
ROWS_EVEN, ROWS_ODD = 11, 10
HEX_STRIDE = 11  # hex index = col * 11 + row
NO_HEX = -1

TERRAIN_BY_CODE = {"P": "plain", "R": "river", "M": "mountain", "L": "lake", "C": "city", "T": "town"}


def load(name: str) -> dict[str, Any]:
    text = importlib_resources.files(__package__).joinpath(f"data/{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


# ----- geometry ---------------------------------------------------------------------------------------------------
def rows_in(col: int) -> int:
    return ROWS_EVEN if col % 2 == 0 else ROWS_ODD


def on_map(col: int, row: int) -> bool:
    return 0 <= col < COLUMNS and 0 <= row < rows_in(col)


def hex_index(col: int, row: int) -> int:
    return col * HEX_STRIDE + row


def col_row(index: int) -> tuple[int, int]:
    return divmod(index, HEX_STRIDE)


def label(index: int) -> str:
    col, row = col_row(index)
    return f"{chr(ord('A') + col)}{row + 1}"


def opposite(side: int) -> int:
    return (side + 3) % 6


def _neighbour(col: int, row: int, side: int) -> int:
    # flat-top, odd columns half a hex lower [reference §1.1]
    if col % 2 == 0:
        deltas = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    else:
        deltas = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
    dc, dr = deltas[side]
    c, r = col + dc, row + dr
    return hex_index(c, r) if on_map(c, r) else NO_HEX


ALL_HEXES: tuple[int, ...] = tuple(hex_index(c, r) for c in range(COLUMNS) for r in range(rows_in(c)))
NEIGHBOURS: dict[int, tuple[int, ...]] = {
    h: tuple(_neighbour(*col_row(h), side) for side in range(6)) for h in ALL_HEXES
}
HEX_BY_LABEL: dict[str, int] = {label(h): h for h in ALL_HEXES}


def side_towards(origin: int, target: int) -> int:
    """The side of ``origin`` that faces the adjacent hex ``target`` (-1 if they are not neighbours)."""
    sides = NEIGHBOURS[origin]
    return sides.index(target) if target in sides else -1


# ----- tile shapes ------------------------------------------------------------------------------------------------
Track = tuple[int, ...]  # a pair of sides (a < b), or a one-side spoke on a town tile


def rotate_tracks(tracks: Iterable[Track], turn: int) -> tuple[Track, ...]:
    return tuple(sorted(tuple(sorted((s + turn) % 6 for s in track)) for track in tracks))


def canonical(tracks: Iterable[Track]) -> tuple[Track, ...]:
    """The track set's shape independent of rotation (tiles are rotated, never mirrored)."""
    return _canonical(tuple(sorted(tuple(t) for t in tracks)))


@lru_cache(maxsize=4096)
def _canonical(listed: tuple[Track, ...]) -> tuple[Track, ...]:
    return min(rotate_tracks(listed, turn) for turn in range(6))


def canonical_exits(exits: Iterable[int]) -> tuple[int, ...]:
    return _canonical_exits(tuple(sorted(exits)))


@lru_cache(maxsize=512)
def _canonical_exits(listed: tuple[int, ...]) -> tuple[int, ...]:
    return min(tuple(sorted((s + turn) % 6 for s in listed)) for turn in range(6))


def crosses(first: Track, second: Track) -> bool:
    a, b = first
    c, d = second
    return (a < c < b) != (a < d < b)


@dataclass(frozen=True)
class TileKind:
    kind: str
    name: str
    name_de: str
    group: str  # simple | crossing | coexisting | town
    count: int
    shape: tuple[Track, ...]  # canonical track pairs (empty for town tiles)
    exits: tuple[int, ...]  # canonical exits (town tiles only)

    @property
    def ends(self) -> tuple[int, ...]:
        return canonical_exits(s for track in self.shape for s in track)


@dataclass(frozen=True)
class City:
    hex: int
    name: str
    color: str
    side: str
    number: int
    start_cubes: int


@dataclass(frozen=True)
class Figures:
    terrain: dict[int, str]
    cities: dict[int, City]
    city_by_slot: dict[tuple[str, int], int]
    towns: dict[int, str]
    tile_kinds: tuple[TileKind, ...]
    simple_by_shape: dict[tuple[Track, ...], str]
    complex_by_shape: dict[tuple[Track, ...], str]
    town_by_exits: dict[tuple[int, ...], str]
    complex_by_ends: dict[tuple[int, ...], tuple[str, ...]]
    town_discs: int
    costs: dict[str, int]
    game: dict[str, Any]
    display_ids: tuple[str, ...]
    display_spaces: dict[str, int]
    display_fill_order: tuple[tuple[str, int], ...]
    new_city_rows: dict[str, tuple[str, int]]  # letter -> (side, number) of the roll that feeds it
    new_city_colors: dict[str, str]
    bag: dict[str, int]

    def rounds(self, players: int) -> int:
        return int(self.game["rounds"][str(players)])

    def income_loss(self, income: int) -> int:
        for band in sorted(self.game["income_reduction"], key=lambda b: -int(b["min"])):
            if income >= int(band["min"]):
                return int(band["loss"])
        return 0

    def group_of(self, kind: str) -> str:
        return next(tile.group for tile in self.tile_kinds if tile.kind == kind)


def _merge(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


FIXED_FIGURES: tuple[str, ...] = ("phases", "actions", "display", "new_cities")
"""Parts of the data the ``figures`` option may not override: the round's phases and the action tiles (the rules
are written for exactly these) and the goods display's layout with its new cities (the board refers to them)."""

FIGURE_LIMITS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("start.order_dice", (1, 6)),  # the first turn order is rolled: at least one die
    ("start.shares", (0, 10)), ("shares.max", (10, 30)),  # the start's shares never exceed the maximum
    ("start.locomotive", (1, 6)), ("locomotive.max", (6, 12)),  # nor the start's engine its maximum
)
"""Ranges of figures the rules divide by, roll with or compare against each other, narrower than the derived ones."""


@lru_cache(maxsize=1)
def overridable_figures() -> dict[str, Any]:
    """What the ``figures`` option may override: data/game.toml and, under ``costs``, the costs of data/tiles.toml."""
    return {**load("game"), "costs": dict(load("tiles")["costs"])}


def figures(overrides: Mapping[str, Any] | None = None) -> Figures:
    """The figures, with ``overrides`` (the ``figures`` option) merged over ``data/game.toml`` and the costs."""
    return _figures(json.dumps(dict(overrides or {}), sort_keys=True))


@lru_cache(maxsize=16)
def _figures(overrides_json: str) -> Figures:
    overrides: dict[str, Any] = json.loads(overrides_json)
    board = load("map")
    tiles = load("tiles")
    game = _merge(load("game"), {k: v for k, v in overrides.items() if k != "costs"})
    costs = {**tiles["costs"], **overrides.get("costs", {})}

    terrain: dict[int, str] = {}
    for col, column in enumerate(board["columns"]):
        for row, code in enumerate(column):
            terrain[hex_index(col, row)] = TERRAIN_BY_CODE[code]
    cities = {}
    for entry in board["cities"]:
        h = hex_index(entry["col"], entry["row"])
        cities[h] = City(h, entry["name"], entry["color"], entry["side"], entry["number"], entry["start_cubes"])
    towns = {hex_index(t["col"], t["row"]): t["name"] for t in board["towns"]}

    kinds = []
    simple_by_shape: dict[tuple[Track, ...], str] = {}
    complex_by_shape: dict[tuple[Track, ...], str] = {}
    town_by_exits: dict[tuple[int, ...], str] = {}
    complex_by_ends: dict[tuple[int, ...], list[str]] = {}
    for entry in tiles["tiles"]:
        shape = canonical(tuple(sorted(p)) for p in entry.get("tracks", []))
        exits = canonical_exits(entry.get("exits", []))
        tile = TileKind(entry["kind"], entry["name"], entry["name_de"], entry["group"], entry["count"], shape, exits)
        kinds.append(tile)
        if tile.group == "simple":
            simple_by_shape[shape] = tile.kind
        elif tile.group == "town":
            town_by_exits[exits] = tile.kind
        else:
            complex_by_shape[shape] = tile.kind
            complex_by_ends.setdefault(tile.ends, []).append(tile.kind)

    display = game["display"]
    ids: list[str] = [f"W{n}" for n in range(1, 7)] + [f"E{n}" for n in range(1, 7)]
    spaces = dict.fromkeys(ids, int(display["column_spaces"]))
    rows = {r["letter"]: (r["side"], int(r["number"])) for r in display["new_city_rows"]}
    for letter in rows:
        ids.append(letter)
        spaces[letter] = int(display["new_city_spaces"])
    # set-up fills the display row by row from the top left [rules: Spielaufbau]
    fill: list[tuple[str, int]] = []
    for depth in range(max(spaces.values())):
        fill.extend((d, depth) for d in ids if depth < spaces[d])
    return Figures(
        terrain=terrain, cities=cities, city_by_slot={(c.side, c.number): h for h, c in cities.items()},
        towns=towns, tile_kinds=tuple(kinds), simple_by_shape=simple_by_shape, complex_by_shape=complex_by_shape,
        town_by_exits=town_by_exits, complex_by_ends={k: tuple(v) for k, v in complex_by_ends.items()},
        town_discs=int(tiles["town_discs"]["count"]), costs={k: int(v) for k, v in costs.items()}, game=game,
        display_ids=tuple(ids), display_spaces=spaces, display_fill_order=tuple(fill), new_city_rows=rows,
        new_city_colors={n["letter"]: n["color"] for n in game["new_cities"]},
        bag={k: int(v) for k, v in game["bag"].items()},
    )
