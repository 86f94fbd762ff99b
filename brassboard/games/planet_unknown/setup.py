"""Set-up with the modules (Spezialplaneten, Spezialkonzerne): which planet and corporation side each seat plays.

Options: ``planet`` / ``corporation`` give every seat that side (tests, tutorials, tournaments); otherwise
``planets`` / ``corporations`` = ``"asymmetric"`` deal each player one special board without repetition, and in the
simultaneous set-up step (phase ``objectives``, beside the private objectives) each chooses between it and the
standard side: ``side planet standard|special``, ``side corporation standard|special``. The physical boards are
double-sided, one standard side and one special (reference §8 R13), so the choice is always between these two.
The choices stay secret (boards face down) until every player has chosen; then all are turned up at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import CORP, FIG, PLANET, Corp

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

SPECIAL_PLANETS: tuple[str, ...] = tuple(name for name in FIG.planets if name != PLANET.name)
PLAYABLE_CORPORATIONS: tuple[str, ...] = (CORP.name, "Cosmos Inc", "Flux Industries", "Horizon Group", "Jump Drive",
                                          "Makeshift", "Oasis Ultd.", "Republic", "Wormhole Corp")
"""The corporation sides whose rules are built (the README lists the rest); only these may be dealt or chosen."""
SPECIAL_CORPORATIONS: tuple[str, ...] = tuple(name for name in PLAYABLE_CORPORATIONS if name != CORP.name)
SIDES = ("standard", "special")


def deal_boards(self: PlanetUnknownState) -> None:
    """Give every seat its sides, or deal the special boards the seats choose from (pending ``side`` items)."""
    options = self.options
    for kind, fixed, module, specials in (
            ("planet", options["planet"], options["planets"], SPECIAL_PLANETS),
            ("corporation", options["corporation"], options["corporations"], SPECIAL_CORPORATIONS)):
        slot = 0 if kind == "planet" else 1
        if fixed:
            for corp in self.corps:
                _set_side(corp, slot, fixed)
                if corp.corporation.rule == "flux":
                    corp.pending.append(["flux"])  # the start track, in the set-up step
            continue
        if module != "asymmetric" or not specials:
            continue
        deck = list(specials)
        self.rng.shuffle(deck)
        for corp in self.corps:
            if not deck:
                break  # more seats than special boards built: the rest play the standard side
            corp.dealt[slot] = deck.pop()
            corp.pending.append(["side", kind])  # the dealt boards are open: the views show them


def _set_side(corp: Corp, slot: int, name: str) -> None:
    if slot == 0:
        corp.set_boards(name, corp.corporation_name)
    else:
        corp.set_boards(corp.planet_name, name)


def _do_side(self: PlanetUnknownState, p: int, corp: Corp, kind: str, side: str) -> None:
    """Choose a dealt board's side; it stays secret (the board face down) until every player has chosen."""
    self._take_item(corp, "side", match=lambda item: item[1] == kind)
    corp.chosen[0 if kind == "planet" else 1] = side
    self.emit("side", player=p, kind=kind, side=side, private_to=p, secret=["side"])


def reveal_sides(self: PlanetUnknownState) -> bool:
    """The end of the set-up step: every chosen side is turned up at once and played from now on. True when a
    player now has a choice to make first (Flux Industries' start track)."""
    if not any(any(corp.chosen) for corp in self.corps):
        return False
    for corp in self.corps:
        for slot, standard in ((0, PLANET.name), (1, CORP.name)):
            if corp.chosen[slot]:
                _set_side(corp, slot, corp.dealt[slot] if corp.chosen[slot] == "special" else standard)
        corp.chosen = ["", ""]
    self.emit("boards", planets=[c.planet_name for c in self.corps],
              corporations=[c.corporation_name for c in self.corps])
    choosing = False
    for corp in self.corps:
        if corp.corporation.rule == "flux":
            corp.pending.append(["flux"])
            corp.finished = False
            choosing = True
    return choosing
