"""The greedy bot's view of the special corporations' long plans (used by ``bots.py``; cheap look-ups only, since the
greedy bot is also the rollout policy of the guided search).

- **Rovers** (every corporation): distances are walked over the squares a rover may enter (K'Aax's uncovered toxic
  terrain is barred, Tartarus' chasm splits the planet unless the rover steps diagonally); Horizon Group's rovers
  pick a meteorite up and drive it to the nearest rover icon, where it is collected.
- **Regressions** (Republic's civ milestones, events, Makeshift): the tracker that loses least — the medal it drops,
  the tech levels it locks — less the benefit it will claim again when it climbs back.
- **Flux Industries**: the flux token goes where the active tech pays most (rovers on that terrain, the next
  milestone, the improved benefits, the steps); its once-a-game and once-a-round advances are valued as steps.
- **Cosmos Inc**: a lifepod on an empty track position just ahead of a tracker saves that tracker a step; one the
  tracker has passed is dead weight, so the relocations bring passed lifepods ahead again (or to the scoring area).
- **Jump Drive**: tech slots by how much each ability brings over the game left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import corporations, makeshift, planets
from . import geometry as g
from .figures import CIV, ROVER, TECH, TRACK_TOP, TRACKS
from .state import Corp

if TYPE_CHECKING:
    from .figures import Benefit

COLLECT_VALUE = 10.0  # a rover move that collects a lifepod or delivers a meteorite
PICK_UP_VALUE = 8.0  # Horizon: a rover move that picks a meteorite up (it still has to be delivered)
CLOSER_VALUE = 1.0  # a rover move that brings it closer to what it is heading for
AWAY_VALUE = -1.0  # any other rover move (worse than ``done``, so movement is not wasted walking about)
TECH_LEVEL_VALUE = 2.0  # a tech ability (the same figure as a tech milestone in bots.BENEFIT_VALUE)
STEP_LOST = 1.0  # a regress takes back a step the tracker must climb again (tuned on 20 Republic games)
RECLAIM_SHARE = 0.5  # share of a position's benefit counted when a regress lets the tracker claim it again
AREA_LIFEPOD = 1.0  # Cosmos / Jump Drive: a lifepod in the scoring area scores one medal
POD_REACH = 4  # Cosmos: a lifepod further than this ahead of its tracker saves a step only late, if ever
JUMP_SLOT_VALUE = {1: 1.6, 2: 1.2, 3: 2.6, 4: 1.3, 5: 2.0, 6: 1.1}
"""Jump Drive's tech slots: 3 (a synergy twice, every round) first, then 5 (a whole row once), 1, 4, 2, 6 (a shared
objective: as likely to help the opponent)."""


# ----- rovers ------------------------------------------------------------------------------------------------------
def passable(corp: Corp) -> int:
    """Squares a rover may drive over (K'Aax: not onto uncovered toxic terrain)."""
    return corp.planet.squares & ~planets.rover_barred(corp)


def distances(corp: Corp, targets: int) -> dict[int, int]:
    """Steps from every square a rover can reach to the nearest target square, breadth-first (Tartarus: the two
    sides of the chasm are walked apart unless rovers step diagonally, which the crossings need)."""
    found = {i: 0 for i in g.cells_of(targets)}
    within = passable(corp) | targets
    planet = corp.planet
    sides = (planet.west, within & ~planet.west) if planet.rule == "chasm" else (within,)
    crossings = planet.crossings if corporations.diagonal(corp) else ()
    frontier = seen = targets
    step = 0
    while frontier:
        step += 1
        grown = 0
        for side in sides:
            grown |= g.neighbours(frontier & side) & side
        for a, b in crossings:
            if frontier >> a & 1:
                grown |= 1 << b
            if frontier >> b & 1:
                grown |= 1 << a
        frontier = grown & within & ~seen
        seen |= frontier
        for i in g.cells_of(frontier):
            found[i] = step
    return found


class RoverPlan:
    """Where each rover heads: lifepods and meteorites; Horizon's carrying rovers to the nearest free rover icon."""

    def __init__(self, corp: Corp) -> None:
        self.corp = corp
        self.targets = corp.lifepods | corp.meteorites
        self.horizon = corporations.delivers(corp)
        active = bool(corp.rovers or corp.pending or corp.movement)
        self.to_target = distances(corp, self.targets) if self.targets and active else None
        self.drops = corp.icons[ROVER] & ~corp.meteorites if self.horizon else 0
        self.to_drop = distances(corp, self.drops) if self.drops and corp.rovers else None

    def carrying(self, rover: int) -> bool:
        """Horizon: the rover stands on a meteorite (off a rover icon, or it would have been collected)."""
        return self.horizon and bool(self.corp.meteorites >> self.corp.rovers[rover] & 1)

    def _arrival(self, index: int, carrying: bool) -> float | None:
        """What arriving on ``index`` is worth at once (None: nothing there)."""
        b = 1 << index
        if self.corp.lifepods & b:
            return COLLECT_VALUE
        if carrying and self.drops & b:
            return COLLECT_VALUE  # delivered
        if self.corp.meteorites & b:
            if not self.horizon or self.corp.icons[ROVER] & b:
                return COLLECT_VALUE
            return AWAY_VALUE if carrying else PICK_UP_VALUE  # carrying: the load would stay behind
        return None

    def value(self, kind: str, args: tuple[object, ...]) -> float:
        """A ``rove``, ``deploy`` or ``teleport`` action's value."""
        x, y = int(str(args[-2])), int(str(args[-1]))
        index = g.cell(x, y)
        carrying = kind != "deploy" and self.carrying(int(str(args[0])))
        now = self._arrival(index, carrying)
        if now is not None:
            return now
        table = self.to_drop if carrying else self.to_target
        if table is None:
            return AWAY_VALUE if kind == "rove" else 0.0
        there = table.get(index, 99)
        if kind != "rove":
            return -there / 10
        here = table.get(self.corp.rovers[int(str(args[0]))], 99)
        return CLOSER_VALUE if there < here else AWAY_VALUE


# ----- regressions -------------------------------------------------------------------------------------------------
def benefits_value(benefits: tuple[Benefit, ...], corp: Corp, values: dict[str, float], move: float) -> float:
    """What a position's benefits are worth (medals are scored elsewhere)."""
    value = 0.0
    for benefit, amount in benefits:
        if benefit == "move":
            value += amount * move
        elif benefit == "rover":
            value += values["rover"] if corp.rovers_left else 0.0
        elif benefit != "medal":
            value += values.get(benefit, 0.0)
    return value


def regress_cost(corp: Corp, t: int, values: dict[str, float], move: float) -> float:
    """What regressing tracker ``t`` one step costs: the step, the medal it drops and the tech levels it locks, less
    a share of the benefit it claims again when it climbs back (an impossible regress costs nothing: nothing
    happens)."""
    below = corporations.step_down(corp, t)
    if below is None:
        return 0.0
    position = corp.tracks[t]
    medal = corporations.track_medal(corp, t)
    tech_before = corp.tech
    corp.tracks[t] = below
    dropped = medal - corporations.track_medal(corp, t)
    if makeshift.plays(corp):
        makeshift.recompute_tech(None, 0, corp)
    elif t == TECH:
        for level, at in corp.corporation.tech_positions.items():
            if below < at <= position:
                corp.tech &= ~(1 << level)
    locked = (tech_before & ~corp.tech).bit_count()
    corp.tracks[t], corp.tech = position, tech_before  # looked ahead only
    column = corp.columns[t]
    reclaim = 0.0
    if t != TECH and column != TECH and t != CIV:  # a tech milestone claimed again brings nothing new
        reclaim = benefits_value(corporations.benefits_at(corp, column, position), corp, values, move)
    return STEP_LOST + dropped + locked * TECH_LEVEL_VALUE - RECLAIM_SHARE * reclaim


def cheapest_regress(corp: Corp, values: dict[str, float], move: float) -> float:
    """Republic: the cost of the regress a civ milestone brings (the cheapest other tracker; none: nothing)."""
    costs = [regress_cost(corp, t, values, move) for t in corporations.OTHER_TRACKS
             if corporations.step_down(corp, t) is not None]
    return min(costs, default=0.0)


# ----- Makeshift ---------------------------------------------------------------------------------------------------
LANE_AHEAD = 3  # Makeshift: the cells above a tracker its next climbs will most likely land on
_LANES: dict[tuple[str, int, int], float] = {}


def lane_value(corp: Corp, column: int, height: int, values: dict[str, float], move: float) -> float:
    """Makeshift: what the next cells above ``height`` in ``column`` bring on average — a tracker that stands in a
    column of movement or milestones keeps claiming them (cached per corporation: the printed cells only)."""
    key = (corp.corporation_name, column, height)
    found = _LANES.get(key)
    if found is None:
        benefits = corp.corporation.benefits[column]
        cells = range(height + 1, min(TRACK_TOP, height + LANE_AHEAD) + 1)
        total = sum(benefits_value(benefits[h], corp, values, move) for h in cells
                    if not any(b == "rover" for b, _ in benefits[h]))  # a rover milestone: only while rovers last
        found = _LANES[key] = total / LANE_AHEAD
    return found


# ----- Wormhole Corp -----------------------------------------------------------------------------------------------
def patch_on_tile_value(corp: Corp, b: int) -> float:
    """Wormhole techs 2 and 5: a patch on a tile square covers nothing new; on a meteorite it destroys it, which
    frees its row and column (their medals count when they are complete and hold no other meteorite)."""
    if not corp.meteorites & b:
        return -0.5  # an empty planet square is always better
    covered = planets.covered_for_lines(corp)
    planet = corp.planet
    value = 0.5  # one meteorite fewer in the way
    for lines, medals in ((planet.rows, planet.row_medals), (planet.columns, planet.column_medals)):
        for line, medal in zip(lines, medals, strict=True):
            if line & b and corp.meteorites & line == b:
                value += medal if line & covered == line else medal * (line & covered).bit_count() / line.bit_count()
    return value


# ----- Flux Industries ---------------------------------------------------------------------------------------------
def active_level(corp: Corp) -> int:
    """Flux: the one tech level in use (the latest unlocked; 0 none)."""
    return max(corp.tech.bit_length() - 1, 0)


def flux_milestone_value(corp: Corp, t: int, values: dict[str, float], move: float) -> float:
    """Flux tech 2: every benefit up to the next milestone of track ``t`` and the medal gained there."""
    symbol = corporations.MILESTONE_OF.get(t)
    if symbol is None:
        return 0.0
    position = corp.tracks[t]
    value = 0.0
    for at in range(position + 1, TRACK_TOP + 1):
        benefits = corp.corporation.benefits[t][at]
        value += benefits_value(benefits, corp, values, move)
        if any(b == symbol for b, _ in benefits):
            return value + corp.corporation.medal_at[t][at] - corp.corporation.medal_at[t][position]
    return 0.0


def improvement(corp: Corp, t: int, values: dict[str, float], move: float) -> float:
    """Flux tech 3: what the improved benefits of track ``t`` add over its next few positions."""
    improved = corp.corporation.improved
    if not improved:
        return 0.0
    start = corp.tracks[t]
    gained = 0.0
    for at in range(start + 1, min(TRACK_TOP, start + POD_REACH) + 1):
        gained += (benefits_value(improved[t][at], corp, values, move)
                   - benefits_value(corp.corporation.benefits[t][at], corp, values, move))
    if t == ROVER and start >= TRACK_TOP:
        gained += move  # one more movement at every advance past the top
    return gained


def flux_value(corp: Corp, t: int, step: float, values: dict[str, float], move: float) -> float:
    """Where the flux token pays most under the tech level now active; ``step`` is what an advance of ``t`` is
    worth (levels 2 and 5 move the flux tracker)."""
    level = active_level(corp)
    if level == 1:  # 2 movement per rover on that terrain, every round
        return 2 * move * sum(1 for index in corp.rovers if corp.terrain[t] >> index & 1) + 0.1 * step
    if level == 2:
        return flux_milestone_value(corp, t, values, move)
    if level == 3:
        return improvement(corp, t, values, move) + 0.1 * step
    if level == 4:  # a meteorite per matching icon: the tracks icons come from alike; the steps break the tie
        return 0.1 * step
    return step  # level 5 (and the start: any track, chosen again at the first tech milestone)


# ----- Cosmos Inc --------------------------------------------------------------------------------------------------
def pod_spot_value(corp: Corp, t: int, position: int) -> float:
    """Cosmos: what a lifepod on ``position`` of track ``t`` is worth — a step saved when the tracker passes it, if
    the position is empty (a covered benefit or medal is lost) and close ahead; else nothing."""
    tracker = corp.tracks[t]
    if corp.columns[t] != t or position <= tracker or position - tracker > POD_REACH or position >= TRACK_TOP:
        return 0.0
    medal_at = corp.corporation.medal_at[t]
    if corp.corporation.benefits[t][position] or medal_at[position] != medal_at[position - 1]:
        return -1.0  # a benefit, milestone or medal there would be lost
    # a step saved: the medals still to win on this track, per step left; relocations (techs 3 and 5) bring a
    # passed lifepod ahead again, so it saves more steps
    reuse = 1 + (2 if corp.ability(f"{corporations.COSMOS}:5") else 0) + (
        1 if corp.ability(f"{corporations.COSMOS}:3") else 0)
    return reuse * (medal_at[TRACK_TOP] - medal_at[tracker]) / (TRACK_TOP - tracker)


def where_value(corp: Corp, where: tuple[object, ...]) -> float:
    """Cosmos: a lifepod's place (``area`` or ``TRACK POSITION``)."""
    if where[0] == corporations.AREA:
        return AREA_LIFEPOD
    return pod_spot_value(corp, TRACKS.index(str(where[0])), int(str(where[1])))


def relocate_value(corp: Corp, args: tuple[object, ...]) -> float:
    """Cosmos: a ``relocate FROM TO`` move (``stop``: nothing)."""
    if args[0] == "stop":
        return 0.0
    split = 1 if args[0] == corporations.AREA else 2
    return where_value(corp, args[split:]) - where_value(corp, args[:split])


def best_relocation(corp: Corp) -> float:
    """Cosmos: the most one relocation gains now (an optional relocation is taken only when it gains)."""
    return max((relocate_value(corp, action.args) for action in corporations.relocate_actions(corp)), default=0.0)


# ----- Jump Drive --------------------------------------------------------------------------------------------------
def slot_value(corp: Corp, where: object) -> float:
    """Jump Drive: a lifepod on a tech slot, or in the scoring area (late in the game the medal is worth more)."""
    if where == "area":
        return AREA_LIFEPOD
    late = min(1.0, len(corp.placed) / 16)  # the share of a usual game gone (about 16 tiles)
    return JUMP_SLOT_VALUE[int(str(where))] * (1 - late) + 0.5 * late


__all__ = ["RoverPlan", "best_relocation", "cheapest_regress", "flux_value", "regress_cost", "relocate_value",
           "slot_value", "where_value"]
