"""The special corporations' rules (module Asymmetric Corporations; data in ``data/corporations.toml``).

Built so far: **Republic** (rule ``civ_regress``). Its civ track has seven civ milestones (ranks 1, 2, 2, 3, 3, 4,
4: data); each one reached makes the player regress another tracker by one step, without benefit (if none can,
nothing happens). Its techs:

1. once per round, placing the round's tile with civ terrain gains the rover movement shown at the rover tracker;
2. a civ milestone's choice also holds one card of the next rank (drawn at random from that rank's cards);
3. a rover on a square bearing a civ icon may move to any other such square for 1 movement;
4. every civ milestone also gives a synergy boost;
5. at game end, look through every civ card left and keep two.

**Flux Industries** (rule ``flux``): a flux token marks one track, chosen when the boards are turned up
(``flux TRACK``) and again at every tech milestone (it may stay); only the latest tech level is active. Techs:
1. 2 rover movement per rover standing on terrain of the flux track's type, once a round (given when the tiles phase
opens; at once on the turn it unlocks); 2. once a game, ``flux_milestone``: the flux tracker to its next milestone
with every benefit on the way; 3. the flux track's improved benefits; 4. per icon of a placed tile matching the
flux track, collect a meteorite from the planet; 5. once a round, ``flux_advance``: the flux tracker one step.

**Horizon Group** (rule ``meteorite_delivery``, 4 rovers): a rover that reaches a meteorite picks it up and carries
it (one at a time: the meteorite under a moving rover moves with it unless one lies at the destination); it is
collected only on a square bearing a rover icon. Techs: 1. tiles with rover terrain ignore the adjacency rule;
2. 1 movement per rover carrying a meteorite, once a round (when the tiles phase opens); 3. a biomass patch for
every meteorite a rover collects; 4. a meteorite carried onto water terrain is destroyed; 5. once a round,
``horizon_advance``: the rover tracker one step.

**Cosmos Inc** (rule ``lifepod_tracks``, 1 rover): a collected lifepod may go onto any free track position
(``pod TRACK POSITION``) or stay in the scoring area (``pod area``); trackers jump over lifepods both ways (a move
past the end is impossible), a covered position's benefit and medal are lost, a covered tech milestone's level is
locked, and lifepods on tracks score nothing. Techs: 1. rovers also move diagonally (so Tartarus' crossings open);
2. once a game, ``relocate_three``: move up to three collected lifepods; 3. per energy icon of a placed tile, move
one; 4. a rover step onto energy terrain costs no movement; 5. once a round, ``relocate_one``: move one. A move is
``relocate FROM TO`` (each ``area`` or ``TRACK POSITION``) or ``relocate stop``.

**Oasis Ultd.** (rule ``water_path``): the water tracker follows a 24-step path through all five columns
(levels 0-23, data), claiming the synergy or movement of each cell it lands on; only water-column cells give water
medals. A placed tile advances water once per water square on planet ice. No tracker moves onto a cell another
tracker stands on (the move is lost). Techs: 1. jump on past a blocking tracker; 2. 1 movement per rover standing on
water terrain at round start; 3. a tile covering no ice advances water once; 4. a tile with a water icon brings a
biomass patch; 5. and a synergy.

**Jump Drive** (rule ``tech_slots``): lifepods unlock six tech slots; see ``jump_drive.py``. **Wormhole Corp**
(rule ``branching_biomass``): a biomass track of five levels with two positions each; see ``wormhole.py``.

**Makeshift** (rule ``columns``): trackers climb up or diagonally into the neighbouring columns; see
``makeshift.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brassboard.engine import Action

from . import geometry as g
from . import jump_drive, makeshift, wormhole
from .figures import BIOMASS, CIV, ENERGY, ROVER, TECH, TRACK_TOP, TRACKS, WATER, TileKind
from .state import FLAG_NO_SYNERGY, Corp

if TYPE_CHECKING:
    from .rules import PlanetUnknownState

REPUBLIC = "civ_regress"
REPUBLIC_MOVE = "republic_civ_tile_move"  # once-per-round marker in ``Corp.used``
OTHER_TRACKS = [WATER, BIOMASS, ROVER, TECH]


def civ_milestone_items(self: PlanetUnknownState, corp: Corp, synergy: bool) -> list[list[object]]:
    """What a civ milestone brings besides its card: Republic's regress, and its tech 4 synergy."""
    if corp.corporation.rule != REPUBLIC:
        return []
    items: list[list[object]] = [["regress", list(OTHER_TRACKS), 1]]
    if corp.ability(f"{REPUBLIC}:4") and synergy and FLAG_NO_SYNERGY not in self.flags:
        items.append(["synergy"])
    return items


def placed_round_tile(self: PlanetUnknownState, p: int, corp: Corp, kind: TileKind) -> None:
    """Republic tech 1: a civ tile placed as the round's tile gains the rover tracker's movement, once a round."""
    if not corp.ability(f"{REPUBLIC}:1") or REPUBLIC_MOVE in corp.used or CIV not in (kind.resource_a,
                                                                                      kind.resource_b):
        return
    corp.used.append(REPUBLIC_MOVE)
    amount = sum(v for b, v in corp.corporation.benefits[ROVER][corp.tracks[ROVER]] if b == "move")
    if amount:
        self._gain_movement(corp, amount, True)
        self.emit("corporation_ability", player=p, ability=f"{REPUBLIC}:1", movement=amount)


def civ_offer(self: PlanetUnknownState, corp: Corp, rank: int) -> list[int]:
    """The civ cards offered for a milestone of ``rank`` (0: Republic tech 5, every card left)."""
    if rank == 0:
        return sorted(c for pile in self.civ_piles for c in pile)
    offer = list(self.civ_piles[rank - 1])
    if corp.ability(f"{REPUBLIC}:2") and rank < len(self.civ_piles) and self.civ_piles[rank]:
        following = self.civ_piles[rank]
        offer.append(following[self.rng.below(len(following))])  # the next rank's top card
    return offer


def final_items(corp: Corp) -> list[list[object]]:
    """Republic tech 5: two picks among every civ card left, claimed after the final phase."""
    return [["civ", 0], ["civ", 0]] if corp.ability(f"{REPUBLIC}:5") else []


def teleports(corp: Corp, rover_square: int, barred: int) -> int:
    """Republic tech 3: squares a rover on a civ icon may reach for 1 movement (other civ icons); Jump Drive tech 2:
    the squares of the terrain under the rover."""
    if jump_drive.plays(corp):
        return jump_drive.teleports(corp, rover_square, barred)
    if not corp.ability(f"{REPUBLIC}:3"):
        return 0
    icons = corp.icons[CIV]
    if not icons >> rover_square & 1:
        return 0
    return icons & ~(1 << rover_square) & ~barred & g.FULL


# ----- Flux Industries ---------------------------------------------------------------------------------------------
FLUX = "flux"
FLUX_ROUND = "flux_round_movement"  # Corp.used markers
FLUX_ADVANCE = "flux_advance"
FLUX_MILESTONE = "game:flux_milestone"
MILESTONE_OF = {CIV: "civ", BIOMASS: "biomass", ROVER: "rover", TECH: "tech"}
"""The milestone symbol of each track (the water track has none)."""


def benefits_at(corp: Corp, t: int, position: int) -> tuple[tuple[str, int], ...]:
    """What reaching ``position`` on track ``t`` brings: Flux's improved table for its flux track under tech 3; on
    Oasis' water path, the synergy or movement printed on the cell the water tracker lands on (whatever its column;
    medals there are the column's own)."""
    corporation = corp.corporation
    if corporation.water_path and t == WATER:
        column, cell = corporation.water_path[position]
        return tuple(b for b in corporation.benefits[column][cell] if b[0] in ("synergy", "move"))
    if corporation.improved and corp.flux == t and corp.ability(f"{FLUX}:3"):
        return corporation.improved[t][position]
    return corporation.benefits[t][position]


def overflow_move(corp: Corp) -> int:
    """Movement at every rover advance past the top (Flux's improved rover track: one more, as on every entry)."""
    corporation = corp.corporation
    extra = 1 if corporation.improved and corp.flux == ROVER and corp.ability(f"{FLUX}:3") else 0
    return corporation.rover_overflow_move + extra


def tech_milestone_items(corp: Corp) -> list[list[object]]:
    """Flux: every tech milestone lets the player move the flux token (or keep it)."""
    return [["flux"]] if corp.corporation.rule == FLUX else []


def _do_flux(self: PlanetUnknownState, p: int, corp: Corp, track: str) -> None:
    self._take_item(corp, "flux")
    corp.flux = TRACKS.index(track)
    self.emit("flux", player=p, track=track)
    if self.phase == "tiles" and corp.ability(f"{FLUX}:1"):
        _flux_round_movement(self, p, corp)  # tech 1 unlocked this turn: at once (ruling R10)


def _flux_round_movement(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Flux tech 1: 2 movement per rover standing on terrain of the flux track's type, once a round."""
    if FLUX_ROUND in corp.used or corp.flux < 0:
        return
    corp.used.append(FLUX_ROUND)
    count = sum(1 for index in corp.rovers if corp.terrain[corp.flux] >> index & 1)
    if count:
        self._gain_movement(corp, 2 * count, False)
        self.emit("corporation_ability", player=p, ability=f"{FLUX}:1", movement=2 * count)


def begin_tiles(self: PlanetUnknownState) -> None:
    """Round-start abilities, given when the tiles phase opens (movement is spent in that phase)."""
    for p, corp in enumerate(self.corps):
        if corp.ability(f"{OASIS}:2"):
            oasis_round_movement(self, p, corp)
        if corp.ability(f"{FLUX}:1"):
            _flux_round_movement(self, p, corp)
        if corp.ability(f"{HORIZON}:2"):
            horizon_round_movement(self, p, corp)


def placed_tile_items(corp: Corp, kind: TileKind, mask: int = 0) -> list[list[object]]:
    """Flux tech 4: collect one meteorite from the planet per icon of a placed tile matching the flux track.
    Oasis techs 3-5 (``mask``: the tile's squares)."""
    if corp.corporation.rule == OASIS:
        return _oasis_tile_items(corp, kind, mask)
    if not corp.ability(f"{FLUX}:4") or corp.flux < 0:
        return []
    return [["collect", "meteorite"]] * sum(1 for r in (kind.resource_a, kind.resource_b) if r == corp.flux)


def _next_milestone(corp: Corp) -> int | None:
    symbol = MILESTONE_OF.get(corp.flux)
    if symbol is None:
        return None
    benefits = corp.corporation.benefits[corp.flux]
    return next((position for position in range(corp.tracks[corp.flux] + 1, TRACK_TOP + 1)
                 if any(b == symbol for b, _ in benefits[position])), None)


def optional_actions(self: PlanetUnknownState, p: int) -> list[Action]:
    """A corporation's actions a player may take in their tile turn once the tile is down."""
    corp = self.corps[p]
    if self.phase != "tiles" or not corp.took_tile:
        return []
    if corp.corporation.rule == COSMOS:
        return cosmos_actions(corp)
    if jump_drive.plays(corp):
        return jump_drive.optional_actions(self, corp)
    if wormhole.plays(corp):
        return wormhole.optional_actions(corp)
    if makeshift.plays(corp):
        return makeshift.optional_actions(corp)
    if corp.ability(f"{HORIZON}:5") and HORIZON_ADVANCE not in corp.used:
        return [Action("horizon_advance")]
    if corp.corporation.rule != FLUX or corp.flux < 0:
        return []
    actions = []
    if corp.ability(f"{FLUX}:2") and FLUX_MILESTONE not in corp.used and _next_milestone(corp) is not None:
        actions.append(Action("flux_milestone"))
    if corp.ability(f"{FLUX}:5") and FLUX_ADVANCE not in corp.used and (
            corp.flux == ROVER or corp.tracks[corp.flux] < TRACK_TOP):
        actions.append(Action("flux_advance"))
    return actions


def _do_flux_milestone(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Flux tech 2, once a game: the flux tracker to its next milestone, every benefit on the way (ruling R3)."""
    target = _next_milestone(corp)
    assert target is not None  # legal_actions offers it only then
    corp.used.append(FLUX_MILESTONE)
    self.emit("corporation_ability", player=p, ability=f"{FLUX}:2", track=TRACKS[corp.flux], position=target)
    t = corp.flux
    while corp.tracks[t] < target and step_up(corp, t) is not None:
        self._advance(p, corp, t)


def _do_flux_advance(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Flux tech 5, once a round: advance the flux tracker one step, its benefit claimed."""
    corp.used.append(FLUX_ADVANCE)
    self.emit("corporation_ability", player=p, ability=f"{FLUX}:5", track=TRACKS[corp.flux])
    self._advance(p, corp, corp.flux)


# ----- Horizon Group -----------------------------------------------------------------------------------------------
HORIZON = "meteorite_delivery"
HORIZON_ROUND = "horizon_round_movement"  # Corp.used markers
HORIZON_ADVANCE = "horizon_advance"


def delivers(corp: Corp) -> bool:
    """Horizon Group: a rover picks a meteorite up and collects it only on a square bearing a rover icon."""
    return corp.corporation.rule == HORIZON


def carry(self: PlanetUnknownState, p: int, corp: Corp, origin: int, destination: int) -> None:
    """Horizon: the meteorite under a moving rover goes with it, unless one lies at the destination already; with
    tech 4 a meteorite carried onto water terrain is destroyed (ruling R11: it must be)."""
    if not delivers(corp) or not corp.meteorites >> origin & 1 or corp.meteorites >> destination & 1:
        return
    corp.meteorites = corp.meteorites & ~(1 << origin) | 1 << destination
    self.emit("carry", player=p, square=g.xy(destination))
    if corp.ability(f"{HORIZON}:4") and corp.terrain[WATER] >> destination & 1:
        corp.meteorites &= ~(1 << destination)
        corp.meteorites_destroyed += 1
        self.emit("destroy", player=p, what="meteorite", x=g.xy(destination)[0], y=g.xy(destination)[1])


def collected_by_rover(corp: Corp, index: int) -> bool:
    """Whether a rover on ``index`` collects the meteorite there (Horizon: only on a rover icon)."""
    return not delivers(corp) or bool(corp.icons[ROVER] >> index & 1)


def delivery_items(corp: Corp) -> list[list[object]]:
    """Horizon tech 3: a biomass patch for every meteorite a rover collects."""
    return [["patch"]] if corp.ability(f"{HORIZON}:3") else []


def touch_for(corp: Corp, kind: TileKind, touch: int, occupied: int) -> int:
    """Horizon tech 1: a tile with rover terrain ignores the adjacency restriction (not the planet's or events'
    rules, nor the first tile's edge: ruling R1)."""
    if occupied and corp.ability(f"{HORIZON}:1") and ROVER in (kind.resource_a, kind.resource_b):
        return -1
    return touch


def horizon_round_movement(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Horizon tech 2: 1 movement per rover carrying a meteorite (standing on one), once a round."""
    if HORIZON_ROUND in corp.used:
        return
    corp.used.append(HORIZON_ROUND)
    count = sum(1 for index in corp.rovers if corp.meteorites >> index & 1)
    if count:
        self._gain_movement(corp, count, False)
        self.emit("corporation_ability", player=p, ability=f"{HORIZON}:2", movement=count)


def _do_horizon_advance(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Horizon tech 5, once a round: advance the rover tracker one step, its benefit claimed."""
    corp.used.append(HORIZON_ADVANCE)
    self.emit("corporation_ability", player=p, ability=f"{HORIZON}:5", track="rover")
    self._advance(p, corp, ROVER)


# ----- Cosmos Inc ---------------------------------------------------------------------------------------------------
COSMOS = "lifepod_tracks"
COSMOS_ROUND = "cosmos_relocate_one"  # Corp.used markers
COSMOS_GAME = "game:cosmos_relocate"
AREA = "area"  # the scoring area, where a collected lifepod scores


def _covered(corp: Corp, t: int) -> set[int]:
    return {position for track, position in corp.track_pods if track == t}


def step_up(corp: Corp, t: int) -> int | None:
    """Where an advance of tracker ``t`` lands (Cosmos: jumping every position under a lifepod; Oasis: not onto
    another tracker); None past the top or where the way is blocked."""
    if corp.corporation.rule == OASIS:
        return _oasis_step(corp, t, 1)
    if wormhole.branches(corp, t):
        return wormhole.step(corp, 1)
    if makeshift.plays(corp):
        return makeshift.step_up(corp, t)
    target = corp.tracks[t] + 1
    if corp.track_pods:
        covered = _covered(corp, t)
        while target in covered:
            target += 1
    return target if target <= TRACK_TOP else None


def step_down(corp: Corp, t: int) -> int | None:
    """Where a regress of tracker ``t`` lands; None below 0 (the move is impossible)."""
    if corp.corporation.rule == OASIS:
        return _oasis_step(corp, t, -1)
    if wormhole.branches(corp, t):
        return wormhole.step(corp, -1)
    if makeshift.plays(corp):
        return makeshift.step_down(corp, t)
    target = corp.tracks[t] - 1
    if corp.track_pods:
        covered = _covered(corp, t)
        while target in covered:
            target -= 1
    return target if target >= 0 else None


MAX_STEPS = 3  # the most steps one advance takes (an event's "3 steps without benefits")


def reach(corp: Corp, t: int, steps: int = MAX_STEPS) -> list[int]:
    """Where tracker ``t`` stands after each of ``steps`` successive advances, stopping at the first that moves it
    no further (so ``[]``: already at the top or blocked). The tracker is put back: published in the view so that
    the page shows the rules' own landing (Cosmos' jumps, Oasis' and Makeshift's blocks, the Wormhole's levels)."""
    start, landings = corp.tracks[t], []
    try:
        for _ in range(steps):
            target = step_up(corp, t)
            if target is None or target == corp.tracks[t]:
                break
            landings.append(target)
            corp.tracks[t] = target
    finally:
        corp.tracks[t] = start
    return landings


def track_medal(corp: Corp, t: int) -> int:
    """The medal tracker ``t`` scores: the first at or below it (Cosmos: medals under a lifepod are ignored; Oasis:
    the water medal of the last water-column cell of the path at or below the water level)."""
    if makeshift.plays(corp):
        return makeshift.track_medal(corp, t)
    if corp.corporation.rule == OASIS and t == WATER:
        path = corp.corporation.water_path
        for level in range(corp.tracks[WATER], -1, -1):
            column, position = path[level]
            medal = next((v for b, v in corp.corporation.benefits[WATER][position] if b == "medal"), None)
            if column == WATER and medal is not None:
                return medal
        return 0
    if not corp.track_pods:
        return corp.corporation.medal_at[t][corp.tracks[t]]
    covered = _covered(corp, t)
    for position in range(corp.tracks[t], -1, -1):
        if position in covered:
            continue
        medal = next((v for b, v in corp.corporation.benefits[t][position] if b == "medal"), None)
        if medal is not None:
            return medal
    return 0


def collected_lifepod_items(corp: Corp) -> list[list[object]]:
    """Cosmos: a collected lifepod may go onto a free track position (or stay in the scoring area); Jump Drive:
    onto an empty tech slot."""
    return [["pod"]] if corp.corporation.rule == COSMOS else jump_drive.collected_lifepod_items(corp)


def free_positions(corp: Corp) -> list[tuple[int, int]]:
    """Track positions a lifepod may go to: no tracker, no lifepod; civ/water/biomass/tech 0-14, rover 0-15."""
    taken = {(t, p) for t, p in corp.track_pods}
    return [(t, position) for t in range(len(TRACKS)) for position in range(TRACK_TOP + (1 if t == ROVER else 0))
            if corp.tracks[t] != position and (t, position) not in taken]


def pod_actions(corp: Corp) -> list[Action]:
    return [Action("pod", TRACKS[t], position) for t, position in free_positions(corp)] + [Action("pod", AREA)]


def relocate_actions(corp: Corp) -> list[Action]:
    """Move one collected lifepod (from the scoring area or a track) to a free track position or the area."""
    sources: list[tuple[str, ...] | tuple[str, int]] = [(TRACKS[t], p) for t, p in corp.track_pods]
    if corp.lifepods_collected:
        sources.insert(0, (AREA,))
    if not sources:
        return []
    targets: list[tuple[str, ...] | tuple[str, int]] = [(TRACKS[t], p) for t, p in free_positions(corp)]
    actions = [Action("relocate", "stop")]
    for source in sources:
        for target in [*targets, (AREA,)]:
            if source != target and not (source[0] == AREA and target[0] == AREA):
                actions.append(Action("relocate", *source, *target))
    return actions


def _put_pod(self: PlanetUnknownState, corp: Corp, t: int, position: int) -> None:
    corp.track_pods.append([t, position])
    corp.track_pods.sort()
    if t == TECH:  # a lifepod on a tech milestone locks that level
        for level, at in corp.corporation.tech_positions.items():
            if at == position:
                corp.tech &= ~(1 << level)


def _do_pod(self: PlanetUnknownState, p: int, corp: Corp, *where: str | int) -> None:
    self._take_item(corp, "pod")
    if where[0] == AREA:
        self.emit("pod", player=p, where=AREA)
        return
    t, position = TRACKS.index(str(where[0])), int(where[1])
    corp.lifepods_collected -= 1
    _put_pod(self, corp, t, position)
    self.emit("pod", player=p, track=TRACKS[t], position=position)


def _do_relocate(self: PlanetUnknownState, p: int, corp: Corp, *args: str | int) -> None:
    item = next(i for i in corp.pending if i[0] == "relocate")
    if args[0] == "stop":
        corp.pending.remove(item)
        return
    item[1] -= 1
    if item[1] <= 0:
        corp.pending.remove(item)
    rest = list(args)
    if rest[0] == AREA:
        corp.lifepods_collected -= 1
        rest = rest[1:]
    else:
        corp.track_pods.remove([TRACKS.index(str(rest[0])), int(rest[1])])
        rest = rest[2:]
    if rest[0] == AREA:
        corp.lifepods_collected += 1
    else:
        _put_pod(self, corp, TRACKS.index(str(rest[0])), int(rest[1]))
    self.emit("relocate", player=p, move=[str(a) for a in args])


def cosmos_actions(corp: Corp) -> list[Action]:
    actions = []
    if corp.ability(f"{COSMOS}:2") and COSMOS_GAME not in corp.used and relocate_actions(corp):
        actions.append(Action("relocate_three"))
    if corp.ability(f"{COSMOS}:5") and COSMOS_ROUND not in corp.used and relocate_actions(corp):
        actions.append(Action("relocate_one"))
    return actions


def _do_relocate_three(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Cosmos tech 2, once a game: move up to three collected lifepods."""
    corp.used.append(COSMOS_GAME)
    corp.pending.append(["relocate", 3])


def _do_relocate_one(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Cosmos tech 5, once a round: move one collected lifepod."""
    corp.used.append(COSMOS_ROUND)
    corp.pending.append(["relocate", 1])


def energy_tile_items(corp: Corp, kind: TileKind) -> list[list[object]]:
    """Cosmos tech 3: move one collected lifepod per energy icon of a placed tile."""
    if not corp.ability(f"{COSMOS}:3"):
        return []
    return [["relocate", 1]] * sum(1 for r in (kind.resource_a, kind.resource_b) if r == ENERGY)


def diagonal(corp: Corp) -> bool:
    """Cosmos tech 1: rovers may also move diagonally."""
    return corp.ability(f"{COSMOS}:1")


def free_step(corp: Corp, index: int, energy: int) -> bool:
    """Cosmos tech 4: a rover step onto energy terrain costs no movement."""
    return corp.ability(f"{COSMOS}:4") and bool(energy >> index & 1)


# ----- Oasis Ultd. -------------------------------------------------------------------------------------------------
OASIS = "water_path"
OASIS_ROUND = "oasis_round_movement"  # Corp.used marker
OASIS_WATER_TOP = 23  # the last step of the water path


def track_top(corp: Corp, t: int) -> int:
    """The top of tracker ``t``: 15, or 23 for Oasis' water path."""
    return OASIS_WATER_TOP if corp.corporation.rule == OASIS and t == WATER else TRACK_TOP


def at_top(corp: Corp, t: int) -> bool:
    """Whether tracker ``t`` is at its track's top (Wormhole Corp's biomass: either position of level 5)."""
    if wormhole.branches(corp, t):
        return wormhole.level_of(corp.tracks[t]) == wormhole.TOP_LEVEL
    return corp.tracks[t] >= track_top(corp, t)


def _cell_of(corp: Corp, t: int, level: int) -> tuple[int, int]:
    return corp.corporation.water_path[level] if t == WATER else (t, level)


def _oasis_step(corp: Corp, t: int, step: int) -> int | None:
    """Oasis: no tracker moves onto a cell another tracker stands on (the water tracker crosses the other columns);
    with tech 1 it jumps on along its own track or path to the next free cell."""
    others = {_cell_of(corp, u, corp.tracks[u]) for u in range(len(TRACKS)) if u != t}
    target = corp.tracks[t] + step
    while 0 <= target <= track_top(corp, t):
        if _cell_of(corp, t, target) not in others:
            return target
        if not corp.ability(f"{OASIS}:1"):
            return None
        target += step
    return None


def water_steps(corp: Corp, water_part: int, ice: int) -> int | None:
    """Oasis: a placed tile advances water once per water square on planet ice (None: the ordinary rule)."""
    if corp.corporation.rule != OASIS:
        return None
    return (water_part & ice).bit_count()


def _oasis_tile_items(corp: Corp, kind: TileKind, mask: int) -> list[list[object]]:
    items: list[list[object]] = []
    if corp.ability(f"{OASIS}:3") and mask and not mask & corp.planet.ice:
        items.append(["gain", WATER])  # tech 3: a tile covering no ice advances water once
    if WATER in (kind.resource_a, kind.resource_b):
        if corp.ability(f"{OASIS}:4"):
            items.append(["patch"])
        if corp.ability(f"{OASIS}:5"):
            items.append(["synergy"])
    return items


def oasis_round_movement(self: PlanetUnknownState, p: int, corp: Corp) -> None:
    """Oasis tech 2: 1 movement per rover standing on water terrain at the start of the round (ruling R7)."""
    if OASIS_ROUND in corp.used:
        return
    corp.used.append(OASIS_ROUND)
    count = sum(1 for index in corp.rovers if corp.terrain[WATER] >> index & 1)
    if count:
        self._gain_movement(corp, count, False)
        self.emit("corporation_ability", player=p, ability=f"{OASIS}:2", movement=count)
