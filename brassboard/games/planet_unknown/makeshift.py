"""Makeshift (module Asymmetric Corporations, rule ``columns``; reference §4.5, data in corporations.toml).

The five tracks are columns side by side (civ - water - biomass - rover - tech). Each tracker keeps its identity
(a civ icon advances the civ tracker) but may stand in any column: ``Corp.columns[t]`` is the column of tracker
``t``, ``Corp.tracks[t]`` its height. An advance moves the tracker one step straight up or diagonally up into a
neighbouring column (``climb TRACKER COLUMN HEIGHT``), never onto another tracker, and it claims whatever lies there
("any tracker may claim any benefit"); with none free the advance is lost. In the rover column a step past the top
lands on 15 again (free, or the tracker's own) and gives the movement beyond the top (3). A regress goes straight
down, onto a free position only. Each tracker scores the medal of the column it stands in. The civ rank is that of
the civ milestone landed on; the tech level counts the tech milestones at or below the highest tracker standing in
the tech column (none there: every tech locked).

Techs: 1. the civ and tech columns are neighbours too; 2. +1 on every movement gain while more than one tracker
stands in the rover column; 3. a tracker may instead shift sideways into a neighbouring column at the same height
(claiming that entry); 4. once a round, ``makeshift_regress``: regress any one tracker one step (no benefit); 5. each
tracker scores as the highest tracker in its column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from .figures import ROVER, TECH, TRACK_TOP, TRACKS
from .state import Corp, Item

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

MAKESHIFT = "columns"
REGRESS = "makeshift_regress"  # Corp.used marker
OVERFLOW = TRACK_TOP + 1  # the rover column's step past the top
Cell = tuple[int, int]  # (column, height)


def plays(corp: Corp) -> bool:
    return corp.corporation.rule == MAKESHIFT


def _taken(corp: Corp, t: int) -> set[Cell]:
    return {(corp.columns[u], corp.tracks[u]) for u in range(len(TRACKS)) if u != t}


def neighbour_columns(corp: Corp, column: int) -> list[int]:
    """The columns beside ``column``; with tech 1 civ and tech are neighbours too."""
    last = len(TRACKS) - 1
    columns = [c for c in (column - 1, column + 1) if 0 <= c <= last]
    if corp.ability(f"{MAKESHIFT}:1") and column in (0, last):
        columns.append(last if column == 0 else 0)
    return columns


def climbs(corp: Corp, t: int) -> list[Cell]:
    """Where an advance of tracker ``t`` may go: up in its column or diagonally up beside it (tech 3: also sideways
    beside it), never onto another tracker; (ROVER, OVERFLOW) is the rover column's step past the top."""
    column, height = corp.columns[t], corp.tracks[t]
    taken = _taken(corp, t)
    cells: list[Cell] = []
    for c in [column, *neighbour_columns(corp, column)]:
        if height < TRACK_TOP:
            if (c, height + 1) not in taken:
                cells.append((c, height + 1))
        elif c == ROVER and (ROVER, TRACK_TOP) not in taken:
            cells.append((ROVER, OVERFLOW))
    if corp.ability(f"{MAKESHIFT}:3"):
        cells += [(c, height) for c in neighbour_columns(corp, column) if (c, height) not in taken]
    return cells


def step_up(corp: Corp, t: int) -> int | None:
    """The height an advance reaches (None: no free cell, the advance is lost); the column is chosen with it."""
    cells = climbs(corp, t)
    return min(TRACK_TOP, max(h for _, h in cells)) if cells else None


def step_down(corp: Corp, t: int) -> int | None:
    """A regress: straight down, onto a free position only."""
    height = corp.tracks[t] - 1
    if height < 0 or (corp.columns[t], height) in _taken(corp, t):
        return None
    return height


def climb_item(t: int, synergy: bool) -> Item:
    return ["climb", t, int(synergy)]


def climb_actions(corp: Corp, item: Item) -> list[Action]:
    t = item[1]
    return [Action("climb", TRACKS[t], TRACKS[c], h) for c, h in climbs(corp, t)]


def _do_climb(self: PlanetUnknownState, p: int, corp: Corp, track: str, column: str, height: int) -> None:
    t, c = TRACKS.index(track), TRACKS.index(column)
    _, _, synergy = self._take_item(corp, "climb", match=lambda item: item[1] == t)
    corp.columns[t] = c
    if height == OVERFLOW:  # past the rover column's top: back on 15, the movement beyond the top
        corp.tracks[t] = TRACK_TOP
        self.emit("advance", player=p, track=track, column=column, position=TRACK_TOP, overflow=True)
        self._gain_movement(corp, corp.corporation.rover_overflow_move, True)
        recompute_tech(self, p, corp)
        return
    corp.tracks[t] = height
    self.emit("advance", player=p, track=track, column=column, position=height)
    self._claim_benefits(p, corp, c, height, bool(synergy))
    recompute_tech(self, p, corp)


def plain_climb(corp: Corp, t: int) -> None:
    """An advance without benefits (an event's): straight up where free, else the first free diagonal. Never past
    the top: the rover column's overflow is movement, which an advance without benefits does not bring."""
    cells = [cell for cell in climbs(corp, t) if corp.tracks[t] < cell[1] <= TRACK_TOP]
    if cells:
        c, h = cells[0]
        corp.columns[t], corp.tracks[t] = c, min(h, TRACK_TOP)
        recompute_tech(None, 0, corp)


def recompute_tech(self: PlanetUnknownState | None, p: int, corp: Corp) -> None:
    """The tech levels: the tech milestones at or below the highest tracker in the tech column."""
    heights = [corp.tracks[u] for u in range(len(TRACKS)) if corp.columns[u] == TECH]
    top = max(heights, default=-1)
    tech = 0
    for level, position in corp.corporation.tech_positions.items():
        if position <= top:
            tech |= 1 << level
    gained = tech & ~corp.tech
    corp.tech = tech
    if self is not None and gained:
        for level in range(1, len(corp.corporation.abilities) + 1):
            if gained >> level & 1:
                self.emit("tech_level", player=p, level=level)


def track_medal(corp: Corp, t: int) -> int:
    """The medal of the column tracker ``t`` stands in (tech 5: at the height of that column's highest tracker)."""
    column, height = corp.columns[t], corp.tracks[t]
    if corp.ability(f"{MAKESHIFT}:5"):
        height = max(corp.tracks[u] for u in range(len(TRACKS)) if corp.columns[u] == column)
    return corp.corporation.medal_at[column][height]


def extra_movement(corp: Corp) -> int:
    """Tech 2: +1 on each movement gain while more than one tracker stands in the rover column."""
    if not corp.ability(f"{MAKESHIFT}:2"):
        return 0
    return 1 if sum(1 for c in corp.columns if c == ROVER) > 1 else 0


def optional_actions(corp: Corp) -> list[Action]:
    if corp.ability(f"{MAKESHIFT}:4") and REGRESS not in corp.used and any(
            step_down(corp, t) is not None for t in range(len(TRACKS))):
        return [Action("makeshift_regress")]
    return []


def _do_makeshift_regress(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Tech 4, once a round: regress any one tracker one step, without benefit."""
    corp.used.append(REGRESS)
    corp.pending.append(["regress", list(range(len(TRACKS))), 1])
    self.emit("corporation_ability", player=p, ability=f"{MAKESHIFT}:4")


def raise_items(corp: Corp, t: int, position: int) -> list[Item]:
    """A raise to ``position`` (Unionization): one climb without synergy per step still missing."""
    return [climb_item(t, False)] * max(0, position - corp.tracks[t])
