"""The corporation's tracks: advancing and regressing trackers, the benefits reached (synergy, milestones, medals),
rover movement gained, and the gain / energy / synergy / advance / regress actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import corporations, jump_drive, makeshift, wormhole
from .figures import (
    RESOURCE_INDEX,
    ROVER,
    TECH,
    TRACKS,
)
from .state import (
    FLAG_NO_MILESTONES,
    FLAG_NO_SYNERGY,
    Corp,
)

if TYPE_CHECKING:
    from .rules import PlanetUnknownState


def _advanceable(corp: Corp, tracks: Any) -> list[int]:
    """Tracks an advance would move (the rover track never tops out: its overflow gives movement)."""
    if makeshift.plays(corp):  # a tracker in any column: advanceable while a cell above is free
        return [t for t in tracks if makeshift.climbs(corp, t)]
    return [t for t in tracks if t == ROVER or corporations.step_up(corp, t) is not None]


def _do_gain(self: PlanetUnknownState, p: int, corp: Corp, track: str) -> None:
    t = RESOURCE_INDEX[track]
    self._take_item(corp, "gain", match=lambda item: item[1] == t)
    self._advance(p, corp, t)


def _do_energy(self: PlanetUnknownState, p: int, corp: Corp, track: str) -> None:
    t = RESOURCE_INDEX[track]
    self._take_item(corp, "energy", match=lambda item: t in item[1])
    self._advance(p, corp, t)


def _do_synergy(self: PlanetUnknownState, p: int, corp: Corp, track: str, twice: str = "") -> None:
    self._take_item(corp, "synergy", "synergy_or_peek")
    if twice:  # Jump Drive tech 3
        jump_drive.synergy_twice(self, p, corp, RESOURCE_INDEX[track])
        return
    self._advance(p, corp, RESOURCE_INDEX[track])


def _do_advance(self: PlanetUnknownState, p: int, corp: Corp, track: str) -> None:
    t = RESOURCE_INDEX[track]
    item = self._take_item(corp, "advance", match=lambda item: t in item[1])
    _, tracks, count, steps, benefits, distinct = item
    if benefits:
        for _ in range(steps):
            self._advance(p, corp, t)
    else:
        start, column = corp.tracks[t], corp.columns[t]
        for _ in range(steps):
            if makeshift.plays(corp):
                makeshift.plain_climb(corp, t)
            else:
                corp.tracks[t] = corporations.step_up(corp, t) or corp.tracks[t]
        if (corp.tracks[t], corp.columns[t]) == (start, column):  # at the top or blocked: not an advance in place
            self.emit("no_step", player=p, track=track, position=start)
        else:
            self.emit("advance", player=p, track=track, position=corp.tracks[t], benefits=False)
    if count > 1:
        rest = [u for u in tracks if u != t] if distinct else tracks
        corp.pending.append(["advance", rest, count - 1, steps, benefits, distinct])


def _do_regress(self: PlanetUnknownState, p: int, corp: Corp, track: str) -> None:
    t = RESOURCE_INDEX[track]
    _, _, steps = self._take_item(corp, "regress", match=lambda item: t in item[1])
    for _ in range(steps):
        self._regress(p, corp, t)


def _gain_movement(self: PlanetUnknownState, corp: Corp, amount: int, from_track: bool) -> None:
    if corp.ability("extra_rover_move") and (from_track or corp.corporation.tech3_every_gain):
        amount += corp.corporation.tech3_extra_move
    amount += makeshift.extra_movement(corp)  # Makeshift tech 2
    corp.movement += amount


def _advance(self: PlanetUnknownState, p: int, corp: Corp, t: int, synergy: bool = True) -> None:
    if makeshift.plays(corp):  # Makeshift: the player picks the column (up or diagonally up)
        if makeshift.climbs(corp, t):
            corp.pending.append(makeshift.climb_item(t, synergy))
        else:
            self.emit("no_step", player=p, track=TRACKS[t], position=corp.tracks[t])
        return
    position = corp.tracks[t]
    target = corporations.step_up(corp, t)  # Cosmos: over the lifepods on the track
    if target is None:
        if t == ROVER:  # the rover track's overflow: movement again at every advance past the top
            self._gain_movement(corp, corporations.overflow_move(corp), True)
            self.emit("advance", player=p, track=TRACKS[t], position=position, overflow=True)
        else:  # said, so that a step taken in vain (the tracker at the top, or its way blocked) is not a silent move
            self.emit("no_step", player=p, track=TRACKS[t], position=position)
        return
    if wormhole.branches(corp, t):  # Wormhole Corp: the player picks one of the next level's two positions
        corp.pending.append(wormhole.branch_item(synergy))
        return
    position = target
    corp.tracks[t] = position
    self.emit("advance", player=p, track=TRACKS[t], position=position)
    self._claim_benefits(p, corp, t, position, synergy)


def _claim_benefits(self: PlanetUnknownState, p: int, corp: Corp, t: int, position: int, synergy: bool = True) -> None:
    """What reaching ``position`` of track ``t`` brings (medals are scored at the end, not claimed)."""
    milestones = FLAG_NO_MILESTONES not in self.flags
    for benefit, value in corporations.benefits_at(corp, t, position):
        if benefit == "synergy":
            if synergy and FLAG_NO_SYNERGY not in self.flags:
                corp.pending.append(["synergy"])
        elif benefit == "move":
            self._gain_movement(corp, value, True)
        elif benefit == "advance":  # Wormhole Corp's "+1 civ" etc.: a synergy boost of that tracker
            if synergy and FLAG_NO_SYNERGY not in self.flags:
                self._advance(p, corp, value)
        elif not milestones:
            continue
        elif benefit == "civ":
            corp.pending.append(["civ", value])
            corp.pending.extend(corporations.civ_milestone_items(self, corp, synergy))
        elif benefit == "biomass":
            corp.pending.append(["patch"])
        elif benefit == "rover":
            if corp.rovers_left:
                corp.pending.append(["deploy"])
        elif benefit == "tech":
            corp.tech |= 1 << value
            self.emit("tech_level", player=p, level=value)
            corp.pending.extend(corporations.tech_milestone_items(corp))


def _regress(self: PlanetUnknownState, p: int, corp: Corp, t: int) -> None:
    target = corporations.step_down(corp, t)
    if target is None:
        return
    corp.tracks[t] = target
    if makeshift.plays(corp):
        makeshift.recompute_tech(self, p, corp)
    elif t == TECH:  # levels count from the tracker's position: falling below a milestone re-locks it
        for level, position in corp.corporation.tech_positions.items():
            if corp.tracks[t] < position:
                corp.tech &= ~(1 << level)
    self.emit("regress", player=p, track=TRACKS[t], position=corp.tracks[t])
