"""The special planets' rules (module Asymmetric Planets; data in ``data/planets.toml``).

Each planet changes one of: where a tile may go (Arashi's ring, K-273's ice, Pajitnov's slide, Persephone's
quadrants, Tartarus' chasm), where the first tile goes (Charybdis), where rovers may step (K'Aax's toxic terrain,
Tartarus' chasm), what counts as energy terrain (Petra's currents) or what scores (Cerberus' sub-planets, Gaia's
cities). Lacuna's holes and Oblivion's void are only their shape and perimeter (figures.py).

A planet's placement restriction is dropped when it alone would end the player's game (the rulebook; BGA never
drops it — reference §7.2, ruling R2): see :func:`placement.depot_placements`.
"""

from __future__ import annotations

from . import geometry as g
from .figures import ENERGY, Placement, Planet, TileKind
from .state import Corp

_NOT_LEFT = ~g.LEFT_COLUMN & g.FULL
_NOT_RIGHT = ~g.RIGHT_COLUMN & g.FULL


def start_squares(planet: Planet) -> int:
    """The squares the first tile (and a first biomass patch) must cover one of: the edge, or Charybdis' centre."""
    return planet.special if planet.rule == "centre_start" else planet.perimeter


def slides_in(mask: int, occupied: int) -> bool:
    """Pajitnov: the tile could slide into ``mask`` — shifted one square back in some direction it overlaps no
    placed tile (squares shifted off the grid are ignored: the tile came from outside). The publisher: a tile is
    set down anywhere free and slid into place (reference §8 R5)."""
    shifted = (  # the tile one square to the right, left, below, above
        (mask & _NOT_RIGHT) << 1,
        (mask & _NOT_LEFT) >> 1,
        (mask << g.WIDTH) & g.FULL,
        mask >> g.WIDTH,
    )
    return any(not s & occupied for s in shifted)


def placement_allowed(planet: Planet, kind: TileKind, pl: Placement, occupied: int) -> bool:
    """Whether ``planet``'s own restriction allows this tile placement (the grid and touching checked elsewhere)."""
    rule = planet.rule
    if rule == "ring_anchor":  # Arashi: a tile on the ring must also cover a square off it
        return not pl.mask & planet.special or bool(pl.mask & ~planet.special)
    if rule == "ice_or_land":  # K-273: only ice or only non-ice squares
        on_ice = pl.mask & planet.ice
        return not on_ice or on_ice == pl.mask
    if rule == "chasm":  # Tartarus: one side of the chasm only
        west = pl.mask & planet.west
        return not west or west == pl.mask
    if rule == "quadrants":  # Persephone: no forbidden resource icon in its quadrant
        for quadrant, resource in planet.quadrant_forbids:
            if (resource == kind.resource_a and quadrant >> pl.icon_a & 1) or (
                    resource == kind.resource_b and quadrant >> pl.icon_b & 1):
                return False
        return True
    if rule == "slide":  # Pajitnov
        return slides_in(pl.mask, occupied)
    return True


def patch_squares_allowed(planet: Planet) -> int:
    """Squares a one-square biomass patch may never cover: Arashi's ring (a patch cannot anchor off it)."""
    return planet.squares & ~planet.special if planet.rule == "ring_anchor" else planet.squares


def energy_terrain(corp: Corp) -> int:
    """Energy terrain now: energy tiles, and on Petra every uncovered electrical current (ruling R9)."""
    planet = corp.planet
    if planet.rule == "electric":
        return corp.terrain[ENERGY] | (planet.special & ~corp.occupied)
    return corp.terrain[ENERGY]


def terrain(corp: Corp, resource: int) -> int:
    """The squares of ``resource``'s terrain, Petra's uncovered currents counting as energy."""
    return energy_terrain(corp) if resource == ENERGY else corp.terrain[resource]


def covered_for_lines(corp: Corp) -> int:
    """Squares that count as covered when rows and columns are scored (Petra: uncovered currents too)."""
    planet = corp.planet
    return corp.occupied | (planet.special if planet.rule == "electric" else 0)


def rover_barred(corp: Corp) -> int:
    """Squares a rover may not step (or teleport) onto because of the planet: K'Aax's uncovered toxic terrain."""
    planet = corp.planet
    return planet.special & ~corp.occupied if planet.rule == "toxic" else 0


def step_crosses_chasm(planet: Planet, a: int, b: int) -> bool:
    """Tartarus: a step from cell ``a`` to cell ``b`` crosses the chasm (outside its two crossings)."""
    if planet.rule != "chasm" or planet.side(a) == planet.side(b):
        return False
    return (a, b) not in planet.crossings and (b, a) not in planet.crossings


def planet_bonus(corp: Corp) -> int:
    """The planet's own medals at game end: Cerberus' complete sub-planets, Gaia's uncovered cities."""
    planet = corp.planet
    if planet.rule == "sub_planets":
        return planet.bonus * sum(1 for region in planet.regions if region & corp.occupied == region)
    if planet.rule == "cities":
        return planet.bonus * (planet.special & ~corp.occupied).bit_count()
    return 0
