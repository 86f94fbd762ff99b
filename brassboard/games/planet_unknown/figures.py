"""Planet Unknown's figures: the data files, read once and turned into the tables the rules look up.

Everything printed on tiles, boards and cards comes from ``data/*.toml`` (each figure there is marked with its
source and confidence); this module only reshapes it — tile orientations and every placement of every shape on
the planet as bitmasks, track benefits by position, cards by id.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources as importlib_resources
from typing import Any

from . import geometry as g

RESOURCES: tuple[str, ...] = ("civ", "water", "biomass", "rover", "tech", "energy")
CIV, WATER, BIOMASS, ROVER, TECH, ENERGY = range(6)
TRACKS: tuple[str, ...] = RESOURCES[:5]
RESOURCE_INDEX = {name: index for index, name in enumerate(RESOURCES)}
TRACK_TOP = 15

INTERIOR, EXTERIOR = "inner", "outer"
"""The two stacks of a depot, as actions name them: the interior ring's (small shapes) and the exterior's."""


def load(name: str) -> dict[str, Any]:
    text = importlib_resources.files(__package__).joinpath(f"data/{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@dataclass(frozen=True)
class Placement:
    """One tile shape in one orientation at one spot: its squares, its parts and special squares as cells."""

    x: int
    y: int
    orientation: int
    mask: int
    mask_a: int
    mask_b: int
    icon_a: int  # cell index of part A's resource icon
    icon_b: int
    meteor: int  # cell index of the meteor symbol (used only on meteor tiles)


@dataclass(frozen=True)
class Shape:
    id: int
    name: str
    ring: str  # "interior" | "exterior"
    size: int
    # unique orientations: (orientation, cells as (dx, dy, part 'a'|'b', icon, meteor)) after normalising
    orientations: dict[bool, tuple[tuple[int, tuple[tuple[int, int, str, bool, bool], ...]], ...]]
    placements: dict[bool, tuple[Placement, ...]]  # by "has a meteor": every placement fully on the planet
    by_spot: dict[bool, dict[tuple[int, int, int], Placement]]


@dataclass(frozen=True)
class TileKind:
    type: int
    shape: int
    family: int
    meteor: bool
    resource_a: int
    resource_b: int


@dataclass(frozen=True)
class Planet:
    name: str
    squares: int  # mask of every planet square
    ice: int
    land: int
    lifepods: int
    perimeter: int
    rows: tuple[int, ...]  # planet squares of each row
    columns: tuple[int, ...]
    row_medals: tuple[int, ...]
    column_medals: tuple[int, ...]
    id: int = 0
    complexity: int = 1
    rule: str = "none"  # the planet's special rule (planets.toml), "none" for KSB-4156
    special: int = 0  # its special squares: ring, centre, city, toxic or electric squares
    holes: int = 0  # Lacuna's holes (no squares)
    regions: tuple[int, ...] = ()  # Cerberus' three sub-planets
    west: int = 0  # Tartarus: the squares west of the chasm
    crossings: tuple[tuple[int, int], ...] = ()  # Tartarus: (cell, cell) pairs a diagonal step may cross
    quadrant_forbids: tuple[tuple[int, int], ...] = ()  # Persephone: (quadrant mask, forbidden resource)
    bonus: int = 0  # Cerberus: medals per complete sub-planet; Gaia: medals per uncovered city

    def side(self, index: int) -> int:
        """Tartarus: 0 west of the chasm, 1 east (every other planet: 0)."""
        return 0 if self.west >> index & 1 or not self.west else 1


Benefit = tuple[str, int]
"""("medal", n) | ("synergy", 0) | ("civ", rank) | ("biomass", 0) | ("rover", 0) | ("tech", level) | ("move", n)."""


@dataclass(frozen=True)
class Corporation:
    name: str
    rovers: int
    benefits: tuple[tuple[tuple[Benefit, ...], ...], ...]  # [track][position]
    medal_at: tuple[tuple[int, ...], ...]  # [track][position]: the medal scored there (first one at or below)
    tech_positions: dict[int, int]  # tech level -> its milestone position
    rover_overflow_move: int
    tech3_extra_move: int
    tech3_every_gain: bool  # True: +1 on every gain of movement; False: only on the rover track's
    id: int = 0
    complexity: int = 1
    rule: str = "none"  # the corporation's special rule (corporations.toml), "none" for Universal Coalition
    abilities: tuple[str, ...] = ()  # by tech level - 1: the ability each level unlocks
    ability_texts: tuple[str, ...] = ()
    improved: tuple[tuple[tuple[Benefit, ...], ...], ...] = ()  # Flux: the flux track's benefits under tech 3
    water_path: tuple[tuple[int, int], ...] = ()  # Oasis: the (track, position) the water tracker stands on per level


@dataclass(frozen=True)
class Figures:
    shapes: tuple[Shape, ...]
    tiles: tuple[TileKind, ...]  # by type id
    interior_ring: tuple[int, ...]  # shape id of each interior stack
    exterior_ring: tuple[int, ...]
    seats: dict[int, tuple[int, ...]]
    auto_step: int
    planet: Planet  # the standard side, KSB-4156
    corporation: Corporation  # the standard side, Universal Coalition
    planets: dict[str, Planet]  # every planet side by name, the standard one first
    corporations: dict[str, Corporation]
    civ_cards: dict[int, dict[str, Any]]
    civ_kept_per_rank: dict[int, int]
    commerce_medals: tuple[int, ...]
    repo_bonus: int
    objectives: dict[int, dict[str, Any]]
    objective_scoring: dict[str, int]
    objective_setup: dict[str, Any]
    events: dict[int, dict[str, Any]]
    event_deck_size: int
    solo: dict[str, Any]
    raw: dict[str, dict[str, Any]]

    def civ_ranks(self) -> dict[int, list[int]]:
        ranks: dict[int, list[int]] = {}
        for card in self.civ_cards.values():
            ranks.setdefault(card["rank"], []).append(card["id"])
        return {rank: sorted(ids) for rank, ids in sorted(ranks.items())}


def _shape(data: dict[str, Any], planet: int) -> Shape:
    roles: list[tuple[int, int, str, bool, bool]] = []
    for part in ("a", "b"):
        for x, y in data[f"part_{part}"]:
            roles.append((x, y, part, [x, y] == data[f"icon_{part}"], [x, y] == data["meteor"]))
    base = tuple((x, y) for x, y, *_ in roles)
    orientations: dict[bool, list[tuple[int, tuple[tuple[int, int, str, bool, bool], ...]]]] = {False: [], True: []}
    for has_meteor in (False, True):
        seen: set[Any] = set()
        for orientation in range(8):
            cells, _ = g.normalise(g.orient(base, orientation))
            described = tuple((x, y, r[2], r[3], r[4]) for (x, y), r in zip(cells, roles, strict=True))
            signature = frozenset((x, y, part, icon, meteor and has_meteor) for x, y, part, icon, meteor in described)
            if signature in seen:
                continue  # the same squares, parts and symbols: a mirror or turn that changes nothing
            seen.add(signature)
            orientations[has_meteor].append((orientation, tuple(sorted(described, key=lambda c: (c[1], c[0])))))
    placements: dict[bool, list[Placement]] = {False: [], True: []}
    for has_meteor in (False, True):
        for orientation, described in orientations[has_meteor]:
            width = 1 + max(c[0] for c in described)
            height = 1 + max(c[1] for c in described)
            for y in range(g.HEIGHT - height + 1):
                for x in range(g.WIDTH - width + 1):
                    mask = g.mask_of((x + c[0], y + c[1]) for c in described)
                    if mask & ~planet:
                        continue
                    placements[has_meteor].append(Placement(
                        x, y, orientation, mask,
                        g.mask_of((x + c[0], y + c[1]) for c in described if c[2] == "a"),
                        g.mask_of((x + c[0], y + c[1]) for c in described if c[2] == "b"),
                        next(g.cell(x + c[0], y + c[1]) for c in described if c[2] == "a" and c[3]),
                        next(g.cell(x + c[0], y + c[1]) for c in described if c[2] == "b" and c[3]),
                        next(g.cell(x + c[0], y + c[1]) for c in described if c[4])))
    frozen = {k: tuple(v) for k, v in placements.items()}
    return Shape(data["id"], data["name"], data["ring"], data["size"],
                 {k: tuple(v) for k, v in orientations.items()}, frozen,
                 {k: {(p.x, p.y, p.orientation): p for p in v} for k, v in frozen.items()})


_SPECIAL_LETTERS = "RHCTE"
"""Special land squares: Arashi's ring, Charybdis' centre, Gaia's cities, K'Aax's toxic terrain, Petra's currents."""


def _perimeter(squares: int, inside: int) -> int:
    """Squares of ``squares`` with fewer than 4 orthogonal neighbours in ``inside`` (the grid's edge is outside)."""
    perimeter = 0
    for index in g.cells_of(squares):
        x, y = g.xy(index)
        count = sum(1 for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                    if 0 <= nx < g.WIDTH and 0 <= ny < g.HEIGHT and inside & g.bit(nx, ny))
        if count < 4:
            perimeter |= 1 << index
    return perimeter


def _letters(rows: list[str], letters: str) -> int:
    return g.mask_of((x, y) for y, row in enumerate(rows) for x, mark in enumerate(row) if mark in letters)


def _module_planet(data: dict[str, Any]) -> Planet:
    """One special planet of planets.toml (see that file for the letters and each rule's data)."""
    rows = data["rows"]
    squares = _letters(rows, "LIP" + _SPECIAL_LETTERS)
    ice = _letters(rows, "I")
    lifepods = _letters(rows, "P") | g.mask_of(map(tuple, data.get("extra_lifepods", [])))
    holes = _letters(rows, "o")
    rule = data.get("perimeter_rule", "default")
    if rule == "outer_frame":
        frame = g.row_mask(0) | g.row_mask(g.HEIGHT - 1) | g.column_mask(0) | g.column_mask(g.WIDTH - 1)
        perimeter = squares & frame
    else:
        perimeter = _perimeter(squares, squares | (holes if rule == "holes_inside" else 0))
    if "perimeter_map" in data and perimeter != _letters(data["perimeter_map"], "B"):
        raise ValueError(f"planets.toml: {data['name']}'s perimeter disagrees with its perimeter map")
    regions = tuple(_letters(data["regions"], letter) for letter in "ABC") if "regions" in data else ()
    west = _letters(data["sides"], "0") if "sides" in data else 0
    quadrants: list[tuple[int, int]] = []
    for letter, resource in data.get("quadrant_forbids", {}).items():
        quadrants.append((_letters(data["quadrants"], letter), RESOURCE_INDEX[resource]))
    crossings = tuple((g.cell(*a), g.cell(*b)) for a, b in data.get("crossings", []))
    return Planet(data["name"], squares, ice, squares & ~ice, lifepods, perimeter,
                  tuple(g.row_mask(y) & squares for y in range(g.HEIGHT)),
                  tuple(g.column_mask(x) & squares for x in range(g.WIDTH)),
                  tuple(data["row_medals"]), tuple(data["column_medals"]),
                  id=data["id"], complexity=data["complexity"], rule=data["rule"],
                  special=_letters(rows, _SPECIAL_LETTERS), holes=holes, regions=regions, west=west,
                  crossings=crossings, quadrant_forbids=tuple(quadrants),
                  bonus=int(data.get("sub_planet_bonus", data.get("city_medals", 0))))


def _planet(planet_file: dict[str, Any]) -> Planet:
    data = planet_file["grid"]
    squares = ice = land = lifepods = 0
    for y, row in enumerate(data["rows"]):
        for x, mark in enumerate(row):
            if mark == ".":
                continue
            b = g.bit(x, y)
            squares |= b
            if mark == "I":
                ice |= b
            else:
                land |= b
            if mark == "P":
                lifepods |= b
    if g.mask_of(map(tuple, data["ice"])) != ice or g.mask_of(map(tuple, data["lifepods"])) != lifepods:
        raise ValueError("planet.toml: the ice / lifepod lists disagree with the grid rows")
    # a perimeter square has fewer than 4 planet neighbours (the grid's edge counts as outside)
    perimeter = _perimeter(squares, squares)
    if perimeter != g.mask_of(map(tuple, data["perimeter"])):
        raise ValueError("planet.toml: the perimeter list disagrees with the grid rows")
    return Planet(planet_file["name"], squares, ice, land, lifepods, perimeter,
                  tuple(g.row_mask(y) & squares for y in range(g.HEIGHT)),
                  tuple(g.column_mask(x) & squares for x in range(g.WIDTH)),
                  tuple(data["row_medals"]), tuple(data["column_medals"]))


def _corporation(data: dict[str, Any]) -> Corporation:
    top = data["track_range"]["max"]
    benefits: list[tuple[tuple[Benefit, ...], ...]] = []
    medal_at: list[tuple[int, ...]] = []
    tech_positions: dict[int, int] = {}
    for name in TRACKS:
        track = data["tracks"][name]
        at: list[list[Benefit]] = [[] for _ in range(top + 1)]
        medals = [0] * (top + 1)
        for entry in track.get("medals", []):
            at[entry["position"]].append(("medal", entry["medal"]))
            medals[entry["position"]] = entry["medal"]
        for position in track.get("synergy", []):
            at[position].append(("synergy", 0))
        for entry in track.get("civ_milestones", []):
            at[entry["position"]].append(("civ", entry["rank"]))
        for position in track.get("biomass_milestones", []):
            at[position].append(("biomass", 0))
        for position in track.get("rover_milestones", []):
            at[position].append(("rover", 0))
        for entry in track.get("tech_milestones", []):
            at[entry["position"]].append(("tech", entry["level"]))
            tech_positions[entry["level"]] = entry["position"]
        for position, amount in enumerate(track.get("move", [])):
            if amount:
                at[position].append(("move", amount))
        benefits.append(tuple(tuple(b) for b in at))
        best, running = [], 0
        for value in medals:
            running = max(running, value)
            best.append(running)
        medal_at.append(tuple(best))
    level3 = next(t for t in data["tech_levels"] if t["level"] == 3)
    return Corporation(data["name"], data["rovers"], tuple(benefits), tuple(medal_at), tech_positions,
                       data["track_range"]["rover_overflow_move"], level3["amount"],
                       level3["applies_to"] == "every_gain",
                       abilities=tuple(t["kind"] for t in sorted(data["tech_levels"], key=lambda t: t["level"])),
                       ability_texts=tuple(t["text"] for t in sorted(data["tech_levels"], key=lambda t: t["level"])))


_CELL_BENEFITS = {"SYN": "synergy", "PATCH": "biomass", "ROVER": "rover"}


def _cell(text: str) -> list[Benefit]:
    """One track cell in the reference's notation ("mv2 + 1m", "CIV", "+1water", ...) as benefits; civ ranks and
    tech levels are numbered by the caller."""
    found: list[Benefit] = []
    for part in (p.strip() for p in text.split("+ ") if p.strip()):
        if part in _CELL_BENEFITS:
            found.append((_CELL_BENEFITS[part], 0))
        elif part == "CIV":
            found.append(("civ", 0))
        elif part == "TECH":
            found.append(("tech", 0))
        elif part == "skip":
            found.append(("skip", 0))
        elif part.startswith("mv"):
            found.append(("move", int(part[2:])))
        elif part.endswith("m"):
            found.append(("medal", int(part[:-1])))
        elif part.startswith("+1"):
            found.append(("advance", RESOURCE_INDEX[part[2:]]))
        else:
            raise ValueError(f"corporations.toml: unknown track cell {text!r}")
    return found


def _numbered(cells: list[str], civ_ranks: list[int]) -> tuple[tuple[Benefit, ...], ...]:
    """A track's cells as benefits, its civ milestones ranked (``civ_ranks``, or counted up to rank 4) and its tech
    milestones numbered."""
    at: list[tuple[Benefit, ...]] = []
    civ_count = tech_count = 0
    for text in cells[:TRACK_TOP + 1]:
        row: list[Benefit] = []
        for benefit, value in _cell(text):
            if benefit == "civ":
                civ_count += 1
                value = civ_ranks[civ_count - 1] if civ_ranks else min(civ_count, 4)
            elif benefit == "tech":
                tech_count += 1
                value = tech_count
            row.append((benefit, value))
        at.append(tuple(row))
    return tuple(at)


def _module_corporation(data: dict[str, Any], standard: Corporation) -> Corporation:
    """One special corporation of corporations.toml; its tech abilities are named by level (``<rule>:<level>``)."""
    benefits: list[tuple[tuple[Benefit, ...], ...]] = []
    medal_at: list[tuple[int, ...]] = []
    tech_positions: dict[int, int] = {}
    civ_ranks = list(data.get("civ_ranks", []))
    overflow = standard.rover_overflow_move
    for t, name in enumerate(TRACKS):
        cells = data["tracks"][name]
        at: list[tuple[Benefit, ...]] = []
        civ_count = tech_count = 0
        for position, text in enumerate(cells[:TRACK_TOP + 1]):
            row: list[Benefit] = []
            for benefit, value in _cell(text):
                if benefit == "civ":
                    civ_count += 1
                    value = civ_ranks[civ_count - 1] if civ_ranks else civ_count
                elif benefit == "tech":
                    tech_count += 1
                    value = tech_count
                    tech_positions[value] = position
                row.append((benefit, value))
            at.append(tuple(row))
        if t == ROVER and len(cells) > TRACK_TOP + 1:
            overflow = next(v for b, v in _cell(cells[TRACK_TOP + 1]) if b == "move")
        benefits.append(tuple(at))
        scored, running = [], 0
        for contents in at:
            running = next((v for b, v in contents if b == "medal"), running)
            scored.append(running)
        medal_at.append(tuple(scored))
    rule = data["rule"]
    return Corporation(data["name"], data["rovers"], tuple(benefits), tuple(medal_at), tech_positions, overflow,
                       0, False, id=data["id"], complexity=data["complexity"], rule=rule,
                       abilities=tuple(f"{rule}:{t['level']}" for t in data["tech"]),
                       ability_texts=tuple(t["text"] for t in data["tech"]),
                       improved=tuple(_numbered(data["improved"][name], []) for name in TRACKS)
                       if "improved" in data else (),
                       water_path=tuple((TRACKS.index(column), position)
                                        for column, position in data["tracks"].get("water_path", [])))


@cache
def planet_shapes(name: str) -> tuple[Shape, ...]:
    """Every shape with its placements on the planet ``name`` (computed once per planet, when first played)."""
    fig = figures()
    if name == fig.planet.name:
        return fig.shapes
    squares = fig.planets[name].squares
    return tuple(_shape(s, squares) for s in sorted(fig.raw["tiles"]["shapes"], key=lambda s: s["id"]))


@lru_cache(maxsize=1)
def figures() -> Figures:
    raw = {name: load(name) for name in ("tiles", "planet", "corporation", "susan", "civ_cards", "objectives",
                                         "events", "solo", "planets", "corporations")}
    planet = _planet(raw["planet"])
    corporation = _corporation(raw["corporation"])
    planets = {planet.name: planet} | {p["name"]: _module_planet(p) for p in raw["planets"]["planets"]}
    corporations = {corporation.name: corporation} | {
        c["name"]: _module_corporation(c, corporation) for c in raw["corporations"]["corporations"]}
    shapes = tuple(_shape(s, planet.squares) for s in sorted(raw["tiles"]["shapes"], key=lambda s: s["id"]))
    families = {f["id"]: (RESOURCE_INDEX[f["a"]], RESOURCE_INDEX[f["b"]]) for f in raw["tiles"]["families"]}
    tiles = tuple(TileKind(t["type"], t["shape"], t["family"], t["meteor"], *families[t["family"]])
                  for t in sorted(raw["tiles"]["stock"]["tiles"], key=lambda t: t["type"]))
    susan = raw["susan"]
    civ = raw["civ_cards"]
    return Figures(
        shapes=shapes, tiles=tiles,
        interior_ring=tuple(susan["rings"]["interior"]), exterior_ring=tuple(susan["rings"]["exterior"]),
        seats={int(k): tuple(v) for k, v in susan["seats"].items()}, auto_step=susan["rotation"]["auto_step"],
        planet=planet, corporation=corporation, planets=planets, corporations=corporations,
        civ_cards={c["id"]: c for c in civ["deck"]["cards"]},
        civ_kept_per_rank={int(k): v for k, v in civ["setup"]["kept_per_rank"].items()},
        commerce_medals=tuple(civ["commerce_agreement"]["medals_by_count"]),
        repo_bonus=civ["meteorite_repo"]["per_three_meteorites_bonus"],
        objectives={c["id"]: c for c in raw["objectives"]["deck"]["cards"]},
        objective_scoring=dict(raw["objectives"]["scoring"]), objective_setup=dict(raw["objectives"]["setup"]),
        events={c["id"]: c for c in raw["events"]["deck"]["cards"]}, event_deck_size=raw["events"]["deck"]["size"],
        solo=raw["solo"], raw=raw)
