"""Jump Drive (module Asymmetric Corporations, rule ``tech_slots``; reference §4.4, data in corporations.toml).

Its tech track has no milestones: only two synergies and falling medals (5 at 1-5, 3 at 6-7, 2 at 8-10, 1 from 11).
Instead six tech slots (rulebook A-F = levels 1-6) are unlocked by lifepods: each lifepod collected (by a rover or
any collect effect) may go onto an empty slot (``slot N``), unlocking that tech at once and for good, in any order,
or stay in the scoring area (``slot area``); a lifepod on a slot scores nothing. ``Corp.tech`` bit N is slot N.

Techs:

1. once a round, a biomass patch gained may be taken as a synergy boost instead (``patch_synergy``);
2. once a round, for 1 movement, a rover on a tile moves to any other square of that tile's terrain (a teleport:
   the chasm does not stop it);
3. once a round, a synergy boost advances its tracker twice (``synergy TRACK twice``), each step's benefit claimed;
4. a tech icon of a placed tile may be resolved like an energy icon (ruling R4: the plain tech advance stays a
   choice): any track whose terrain touches the tile's tech squares (through connected energy terrain);
5. once a game, ``claim_row N``: claim every benefit of position N of all five tracks, N a position a tracker stands
   on (medals are scored, not claimed);
6. once a game, ``draw_objectives``: draw three objective cards (secret), keep one (``share SLOT``) that every
   player competes for at the end — the most wins the neighbour win value, a shared most the tie value; the other
   two leave the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from . import geometry as g
from . import planets
from .figures import ENERGY, TECH, TRACKS
from .state import FIG, FLAG_NO_SYNERGY, Corp, Item

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

JUMP_DRIVE = "tech_slots"
SLOTS = 6
AREA = "area"
PATCH_SWAP = "jump_patch_synergy"  # Corp.used markers
TELEPORT = "jump_teleport"
TWICE = "jump_synergy_twice"
ROW = "game:jump_claim_row"
DRAW = "game:jump_draw_objectives"
DRAWN = 3  # objective cards drawn by tech 6


def plays(corp: Corp) -> bool:
    return corp.corporation.rule == JUMP_DRIVE


# ----- lifepods onto tech slots -----------------------------------------------------------------------------------
def collected_lifepod_items(corp: Corp) -> list[Item]:
    """A collected lifepod may unlock an empty tech slot (nothing to choose once all six are full)."""
    return [["slot"]] if plays(corp) and empty_slots(corp) else []


def empty_slots(corp: Corp) -> list[int]:
    return [level for level in range(1, SLOTS + 1) if not corp.level(level)]


def slot_actions(corp: Corp) -> list[Action]:
    return [Action("slot", level) for level in empty_slots(corp)] + [Action("slot", AREA)]


def _do_slot(self: PlanetUnknownState, p: int, corp: Corp, where: str | int) -> None:
    self._take_item(corp, "slot")
    if where == AREA:
        self.emit("slot", player=p, where=AREA)
        return
    level = int(where)
    corp.lifepods_collected -= 1  # it lies on the slot now: it scores nothing
    corp.tech |= 1 << level
    self.emit("slot", player=p, level=level)
    self.emit("tech_level", player=p, level=level)


# ----- tech 1: a synergy instead of a patch; tech 3: a synergy twice ------------------------------------------
def patch_swap_actions(self: PlanetUnknownState, corp: Corp) -> list[Action]:
    if (corp.ability(f"{JUMP_DRIVE}:1") and PATCH_SWAP not in corp.used and self.phase != "final"
            and FLAG_NO_SYNERGY not in self.flags):
        return [Action("patch_synergy")]
    return []


def _do_patch_synergy(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Tech 1, once a round: the patch item becomes a synergy boost."""
    self._take_item(corp, "patch")
    corp.used.append(PATCH_SWAP)
    corp.pending.append(["synergy"])
    self.emit("corporation_ability", player=p, ability=f"{JUMP_DRIVE}:1")


def twice_actions(corp: Corp, tracks: list[int]) -> list[Action]:
    if not corp.ability(f"{JUMP_DRIVE}:3") or TWICE in corp.used:
        return []
    return [Action("synergy", TRACKS[t], "twice") for t in tracks]


def synergy_twice(self: PlanetUnknownState, p: int, corp: Corp, t: int) -> None:
    """Tech 3, once a round: the synergy's tracker advances two steps, each step's benefits claimed."""
    corp.used.append(TWICE)
    self.emit("corporation_ability", player=p, ability=f"{JUMP_DRIVE}:3", track=TRACKS[t])
    self._advance(p, corp, t)
    self._advance(p, corp, t)


# ----- tech 2: the terrain teleport ----------------------------------------------------------------------------
def teleports(corp: Corp, rover_square: int, barred: int) -> int:
    """Squares a rover may teleport to for 1 movement: every other square of the terrain of the tile it stands on
    (none on bare planet)."""
    if not corp.ability(f"{JUMP_DRIVE}:2") or TELEPORT in corp.used:
        return 0
    terrain = next((mask for mask in corp.terrain if mask >> rover_square & 1), 0)
    return terrain & ~(1 << rover_square) & ~barred & g.FULL


def moved(corp: Corp, origin: int, destination: int) -> None:
    """Marks the once-a-round teleport used when a move was not a step to a neighbouring square."""
    if not plays(corp) or not corp.ability(f"{JUMP_DRIVE}:2"):
        return
    (ox, oy), (dx, dy) = g.xy(origin), g.xy(destination)
    if abs(ox - dx) + abs(oy - dy) > 1:  # Jump Drive's rovers step orthogonally only
        corp.used.append(TELEPORT)


# ----- tech 4: a tech icon like energy --------------------------------------------------------------------------
def tech_as_energy(corp: Corp, part: int, other: int) -> list[Item] | None:
    """Tech 4: the tile's tech part resolved as energy is, the plain tech advance kept (ruling R4); None: the
    ordinary rule."""
    if not corp.ability(f"{JUMP_DRIVE}:4"):
        return None
    area = g.component(part, planets.energy_terrain(corp) | part)
    touching = g.border(area)
    choices = {t for t in range(5) if corp.terrain[t] & touching} | {TECH}
    if other != ENERGY:
        choices.add(other)
    return [["energy", sorted(choices)]]


# ----- tech 5: claim a row; tech 6: a shared objective ----------------------------------------------------------
def optional_actions(self: PlanetUnknownState, corp: Corp) -> list[Action]:
    actions = []
    if corp.ability(f"{JUMP_DRIVE}:5") and ROW not in corp.used:
        actions += [Action("claim_row", position) for position in sorted(set(corp.tracks)) if position > 0]
    if corp.ability(f"{JUMP_DRIVE}:6") and DRAW not in corp.used and len(self.objective_deck) >= 1:
        actions.append(Action("draw_objectives"))
    return actions


def _do_claim_row(self: PlanetUnknownState, p: int, corp: Corp, position: int) -> None:
    """Tech 5, once a game: every benefit at ``position`` of the five tracks (synergies, movement, milestones)."""
    corp.used.append(ROW)
    self.emit("corporation_ability", player=p, ability=f"{JUMP_DRIVE}:5", position=position)
    for t in range(len(TRACKS)):
        self._claim_benefits(p, corp, t, position)


def _do_draw_objectives(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Tech 6, once a game: three objective cards from the deck, secret to the player until one is kept."""
    corp.used.append(DRAW)
    count = min(DRAWN, len(self.objective_deck))
    corp.offer = [self.objective_deck.pop() for _ in range(count)]
    corp.pending.append(["share"])
    self.emit("corporation_ability", player=p, ability=f"{JUMP_DRIVE}:6", drawn=count)


def share_actions(corp: Corp) -> list[Action]:
    return [Action("share", slot) for slot in range(1, len(corp.offer) + 1)]


def _do_share(self: PlanetUnknownState, p: int, corp: Corp, slot: int) -> None:
    self._take_item(corp, "share")
    card = corp.offer[slot - 1]
    corp.offer = []
    self.shared_objectives.append(card)
    self.emit("share", player=p, card=card)


def shared_objective_medals(self: PlanetUnknownState, p: int) -> int:
    """Every shared objective (tech 6): the most of its measure wins, a shared most ties; the rest get nothing."""
    from .scoring import neighbor_measure

    medals = 0
    for card in self.shared_objectives:
        objective = FIG.objectives[card]["neighbor"]
        measures = [neighbor_measure(corp, objective) for corp in self.corps]
        best = max(measures)
        if measures[p] == best:
            key = "neighbor_win" if measures.count(best) == 1 else "neighbor_tie"
            medals += FIG.objective_scoring[key]
    return medals
