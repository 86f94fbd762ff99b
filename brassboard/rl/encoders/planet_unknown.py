"""Planet Unknown: each seat's planet as 12 x 12 planes and its board as numbers, seen from the observer, plus the
hashed rest; a larger legal-list action space.

Tile placements (positions x orientations x the tiles on offer) reach 940 legal actions in random play (20 games per
player count, 1-6 players); 2048 slots leave room. Should a state ever exceed them, the env raises
ActionOverflowError by default (see brassboard.rl.actions), so it can never go unnoticed.

Observation (float32), ``P`` players, seats *relative* to the observer (row 0 is the observer, row 1 the next seat):

1. planes, ``P x 18 x 144`` (0/1, cell ``y * 12 + x``): terrain of each resource (civ, water, biomass, rover, tech,
   energy) and its icons, from the tiles placed (6 + 6); biomass patches; printed meteor symbols; meteorites;
   lifepods; rovers; the planet's squares.
2. numbers, ``P x 47``: the five tracks; tech levels 1-6 (0/1); rovers left, lost; lifepods collected, lost;
   meteorites collected, destroyed; stored patches; movement; finished; took tile; empty squares; hidden civ cards,
   hidden objectives; unplaced tiles; planet side one-hot (13); corporation side one-hot (9) — a side shows only
   once it is turned up, so a secret set-up choice never reaches it.
3. 10 numbers (-1 for null): round, commander, rotation, shift, solo, events on, event, events left, last round,
   removed tiles.
4. the irregular rest, hashed (the generic scheme of :mod:`.hashing`, 512 buckets, absolute seats with the ``@seat``
   token) field by field: phase, active seats, the observer's depot tiles (their types); event counts, flags, end
   reasons, civ piles, neighbour and shared objectives; the stacks' counts and tops; per seat its civ cards,
   objectives and pending items as far as the observer may see them, depot stacks, dealt sides, flux, track pods,
   columns, unplaced tiles, and the observer's own chosen sides, offer and peek.

Left out: what is the same in every match (figures, the seat layout) and the tiles' placing order (the planes hold
where they lie).

Two ways in, one layout. ``encode`` reads the view, ``encode_state`` (the fast path) the state; each only *extracts*
the same facts — per seat a :class:`SeatPlanet` and a :class:`SeatNumbers`, the global numbers, and the rest's
groups as the JSON values the view holds — and hands them to the one place that lays them out (``_seat_planes``,
``_seat_numbers``, ``_rest_group``, ``_assemble``). The fast path reads the state's bitmasks where the view lists
cells, and hides from other seats what the view hides; ``tests/rl/test_rl_planet_unknown_encoder.py`` holds the two
equal over random games of every planet and corporation side. At the game's end (a rare state) the fast path
encodes the view itself.

Speed: every piece is memoised by the facts it is made of (exact keys: tuples, or ``marshal`` bytes of the state's
lists), so a step costs the facts' extraction, a few look-ups and copies; a piece is built again only when its facts
changed — the planet of the seat that placed a tile, the pending items of the seat that acted. The rest is summed
from per-group vectors: its values are whole numbers, so the float sum is exact in any order and equals the hashing
of the whole record.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.planet_unknown import geometry
from brassboard.games.planet_unknown.figures import RESOURCES, TRACKS, figures, planet_shapes
from brassboard.rl.hashing import TokenHasher

from .hashing import HashingEncoder

MAX_ACTIONS = 2048
CELLS = geometry.CELLS
CELL_BYTES = (CELLS + 7) // 8
PLANETS: tuple[str, ...] = tuple(figures().planets)
CORPORATIONS: tuple[str, ...] = tuple(figures().corporations)
PLANES = 2 * len(RESOURCES) + 6
"""Terrain and icons per resource; patches, meteor symbols, meteorites, lifepods, rovers, squares."""
COUNTERS = ("rovers_left", "rovers_lost", "lifepods_collected", "lifepods_lost", "meteorites_collected",
            "meteorites_destroyed", "stored_patches", "movement", "finished", "took_tile", "empty_squares")
TECH_LEVELS = range(1, 7)
NUMBERS = len(TRACKS) + len(TECH_LEVELS) + len(COUNTERS) + 3 + len(PLANETS) + len(CORPORATIONS)
REST_SIZE = 512
GLOBAL_NUMBERS = ("round", "commander", "rotation", "shift", "solo", "events_on", "event", "events_left",
                  "last_round", "removed_tiles")
"""Plain numbers and flags of the view (-1 where one is null), in this order."""
BOARD_FIELDS = ("event_counts", "flags", "end_reasons", "civ_piles", "neighbor_cards", "shared_objectives")
SEAT_FIELDS = ("civ", "objectives", "pending", "depot", "dealt", "flux", "track_pods", "columns", "unplaced")
OWN_FIELDS = ("chosen", "offer", "peek")
REST_GROUPS = ("turn", "board", "stacks")
"""The rest's fields before the seats' (``players/<seat>``), in this order."""

PLACED_MEMO = 1 << 14
"""Placed-tile lists whose terrain and icon masks are kept (12 ints each)."""
PLANE_MEMO = 1 << 11
"""Seats' planets whose planes are kept (10 KB each)."""
NUMBER_MEMO = 1 << 14
"""Seats' boards whose numbers are kept."""
GROUP_MEMO = 1 << 12
"""Groups of the rest whose hashed vectors are kept (4 KB each)."""

_IMMEDIATE_CIV = frozenset(card for card, data in figures().civ_cards.items() if data["timing"] == "immediate")
"""Civ cards every player sees (the others are kept secret until the end)."""


class SeatPlanet(NamedTuple):
    """What one seat's planes are made of. ``placed_key`` stands for ``placed`` in memo keys (exact: equal keys mean
    equal lists)."""

    planet: str
    placed_key: bytes
    patches: int
    meteor_symbols: int
    meteorites: int
    lifepods: int
    rovers: int


class SeatNumbers(NamedTuple):
    """What one seat's numbers are made of, as the observer may see them."""

    tracks: tuple[int, ...]
    tech: int
    """Bit ``level`` set for each tech level unlocked (levels 1-6 are encoded)."""
    counters: tuple[int | bool, ...]
    """The values of ``COUNTERS``, in order."""
    hidden_civ: int
    hidden_objectives: int
    unplaced: int
    planet: str
    corporation: str


def _fingerprint(value: Any) -> bytes:
    """Exact bytes of a JSON-like value (equal bytes, equal values), for memo keys. Marshal format 2: the later
    formats mark objects referenced more than once, so equal values whose objects are shared differently (a state's
    list and its clone's) would give different bytes, and every look-up of them would miss."""
    return marshal.dumps(value, 2)


def _mask(cells: Sequence[Sequence[int]]) -> int:
    mask = 0
    for x, y in cells:
        mask |= 1 << (y * geometry.WIDTH + x)
    return mask


def _remember(memo: dict[Any, Any], limit: int, key: Any, value: Any) -> None:
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value


class PlanetUnknownEncoder:
    low = float("-inf")
    high = float("inf")

    def __init__(self, players: int) -> None:
        self.players = players
        self.shape = (players * (PLANES * CELLS + NUMBERS) + len(GLOBAL_NUMBERS) + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        self._hasher = TokenHasher(REST_SIZE)  # the @seat token, hashed as the rest's scheme does
        self._placed: dict[tuple[str, bytes], tuple[int, ...]] = {}  # (planet, placed) -> terrain and icon masks
        self._plane_memo: dict[SeatPlanet, npt.NDArray[np.float32]] = {}
        self._number_memo: dict[SeatNumbers, npt.NDArray[np.float32]] = {}
        # a rest group's key -> its hashed tokens summed into REST_SIZE buckets; keys are (path, fingerprint of its
        # JSON value) on the view's way in and ("state", ...facts) on the state's
        self._group_memo: dict[tuple[Any, ...], npt.NDArray[np.float64]] = {}
        self._seat_tokens: dict[int, npt.NDArray[np.float64]] = {}
        self._seat_orders = [[(player + offset) % players for offset in range(players)] for player in range(players)]

    # ----- the two ways in: extraction only -----------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        seats = view["players"]
        planets: list[npt.NDArray[np.float32]] = []
        numbers: list[npt.NDArray[np.float32]] = []
        for seat in self._seat_order(player):
            seen = seats[seat]
            tiles = seen["tiles"]
            planets.append(self._seat_planes(SeatPlanet(
                seen["planet"], _fingerprint(tiles), _mask(seen["patches"]), _mask(seen["meteor_symbols"]),
                _mask(seen["meteorites"]), _mask(seen["lifepods"]), _mask(seen["rovers"])), tiles))
            numbers.append(self._seat_numbers(SeatNumbers(
                tuple(seen["tracks"]), sum(1 << level for level in seen["tech_levels"] if level in TECH_LEVELS),
                tuple(seen[key] for key in COUNTERS), seen["hidden_civ"], seen["hidden_objectives"],
                len(seen["unplaced"]), seen["planet"], seen["corporation"])))
        global_numbers = [-1 if view[key] is None else view[key] for key in GLOBAL_NUMBERS]
        tiles = view.get("depot_tiles")
        groups: dict[str, Any] = {
            "turn": {"phase": view["phase"], "active": view["active"],
                     "depot_tiles": None if tiles is None else [None if tile is None else tile["type"]
                                                                for tile in (tiles["inner"], tiles["outer"])]},
            "board": {key: view[key] for key in BOARD_FIELDS},
            "stacks": [[stack["count"], stack["top"]] for ring in ("inner", "outer") for stack in view["stacks"][ring]],
        }
        for seat, seen in enumerate(seats):
            groups[f"players/{seat}"] = {key: seen[key] for key in (*SEAT_FIELDS, *OWN_FIELDS) if key in seen}
        rest = [self._rest_group((path, _fingerprint(value)), path, value) for path, value in groups.items()]
        return self._assemble(player, planets, numbers, global_numbers, rest)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        pu: Any = state  # a PlanetUnknownState
        if state.is_over():  # scores, winners, every secret revealed: rare, so the view itself
            return self.encode(state.view(player), player)
        corps = pu.corps
        planets: list[npt.NDArray[np.float32]] = []
        numbers: list[npt.NDArray[np.float32]] = []
        for seat in self._seat_order(player):
            corp = corps[seat]
            rovers = 0
            for square in corp.rovers:
                rovers |= 1 << square
            placed = corp.placed
            planets.append(self._seat_planes(SeatPlanet(
                corp.planet_name, _fingerprint(placed), corp.patches, corp.meteor_symbols, corp.meteorites,
                corp.lifepods, rovers), placed))
            own = seat == player
            civ = corp.civ
            numbers.append(self._seat_numbers(SeatNumbers(
                tuple(corp.tracks), corp.tech,
                (corp.rovers_left, corp.rovers_lost, corp.lifepods_collected, corp.lifepods_lost,
                 corp.meteorites_collected, corp.meteorites_destroyed, corp.stored_patches, corp.movement,
                 corp.finished, corp.took_tile, (corp.planet.squares & ~corp.occupied).bit_count()),
                # what the view hides from other seats: civ cards kept for the end, objectives
                0 if own or not civ else sum(card not in _IMMEDIATE_CIV for card in civ),
                0 if own else len(corp.objectives), len(corp.unplaced), corp.planet_name, corp.corporation_name)))
        global_numbers = [-1 if value is None else value for value in (
            pu.round, pu.commander, pu.rotation, pu.shift, pu.solo, pu.events_on, pu.event, len(pu.event_deck),
            pu.last_round, len(pu.removed))]
        return self._assemble(player, planets, numbers, global_numbers, self._state_rest(pu, player))

    def _state_rest(self, pu: Any, player: int) -> list[npt.NDArray[np.float64]]:
        """The rest's fields from the state, as the view shows them, split where their parts change at different
        paces (the tokens of a dict are those of its fields: any split sums to the same); each part is looked up by
        the facts it is made of and built only when they are new."""
        memo = self._group_memo
        groups: list[npt.NDArray[np.float64]] = []
        phase = pu.phase
        active = pu.active_players()
        key: tuple[Any, ...] = ("state", "turn", phase, *active)
        found = memo.get(key)
        if found is None:
            found = self._rest_group(key, "turn", {"phase": phase, "active": active})
        groups.append(found)
        taken = pu.taken
        tiles = None
        if 0 <= player < pu.num_players:
            interior, exterior = pu.depot(player)
            tiles = [None if stack in taken[ring] else pu.top(ring, stack)
                     for ring, stack in ((0, interior), (1, exterior))]
        key = ("state", "depot_tiles", None if tiles is None else (*tiles,))
        found = memo.get(key)
        if found is None:
            found = self._rest_group(key, "turn/depot_tiles", tiles)
        groups.append(found)
        board = (pu.event_counts, pu.flags, pu.end_reasons, [len(pile) for pile in pu.civ_piles], pu.neighbor_cards,
                 pu.shared_objectives)
        key = ("state", "board", _fingerprint(board))
        found = memo.get(key)
        if found is None:
            found = self._rest_group(key, "board", dict(zip(BOARD_FIELDS, board, strict=True)))
        groups.append(found)
        stacks = pu.stacks
        key = ("state", "stacks", _fingerprint((stacks, taken)))
        found = memo.get(key)
        if found is None:
            found = self._rest_group(key, "stacks", [
                [len(pile), None if not pile or index in taken[ring] else pile[-1]]
                for ring in (0, 1) for index, pile in enumerate(stacks[ring])])
        groups.append(found)
        for seat, corp in enumerate(pu.corps):
            own = seat == player
            pending = corp.pending
            key = ("state", "pending", seat, own, _fingerprint(pending))
            found = memo.get(key)
            if found is None:  # the objectives a seat is choosing from are its secret
                found = self._rest_group(key, f"players/{seat}/pending", pending if own else [
                    item for item in pending if item[0] != "objectives"])
            groups.append(found)
            depot = pu.depot(seat)
            facts = (corp.civ, corp.objectives if own else None, depot, corp.dealt, corp.flux, corp.track_pods,
                     corp.columns, corp.unplaced, (corp.chosen, corp.offer, corp.peek) if own else None)
            key = ("state", "seat", seat, own, _fingerprint(facts))
            found = memo.get(key)
            if found is None:
                # what the view hides from other seats: civ cards kept for the end, objectives
                entry: dict[str, Any] = {
                    "civ": corp.civ if own else [card for card in corp.civ if card in _IMMEDIATE_CIV],
                    "objectives": corp.objectives if own else [],
                    "depot": dict(zip(("inner", "outer"), depot, strict=True)),
                    "dealt": corp.dealt,
                    "flux": TRACKS[corp.flux] if corp.flux >= 0 else None,
                    "track_pods": [[TRACKS[t], position] for t, position in corp.track_pods],
                    "columns": [TRACKS[c] for c in corp.columns],
                    "unplaced": corp.unplaced,
                }
                if own:
                    entry.update(chosen=corp.chosen, offer=corp.offer, peek=corp.peek)
                found = self._rest_group(key, f"players/{seat}", entry)
            groups.append(found)
        return groups

    # ----- the layout: one place for both ways in -----------------------------------------------------------------
    def _seat_order(self, player: int) -> list[int]:
        if 0 <= player < self.players:
            return self._seat_orders[player]
        return [(player + offset) % self.players for offset in range(self.players)]

    def _assemble(self, player: int, planets: list[npt.NDArray[np.float32]], numbers: list[npt.NDArray[np.float32]],
                  global_numbers: list[float], rest: list[npt.NDArray[np.float64]]) -> npt.NDArray[np.float32]:
        """planes of every seat, numbers of every seat, the global numbers, then the rest (hashed)."""
        out = np.empty(self.shape, dtype=np.float32)
        at = 0
        for block in (*planets, *numbers):
            end = at + len(block)
            out[at:end] = block
            at = end
        out[at: at + len(global_numbers)] = global_numbers
        summed = self._seat_token(player).copy()
        for vector in rest:
            summed += vector
        out[at + len(global_numbers):] = summed
        return out

    def _seat_planes(self, facts: SeatPlanet, placed: list[Any]) -> npt.NDArray[np.float32]:
        """One seat's 18 planes (``placed``: its tiles as [type, x, y, orientation], what ``facts.placed_key``
        stands for), memoised: most steps change no seat's planet, and one that does changes one seat's."""
        found = self._plane_memo.get(facts)
        if found is None:
            planet = facts.planet
            squares = figures().planets[planet].squares if planet in figures().planets else 0
            masks = (*self._tile_masks(planet, facts.placed_key, placed), facts.patches, facts.meteor_symbols,
                     facts.meteorites, facts.lifepods, facts.rovers, squares)
            # every mask as little-endian bytes (bit i = cell i), unpacked to bits at once
            packed = np.frombuffer(b"".join(mask.to_bytes(CELL_BYTES, "little") for mask in masks), dtype=np.uint8)
            bits = np.unpackbits(packed, bitorder="little").reshape(len(masks), CELL_BYTES * 8)[:, :CELLS]
            found = bits.reshape(-1).astype(np.float32)
            found.flags.writeable = False
            _remember(self._plane_memo, PLANE_MEMO, facts, found)
        return found

    def _seat_numbers(self, facts: SeatNumbers) -> npt.NDArray[np.float32]:
        found = self._number_memo.get(facts)
        if found is None:
            sides = [0.0] * (len(PLANETS) + len(CORPORATIONS))
            if facts.planet in PLANETS:
                sides[PLANETS.index(facts.planet)] = 1.0
            if facts.corporation in CORPORATIONS:
                sides[len(PLANETS) + CORPORATIONS.index(facts.corporation)] = 1.0
            found = np.array([*facts.tracks, *(facts.tech >> level & 1 for level in TECH_LEVELS), *facts.counters,
                              facts.hidden_civ, facts.hidden_objectives, facts.unplaced, *sides], dtype=np.float32)
            if found.shape != (NUMBERS,):
                raise ValueError(f"a seat's numbers are {NUMBERS} values, not {found.shape[0]}: {facts}")
            found.flags.writeable = False
            _remember(self._number_memo, NUMBER_MEMO, facts, found)
        return found

    def _rest_group(self, key: tuple[Any, ...], path: str, value: Any) -> npt.NDArray[np.float64]:
        """The hashed tokens of one field of the rest (``path``: its JSON value), summed into the buckets; kept under
        ``key``, the facts it is made of."""
        found = self._group_memo.get(key)
        if found is None:
            buckets, values = self._rest.field_tokens(path, value)
            found = np.bincount(buckets, weights=values, minlength=REST_SIZE).astype(np.float64, copy=False)
            found.flags.writeable = False
            _remember(self._group_memo, GROUP_MEMO, key, found)
        return found

    def _seat_token(self, player: int) -> npt.NDArray[np.float64]:
        found = self._seat_tokens.get(player)
        if found is None:
            bucket, sign = self._hasher.slot(f"@seat={player}")
            found = np.zeros(REST_SIZE, dtype=np.float64)
            found[bucket] = sign
            self._seat_tokens[player] = found
        return found

    def _tile_masks(self, planet: str, key: bytes, placed: list[Any]) -> tuple[int, ...]:
        """Terrain masks then icon masks per resource of the tiles ``placed`` ([type, x, y, orientation] each; ``key``
        stands for them) on ``planet``: memoised, and built from the list one tile shorter (a tile at a time)."""
        found = self._placed.get((planet, key))
        if found is None:
            if placed:
                shorter = placed[:-1]
                found = self._add_tile(self._tile_masks(planet, _fingerprint(shorter), shorter), planet, placed[-1])
            else:
                found = (0,) * (2 * len(RESOURCES))
            _remember(self._placed, PLACED_MEMO, (planet, key), found)
        return found

    @staticmethod
    def _add_tile(masks: tuple[int, ...], planet: str, tile: Sequence[int]) -> tuple[int, ...]:
        kind_id, x, y, orientation = tile
        fig = figures()
        kind = fig.tiles[kind_id]
        placement = planet_shapes(planet)[kind.shape].by_spot[kind.meteor].get((x, y, orientation))
        if placement is None:  # not a spot of the planet's shapes: nothing to draw (both ways in alike)
            return masks
        grown = list(masks)
        icons = len(RESOURCES)
        grown[kind.resource_a] |= placement.mask_a
        grown[kind.resource_b] |= placement.mask_b
        grown[icons + kind.resource_a] |= 1 << placement.icon_a
        grown[icons + kind.resource_b] |= 1 << placement.icon_b
        return tuple(grown)

    def __repr__(self) -> str:
        return f"PlanetUnknownEncoder(players={self.players}, size={self.shape[0]})"


def observation_encoder(players: int, options: Mapping[str, Any]) -> PlanetUnknownEncoder:
    return PlanetUnknownEncoder(players)
