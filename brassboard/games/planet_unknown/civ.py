"""Civ cards and private objectives: a kept civ card's effect, keeping from a claim offer, dropping dealt objectives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import corporations, makeshift, wormhole
from .state import (
    FIG,
    OVER,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def _card_effect(self: PlanetUnknownState, p: int, corp: Corp, card: dict[str, Any]) -> None:
    kind = card["kind"]
    if kind == "advance_different":
        corp.pending.append(["advance", list(range(5)), card["count"], 1, 1, 1])
    elif kind == "advance_one":
        corp.pending.append(["advance", list(range(5)), 1, card["times"], 1, 0])
    elif kind == "biomass":
        corp.pending.extend([["patch"]] * card["count"])
    elif kind == "rover_move":
        self._gain_movement(corp, card["amount"], False)
    elif kind == "place_depot_tile":
        corp.pending.append(["depot_tile", int(card["advance"])])
    elif kind == "collect_lifepods":
        corp.pending.extend([["collect", "lifepod"]] * card["count"])
    elif kind == "teleport_rover":
        corp.pending.append(["teleport"])
    elif kind == "destroy_meteorites_line":
        corp.pending.append(["clear"])
    elif kind == "destroy_meteorites":
        corp.pending.extend([["destroy", "meteorite"]] * card["count"])
    elif kind == "raise_to":
        for t in range(5):
            if wormhole.branches(corp, t):  # Wormhole Corp: a level at a time, each position chosen
                corp.pending.extend(wormhole.raise_items(corp, card["position"]))
                continue
            if makeshift.plays(corp):  # Makeshift: a climb at a time, each column chosen
                corp.pending.extend(makeshift.raise_items(corp, t, card["position"]))
                continue
            # (Cosmos: lifepods above may leave no position to reach: the raise stops there)
            while corp.tracks[t] < card["position"] and corporations.step_up(corp, t) is not None:
                self._advance(p, corp, t, synergy=False)
    elif kind == "medals_and_advance":  # at game end
        corp.pending.append(["advance", list(range(5)), 1, 1, 1, 0])


def _do_keep(self: PlanetUnknownState, p: int, corp: Corp, slot: int) -> None:
    card = corp.offer[slot - 1]
    rank = FIG.civ_cards[card]["rank"]
    self.civ_piles[rank - 1].remove(card)
    corp.offer = []
    corp.civ.append(card)
    info = FIG.civ_cards[card]
    immediate = info["timing"] == "immediate"
    self.emit("keep_civ", player=p, rank=rank, card=card if immediate else None)
    if immediate or self.after_claim == OVER:
        # an end-game card kept in the claims after the last round takes effect at once: the end is now
        self._card_effect(p, corp, info)


def _do_drop(self: PlanetUnknownState, p: int, corp: Corp, slot: int) -> None:
    item = next(i for i in corp.pending if i[0] == "objectives")
    card = corp.offer.pop(slot - 1)
    self.objective_deck.insert(0, card)
    item[1] -= 1
    if item[1] == 0:
        corp.pending.remove(item)
        corp.objectives = sorted(corp.offer)
        corp.offer = []
    self.emit("drop_objective", player=p)
