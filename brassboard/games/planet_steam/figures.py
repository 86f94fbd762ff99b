"""Planet Steam's figures: the data file, read once, with the edition's differences and a match's overrides."""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources as importlib_resources
from typing import Any

RESOURCES: tuple[str, ...] = ("quartz", "ore", "water", "energy")
QUARTZ, ORE, WATER, ENERGY = 0, 1, 2, 3
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
COLOURS: tuple[str, ...] = ("black", "green", "orange", "purple", "yellow")

FIXED_FIGURES: tuple[str, ...] = (
    "names", "resources", "map", "start_claims", "specialists", "specialists_2008", "specialist_sets",
    "exchange.band_order", "tank_track.max",
)
"""Parts of data/board.toml the ``figures`` option may not override: the board's geometry and the names the rest
of the data refers to (zones, resources, bands, specialists), and the tank track's length (its price list's)."""

FIGURE_LIMITS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("exchange.*.price_min", (1, 20)),  # credits are divided by prices: a price is never 0
)
"""Ranges of figures narrower than the derived ones (see brassboard/engine/options.py)."""


@lru_cache(maxsize=1)
def raw_data() -> dict[str, Any]:
    text = importlib_resources.files(__package__).joinpath("data/board.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def deep_merge(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@dataclass(frozen=True)
class Band:
    name: str
    min_supply: int
    adjustment: int


@dataclass(frozen=True)
class Scale:
    price_min: int
    price_max: int
    price_start: int
    supply_max: int
    bands: tuple[Band, ...]  # from red (most supply) to black

    def band(self, supply: int) -> Band:
        for band in self.bands:
            if supply >= band.min_supply:
                return band
        return self.bands[-1]


@dataclass(frozen=True)
class Figures:
    """Everything the rules read from the board and cards, for one edition and player count."""

    edition: str
    players: int
    rows: int
    columns: int
    zone_names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rivers: frozenset[int]
    free_water_zones: frozenset[int]      # 2013: rivers; 2008: the central "H" shafts
    unavailable: frozenset[int]
    start_claims: tuple[tuple[int, ...], ...]
    start_neutral: tuple[int, ...]
    rounds: int
    tank_track_start: int
    tank_track_max: int
    tank_price: tuple[int, ...]
    exchange_supply: tuple[int, ...]
    scales: tuple[Scale, ...]
    building_permits: int
    luxury_quarters: int
    start_credits: int
    start_goods: tuple[int, ...]
    reduced_credits: int
    reduced_goods: tuple[int, ...]
    components: dict[str, int]
    costs: dict[str, Any]
    scoring: dict[str, int]
    capacity: tuple[tuple[int, ...], ...]  # [resource][class-1]
    independent_capacity: int
    cards: tuple[tuple[int, tuple[str, ...]], ...]  # (order number, specialists)
    specialist_names: dict[str, dict[str, str]]
    specialist_rules: dict[str, dict[str, str]]  # what each card does, by language (data: rules_en / rules_de)

    def zone(self, name: str) -> int:
        return self.zone_names.index(name)

    def row_of(self, zone: int) -> int:
        return zone // self.columns + 1

    @cached_property
    def public(self) -> dict[str, Any]:
        """The printed board and cards as JSON, for views (a browser draws the board from it).

        Built once per edition, player count and overrides, and shared by every view: treat it as read-only.
        """
        names = self.zone_names
        return {
            "edition": self.edition, "rows": self.rows, "columns": self.columns, "rounds": self.rounds,
            "rivers": [names[z] for z in sorted(self.rivers)],
            "free_water_zones": [names[z] for z in sorted(self.free_water_zones)],
            "tank_track_max": self.tank_track_max, "tank_price": list(self.tank_price),
            "scales": [{"price_min": s.price_min, "price_max": s.price_max, "price_start": s.price_start,
                        "supply_max": s.supply_max,
                        "bands": [{"name": b.name, "min_supply": b.min_supply, "adjustment": b.adjustment}
                                  for b in s.bands]} for s in self.scales],
            "capacity": [list(c) for c in self.capacity], "independent_capacity": self.independent_capacity,
            "cards": [[number, list(specialists)] for number, specialists in self.cards],
            "specialist_names": copy.deepcopy(self.specialist_names),
            "specialist_rules": copy.deepcopy(self.specialist_rules),
            "costs": copy.deepcopy(self.costs), "scoring": dict(self.scoring),
            "building_permits": self.building_permits, "luxury_quarters": self.luxury_quarters,
        }


def zone_name(row: int, column: int) -> str:
    return f"{chr(ord('A') + column)}{row + 1}"


@lru_cache(maxsize=64)
def _figures_cached(edition: str, players: int, overrides_key: str) -> Figures:
    import json

    data = deep_merge(raw_data(), json.loads(overrides_key))
    return _build(data, edition, players)


def figures(edition: str, players: int, overrides: dict[str, Any] | None = None) -> Figures:
    import json

    return _figures_cached(edition, players, json.dumps(overrides or {}, sort_keys=True))


def _build(data: dict[str, Any], edition: str, players: int) -> Figures:
    k = players - 2  # index into the per-count lists
    rows, columns = data["map"]["rows"], data["map"]["columns"]
    names = tuple(zone_name(r, c) for r in range(rows) for c in range(columns))
    index = {name: i for i, name in enumerate(names)}
    neighbours = []
    for r in range(rows):
        for c in range(columns):
            around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            neighbours.append(tuple(rr * columns + cc for rr, cc in around if 0 <= rr < rows and 0 <= cc < columns))
    unavailable_columns = [ord(c) - ord("A") for c in data["map"]["unavailable_columns"][str(players)]]
    unavailable = frozenset(i for i in range(len(names)) if i % columns in unavailable_columns)
    rivers = frozenset(index[z] for z in data["map"]["rivers"])
    central = frozenset(index[z] for z in data["map"]["central_shafts_2008"])
    claims = data["start_claims"][str(players)]
    setup = data["setup"]
    old = edition == "2008"
    costs = deep_merge(data["costs"], data["costs_2008"]) if old else data["costs"]
    components = data["components_2008"] if old else data["components"]
    scoring = data["scoring_2008"] if old else data["scoring"]
    certs = data["setup_2008"] if old else setup
    adjustment = data["exchange"]["adjustment"]
    scales = []
    for res in RESOURCES:
        ex = data["exchange"][res]
        bands = tuple(Band(b, ex["bands"][b], adjustment[b]) for b in data["exchange"]["band_order"])
        scales.append(Scale(ex["price_min"], ex["price_max"], ex["price_start"], ex["supply_max"], bands))
    names_by_specialist = {key: {"en": v["en"], "de": v["de"]} for key, v in data["specialists"].items()}
    if old:
        for key, v in data["specialists_2008"].items():
            names_by_specialist[key] = {"en": v["en"], "de": v["de"]}
    edition_key = "rules_2008_" if old else "rules_"
    rules_by_specialist = {key: {lang: v.get(edition_key + lang, v["rules_" + lang]) for lang in ("en", "de")}
                           for key, v in data["specialists"].items()}
    return Figures(
        edition=edition,
        players=players,
        rows=rows,
        columns=columns,
        zone_names=names,
        neighbours=tuple(neighbours),
        rivers=rivers if not old else frozenset(),
        free_water_zones=central if old else rivers,
        unavailable=unavailable,
        start_claims=tuple(tuple(index[z] for z in seat) for seat in claims["players"]),
        start_neutral=tuple(index[z] for z in claims["neutral"]),
        rounds=setup["rounds"][str(players)],
        tank_track_start=setup["tank_track_start"][str(players)],
        tank_track_max=data["tank_track"]["max"],
        tank_price=tuple(data["tank_track"]["price"]),
        exchange_supply=tuple(setup["exchange_supply"][r][k] for r in RESOURCES),
        scales=tuple(scales),
        building_permits=certs["building_permits"][k],
        luxury_quarters=certs["luxury_quarters"][k],
        start_credits=setup["start_credits"][k],
        start_goods=tuple(setup["start_goods"][r][k] for r in RESOURCES),
        reduced_credits=setup["reduced_credits"][k],
        reduced_goods=tuple(setup["reduced_goods"][r][k] for r in RESOURCES),
        components=dict(components),
        costs=costs,
        scoring=dict(scoring),
        capacity=tuple(tuple(data["freighters"][r]) for r in RESOURCES),
        independent_capacity=data["freighters"]["independent"],
        cards=tuple((int(n), tuple(s)) for n, s in data["specialist_sets"][str(players)]),
        specialist_rules=rules_by_specialist,
        specialist_names=names_by_specialist,
    )
