"""Planet Unknown: each seat's planet as 12 x 12 planes and its board as numbers, seen from the observer, the turn and
the station as numbers, the irregular rest hashed; a larger legal-list action space.

Tile placements (positions x orientations x the tiles on offer) reach 940 legal actions in random play (20 games per
player count, 1-6 players); 2048 slots leave room. Should a state ever exceed them, the env raises
ActionOverflowError by default (see brassboard.rl.actions), so it can never go unnoticed.

Observation (float32), ``P`` players, seats *relative* to the observer (row 0 is the observer, row 1 the next seat):

1. planes, ``P x 18 x 144`` (0/1, cell ``y * 12 + x``): terrain of each resource (civ, water, biomass, rover, tech,
   energy) and its icons, from the tiles placed (6 + 6); biomass patches; printed meteor symbols; meteorites;
   lifepods; rovers; the planet's squares.
2. numbers, ``P x 49``: the five tracks; tech levels 1-6 (0/1); rovers left, lost; lifepods collected, lost;
   meteorites collected, destroyed; stored patches; movement; finished; took tile; empty squares; hidden civ cards,
   hidden objectives; unplaced tiles; planet side one-hot (13); corporation side one-hot (9) — a side shows only
   once it is turned up, so a secret set-up choice never reaches it; the seat's depot: its inner and outer stack.
3. the turn, ``22 + P`` numbers (-1 for null): round, commander, rotation, shift, solo, events on, event, events
   left, last round, removed tiles; the phase one-hot (7, in ``PHASES`` order); which seats are active (``P``, 0/1,
   relative seats); the observer's depot tiles (inner, outer: the tile type on top, -1 if none or taken); the event
   counts (green, orange, red).
4. the station, 24 numbers: per stack (inner ring 0-5, then outer ring 0-5) its tile count and its top tile (-1 if
   none or taken this round; the tiles below the top are hidden).
5. the irregular rest, hashed (the generic scheme of :mod:`.hashing`, 512 buckets, absolute seats with the ``@seat``
   token): ``board`` — flags, end reasons, civ piles, neighbour and shared objectives; per seat ``players/<seat>`` —
   its civ cards, objectives and pending items as far as the observer may see them, dealt sides, flux, track pods,
   columns, unplaced tiles, and the observer's own chosen sides, offer and peek.

Left out: what is the same in every match (figures, the seat layout) and the tiles' placing order (the planes hold
where they lie).

Two ways in, one layout. ``encode`` reads the view, ``encode_state`` (the fast path) the state; each only *extracts*
the same facts — per seat its planet's and its board's, the turn's, the station's, and the rest's groups as the JSON
values the view holds — and hands them to the one place that lays them out (``_seat_planes``, ``_seat_numbers``,
``_turn_numbers``, ``_station_numbers``, ``_rest_group``, ``_assemble``). The fast path reads the state's bitmasks
where the view lists cells, and hides from other seats what the view hides; ``tests/rl/test_rl_planet_unknown.py``
holds the two equal over random games of every planet and corporation side. At the game's end (a rare state) the
fast path encodes the view itself.

Speed: every piece is memoised by the facts it is made of (exact keys: tuples of numbers and words, or ``marshal``
bytes of the state's lists), so a step costs the extraction of the facts, look-ups and one concatenation; a piece is
built again only when its facts are new — the planet of a seat that placed a tile, the pending items of the seat
that acted. The numbers that change with most actions (hidden counts, active seats, depot tiles) stay out of the
blocks' keys and are written in place after the concatenation. The rest is summed from per-group vectors: its values
are whole numbers, so the float sum is exact in any order and equals the hashing of the whole record (the tests hold
it to that).
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.planet_unknown import geometry
from brassboard.games.planet_unknown.figures import RESOURCES, TRACKS, figures, planet_shapes
from brassboard.games.planet_unknown.state import CLAIM, EVENT, FINAL, OBJECTIVES, OVER, ROTATE, TILES
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
SIDES = len(PLANETS) + len(CORPORATIONS)
NUMBERS = len(TRACKS) + len(TECH_LEVELS) + len(COUNTERS) + 3 + SIDES + 2
GLOBAL_NUMBERS = ("round", "commander", "rotation", "shift", "solo", "events_on", "event", "events_left",
                  "last_round", "removed_tiles")
"""Plain numbers and flags of the view (-1 where one is null), in this order."""
PHASES = (OBJECTIVES, ROTATE, EVENT, TILES, CLAIM, FINAL, OVER)
EVENT_COLOURS = 3
STACKS = len(figures().interior_ring) + len(figures().exterior_ring)
REST_SIZE = 512
BOARD_FIELDS = ("flags", "end_reasons", "civ_piles", "neighbor_cards", "shared_objectives")
SEAT_FIELDS = ("civ", "objectives", "pending", "dealt", "flux", "track_pods", "columns", "unplaced")
OWN_FIELDS = ("chosen", "offer", "peek")

# Memo sizes: entries kept before a memo starts afresh. Small: what a game meets again is mostly what it met a few
# steps before; memos 8 times larger (planes: 20 MB) measured no faster in bench/bench_rl.py.
PLACED_MEMO = 1 << 11
"""Placed-tile lists whose terrain and icon masks are kept (12 ints each)."""
PLANE_MEMO = 1 << 8
"""Seats' planets whose planes are kept (10 KB each)."""
NUMBER_MEMO = 1 << 11
"""Seats' boards, turns and stations whose numbers are kept (each memo)."""
GROUP_MEMO = 1 << 9
"""Groups of the rest whose hashed vectors are kept (2 KB each)."""
GROUP_LIMIT = 1 << 20
"""The most a group's token values may add up to (in magnitude): with whole numbers below it in every group, float32
sums of up to 16 groups are exact in any order (2^24), so the rest equals the float64 hashing of the whole record."""

_IMMEDIATE_CIV = frozenset(card for card, data in figures().civ_cards.items() if data["timing"] == "immediate")
"""Civ cards every player sees (the others are kept secret until the end)."""

_Key = tuple[Any, ...]


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
        self.shape = (players * (PLANES * CELLS + NUMBERS) + len(GLOBAL_NUMBERS) + len(PHASES) + players + 2
                      + EVENT_COLOURS + 2 * STACKS + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        self._hasher = TokenHasher(REST_SIZE)  # the @seat token, hashed as the rest's scheme does
        self._placed: dict[tuple[str, bytes], tuple[int, ...]] = {}  # (planet, placed) -> terrain and icon masks
        self._plane_memo: dict[_Key, npt.NDArray[np.float32]] = {}
        self._seat_memo: dict[_Key, npt.NDArray[np.float32]] = {}  # a seat's board -> its numbers
        self._turn_memo: dict[_Key, npt.NDArray[np.float32]] = {}
        self._station_memo: dict[_Key, npt.NDArray[np.float32]] = {}
        # a rest group's key -> its hashed tokens summed into REST_SIZE buckets; keys are (path, fingerprint of its
        # JSON value) on the view's way in and ("state", ...facts) on the state's
        self._group_memo: dict[_Key, npt.NDArray[np.float32]] = {}
        self._seat_tokens: dict[int, npt.NDArray[np.float32]] = {}
        self._seat_orders = [[(player + offset) % players for offset in range(players)] for player in range(players)]
        # where _assemble writes the numbers that change most often
        planes = players * PLANES * CELLS
        hidden = len(TRACKS) + len(TECH_LEVELS) + len(COUNTERS)
        self._hidden_at = [planes + row * NUMBERS + hidden for row in range(players)]
        self._active_at = planes + players * NUMBERS + len(GLOBAL_NUMBERS) + len(PHASES)

    # ----- the two ways in: extraction only -----------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        seats = view["players"]
        parts: list[npt.NDArray[np.float32]] = []
        numbers: list[npt.NDArray[np.float32]] = []
        hidden: list[tuple[int, int]] = []
        for seat in self._seat_order(player):
            seen = seats[seat]
            tiles = seen["tiles"]
            parts.append(self._seat_planes(
                (seen["planet"], _fingerprint(tiles), _mask(seen["patches"]), _mask(seen["meteor_symbols"]),
                 _mask(seen["meteorites"]), _mask(seen["lifepods"]), _mask(seen["rovers"])), tiles))
            depot = seen["depot"]
            numbers.append(self._seat_numbers(
                (*seen["tracks"], sum(1 << level for level in seen["tech_levels"] if level in TECH_LEVELS),
                 *(seen[key] for key in COUNTERS), len(seen["unplaced"]), seen["planet"], seen["corporation"],
                 depot["inner"], depot["outer"])))
            hidden.append((seen["hidden_civ"], seen["hidden_objectives"]))
        parts += numbers
        parts.append(self._turn_numbers(player, (
            *(-1 if view[key] is None else view[key] for key in GLOBAL_NUMBERS), view["phase"],
            *view["event_counts"])))
        tiles = view.get("depot_tiles")
        depot_tiles = (-1, -1)
        if tiles is not None:
            inner, outer = tiles["inner"], tiles["outer"]
            depot_tiles = (-1 if inner is None else inner["type"], -1 if outer is None else outer["type"])
        stacks = [stack for ring in ("inner", "outer") for stack in view["stacks"][ring]]
        key = (_fingerprint(stacks),)
        found = self._station_memo.get(key)
        parts.append(found if found is not None else self._station_numbers(
            key, [stack["count"] for stack in stacks], [stack["top"] for stack in stacks]))
        groups: dict[str, Any] = {"board": {key: view[key] for key in BOARD_FIELDS}}
        for seat, seen in enumerate(seats):
            groups[f"players/{seat}"] = {key: seen[key] for key in (*SEAT_FIELDS, *OWN_FIELDS) if key in seen}
        rest = [self._rest_group((path, _fingerprint(value)), path, value) for path, value in groups.items()]
        return self._assemble(player, parts, rest, hidden, view["active"], depot_tiles)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        pu: Any = state  # a PlanetUnknownState
        if state.is_over():  # scores, winners, every secret revealed: rare, so the view itself
            return self.encode(state.view(player), player)
        corps = pu.corps
        parts: list[npt.NDArray[np.float32]] = []
        numbers: list[npt.NDArray[np.float32]] = []
        hidden: list[tuple[int, int]] = []
        plane_memo = self._plane_memo
        seat_memo = self._seat_memo
        # (the memos are looked up here first: a call per block costs more than most steps' look-ups)
        for seat in self._seat_order(player):
            corp = corps[seat]
            rovers = 0
            for square in corp.rovers:
                rovers |= 1 << square
            placed = corp.placed
            key: _Key = (corp.planet_name, _fingerprint(placed), corp.patches, corp.meteor_symbols, corp.meteorites,
                         corp.lifepods, rovers)
            found = plane_memo.get(key)
            parts.append(found if found is not None else self._seat_planes(key, placed))
            own = seat == player
            civ = corp.civ
            key = (*corp.tracks, corp.tech, corp.rovers_left, corp.rovers_lost, corp.lifepods_collected,
                   corp.lifepods_lost, corp.meteorites_collected, corp.meteorites_destroyed, corp.stored_patches,
                   corp.movement, corp.finished, corp.took_tile, (corp.planet.squares & ~corp.occupied).bit_count(),
                   len(corp.unplaced), corp.planet_name, corp.corporation_name, *pu.depot(seat))
            found = seat_memo.get(key)
            numbers.append(found if found is not None else self._seat_numbers(key))
            # what the view hides from other seats: civ cards kept for the end, objectives
            hidden.append((0, 0) if own else (sum(card not in _IMMEDIATE_CIV for card in civ) if civ else 0,
                                              len(corp.objectives)))
        parts += numbers
        # never null in the state (the view's -1 for null never applies); were one, its block would fail loudly
        key = (pu.round, pu.commander, pu.rotation, pu.shift, pu.solo, pu.events_on, pu.event, len(pu.event_deck),
               pu.last_round, len(pu.removed), pu.phase, *pu.event_counts)
        found = self._turn_memo.get(key)
        parts.append(found if found is not None else self._turn_numbers(player, key))
        taken = pu.taken
        depot_tiles = (-1, -1)
        if 0 <= player < pu.num_players:
            interior, exterior = pu.depot(player)
            depot_tiles = (-1 if interior in taken[0] or not pu.stacks[0][interior] else pu.stacks[0][interior][-1],
                           -1 if exterior in taken[1] or not pu.stacks[1][exterior] else pu.stacks[1][exterior][-1])
        stacks = pu.stacks
        key = ("state", _fingerprint((stacks, taken)))
        found = self._station_memo.get(key)
        parts.append(found if found is not None else self._station_numbers(
            key, [len(pile) for ring in stacks for pile in ring],
            [None if not pile or index in taken[ring] else pile[-1]
             for ring in (0, 1) for index, pile in enumerate(stacks[ring])]))
        return self._assemble(player, parts, self._state_rest(pu, player), hidden, pu.active_players(), depot_tiles)

    def _state_rest(self, pu: Any, player: int) -> list[npt.NDArray[np.float32]]:
        """The rest's groups from the state, as the view shows them; a seat's pending items apart from its other
        fields, as they change at another pace (the tokens of a dict are those of its fields: the split sums to the
        same). Each is looked up by the facts it is made of and built only when they are new."""
        memo = self._group_memo
        board = (pu.flags, pu.end_reasons, [len(pile) for pile in pu.civ_piles], pu.neighbor_cards,
                 pu.shared_objectives)
        key: _Key = ("state", "board", _fingerprint(board))
        found = memo.get(key)
        if found is None:
            found = self._rest_group(key, "board", dict(zip(BOARD_FIELDS, board, strict=True)))
        groups = [found]
        for seat, corp in enumerate(pu.corps):
            own = seat == player
            pending = corp.pending
            key = ("state", "pending", seat, own, _fingerprint(pending))
            found = memo.get(key)
            if found is None:  # the objectives a seat is choosing from are its secret
                found = self._rest_group(key, f"players/{seat}/pending", pending if own else [
                    item for item in pending if item[0] != "objectives"])
            groups.append(found)
            facts = (corp.civ, corp.objectives if own else None, corp.dealt, corp.flux, corp.track_pods,
                     corp.columns, corp.unplaced, (corp.chosen, corp.offer, corp.peek) if own else None)
            key = ("state", "seat", seat, own, _fingerprint(facts))
            found = memo.get(key)
            if found is None:
                # what the view hides from other seats: civ cards kept for the end, objectives
                entry: dict[str, Any] = {
                    "civ": corp.civ if own else [card for card in corp.civ if card in _IMMEDIATE_CIV],
                    "objectives": corp.objectives if own else [],
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

    def _assemble(self, player: int, parts: list[npt.NDArray[np.float32]], rest: list[npt.NDArray[np.float32]],
                  hidden: list[tuple[int, int]], active: Sequence[int], depot_tiles: tuple[int, int]
                  ) -> npt.NDArray[np.float32]:
        """``parts`` (the planes of every seat, the numbers of every seat, the turn, the station) then the rest; then
        the numbers that change most often, written in place (kept out of the blocks' keys, the blocks are met again
        more often): each seat's hidden civ cards and objectives (by relative seat), the active seats, the observer's
        depot tiles."""
        summed = self._seat_token(player).copy()
        for vector in rest:
            summed += vector
        parts.append(summed)
        out = np.concatenate(parts, dtype=np.float32)
        for at, (civ, objectives) in zip(self._hidden_at, hidden, strict=True):
            if civ:
                out[at] = civ
            if objectives:
                out[at + 1] = objectives
        players = self.players
        for seat in active:
            out[self._active_at + (seat - player) % players] = 1
        out[self._active_at + players] = depot_tiles[0]
        out[self._active_at + players + 1] = depot_tiles[1]
        return out

    def _seat_planes(self, facts: _Key, placed: list[Any]) -> npt.NDArray[np.float32]:
        """One seat's 18 planes from (planet, the fingerprint of ``placed``, patches, meteor symbols, meteorites,
        lifepods, rovers; masks with bit ``i`` for cell ``i``); ``placed`` is its tiles as [type, x, y, orientation].
        Memoised: most steps change no seat's planet, and one that does changes one seat's."""
        found = self._plane_memo.get(facts)
        if found is None:
            planet, placed_key, *masks = facts
            squares = figures().planets[planet].squares if planet in figures().planets else 0
            every = (*self._tile_masks(planet, placed_key, placed), *masks, squares)
            # every mask as little-endian bytes, unpacked to bits at once
            packed = np.frombuffer(b"".join(mask.to_bytes(CELL_BYTES, "little") for mask in every), dtype=np.uint8)
            bits = np.unpackbits(packed, bitorder="little").reshape(len(every), CELL_BYTES * 8)[:, :CELLS]
            found = bits.reshape(-1).astype(np.float32)
            found.flags.writeable = False
            _remember(self._plane_memo, PLANE_MEMO, facts, found)
        return found

    def _seat_numbers(self, facts: _Key) -> npt.NDArray[np.float32]:
        """One seat's numbers from (its tracks..., tech bits, the values of ``COUNTERS``..., unplaced tiles, planet
        side, corporation side, depot inner stack, depot outer stack); the hidden counts are 0 (see ``_assemble``)."""
        found = self._seat_memo.get(facts)
        if found is None:
            tracks = len(TRACKS)
            tech = facts[tracks]
            *counts, planet, corporation, inner, outer = facts[tracks + 1:]
            sides = [0] * SIDES
            if planet in PLANETS:
                sides[PLANETS.index(planet)] = 1
            if corporation in CORPORATIONS:
                sides[len(PLANETS) + CORPORATIONS.index(corporation)] = 1
            *counters, unplaced = counts
            found = self._numbers(self._seat_memo, facts, NUMBERS, (
                *facts[:tracks], *(tech >> level & 1 for level in TECH_LEVELS), *counters, 0, 0, unplaced, *sides,
                inner, outer))
        return found

    def _turn_numbers(self, player: int, facts: _Key) -> npt.NDArray[np.float32]:
        """The turn's numbers from (the values of ``GLOBAL_NUMBERS``..., phase, the event counts (3)); the active
        seats and the depot tiles are 0 (see ``_assemble``)."""
        found = self._turn_memo.get(facts)
        if found is None:
            plain = len(GLOBAL_NUMBERS)
            phase = facts[plain]
            found = self._numbers(self._turn_memo, facts, plain + len(PHASES) + self.players + 2 + EVENT_COLOURS, (
                *facts[:plain], *(int(phase == known) for known in PHASES), *[0] * (self.players + 2),
                *facts[plain + 1:]))
        return found

    def _station_numbers(self, key: _Key, counts: list[int], tops: list[int | None]) -> npt.NDArray[np.float32]:
        """The station's numbers from its stacks' tile counts and visible tops (None: none or hidden), inner ring
        then outer; kept under ``key``, which stands for them (the callers look it up first: the lists cost more)."""
        return self._numbers(self._station_memo, key, 2 * STACKS, [
            value for count, top in zip(counts, tops, strict=True) for value in (count, -1 if top is None else top)])

    @staticmethod
    def _numbers(memo: dict[_Key, npt.NDArray[np.float32]], key: _Key, size: int, values: Sequence[float]
                 ) -> npt.NDArray[np.float32]:
        """``values`` as a block of ``size`` float32 numbers, kept in ``memo`` under ``key``."""
        found = np.array(values, dtype=np.float32)
        if found.shape != (size,):
            raise ValueError(f"a block of {size} numbers got {found.shape[0]}: {key}")
        found.flags.writeable = False
        _remember(memo, NUMBER_MEMO, key, found)
        return found

    def _rest_group(self, key: _Key, path: str, value: Any) -> npt.NDArray[np.float32]:
        """The hashed tokens of one field of the rest (``path``: its JSON value), summed into the buckets; kept under
        ``key``, the facts it is made of."""
        found = self._group_memo.get(key)
        if found is None:
            buckets, values = self._rest.field_tokens(path, value)
            if not (np.abs(values).sum() < GROUP_LIMIT and np.array_equal(values, np.rint(values))):
                raise ValueError(f"the hashed rest's {path} holds fractions or more than {GROUP_LIMIT} in all: "
                                 "its sums would not be exact")
            found = np.bincount(buckets, weights=values, minlength=REST_SIZE).astype(np.float32)
            found.flags.writeable = False
            _remember(self._group_memo, GROUP_MEMO, key, found)
        return found

    def _seat_token(self, player: int) -> npt.NDArray[np.float32]:
        found = self._seat_tokens.get(player)
        if found is None:
            bucket, sign = self._hasher.slot(f"@seat={player}")
            found = np.zeros(REST_SIZE, dtype=np.float32)
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
