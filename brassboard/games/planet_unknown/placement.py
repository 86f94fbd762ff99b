"""Tile placement: where a depot's tiles may go (planet, first-tile edge, touching, event restrictions), putting a
tile or biomass patch down, what it covers and the resources it brings, and taking a tile unplaced (end trigger A).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from . import corporations, jump_drive, planets, wormhole
from . import geometry as g
from .figures import (
    BIOMASS,
    ENERGY,
    TECH,
    WATER,
    Placement,
    planet_shapes,
)
from .state import (
    FIG,
    FLAG_EXTRA_ROVER,
    FLAG_NO_EDGE,
    FLAG_NO_ICE,
    FLAG_NO_MATCHING,
    FLAG_ONE_RESOURCE,
    STACK_NAMES,
    TILES,
    Corp,
    Item,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

PLACEMENT_RULES = ("ring_anchor", "ice_or_land", "chasm", "quadrants", "slide")
"""The planet rules that restrict where a tile may go."""


def depot_placements(self: PlanetUnknownState, p: int) -> dict[str, list[Placement]]:
    """The legal placements of the two tiles at ``p``'s depot, by stack name.

    The planet's restriction holds unless it alone would end the player's game: when neither tile has a placement
    obeying it but one fits on the grid, it is dropped for both (the rulebook; reference §8 R2). The round's event
    restrictions then hold while either tile can obey them; only when neither can are they dropped (for both), so
    a restriction never decides which tile a player must take.
    """
    fitting: dict[str, list[Placement]] = {}
    tiles: dict[str, int] = {}
    for name in STACK_NAMES:
        ring, stack = self.depot_stack(p, name)
        tile = self.top(ring, stack)
        if tile is not None:
            tiles[name] = tile
            fitting[name] = self._fitting(p, tile)
    allowed = {name: self._planet_allowed(p, tiles[name], spots) for name, spots in fitting.items()}
    if any(allowed.values()):
        fitting = allowed
    obeying = {name: self._obeying(p, tiles[name], spots) for name, spots in fitting.items()}
    return obeying if any(obeying.values()) else fitting


def _fitting(self: PlanetUnknownState, p: int, tile: int) -> list[Placement]:
    """The placements of ``tile`` on free planet squares that touch as they must (no planet or event rule)."""
    corp = self.corps[p]
    kind = FIG.tiles[tile]
    blocked = corp.occupied
    touch = corporations.touch_for(corp, kind, self._touch(corp, blocked), blocked)
    return [pl for pl in planet_shapes(corp.planet_name)[kind.shape].placements[kind.meteor]
            if not pl.mask & blocked and pl.mask & touch]


def _planet_allowed(self: PlanetUnknownState, p: int, tile: int, fitting: list[Placement]) -> list[Placement]:
    corp = self.corps[p]
    if corp.planet.rule not in PLACEMENT_RULES:
        return fitting
    kind = FIG.tiles[tile]
    return [pl for pl in fitting if planets.placement_allowed(corp.planet, kind, pl, corp.occupied)]


def _tile_actions(self: PlanetUnknownState, p: int, round_tile: bool) -> list[Action]:
    actions: list[Action] = []
    for name, spots in self.depot_placements(p).items():
        actions.extend(Action("place", name, pl.x, pl.y, pl.orientation) for pl in spots)
    if not actions and round_tile:
        # nothing fits: take a tile anyway and advance both its resources (end trigger A)
        for name in STACK_NAMES:
            ring, stack = self.depot_stack(p, name)
            if self.stacks[ring][stack]:
                actions.append(Action("take", name))
    return actions


def placements(self: PlanetUnknownState, p: int, tile: int, restricted: bool = True) -> list[Placement]:
    """Every placement of tile type ``tile`` on player ``p``'s planet now, as if it were the only tile to place.

    ``restricted``: the planet's and the round's event restrictions apply where any placement of this tile obeys
    them (see :meth:`depot_placements` for the rule between a depot's two tiles).
    """
    fitting = self._fitting(p, tile)
    if not restricted or not fitting:
        return fitting
    fitting = self._planet_allowed(p, tile, fitting) or fitting
    return self._obeying(p, tile, fitting) or fitting


def _touch(corp: Corp, occupied: int) -> int:
    """The squares a new tile must cover one of, were ``occupied`` the planet's covered squares."""
    if not occupied:
        return planets.start_squares(corp.planet)  # the first tile goes on the edge (Charybdis: the centre)
    if corp.ability("ignore_adjacency"):
        return -1
    return g.neighbours(occupied)


def _depot_tile_fits(self: PlanetUnknownState, p: int, occupied: int) -> bool:
    """Whether a tile of ``p``'s depot would fit were ``occupied`` covered (end trigger A: no event rules)."""
    corp = self.corps[p]
    touch = self._touch(corp, occupied)
    for name in STACK_NAMES:
        tile = self.top(*self.depot_stack(p, name))
        if tile is None:
            continue
        kind = FIG.tiles[tile]
        reach = corporations.touch_for(corp, kind, touch, occupied)
        if any(not pl.mask & occupied and pl.mask & reach
               for pl in planet_shapes(corp.planet_name)[kind.shape].placements[kind.meteor]):
            return True
    return False


def _patch_would_end_the_game(self: PlanetUnknownState, p: int) -> bool:
    """Whether every way of placing an event's biomass patch would leave ``p`` no depot tile that fits now.

    An event is ignored where it alone would trigger the end of the game (reference §8): a patch that must be
    placed (no tech level 2 to store it) and takes, wherever it goes, the last room a depot tile had would end
    the game at ``p``'s tile turn (end trigger A).
    """
    corp = self.corps[p]
    if wormhole.stores_patches(corp) or not self._depot_tile_fits(p, corp.occupied):
        return False  # storing is a way that takes no room; with no tile fitting the event changes nothing
    return not any(self._depot_tile_fits(p, corp.occupied | 1 << i)
                   for i in g.cells_of(self._patch_squares(corp)))


def _obeying(self: PlanetUnknownState, p: int, tile: int, fitting: list[Placement]) -> list[Placement]:
    """The placements among ``fitting`` that obey this round's event restrictions."""
    if not self.flags:
        return fitting
    corp = self.corps[p]
    kind = FIG.tiles[tile]
    avoid = 0
    if FLAG_NO_EDGE in self.flags:
        avoid |= corp.planet.perimeter
    if FLAG_NO_ICE in self.flags:
        avoid |= corp.planet.ice
    obeying = [pl for pl in fitting if not pl.mask & avoid] if avoid else fitting
    if FLAG_NO_MATCHING in self.flags:
        near_a = g.neighbours(planets.terrain(corp, kind.resource_a))
        near_b = g.neighbours(planets.terrain(corp, kind.resource_b))
        obeying = [pl for pl in obeying if not (pl.mask_a & near_a or pl.mask_b & near_b)]
    return obeying


def _do_place(self: PlanetUnknownState, p: int, corp: Corp, name: str, x: int, y: int, orientation: int) -> None:
    ring, stack = self.depot_stack(p, name)
    tile = self.stacks[ring][stack].pop()
    kind = FIG.tiles[tile]
    placement = planet_shapes(corp.planet_name)[kind.shape].by_spot[kind.meteor][(x, y, orientation)]
    round_tile = self.phase == TILES and not corp.took_tile
    if round_tile:
        corp.took_tile = True
        advance = True
        self.taken[ring].append(stack)  # drafted with everyone at once: its new top shows when all have placed
    else:
        advance = bool(self._take_item(corp, "depot_tile")[1])
    self.emit("place", player=p, tile=tile, stack=name, x=x, y=y, orientation=orientation)
    if corp.planet.rule in PLACEMENT_RULES and not planets.placement_allowed(corp.planet, kind, placement,
                                                                              corp.occupied):
        # legal only because the planet's restriction alone would have ended the game (ruling R2)
        self.emit("planet_rule_dropped", player=p, planet=corp.planet_name, why="it alone would end the game")
    if not round_tile:
        # a civ card's tile, taken by one player alone: the new top shows at once, as at the table
        self.emit("tops", tops={f"{name} {stack}": self.top(ring, stack)}, reveal=True)
    self._put_tile(p, corp, tile, placement, advance, round_tile)


def _put_tile(self: PlanetUnknownState, p: int, corp: Corp, tile: int, pl: Placement, advance: bool,
              round_tile: bool) -> None:
    kind = FIG.tiles[tile]
    self._cover(p, corp, pl.mask)
    corp.occupied |= pl.mask
    corp.terrain[kind.resource_a] |= pl.mask_a
    corp.terrain[kind.resource_b] |= pl.mask_b
    corp.icons[kind.resource_a] |= 1 << pl.icon_a
    corp.icons[kind.resource_b] |= 1 << pl.icon_b
    corp.placed.append([tile, pl.x, pl.y, pl.orientation])
    corp.last_tile = pl.mask
    if kind.meteor:
        corp.meteor_symbols |= 1 << pl.meteor
        if not corp.ability("no_meteorites"):
            corp.meteorites |= 1 << pl.meteor
    if not advance:
        return
    gains_a = self._tile_gains(corp, kind.resource_a, pl.mask_a, kind.resource_b)
    gains_b = self._tile_gains(corp, kind.resource_b, pl.mask_b, kind.resource_a)
    if round_tile and FLAG_ONE_RESOURCE in self.flags:
        corp.pending.append(["only", kind.resource_a, gains_a, kind.resource_b, gains_b])
    else:
        corp.pending.extend(gains_a + gains_b)
    corp.pending.extend(corporations.placed_tile_items(corp, kind, pl.mask))
    corp.pending.extend(corporations.energy_tile_items(corp, kind))
    if round_tile:
        corporations.placed_round_tile(self, p, corp, kind)
    if round_tile and FLAG_EXTRA_ROVER in self.flags:
        corp.rovers_left += 1
        corp.pending.append(["deploy"])


def _tile_gains(self: PlanetUnknownState, corp: Corp, resource: int, part: int, other: int) -> list[Item]:
    if resource == WATER:
        oasis = corporations.water_steps(corp, part, corp.planet.ice)
        if oasis is not None:
            return [["gain", WATER]] * oasis
        if not part & corp.planet.ice:
            return []  # water advances only where its terrain covers ice
        return [["gain", WATER]] * (2 if corp.ability("double_water") else 1)
    if resource == ENERGY:
        area = g.component(part, planets.energy_terrain(corp) | part)  # Petra: through uncovered currents
        touching = g.border(area)
        choices = {t for t in range(5) if corp.terrain[t] & touching}
        if other != ENERGY:
            choices.add(other)
        return [["energy", sorted(choices)]]
    if resource == BIOMASS and wormhole.plays(corp) and not wormhole.extends_biomass(corp, part):
        return []  # Wormhole Corp: a tile starting a new biomass area does not advance biomass
    if resource == TECH:
        as_energy = jump_drive.tech_as_energy(corp, part, other)  # Jump Drive tech 4
        if as_energy is not None:
            return as_energy
    return [["gain", resource]]


def _cover(self: PlanetUnknownState, p: int, corp: Corp, mask: int) -> None:
    """Whatever lies on squares now covered by a tile or patch is destroyed (lifepods, rovers)."""
    pods = corp.lifepods & mask
    if pods:
        corp.lifepods &= ~pods
        corp.lifepods_lost += pods.bit_count()
        self.emit("lifepod_destroyed", player=p, squares=[g.xy(i) for i in g.cells_of(pods)])
    for index in [i for i in corp.rovers if mask >> i & 1]:
        corp.rovers.remove(index)
        corp.rovers_lost += 1
        self.emit("rover_destroyed", player=p, square=g.xy(index))


def _do_take(self: PlanetUnknownState, p: int, corp: Corp, name: str) -> None:
    ring, stack = self.depot_stack(p, name)
    tile = self.stacks[ring][stack].pop()
    self.taken[ring].append(stack)
    corp.took_tile = True
    corp.unplaced.append(tile)
    self.last_round = True
    if "no placement" not in self.end_reasons:
        self.end_reasons.append("no placement")
    kind = FIG.tiles[tile]
    self.emit("take_unplaced", player=p, tile=tile, stack=name)
    for resource, other in ((kind.resource_a, kind.resource_b), (kind.resource_b, kind.resource_a)):
        # an unplaced tile advances both resources: energy counts as the other one, water needs no ice
        corp.pending.append(["gain", other if resource == ENERGY else resource])


def _patch_squares(self: PlanetUnknownState, corp: Corp) -> int:
    allowed = planets.patch_squares_allowed(corp.planet)
    free = allowed & ~corp.occupied
    if not corp.occupied:
        return free & planets.start_squares(corp.planet)
    on_tiles = allowed & wormhole.patch_on_tiles(corp)  # Wormhole Corp tech 2 (and 5: onto meteorites)
    if corp.ability("ignore_adjacency"):
        return free | on_tiles
    return free & g.neighbours(corp.occupied) | on_tiles


def _do_patch(self: PlanetUnknownState, p: int, corp: Corp, x: int, y: int) -> None:
    self._take_item(corp, "patch")
    b = g.bit(x, y)
    if corp.occupied & b:
        wormhole.cover_tile_square(self, p, corp, b)  # Wormhole Corp tech 2: a patch on a tile
    self._cover(p, corp, b)
    corp.occupied |= b
    corp.patches |= b
    corp.terrain[BIOMASS] |= b
    self.emit("patch", player=p, x=x, y=y)


def _do_store(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    self._take_item(corp, "patch")
    corp.stored_patches += 1
    self.emit("store_patch", player=p)
