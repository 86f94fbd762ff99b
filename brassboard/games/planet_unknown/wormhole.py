"""Wormhole Corp (module Asymmetric Corporations, rule ``branching_biomass``; reference §4.8, data in
corporations.toml).

**Branching biomass**: the biomass track is five levels of two positions each, between separators (positions 1,
4, 7, 10, 13) whose medals (1, 2, 3, 5) count once the tracker is above them. Level L holds positions 3L-1 and 3L:
a synergy or a patch (level 1), then "+1 civ / water / tech / rover" (advance that tracker one step) or a patch.
Every advance moves the tracker up exactly one level and the player picks one of the two positions
(``branch POSITION``), claiming that one benefit; a regress goes down one level (to the level's first position:
no benefit is claimed, so which one does not matter). At level 5 there is no further advance.

**A placed tile's biomass icon** advances the tracker only if the tile does not raise the number of separate
biomass areas on the planet (it extends or joins an area; the first biomass tile does not advance).

Techs:

1. ``biomass_reset``: at level 5 the tracker may go back to 0; and an advance from level 5 goes on to level 1's two
   positions (BGA). The biomass medal is then scored from the new position;
2. biomass patches may go on top of tiles (not on a meteorite), covering the terrain and icon there;
3. once a round, ``patch_twice``: a patch gained becomes two;
4. patches may be stored (``store``) and placed at the game's end, as Universal Coalition's tech 2;
5. a patch may go onto a meteorite (on a tile): the meteorite is destroyed (whenever a patch is placed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from . import geometry as g
from .figures import BIOMASS, RESOURCES
from .state import Corp, Item

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

WORMHOLE = "branching_biomass"
TOP_LEVEL = 5
TWICE = "wormhole_patch_twice"  # Corp.used marker


def plays(corp: Corp) -> bool:
    return corp.corporation.rule == WORMHOLE


def branches(corp: Corp, t: int) -> bool:
    """Whether tracker ``t`` walks Wormhole's branching biomass track."""
    return t == BIOMASS and plays(corp)


def level_of(position: int) -> int:
    return (position + 1) // 3


def positions_of(level: int) -> tuple[int, ...]:
    return (0,) if level == 0 else (3 * level - 1, 3 * level)


def next_level(corp: Corp) -> int | None:
    """The level an advance reaches: one up; from the top none (tech 1: level 1 again)."""
    level = level_of(corp.tracks[BIOMASS])
    if level < TOP_LEVEL:
        return level + 1
    return 1 if corp.ability(f"{WORMHOLE}:1") else None


def step(corp: Corp, direction: int) -> int | None:
    """Where a move of the biomass tracker lands without a choice: an advance at the next level's first position
    (the advance itself offers both), a regress at the level below's first position."""
    if direction > 0:
        level = next_level(corp)
        return None if level is None else positions_of(level)[0]
    level = level_of(corp.tracks[BIOMASS])
    return None if level == 0 else positions_of(level - 1)[0]


def branch_actions(corp: Corp) -> list[Action]:
    level = next_level(corp)
    return [] if level is None else [Action("branch", position) for position in positions_of(level)]


def _do_branch(self: PlanetUnknownState, p: int, corp: Corp, position: int) -> None:
    _, synergy = self._take_item(corp, "branch")
    corp.tracks[BIOMASS] = position
    self.emit("advance", player=p, track="biomass", position=position)
    self._claim_benefits(p, corp, BIOMASS, position, bool(synergy))


def extends_biomass(corp: Corp, part: int) -> bool:
    """Whether a placed tile's biomass part (already on the planet) leaves the number of biomass areas as it was,
    or lowers it (it joins areas)."""
    biomass = corp.terrain[BIOMASS]
    return len(g.components(biomass)) <= len(g.components(biomass & ~part))


def stores_patches(corp: Corp) -> bool:
    """Tech 4 (Universal Coalition's tech 2 likewise): patches may be stored for the game's end."""
    return corp.ability("store_biomass") or corp.ability(f"{WORMHOLE}:4")


def patch_on_tiles(corp: Corp) -> int:
    """Tech 2: tile squares a patch may cover (not a patch; a meteorite only with tech 5)."""
    if not corp.ability(f"{WORMHOLE}:2"):
        return 0
    squares = corp.occupied & ~corp.patches
    if not corp.ability(f"{WORMHOLE}:5"):
        squares &= ~corp.meteorites
    return squares


def cover_tile_square(self: PlanetUnknownState, p: int, corp: Corp, b: int) -> None:
    """A patch on a tile square (tech 2): the square's terrain and icon give way to biomass; a meteorite there is
    destroyed (tech 5)."""
    for r in range(len(RESOURCES)):
        corp.terrain[r] &= ~b
        corp.icons[r] &= ~b
    if corp.meteorites & b:
        corp.meteorites &= ~b
        corp.meteorites_destroyed += 1
        x, y = g.xy(b.bit_length() - 1)
        self.emit("destroy", player=p, what="meteorite", x=x, y=y)


def patch_actions(self: PlanetUnknownState, corp: Corp) -> list[Action]:
    """Tech 3, once a round: the patch gained becomes two."""
    if corp.ability(f"{WORMHOLE}:3") and TWICE not in corp.used and self.phase != "final":
        return [Action("patch_twice")]
    return []


def _do_patch_twice(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    corp.used.append(TWICE)
    corp.pending.append(["patch"])
    self.emit("corporation_ability", player=p, ability=f"{WORMHOLE}:3")


def optional_actions(corp: Corp) -> list[Action]:
    """Tech 1: at the top, the biomass tracker may go back to 0."""
    if corp.ability(f"{WORMHOLE}:1") and level_of(corp.tracks[BIOMASS]) == TOP_LEVEL:
        return [Action("biomass_reset")]
    return []


def _do_biomass_reset(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    corp.tracks[BIOMASS] = 0
    self.emit("corporation_ability", player=p, ability=f"{WORMHOLE}:1", position=0)


def raise_items(corp: Corp, position: int) -> list[Item]:
    """A raise to ``position`` (civ card Unionization): one advance without synergy per level until the tracker
    stands at ``position`` or above (level ceil(position / 3)), each position chosen as usual."""
    target = min(TOP_LEVEL, -(-position // 3))
    return [branch_item(False)] * max(0, target - level_of(corp.tracks[BIOMASS]))


def branch_item(synergy: bool) -> Item:
    return ["branch", int(synergy)]
