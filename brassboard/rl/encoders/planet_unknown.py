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
   token) field by field, each memoised by its content: phase, active seats, the observer's depot tiles (their
   types); event counts, flags, end reasons, civ piles, neighbour and shared objectives; the stacks' counts and tops;
   per seat its civ cards, objectives and pending items as far as the observer may see them, depot stacks, dealt
   sides, flux, track pods, columns, unplaced tiles, and the observer's own chosen sides, offer and peek.

Left out: what is the same in every match (figures, the seat layout) and the tiles' placing order (the planes hold
where they lie).

``encode`` reads the view; ``encode_state`` reads the same fields from the state (its bitmasks straight into the
planes, without building the view's cell lists); at the game's end, a rare state, it encodes the view itself. The
tests hold the two equal over random games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from brassboard.engine import GameState
from brassboard.games.planet_unknown import geometry
from brassboard.games.planet_unknown.figures import RESOURCES, TRACKS, figures, planet_shapes

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
NUMBERS = len(TRACKS) + 6 + len(COUNTERS) + 3 + len(PLANETS) + len(CORPORATIONS)
REST_SIZE = 512
GLOBAL_NUMBERS = ("round", "commander", "rotation", "shift", "solo", "events_on", "event", "events_left",
                  "last_round", "removed_tiles")
"""Plain numbers and flags of the view (-1 where one is null), in this order."""
BOARD_FIELDS = ("event_counts", "flags", "end_reasons", "civ_piles", "neighbor_cards", "shared_objectives")
SEAT_FIELDS = ("civ", "objectives", "pending", "depot", "dealt", "flux", "track_pods", "columns", "unplaced")
OWN_FIELDS = ("chosen", "offer", "peek")
PLACED_MEMO = 1 << 14


def _mask(cells: Sequence[Sequence[int]]) -> int:
    mask = 0
    for x, y in cells:
        mask |= 1 << (y * geometry.WIDTH + x)
    return mask


class PlanetUnknownEncoder:
    low = float("-inf")
    high = float("inf")

    def __init__(self, players: int) -> None:
        self.players = players
        self.shape = (players * (PLANES * CELLS + NUMBERS) + len(GLOBAL_NUMBERS) + REST_SIZE,)
        self._rest = HashingEncoder(REST_SIZE)
        # (planet, placed tiles) -> terrain and icon masks per resource (12 ints); grown one tile at a time
        self._placed: dict[tuple[str, tuple[tuple[int, ...], ...]], tuple[int, ...]] = {}
        self._plane_memo: dict[tuple[int, ...], npt.NDArray[np.float32]] = {}  # a seat's masks -> its planes

    # ----- the two ways in ----------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], player: int) -> npt.NDArray[np.float32]:
        planes: list[npt.NDArray[np.float32]] = []
        numbers: list[float] = []
        seats = view["players"]
        for seat in self._seat_order(player):
            seen = seats[seat]
            planes.append(self._planes((*self._tile_masks(seen["planet"], seen["tiles"]), _mask(seen["patches"]),
                                        _mask(seen["meteor_symbols"]), _mask(seen["meteorites"]),
                                        _mask(seen["lifepods"]), _mask(seen["rovers"]),
                                        self._squares(seen["planet"]))))
            numbers += seen["tracks"]
            numbers += [float(level in seen["tech_levels"]) for level in range(1, 7)]
            numbers += [seen[key] for key in COUNTERS]
            numbers += (seen["hidden_civ"], seen["hidden_objectives"], len(seen["unplaced"]))
            numbers += self._sides(seen["planet"], seen["corporation"])
        numbers += [-1 if view[key] is None else view[key] for key in GLOBAL_NUMBERS]
        tiles = view.get("depot_tiles")
        rest: dict[str, Any] = {
            "turn": {"phase": view["phase"], "active": view["active"],
                     "depot_tiles": None if tiles is None else [None if tile is None else tile["type"]
                                                                for tile in (tiles["inner"], tiles["outer"])]},
            "board": {key: view[key] for key in BOARD_FIELDS},
            "stacks": [[stack["count"], stack["top"]] for ring in ("inner", "outer") for stack in view["stacks"][ring]],
        }
        for seat, seen in enumerate(seats):
            rest[f"players/{seat}"] = {key: seen[key] for key in (*SEAT_FIELDS, *OWN_FIELDS) if key in seen}
        return self._assemble(planes, numbers, rest, player)

    def encode_state(self, state: GameState, player: int) -> npt.NDArray[np.float32]:
        pu: Any = state  # a PlanetUnknownState
        if state.is_over():  # scores, winners, every secret revealed: rare, so the view itself
            return self.encode(state.view(player), player)
        fig = figures()
        planes: list[npt.NDArray[np.float32]] = []
        numbers: list[float] = []
        corps = pu.corps
        for seat in self._seat_order(player):
            corp = corps[seat]
            rovers = 0
            for square in corp.rovers:
                rovers |= 1 << square
            planet = corp.planet
            planes.append(self._planes((*self._tile_masks(corp.planet_name, corp.placed), corp.patches,
                                        corp.meteor_symbols, corp.meteorites, corp.lifepods, rovers,
                                        planet.squares)))
            numbers += corp.tracks
            numbers += [float(corp.tech >> level & 1) for level in range(1, 7)]
            own = seat == player
            civ = [c for c in corp.civ if own or fig.civ_cards[c]["timing"] == "immediate"]
            numbers += (corp.rovers_left, corp.rovers_lost, corp.lifepods_collected, corp.lifepods_lost,
                        corp.meteorites_collected, corp.meteorites_destroyed, corp.stored_patches, corp.movement,
                        corp.finished, corp.took_tile, (planet.squares & ~corp.occupied).bit_count(),
                        len(corp.civ) - len(civ), 0 if own else len(corp.objectives), len(corp.unplaced))
            numbers += self._sides(corp.planet_name, corp.corporation_name)
        numbers += [-1 if value is None else value for value in (
            pu.round, pu.commander, pu.rotation, pu.shift, pu.solo, pu.events_on, pu.event, len(pu.event_deck),
            pu.last_round, len(pu.removed))]
        taken = pu.taken
        tiles = None
        if 0 <= player < pu.num_players:
            interior, exterior = pu.depot(player)
            tiles = [None if stack in taken[ring] else pu.top(ring, stack)
                     for ring, stack in ((0, interior), (1, exterior))]
        rest: dict[str, Any] = {
            "turn": {"phase": pu.phase, "active": state.active_players(), "depot_tiles": tiles},
            "board": {"event_counts": pu.event_counts, "flags": pu.flags, "end_reasons": pu.end_reasons,
                      "civ_piles": [len(pile) for pile in pu.civ_piles], "neighbor_cards": pu.neighbor_cards,
                      "shared_objectives": pu.shared_objectives},
            "stacks": [[len(pile), None if not pile or index in taken[ring] else pile[-1]]
                       for ring in (0, 1) for index, pile in enumerate(pu.stacks[ring])],
        }
        for seat, corp in enumerate(corps):
            own = seat == player
            # what the view hides from other seats: civ cards kept for the end, objectives, objective choices
            entry: dict[str, Any] = {
                "civ": corp.civ if own else [c for c in corp.civ if fig.civ_cards[c]["timing"] == "immediate"],
                "objectives": corp.objectives if own else [],
                "pending": corp.pending if own else [item for item in corp.pending if item[0] != "objectives"],
                "depot": dict(zip(("inner", "outer"), pu.depot(seat), strict=True)),
                "dealt": corp.dealt,
                "flux": TRACKS[corp.flux] if corp.flux >= 0 else None,
                "track_pods": [[TRACKS[t], position] for t, position in corp.track_pods],
                "columns": [TRACKS[c] for c in corp.columns],
                "unplaced": corp.unplaced,
            }
            if own:
                entry.update(chosen=corp.chosen, offer=corp.offer, peek=corp.peek)
            rest[f"players/{seat}"] = entry
        return self._assemble(planes, numbers, rest, player)

    # ----- the encoding -------------------------------------------------------------------------------------------
    def _seat_order(self, player: int) -> list[int]:
        players = self.players
        return [(player + offset) % players for offset in range(players)]

    def _assemble(self, planes: list[npt.NDArray[np.float32]], numbers: list[float], rest: dict[str, Any],
                  player: int) -> npt.NDArray[np.float32]:
        out = np.empty(self.shape, dtype=np.float32)
        end = len(planes) * PLANES * CELLS
        out[:end] = np.concatenate(planes) if len(planes) > 1 else planes[0]
        out[end: end + len(numbers)] = numbers
        out[end + len(numbers):] = self._rest.encode_fields(rest, player)
        return out

    def _planes(self, masks: tuple[int, ...]) -> npt.NDArray[np.float32]:
        """One seat's planes from its masks (bit ``i`` of a mask is cell ``i``), memoised: most steps change no
        seat's planet, and one that does changes one seat."""
        found = self._plane_memo.get(masks)
        if found is None:
            # every mask as little-endian bytes, unpacked to bits at once
            packed = np.frombuffer(b"".join(mask.to_bytes(CELL_BYTES, "little") for mask in masks), dtype=np.uint8)
            bits = np.unpackbits(packed, bitorder="little").reshape(len(masks), CELL_BYTES * 8)[:, :CELLS]
            found = bits.reshape(-1).astype(np.float32)
            found.flags.writeable = False
            if len(self._plane_memo) >= PLACED_MEMO:
                self._plane_memo.clear()
            self._plane_memo[masks] = found
        return found

    @staticmethod
    def _squares(planet: str) -> int:
        return figures().planets[planet].squares if planet in figures().planets else 0

    @staticmethod
    def _sides(planet: str, corporation: str) -> list[float]:
        sides = [0.0] * (len(PLANETS) + len(CORPORATIONS))
        if planet in PLANETS:
            sides[PLANETS.index(planet)] = 1.0
        if corporation in CORPORATIONS:
            sides[len(PLANETS) + CORPORATIONS.index(corporation)] = 1.0
        return sides

    def _tile_masks(self, planet: str, placed: Sequence[Sequence[int]]) -> tuple[int, ...]:
        """Terrain masks then icon masks per resource of the tiles ``placed`` ([type, x, y, orientation] each) on
        ``planet``: memoised per placed list and built from the list one tile shorter (a tile at a time)."""
        key = (planet, tuple(map(tuple, placed)))
        found = self._placed.get(key)
        if found is None:
            if placed:
                found = self._add_tile(self._tile_masks(planet, placed[:-1]), planet, placed[-1])
            else:
                found = (0,) * (2 * len(RESOURCES))
            if len(self._placed) >= PLACED_MEMO:
                self._placed.clear()
            self._placed[key] = found
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
