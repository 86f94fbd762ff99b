"""The phase machinery: settling the game forward without decisions, the claim phase, starting and ending rounds,
the station's turn, and ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import corporations, setup
from .state import (
    CLAIM,
    EVENT,
    FIG,
    FINAL,
    OBJECTIVES,
    OVER,
    ROTATE,
    STACK_NAMES,
    TILES,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def _drop_impossible(self: PlanetUnknownState, p: int) -> None:
    """Items that can have no effect now are dropped (an event or card does what it can)."""
    corp = self.corps[p]
    if self.phase == EVENT:
        self._skip_game_ending_event_items(p, corp)
    kept = [item for item in corp.pending if item[0] == "civ" or self._item_actions(p, item)]
    if len(kept) != len(corp.pending):
        corp.pending = kept
    if corp.movement and not corp.rovers and not any(item[0] == "deploy" for item in corp.pending):
        # no rover to move and none to deploy first (benefits on one space resolve in any order): lost
        corp.movement = 0


def _settle(self: PlanetUnknownState) -> None:
    """Move the game on as far as it goes without a decision."""
    self._legal = {}
    while True:
        for p in range(self.num_players):
            self._drop_impossible(p)
        if self.phase in (OBJECTIVES, EVENT, FINAL):
            for corp in self.corps:
                if not corp.finished and not [i for i in corp.pending if i[0] != "civ"] and not corp.movement:
                    corp.finished = True
            if not all(c.finished for c in self.corps):
                return
            if self.phase == OBJECTIVES:
                if setup.reveal_sides(self):
                    continue  # Flux's start track, chosen once the boards are up
                self._start_round()
            elif self.phase == EVENT:
                self._after_phase(TILES)
            else:
                self._after_phase(OVER)
            continue
        if self.phase == TILES:
            if not all(c.finished for c in self.corps):
                return
            self._reveal_tops()
            self._after_phase("round_end")
            continue
        if self.phase == CLAIM:
            while self.claim_order:
                p = self.claim_order[0]
                corp = self.corps[p]
                if corp.offer:
                    return
                civ_item = next((i for i in corp.pending if i[0] == "civ"), None)
                if civ_item is not None:
                    corp.pending.remove(civ_item)
                    offer = corporations.civ_offer(self, corp, civ_item[1])
                    if offer:
                        corp.offer = offer
                        self.rng.shuffle(corp.offer)
                        self.emit("civ_offer", player=p, rank=civ_item[1], reveal=True, chance=True)
                        return
                    # the rank is used up (the modules' corporations claim more civ milestones): no card
                    self.emit("civ_none", player=p, rank=civ_item[1], why="no card of this rank is left")
                    continue
                if [i for i in corp.pending if i[0] != "civ"] or (corp.movement and not corp.finished):
                    return
                corp.finished = False
                self.claim_order.pop(0)
            self._continue(self.after_claim)
            continue
        return


def _after_phase(self: PlanetUnknownState, following: str) -> None:
    """Claim the civ milestones reached, in turn order from the commander, then go on to ``following``."""
    order = [(self.commander + k) % self.num_players for k in range(self.num_players)]
    self.claim_order = [p for p in order if any(i[0] == "civ" for i in self.corps[p].pending)]
    for corp in self.corps:
        corp.finished = False
        corp.movement = 0
    if self.claim_order:
        self.phase = CLAIM
        self.after_claim = following
    else:
        self._continue(following)


def _continue(self: PlanetUnknownState, following: str) -> None:
    if following == TILES:
        self._begin_tiles()
    elif following == "round_end":
        self._end_round()
    elif following == OVER:
        self.phase = OVER
        self.emit("game_over", scores=[s.total for s in self.scores()])


def _start_round(self: PlanetUnknownState) -> None:
    self.round += 1
    self.flags = []
    self.event = 0
    for corp in self.corps:
        corp.finished = False
        corp.used = [u for u in corp.used if u.startswith("game:")]  # once-per-round abilities come back
    self.emit("round", number=self.round, commander=self.commander)
    commander_turns = self.num_players >= 3 or (
        self.num_players == 2 and self.options["two_player_rotation"] == "commander")
    if commander_turns:
        self.phase = ROTATE
    else:
        self.rotation = (self.rotation + FIG.auto_step) % 6
        self.emit("turn", player=None, steps=FIG.auto_step, rotation=self.rotation)
        self._reveal_event()


def _begin_tiles(self: PlanetUnknownState) -> None:
    self.phase = TILES
    for p, corp in enumerate(self.corps):
        corp.finished = False
        # a depot emptied before the tiles (a civ card placed its last tile): nothing to take, only ``done``;
        # the empty depot ends the game after this round
        corp.took_tile = not any(self.stacks[ring][stack]
                                 for ring, stack in (self.depot_stack(p, name) for name in STACK_NAMES))
    corporations.begin_tiles(self)


def _reveal_tops(self: PlanetUnknownState) -> None:
    if any(self.taken):
        tops = {f"{STACK_NAMES[ring]} {stack}": self.top(ring, stack)
                for ring in (0, 1) for stack in self.taken[ring]}
        self.emit("tops", tops=tops, reveal=True)
    self.taken = [[], []]


def _end_round(self: PlanetUnknownState) -> None:
    self._reveal_tops()
    self.flags = []
    for exterior in range(6):
        interior = (exterior + self.shift) % 6
        if not self.stacks[1][exterior] and not self.stacks[0][interior]:
            self.last_round = True
            if "empty depot" not in self.end_reasons:
                self.end_reasons.append("empty depot")
    self.commander = (self.commander + 1) % self.num_players
    if not self.last_round:
        self._start_round()
        return
    self.phase = FINAL
    for p, corp in enumerate(self.corps):
        corp.finished = False
        ending = [c for c in corp.civ if FIG.civ_cards[c]["timing"] == "end_game"]
        self.emit("civ_revealed", player=p, cards=ending, reveal=True)
        corp.pending.extend([["patch"]] * corp.stored_patches)
        corp.stored_patches = 0
        corp.pending.extend(corporations.final_items(corp))
        for card in ending:
            self._card_effect(p, corp, FIG.civ_cards[card])


def _do_turn(self: PlanetUnknownState, p: int, corp: Corp, steps: int) -> None:
    self.rotation = (self.rotation + steps) % 6
    self.emit("turn", player=p, steps=steps, rotation=self.rotation)
    if self.phase == ROTATE:
        self._reveal_event()
    else:
        self._take_item(corp, "rotate")


def _do_done(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    corp.movement = 0
    corp.finished = True
    self.emit("done", player=p)
