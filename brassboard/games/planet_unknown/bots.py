"""A greedy Planet Unknown bot: it scores each legal action with a quick look at the position and takes the best.

It reads the state (as every bot may) but never its generator. What it values:

- a tile: what its two resources would bring on the tracks, how snugly it fits (touching covered squares and the
  planet's edge leaves fewer holes), rows and columns it completes, the medals of lines it spoils with a
  meteorite, lifepods it buries;
- a track step: the medal it gains and the benefit it lands on (milestones, synergy, movement);
- rovers drive towards the nearest lifepod or meteorite;
- the rest (civ cards, patches, events) by small fixed preferences.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from brassboard.engine import Action, GameState

from . import bots_corporations as plans
from . import corporations, makeshift, planets, wormhole
from . import geometry as g
from .figures import BIOMASS, RESOURCE_INDEX, RESOURCES, ROVER, TECH, TRACK_TOP, WATER, figures, planet_shapes
from .rules import Corp, PlanetUnknownState

FIG = figures()
CORP = FIG.corporation

BENEFIT_VALUE = {"synergy": 1.6, "civ": 2.2, "biomass": 1.0, "rover": 2.0, "tech": 2.0}
MOVE_VALUE = 1.0  # per square of rover movement (tuned on 40 solo games: rovers bring lifepods and meteorites)
SQUARE_VALUE = 0.35  # per planet square covered
SNUG_VALUE = 0.25  # per side of the tile touching something already covered or the planet's edge
METEOR_LINE_PENALTY = 0.3  # per medal of a row or column a new meteorite spoils (it can be collected later)
LIFEPOD_PENALTY = 1.5
LINE_PROGRESS = 1.0  # weight of bringing a row or column closer to complete (squared share covered)
# Makeshift: weight of the column's next cells against the cell climbed to (20 games: 1 → 38.8, 2 → 39.9, 3 → 41.0)
LANE_WEIGHT = 2.0
HOLE_PENALTY = 1.2  # per single empty square a tile walls in (only a biomass patch could fill it)
CIV_CARD_VALUE = {"medals": 1.0, "medals_and_advance": 1.3, "advance_different": 1.5, "advance_one": 1.5,
                  "biomass": 1.0, "rover_move": 0.6, "place_depot_tile": 2.5, "collect_lifepods": 1.2,
                  "teleport_rover": 0.8, "destroy_meteorites_line": 1.0, "destroy_meteorites": 0.8,
                  "raise_to": 1.6, "medal_per_biomass_patch": 1.0, "lifepod_value": 1.0, "meteorite_repo": 0.8,
                  "commerce_agreement": 0.7}


def step_value(corp: Corp, track: int, steps: int = 1) -> float:
    """What advancing ``track`` by ``steps`` is worth to ``corp`` now (medals gained plus benefits reached)."""
    position = corp.tracks[track]
    if corp.corporation.water_path and track == WATER:  # Oasis: the water path's cells and medals
        return _oasis_water_value(corp, steps)
    if makeshift.plays(corp):  # Makeshift: the best free cell up or diagonally up
        return max((climb_value(corp, track, c, h) for c, h in makeshift.climbs(corp, track)), default=0.0)
    if wormhole.branches(corp, track):  # Wormhole: the next level's medal and the better of its two benefits
        target = wormhole.step(corp, 1)
        if target is None:
            return 0.0
        medal_at = corp.corporation.medal_at[track]
        return medal_at[target] - medal_at[position] + 1.0 + 0.3
    if position >= TRACK_TOP:
        return corporations.overflow_move(corp) * MOVE_VALUE if track == ROVER else 0.0
    # Cosmos' trackers jump the lifepods on their track: walk the real steps (Oasis' blocked steps were walked too,
    # 40 games: 47.5 without, 46.6 with — so not)
    walk = corp.corporation.rule == corporations.COSMOS
    value = 0.0
    reached = position
    for _ in range(steps):
        corp.tracks[track] = reached
        target = corporations.step_up(corp, track) if walk else reached + 1 if reached < TRACK_TOP else None
        if target is None:
            if track == ROVER:
                value += corporations.overflow_move(corp) * MOVE_VALUE
            break
        reached = target
        benefits = corporations.benefits_at(corp, track, reached)  # Flux: its improved track
        value += plans.benefits_value(benefits, corp, BENEFIT_VALUE, MOVE_VALUE)
        if corp.corporation.rule == "civ_regress":  # Republic: every civ milestone forces a regress
            civ = sum(1 for benefit, _ in benefits if benefit == "civ")
            if civ:
                value -= civ * plans.cheapest_regress(corp, BENEFIT_VALUE, MOVE_VALUE)
    corp.tracks[track] = position
    if walk:  # Cosmos: medals under a lifepod are ignored
        before = corporations.track_medal(corp, track)
        corp.tracks[track] = reached
        gained = corporations.track_medal(corp, track) - before
        corp.tracks[track] = position  # looked ahead only
    else:
        medal_at = corp.corporation.medal_at[track]
        gained = medal_at[reached] - medal_at[position]
    if reached == position:
        return value  # past the top: the step brings only the rover's overflow
    # an early step is worth a little for the steps it opens, even without a benefit of its own
    return value + gained + 0.3


def climb_value(corp: Corp, t: int, column: int, height: int) -> float:
    """Makeshift: the benefit of the cell a tracker climbs to and the medal its column scores there."""
    if height > TRACK_TOP:
        return corp.corporation.rover_overflow_move * MOVE_VALUE
    value = row_benefits(corp, column, height, tech=False)  # a tech milestone counts below, as levels
    medal_at = corp.corporation.medal_at
    # the tech levels the move keeps, opens or locks (the highest tracker in the tech column counts)
    def levels(columns: list[int], heights: list[int]) -> int:
        top = max((h for c, h in zip(columns, heights, strict=True) if c == TECH), default=-1)
        return sum(1 for at in corp.corporation.tech_positions.values() if at <= top)

    columns, heights = list(corp.columns), list(corp.tracks)
    before = levels(columns, heights)
    columns[t], heights[t] = column, height
    kept = levels(columns, heights) - before
    value += kept * BENEFIT_VALUE["tech"]
    # the column it stands in decides what its next climbs claim (a move that locks tech levels is weighed by them)
    lane = 0.0
    if kept >= 0:
        lane = (plans.lane_value(corp, column, min(height, TRACK_TOP), BENEFIT_VALUE, MOVE_VALUE)
                - plans.lane_value(corp, corp.columns[t], corp.tracks[t], BENEFIT_VALUE, MOVE_VALUE))
    return value + LANE_WEIGHT * lane + medal_at[column][height] - medal_at[corp.columns[t]][corp.tracks[t]] + 0.3


def row_benefits(corp: Corp, track: int, position: int, tech: bool = True) -> float:
    benefits = corp.corporation.benefits[track][position]
    if not tech:
        benefits = tuple(item for item in benefits if item[0] != "tech")
    return plans.benefits_value(benefits, corp, BENEFIT_VALUE, MOVE_VALUE)


def branch_value(corp: Corp, position: int) -> float:
    """Wormhole: what the benefit at ``position`` of the branching biomass track is worth."""
    value = 0.0
    for benefit, amount in corp.corporation.benefits[BIOMASS][position]:
        if benefit == "advance":
            value += step_value(corp, amount)
        elif benefit != "medal":
            value += BENEFIT_VALUE.get(benefit, 0.0)
    return value


def row_value(corp: Corp, position: int) -> float:
    """Jump Drive tech 5: what claiming every benefit at ``position`` of the five tracks is worth."""
    return sum(row_benefits(corp, track, position) for track in range(5))


class GreedyBot:
    """Greedy one-ply play for Planet Unknown; ``seed`` breaks ties."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int) -> Action:
        assert isinstance(state, PlanetUnknownState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        corp = state.corps[player]
        best: list[Action] = []
        best_value = float("-inf")
        scorer = self._scorer(state, player, corp)
        for action in legal:
            value = scorer(action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def _scorer(self, state: PlanetUnknownState, p: int, corp: Corp) -> Callable[[Action], float]:
        rovers = plans.RoverPlan(corp)

        def score(action: Action) -> float:
            kind, args = action.kind, action.args
            if kind == "place":
                return self._placement_value(state, p, corp, str(args[0]), int(args[1]), int(args[2]), int(args[3]))
            if kind in ("gain", "energy", "synergy", "advance"):
                item = next((i for i in corp.pending if i[0] == "advance"), None) if kind == "advance" else None
                steps = int(item[3]) if item else 2 if args[-1] == "twice" else 1  # Jump Drive tech 3
                return step_value(corp, RESOURCE_INDEX[str(args[0])], steps)
            if kind == "regress":
                return -plans.regress_cost(corp, RESOURCE_INDEX[str(args[0])], BENEFIT_VALUE, MOVE_VALUE)
            if kind == "only":
                resource = RESOURCE_INDEX[str(args[0])]
                return step_value(corp, resource) if resource < len(corp.tracks) else 0.5
            if kind == "take":
                ring, stack = state.depot_stack(p, str(args[0]))
                tile = state.top(ring, stack)
                assert tile is not None
                kind_ = FIG.tiles[tile]
                return sum(step_value(corp, r) for r in (kind_.resource_a, kind_.resource_b) if r < 5)
            if kind == "turn":
                return self._rotation_value(state, p, int(args[0]))
            if kind in ("rove", "deploy", "teleport"):
                return rovers.value(kind, args)
            if kind == "done":
                return -0.5
            if kind == "patch":
                b = g.bit(int(args[0]), int(args[1]))
                if b & corp.occupied:  # Wormhole techs 2 and 5: on a tile, where it may destroy a meteorite
                    return plans.patch_on_tile_value(corp, b)
                return _snugness(corp, b) + _lines_completed(corp, b) + _planet_rule_value(corp, b)
            if kind == "store":
                return 0.4
            if kind in ("collect", "destroy", "meteorite"):
                b = g.bit(int(args[0]), int(args[1]))
                value = _line_medals(corp, b)
                return -value if kind == "meteorite" else value
            if kind == "clear":
                line = corp.planet.rows[int(args[1])] if args[0] == "row" else corp.planet.columns[int(args[1])]
                return float((corp.meteorites & line).bit_count())
            if kind == "keep":
                card = FIG.civ_cards[corp.offer[int(args[0]) - 1]]
                return CIV_CARD_VALUE.get(card["kind"], 0.5) + float(card.get("medals", 0))
            if kind == "slot":  # Jump Drive: a tech slot, by what its ability brings over the game left
                return plans.slot_value(corp, args[0])
            if kind == "patch_synergy":
                return max(step_value(corp, t) for t in range(5)) - 1.0
            if kind == "claim_row":
                return row_value(corp, int(args[0]))
            if kind in ("draw_objectives", "share", "patch_twice"):
                return 1.0
            if kind == "climb":  # Makeshift
                t = RESOURCE_INDEX[str(args[0])]
                return climb_value(corp, t, RESOURCE_INDEX[str(args[1])], int(args[2]))
            if kind == "makeshift_regress":
                return -1.0
            if kind == "branch":  # Wormhole: a patch, a synergy or a step of the tracker named
                return branch_value(corp, int(args[0]))
            if kind == "biomass_reset":  # Wormhole tech 1: gives up the biomass medals for more benefits
                return -float(corporations.track_medal(corp, BIOMASS))
            if kind == "pod":  # Cosmos: in the scoring area, or just ahead of a tracker to save it a step
                return plans.where_value(corp, args)
            if kind == "relocate":
                return plans.relocate_value(corp, args)
            if kind in ("relocate_one", "relocate_three"):  # only when a relocation gains something
                return plans.best_relocation(corp) - 0.5
            if kind == "flux":  # Flux: where the active tech pays most
                t = RESOURCE_INDEX[str(args[0])]
                return plans.flux_value(corp, t, step_value(corp, t), BENEFIT_VALUE, MOVE_VALUE)
            if kind == "flux_milestone":
                return plans.flux_milestone_value(corp, corp.flux, BENEFIT_VALUE, MOVE_VALUE)
            if kind == "flux_advance":
                return step_value(corp, corp.flux)
            if kind == "horizon_advance":
                return step_value(corp, ROVER)
            if kind == "synergy_or_peek" or kind == "peek":
                return 0.0
            return self.rng.random()

        return score

    def _placement_value(self, state: PlanetUnknownState, p: int, corp: Corp, name: str, x: int, y: int,
                         orientation: int) -> float:
        ring, stack = state.depot_stack(p, name)
        tile = state.top(ring, stack)
        assert tile is not None
        kind = FIG.tiles[tile]
        pl = planet_shapes(corp.planet_name)[kind.shape].by_spot[kind.meteor][(x, y, orientation)]
        value = (pl.mask.bit_count() * SQUARE_VALUE + _snugness(corp, pl.mask) + _lines_completed(corp, pl.mask)
                 + _planet_rule_value(corp, pl.mask))
        empty = corp.planet.squares & ~(corp.occupied | pl.mask)
        holes = g.border(pl.mask) & empty & ~g.neighbours(empty)  # single squares no tile can fill any more
        value -= holes.bit_count() * HOLE_PENALTY
        for resource, part in ((kind.resource_a, pl.mask_a), (kind.resource_b, pl.mask_b)):
            if resource == WATER:
                oasis_steps = corporations.water_steps(corp, part, corp.planet.ice)
                if oasis_steps is not None:  # Oasis: a step per water square on ice
                    value += step_value(corp, WATER, oasis_steps) if oasis_steps else 0.0
                elif part & corp.planet.ice:
                    value += step_value(corp, WATER) * (2 if corp.ability("double_water") else 1)
            elif resource == BIOMASS and wormhole.plays(corp) and not g.neighbours(part) & corp.terrain[BIOMASS]:
                continue  # Wormhole: a tile starting a new biomass area does not advance biomass
            elif resource < 5:
                value += step_value(corp, resource)
            else:  # energy: the best track it may choose
                other = kind.resource_b if resource == kind.resource_a else kind.resource_a
                value += step_value(corp, other) if other < 5 else 0.5
        value -= (corp.lifepods & pl.mask).bit_count() * LIFEPOD_PENALTY
        if kind.meteor and not corp.ability("no_meteorites"):
            value -= _line_medals(corp, 1 << pl.meteor) * METEOR_LINE_PENALTY
        return value

    def _rotation_value(self, state: PlanetUnknownState, p: int, steps: int) -> float:
        """How good the tiles my depot would face after turning ``steps`` look (resources and size)."""
        corp = state.corps[p]
        exterior = (FIG.seats[state.num_players][p] + state.rotation + steps) % 6
        interior = (exterior + state.shift) % 6
        best = 0.0
        for ring, stack in ((0, interior), (1, exterior)):
            tile = state.top(ring, stack)
            if tile is None:
                continue
            kind = FIG.tiles[tile]
            value = planet_shapes(corp.planet_name)[kind.shape].size * SQUARE_VALUE
            value += sum(step_value(corp, r) for r in (kind.resource_a, kind.resource_b) if r < 5 and r != WATER)
            best = max(best, value)
        return best


def _snugness(corp: Corp, mask: int) -> float:
    """Sides of ``mask`` touching covered squares or the outside of the planet: a snug tile leaves no holes.

    Counted with shifts, one direction at a time: a side at the grid's edge touches the outside.
    """
    solid = (corp.occupied | ~corp.planet.squares) & g.FULL & ~mask
    touching = (
        (((mask & ~g.RIGHT_COLUMN) << 1) & solid).bit_count() + (mask & g.RIGHT_COLUMN).bit_count()
        + (((mask & ~g.LEFT_COLUMN) >> 1) & solid).bit_count() + (mask & g.LEFT_COLUMN).bit_count()
        + ((mask << g.WIDTH) & solid).bit_count() + (mask & g.row_mask(g.HEIGHT - 1)).bit_count()
        + ((mask >> g.WIDTH) & solid).bit_count() + (mask & g.row_mask(0)).bit_count()
    )
    return touching * SNUG_VALUE


def _lines_completed(corp: Corp, mask: int) -> float:
    """Medals of the rows and columns ``mask`` completes, plus progress towards the others it touches."""
    before = planets.covered_for_lines(corp)  # Petra: uncovered currents count as covered
    covered = before | mask
    value = 0.0
    planet = corp.planet
    for lines, medals in ((planet.rows, planet.row_medals), (planet.columns, planet.column_medals)):
        for line, medal in zip(lines, medals, strict=True):
            if not line & mask or line & corp.meteorites:
                continue
            if line & covered == line:
                value += medal
            else:
                size = line.bit_count()
                done_before = (line & before).bit_count() / size
                after = (line & covered).bit_count() / size
                value += LINE_PROGRESS * medal * (after * after - done_before * done_before)
    return value


def _oasis_water_value(corp: Corp, steps: int) -> float:
    before = corporations.track_medal(corp, WATER)
    saved = corp.tracks[WATER]
    value = 0.0
    for _ in range(steps):
        target = corporations.step_up(corp, WATER)
        if target is None:
            break
        corp.tracks[WATER] = target
        for benefit, amount in corporations.benefits_at(corp, WATER, target):
            value += amount * MOVE_VALUE if benefit == "move" else BENEFIT_VALUE.get(benefit, 0.0)
    gained = corporations.track_medal(corp, WATER) - before
    corp.tracks[WATER] = saved  # looked ahead only
    return value + gained + 0.3


def _planet_rule_value(corp: Corp, mask: int) -> float:
    """The planet's own medals that covering ``mask`` wins or loses: Gaia's cities, Cerberus' sub-planets."""
    planet = corp.planet
    if planet.rule == "cities":
        return -float(planet.bonus * (mask & planet.special & ~corp.occupied).bit_count())
    if planet.rule == "sub_planets":
        covered = corp.occupied | mask
        return float(planet.bonus * sum(1 for region in planet.regions
                                        if region & covered == region and region & corp.occupied != region))
    return 0.0


def _line_medals(corp: Corp, b: int) -> float:
    index = b.bit_length() - 1
    x, y = g.xy(index)
    return float(corp.planet.row_medals[y] + corp.planet.column_medals[x])


def rank_actions(state: GameState, player: int, legal: list[Action]) -> list[Action]:
    """``legal`` best first by the greedy bot's values (ties keep their order): the search's candidates."""
    assert isinstance(state, PlanetUnknownState)
    score = GreedyBot(0)._scorer(state, player, state.corps[player])
    values = {action: score(action) for action in legal}
    return sorted(legal, key=lambda action: -values[action])


BOTS: dict[str, Callable[[int], GreedyBot]] = {"greedy": GreedyBot}
__all__ = ["BOTS", "RESOURCES", "GreedyBot", "rank_actions", "step_value"]
