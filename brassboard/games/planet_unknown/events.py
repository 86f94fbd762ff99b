"""Event cards: revealing one, the round flags and per-player items it brings, and the event-only actions (peek,
only, remove, discard); an event part that alone would end a player's game is skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .figures import (
    EXTERIOR,
    INTERIOR,
    RESOURCE_INDEX,
    TRACKS,
)
from .state import (
    EVENT,
    FIG,
    FLAG_EXTRA_ROVER,
    FLAG_NO_EDGE,
    FLAG_NO_ICE,
    FLAG_NO_MATCHING,
    FLAG_NO_MILESTONES,
    FLAG_NO_SYNERGY,
    FLAG_ONE_RESOURCE,
    FLAG_ROVER_FORBIDDEN,
    STACK_NAMES,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def _removable_stacks(self: PlanetUnknownState, p: int) -> list[str]:
    names = []
    for name in STACK_NAMES:
        ring, stack = self.depot_stack(p, name)
        other_ring, other_stack = self.depot_stack(p, EXTERIOR if name == INTERIOR else INTERIOR)
        # an event is ignored where it alone would end the game: never empty a whole depot
        if self.stacks[ring][stack] and self.stacks[other_ring][other_stack]:
            names.append(name)
    return names


def _reveal_event(self: PlanetUnknownState) -> None:
    self.phase = EVENT
    if not self.event_deck:
        self._begin_tiles()
        return
    self.event = self.event_deck.pop()
    card = FIG.events[self.event]
    self.emit("event", card=self.event, reveal=True)
    if not self.event_deck:
        self.last_round = True
        self.end_reasons.append("last event")
    for corp in self.corps:
        corp.peek = 0
    kind = card["kind"]
    flag = {"no_edge_placement": FLAG_NO_EDGE, "no_ice_cover": FLAG_NO_ICE,
            "no_matching_adjacency": FLAG_NO_MATCHING, "advance_one_resource": FLAG_ONE_RESOURCE,
            "no_milestones": FLAG_NO_MILESTONES, "no_synergy": FLAG_NO_SYNERGY,
            "extra_rover": FLAG_EXTRA_ROVER}.get(kind)
    if flag:
        self.flags.append(flag)
    elif kind == "rover_forbidden_terrain":
        self.flags.append(FLAG_ROVER_FORBIDDEN + card["terrain"])
    elif kind == "extra_civ_cards":
        for rank, pile in enumerate(self.civ_piles, start=1):
            box = [c for c in self.civ_box if FIG.civ_cards[c]["rank"] == rank]
            if box:
                chosen = box[self.rng.below(len(box))]
                self.civ_box.remove(chosen)
                pile.append(chosen)
                pile.sort()
        self.emit("civ_cards_added", chance=True)
    elif kind == "remove_civ_cards":
        for pile in self.civ_piles:
            if pile:
                self.civ_box.append(pile.pop(self.rng.below(len(pile))))
        self.civ_box.sort()
        self.emit("civ_cards_removed", chance=True)
    for p, corp in enumerate(self.corps):
        self._event_items(p, corp, card)
    self._settle()


def _event_items(self: PlanetUnknownState, p: int, corp: Corp, card: dict[str, Any]) -> None:
    kind = card["kind"]
    tracks = [RESOURCE_INDEX[t] for t in card.get("tracks", TRACKS)]
    if kind == "extra_private_objective":
        if self.objective_deck:
            corp.objectives.append(self.objective_deck.pop())
            corp.objectives.sort()
    elif kind == "advance_choice":
        corp.pending.append(["advance", tracks, 1, card["steps"], int(card["benefits"]), 0])
    elif kind == "advance_pair":
        corp.pending.append(["advance", tracks, 1, 1, 1, 0])
    elif kind == "rotate_station":
        corp.pending.append(["rotate"])
    elif kind == "biomass":
        corp.pending.extend([["patch"]] * card["count"])
    elif kind == "synergy":
        corp.pending.append(["synergy"])
    elif kind == "synergy_or_peek":
        corp.pending.append(["synergy_or_peek"])
    elif kind == "collect_lifepod":
        corp.pending.extend([["collect", "lifepod"]] * card["count"])
    elif kind == "collect_meteorite":
        corp.pending.extend([["collect", "meteorite"]] * card["count"])
    elif kind in ("regress_pair", "regress_any"):
        corp.pending.append(["regress", tracks, card.get("times", 1)])
    elif kind == "add_meteorite":
        corp.pending.append(["add_meteorite"])
    elif kind == "destroy_objective":
        corp.pending.append(["discard_objective"])
    elif kind == "destroy_rover":
        if len(corp.rovers) > 1:
            corp.pending.append(["destroy", "rover"])
    elif kind == "destroy_lifepod":
        corp.pending.extend([["destroy", "lifepod"]] * card["count"])
    elif kind == "destroy_collected_lifepod":
        lost = min(card["count"], corp.lifepods_collected)
        corp.lifepods_collected -= lost
        corp.lifepods_lost += lost
    elif kind == "destroy_collected_meteorite":
        lost = min(card["count"], corp.meteorites_collected)
        corp.meteorites_collected -= lost
        corp.meteorites_destroyed += lost
    elif kind == "remove_shape":
        corp.pending.append(["remove_shape"])


def _skip_game_ending_event_items(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """The parts of this round's event that would, every way they can be carried out, end ``p``'s game: skipped.

    Every event is applied by every player if possible, and ignored where it alone would trigger the end of
    the game (reference §8; the rulebook, which BGA does not follow here). In the event phase two things can:
    a biomass patch (event 80, or a biomass milestone its advances reach) that leaves no depot tile room, and
    event 116 where every stack it may remove is the last one of the depot (``_removable_stacks``). Choosing
    the rotation (event 79) can always leave the station as it is. Civ cards claimed after the event are the
    player's choice, not the event's.
    """
    skipped = None
    if any(item[0] == "patch" for item in corp.pending) and self._patch_would_end_the_game(p):
        skipped = "patch"
    elif any(item[0] == "remove_shape" for item in corp.pending) and not self._removable_stacks(p) and any(
            self.stacks[ring][stack] for ring, stack in (self.depot_stack(p, name) for name in STACK_NAMES)):
        skipped = "remove_shape"
    if skipped is None:
        return
    count = sum(1 for item in corp.pending if item[0] == skipped)
    corp.pending = [item for item in corp.pending if item[0] != skipped]
    self.emit("event_skipped", player=p, card=self.event, part=skipped, count=count,
              why="it alone would end the game")


def _do_peek(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    self._take_item(corp, "synergy_or_peek")
    corp.peek = self.event_deck[-1]
    self.emit("peek", player=p, reveal=True)


def _do_only(self: PlanetUnknownState, p: int, corp: Corp, resource: str) -> None:
    item = self._take_item(corp, "only")
    r = RESOURCE_INDEX[resource]
    corp.pending.extend(item[2] if r == item[1] else item[4])
    self.emit("only", player=p, resource=resource)


def _do_remove(self: PlanetUnknownState, p: int, corp: Corp, name: str) -> None:
    self._take_item(corp, "remove_shape")
    ring, stack = self.depot_stack(p, name)
    removed = self.stacks[ring][stack]
    self.removed.extend(removed)
    self.stacks[ring][stack] = []
    self.emit("remove_shape", player=p, stack=name, tiles=len(removed))


def _do_discard(self: PlanetUnknownState, p: int, corp: Corp, card: int) -> None:
    self._take_item(corp, "discard_objective")
    corp.objectives.remove(card)
    self.emit("discard_objective", player=p, card=card)
