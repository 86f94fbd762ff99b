"""Tharos's figures: the data files read once, merged with a match's `figures` overrides, reshaped into tables.

``data/game.toml`` (T1) holds the board, dice, player board, attack and round-end figures; ``player_cards.toml``
and ``buildings.toml`` (T2) and ``action_cards.toml`` (T3) are read under the keys ``player_cards``,
``buildings`` and ``action_cards`` of the same merged table, so one option overrides any of them.

Geometry: landscape ``i = row * 4 + column``; its name is the column letter and the row number, ``A1`` .. ``D4``
(row 1 is attacked in round 1, column A holds the first attack card of a round).
"""

from __future__ import annotations

import copy
import json
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources as importlib_resources
from typing import Any

SIZE = 4
CELLS = SIZE * SIZE
COLOURS: tuple[str, ...] = ("white", "yellow", "red", "green", "blue")
LETTERS: tuple[str, ...] = ("w", "y", "r", "g", "b")
LETTER_OF = dict(zip(COLOURS, LETTERS, strict=True))
COLOUR_OF_LETTER = dict(zip(LETTERS, COLOURS, strict=True))
MEDALS: tuple[str, ...] = ("combat", "exploration", "trade", "civil")
COMBAT, EXPLORATION, TRADE, CIVIL = range(4)
WHITE_FIELDS: tuple[str, ...] = ("money", "cards", "guild", "land", "market", "build")


def cell_name(cell: int) -> str:
    return f"{'ABCD'[cell % SIZE]}{cell // SIZE + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(c) for c in range(CELLS))
CELL_OF: dict[str, int] = {name: c for c, name in enumerate(CELL_NAMES)}


def _neighbours(cell: int) -> int:
    row, col = divmod(cell, SIZE)
    mask = 0
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            mask |= 1 << (r * SIZE + c)
    return mask


NEIGHBOURS: tuple[int, ...] = tuple(_neighbours(c) for c in range(CELLS))
"""Bitmask of the orthogonal neighbours of each landscape."""


def cells_of(mask: int) -> list[int]:
    return [c for c in range(CELLS) if mask >> c & 1]


FIGURE_LIMITS: tuple[tuple[str, tuple[int, int]], ...] = (
    # an exploration takes at least one landscape, and more than 6 of the 16 would make the legal list explode
    # (496 connected sets of 6, 2,286 of 10)
    ("player.explore_size", (1, 6)),
    ("scoring.jars_per_point", (1, 10)),  # a divisor: jars per victory point at the end
)
"""Ranges of figures narrower than the derived ones (see brassboard/engine/options.py)."""


def connected(mask: int) -> bool:
    """Whether the landscapes of ``mask`` form one orthogonally connected group."""
    if not mask:
        return False
    seen = mask & -mask
    frontier = seen
    while frontier:
        grown = 0
        for c in cells_of(frontier):
            grown |= NEIGHBOURS[c]
        frontier = grown & mask & ~seen
        seen |= frontier
    return seen == mask


def _connected_sets(size: int) -> tuple[int, ...]:
    found = {1 << c for c in range(CELLS)}
    for _ in range(size - 1):
        grown = set()
        for mask in found:
            for c in cells_of(mask):
                for n in cells_of(NEIGHBOURS[c] & ~mask):
                    grown.add(mask | 1 << n)
        found = grown
    return tuple(sorted(found))


@lru_cache(maxsize=8)
def connected_sets(size: int) -> tuple[int, ...]:
    """Every orthogonally connected set of ``size`` landscapes of the 4x4 grid, as bitmasks."""
    return _connected_sets(size)


def _read(name: str) -> dict[str, Any]:
    path = importlib_resources.files(__package__).joinpath(f"data/{name}.toml")
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    """game.toml with the card files of T2/T3 under their keys."""
    data = _read("game")
    data["player_cards"] = _read("player_cards").get("cards", {})
    data["buildings"] = _read("buildings").get("buildings", {})
    data["action_cards"] = _read("action_cards")
    return data


def deep_merge(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@dataclass(frozen=True)
class Figures:
    """Everything the rules read from the data files, after a match's overrides."""

    raw: dict[str, Any]
    landscape_kinds: tuple[dict[str, Any], ...]
    landscape_deck: tuple[str, ...]  # 16 landscape kind ids, before shuffling
    colour_of_kind: dict[str, str]
    converters: dict[str, dict[str, Any]]  # converter id -> its tile
    converter_deck: tuple[str, ...]  # 16 converter ids, before shuffling
    attack_values: tuple[int, ...]  # attack card id (index) -> value
    combat_points_max: int
    medal_points: int
    max_pip: int
    die_colours: tuple[str, ...]  # die id -> colour letter, ids 0..17
    bag_dice: tuple[int, ...]  # die ids in the bag at the start
    market: tuple[tuple[int, ...], ...]  # per column, bottom to top: die ids
    prices: tuple[int, ...]
    draw: int
    player: dict[str, Any]
    fields: dict[str, tuple[str, ...]]
    round_end: dict[int, tuple[tuple[tuple[str, int], ...], ...]]  # card -> per round -> effects
    scoring: dict[str, Any]
    player_cards: tuple[str, ...]  # player card ids (each player has one of each)
    card_points: dict[str, int]  # player card id -> final-scoring points while active
    card_limits: dict[str, int]  # player card id -> most guild tiles it may hold
    buildings: tuple[str, ...]
    action_card_ids: tuple[int, ...]


def _build(data: dict[str, Any]) -> Figures:
    kinds = tuple(data["landscapes"]["kinds"])
    deck = tuple(k["id"] for k in kinds for _ in range(k["count"]))
    tiles = {t["id"]: t for t in data["converters"]["tiles"]}
    conv_deck = tuple(t["id"] for t in data["converters"]["tiles"] for _ in range(t["count"]))
    if len(deck) != CELLS or len(conv_deck) != CELLS:
        raise ValueError(f"Tharos needs 16 landscapes and 16 converters, not {len(deck)} and {len(conv_deck)}")
    dice = data["dice"]
    letters = dict(zip(dice["colours"], dice["letters"], strict=True))
    die_colours: list[str] = []
    for colour in ("white", "yellow", "red", "green", "blue"):
        die_colours += [letters[colour]] * dice["set"].get(colour, 0)
    free = {colour: [i for i, c in enumerate(die_colours) if c == letters[colour]] for colour in letters}
    bag: list[int] = []
    for colour, n in dice["bag"].items():
        bag += [free[colour].pop(0) for _ in range(n)]
    market = tuple(tuple(free[colour].pop(0) for colour in column) for column in dice["market"])
    if any(free.values()):
        raise ValueError("every die must start in the bag or on the market")
    round_end = {
        int(card): tuple(tuple((str(e[0]), int(e[1])) for e in r) for r in spec["rounds"])
        for card, spec in data["round_end"]["cards"].items()
    }
    cards = data.get("player_cards", {})
    action = data.get("action_cards", {})
    action_ids = tuple(sorted(int(k) for k in action.get("cards", {}))) or tuple(range(1, 41))
    return Figures(
        raw=data,
        landscape_kinds=kinds,
        landscape_deck=deck,
        colour_of_kind={k["id"]: letters[k["colour"]] for k in kinds},
        converters=tiles,
        converter_deck=conv_deck,
        attack_values=tuple(data["attack"]["values"]),
        combat_points_max=data["attack"]["combat_points_max"],
        medal_points=data["attack"]["medal_points"],
        max_pip=data["converters"]["max_pip"],
        die_colours=tuple(die_colours),
        bag_dice=tuple(sorted(bag)),
        market=market,
        prices=tuple(dice["prices"]),
        draw=dice["draw"],
        player=data["player"],
        fields={name: tuple(opts) for name, opts in data["player"]["fields"].items()},
        round_end=round_end,
        scoring=data["scoring"],
        player_cards=tuple(cards),
        card_points={cid: int(c.get("victory_points", 0)) for cid, c in cards.items()},
        card_limits={cid: int(c.get("guild_limit", 0)) for cid, c in cards.items()},
        buildings=tuple(data.get("buildings", {})),
        action_card_ids=action_ids,
    )


def _check(fig: Figures) -> None:
    """Reject overrides the rules cannot play with (a clear ValueError when the match is made, not mid-game)."""
    if len(fig.attack_values) != 8 or any(not isinstance(v, int) or not 0 <= v <= 20 for v in fig.attack_values):
        raise ValueError("attack.values must be 8 whole numbers from 0 to 20")
    if len(fig.die_colours) != 18:
        raise ValueError("a guild has 18 dice (dice.set)")
    if len(fig.market) != 2 or len(fig.prices) != 3 or any(len(c) > 3 for c in fig.market):
        raise ValueError("the dice market has 2 columns of at most 3 dice and 3 prices")
    if not 1 <= fig.draw <= 18 or set(fig.round_end) != set(range(1, 7)):
        raise ValueError("dice.draw must be 1..18 and the round-end cards numbered 1..6")
    if any(len(rounds) != 4 for rounds in fig.round_end.values()):
        raise ValueError("every round-end card has a line for each of the 4 rounds")
    if fig.player["guild_tiles"] != 12 or fig.player["mines"] != 10:
        raise ValueError("a guild has 12 guild tiles and 10 mines")
    for kind in ("jars", "combat"):
        for tile in fig.converters.values():
            if tile["kind"] == kind and not isinstance(tile.get("value"), int):
                raise ValueError(f"converter {tile['id']} needs a whole-number value")
    from .action_card_data import deck_figures  # the action cards' own checks (T3); imported here: no cycle

    deck_figures(fig.raw["action_cards"])


@lru_cache(maxsize=32)
def _figures_cached(overrides_key: str) -> Figures:
    try:
        fig = _build(deep_merge(raw_data(), json.loads(overrides_key)))
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"the figures override does not fit data/game.toml: {exc!r}") from None
    _check(fig)
    return fig


def figures(overrides: dict[str, Any] | None = None) -> Figures:
    """The figures of a match: the data files with ``overrides`` (the option ``figures``) deep-merged over them."""
    return _figures_cached(json.dumps(overrides or {}, sort_keys=True))
