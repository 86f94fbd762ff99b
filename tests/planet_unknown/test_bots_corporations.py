"""The greedy bot's plans for the special corporations (bots_corporations.py) and its obedience to every planet's
restrictions: in each position below the plan's move must be the one chosen.

Coordinates are ``(x, y)`` on KSB-4156 unless a planet is named; lifepods are cleared where they would distract.
"""

from __future__ import annotations

from typing import Any

import pytest
from pu_helpers import at_tiles, paint, refresh, set_track, with_items

from brassboard.bots import make_bot, seat_seed
from brassboard.games.planet_unknown import bots_corporations as plans
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown import planets
from brassboard.games.planet_unknown.bots import BENEFIT_VALUE, MOVE_VALUE, step_value
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ROVER, TECH, WATER, figures, planet_shapes
from brassboard.games.planet_unknown.rules import PlanetUnknownState

FIG = figures()


def choose(state: PlanetUnknownState, player: int = 0, seed: int = 1) -> str:
    return str(make_bot("greedy", "planet_unknown", seed).choose(state, player))


def corporation(name: str, *levels: int) -> PlanetUnknownState:
    state = at_tiles(2, corporation=name)
    corp = state.corps[0]
    for level in levels:
        corp.tech |= 1 << level
    corp.lifepods = 0
    with_items(state, 0)
    return state


# ----- Horizon Group: a carried meteorite is driven to a rover icon ----------------------------------------------
def test_horizon_drives_a_carried_meteorite_to_the_nearest_rover_icon_and_delivers_it() -> None:
    state = corporation("Horizon Group")
    corp = state.corps[0]
    corp.rovers = [g.cell(4, 6)]
    corp.meteorites = g.bit(4, 6) | g.bit(4, 4)  # one carried, one lying two squares up
    paint(corp, "rover", [(7, 6)], icons=[(7, 6)])
    corp.movement = 3
    refresh(state)
    assert choose(state) == "rove 0 5 6"  # towards the icon, not to the other meteorite (the load would stay)
    while (action := choose(state)) != "done":
        state.apply(0, make_bot("greedy", "planet_unknown", 1).choose(state, 0))
    assert action == "done" and corp.rovers == [g.cell(7, 6)]
    assert corp.meteorites_collected == 1 and corp.meteorites == g.bit(4, 4)


def test_horizon_picks_a_meteorite_up_when_no_rover_carries_one() -> None:
    state = corporation("Horizon Group")
    corp = state.corps[0]
    corp.rovers = [g.cell(4, 5)]
    corp.meteorites = g.bit(4, 4)
    corp.movement = 1
    refresh(state)
    assert choose(state) == "rove 0 4 4"
    assert plans.RoverPlan(corp).value("rove", (0, 4, 4)) == plans.PICK_UP_VALUE


# ----- regressions: Republic's civ milestones and events ---------------------------------------------------------
def test_a_regress_takes_the_tracker_that_loses_least() -> None:
    state = corporation("Republic")
    corp = state.corps[0]
    set_track(corp, "water", 4)  # 2 medals there, 1 below: regressing costs a medal
    set_track(corp, "tech", 3)  # the tech 1 milestone: regressing locks it
    with_items(state, 0, ["regress", [WATER, BIOMASS, ROVER, TECH], 1])
    assert choose(state) == "regress water"
    set_track(corp, "rover", 5)  # movement there, no medal: climbing back claims the movement again
    with_items(state, 0, ["regress", [WATER, BIOMASS, ROVER, TECH], 1])
    assert choose(state) == "regress rover"


def test_republic_counts_the_regress_a_civ_milestone_forces() -> None:
    corp = corporation("Republic").corps[0]
    set_track(corp, "civ", 1)  # the next step reaches the rank 1 civ milestone
    free = step_value(corp, CIV)  # no other tracker can regress: the milestone costs nothing
    set_track(corp, "water", 15)
    set_track(corp, "biomass", 15)
    set_track(corp, "tech", 15)
    corp.tracks[ROVER] = 15
    assert step_value(corp, CIV) < free - 1  # now it takes a top medal back
    assert plans.cheapest_regress(corp, BENEFIT_VALUE, MOVE_VALUE) > 1


# ----- Flux Industries: the token where the active tech pays -------------------------------------------------------
def test_flux_puts_its_token_on_the_terrain_its_rovers_stand_on_under_tech_1() -> None:
    state = corporation("Flux Industries", 1)
    corp = state.corps[0]
    corp.flux = WATER
    corp.rovers = [g.cell(5, 6), g.cell(7, 6)]
    paint(corp, "biomass", [(5, 6), (7, 6)])
    with_items(state, 0, ["flux"])
    assert choose(state) == "flux biomass"


def test_flux_moves_its_token_to_the_track_with_a_milestone_ahead_under_tech_2() -> None:
    state = corporation("Flux Industries", 1, 2)
    corp = state.corps[0]
    set_track(corp, "civ", 2)  # the rank 1 civ milestone is the next step
    corp.tracks[BIOMASS], corp.tracks[ROVER], corp.tracks[TECH] = 13, 6, 14  # no milestone left above them
    with_items(state, 0, ["flux"])
    assert plans.flux_milestone_value(corp, WATER, BENEFIT_VALUE, MOVE_VALUE) == 0  # water has no milestone
    assert choose(state) == "flux civ"


# ----- Cosmos Inc: lifepods ahead of the trackers ----------------------------------------------------------------
def test_cosmos_keeps_a_lifepod_in_the_scoring_area_without_relocations() -> None:
    corp = corporation("Cosmos Inc").corps[0]
    assert plans.where_value(corp, ("area",)) > max(
        plans.pod_spot_value(corp, t, position) for t in range(5) for position in range(15))


def test_cosmos_brings_a_passed_lifepod_ahead_of_its_tracker_again() -> None:
    state = corporation("Cosmos Inc", 1, 2, 3, 4, 5)
    corp = state.corps[0]
    corp.used.append("game:cosmos_relocate")  # tech 2 spent: only the once-a-round move is offered
    set_track(corp, "water", 8)
    corp.track_pods = [[WATER, 3]]  # behind the water tracker: it saves nothing any more
    refresh(state)
    assert choose(state) == "relocate_one"
    state.apply(0, make_bot("greedy", "planet_unknown", 1).choose(state, 0))
    move = choose(state).split()
    assert move[:4] == ["relocate", "water", "3", "water"] and 8 < int(move[4]) <= 12
    state.apply(0, make_bot("greedy", "planet_unknown", 1).choose(state, 0))
    assert corp.track_pods[0][1] > 8
    assert "relocate_one" not in {str(a) for a in state.legal_actions(0)}


def test_cosmos_moves_a_scoring_lifepod_onto_a_track_only_when_relocations_reuse_it() -> None:
    ahead = ("area", "water", 1)  # from the scoring area to just ahead of the water tracker at 0
    assert plans.relocate_value(corporation("Cosmos Inc", 1, 2).corps[0], ahead) < 0  # one step saved < a medal
    assert plans.relocate_value(corporation("Cosmos Inc", 1, 2, 3, 4, 5).corps[0], ahead) > 0  # passed, moved on
    assert plans.relocate_value(corporation("Cosmos Inc", 1, 2, 3, 4, 5).corps[0], ("area", "water", 2)) < 0  # a medal


# ----- Jump Drive, Wormhole Corp, Makeshift ------------------------------------------------------------------------
def test_jump_drive_unlocks_the_double_synergy_first() -> None:
    state = corporation("Jump Drive")
    state.corps[0].lifepods_collected = 1
    with_items(state, 0, ["slot"])
    assert choose(state) == "slot 3"


def test_wormhole_puts_a_patch_on_the_meteorite_that_spoils_a_complete_row() -> None:
    state = corporation("Wormhole Corp", 1, 2, 3, 4, 5)
    corp = state.corps[0]
    row = [g.xy(i) for i in g.cells_of(corp.planet.rows[5])]
    paint(corp, "civ", row)
    corp.meteorites = g.bit(*row[3])
    with_items(state, 0, ["patch"])
    assert choose(state) == f"patch {row[3][0]} {row[3][1]}"


def test_makeshift_keeps_its_rover_tracker_in_the_column_of_movement() -> None:
    state = corporation("Makeshift")
    corp = state.corps[0]
    corp.tracks = [0, 0, 0, 2, 3]  # the tech tracker bars the rover tracker's diagonal into the tech column
    with_items(state, 0, ["climb", ROVER, 1])
    assert {str(a) for a in state.legal_actions(0)} == {"climb rover rover 3", "climb rover biomass 3"}
    assert all(choose(state, seed=seed) == "climb rover rover 3" for seed in range(4))


# ----- the planets' restrictions: never walked into ----------------------------------------------------------------
def play_checking(planet: str, rounds: int, check: Any) -> None:
    """Two greedy seats on ``planet`` for ``rounds`` rounds; ``check(state, player, action)`` before every action."""
    state = at_tiles(2, 3, planet=planet)
    bots = [make_bot("greedy", "planet_unknown", seat_seed(3, seat)) for seat in range(2)]
    while not state.is_over() and state.round <= rounds:
        player = state.active_players()[0]
        action = bots[player].choose(state, player)
        check(state, player, action)
        state.apply(player, action)
    assert state.round > rounds or state.is_over()


@pytest.mark.parametrize("planet", ["Arashi", "Charybdis", "K-273", "Pajitnov", "Persephone", "Tartarus"])
def test_greedy_places_every_tile_within_the_planets_restriction(planet: str) -> None:
    placed = []

    def check(state: PlanetUnknownState, player: int, action: Any) -> None:
        if action.kind != "place":
            return
        corp = state.corps[player]
        name, x, y, orientation = action.args
        tile = state.top(*state.depot_stack(player, str(name)))
        assert tile is not None
        kind = FIG.tiles[tile]
        pl = planet_shapes(planet)[kind.shape].by_spot[kind.meteor][(int(x), int(y), int(orientation))]
        assert planets.placement_allowed(corp.planet, kind, pl, corp.occupied), (planet, str(action))
        if not corp.occupied:  # the first tile: the edge, or Charybdis' centre
            assert pl.mask & planets.start_squares(corp.planet), (planet, str(action))
        placed.append(action)

    play_checking(planet, 8, check)
    assert len(placed) >= 16


@pytest.mark.parametrize("planet", ["K'Aax", "Tartarus"])
def test_greedy_rovers_never_step_onto_barred_squares_or_across_the_chasm(planet: str) -> None:
    steps = []

    def check(state: PlanetUnknownState, player: int, action: Any) -> None:
        if action.kind != "rove":
            return
        corp = state.corps[player]
        origin, destination = corp.rovers[int(action.args[0])], g.cell(int(action.args[1]), int(action.args[2]))
        assert not planets.rover_barred(corp) >> destination & 1, str(action)
        assert not planets.step_crosses_chasm(corp.planet, origin, destination), str(action)
        steps.append(action)

    play_checking(planet, 10, check)
    assert steps


def test_rover_distances_walk_around_toxic_terrain_and_stay_on_their_side_of_the_chasm() -> None:
    state = at_tiles(2, planet="Tartarus")
    tartarus = state.corps[0]
    west, east = tartarus.planet.west, tartarus.planet.squares & ~tartarus.planet.west
    target = next(g.cells_of(west))
    reach = plans.distances(tartarus, 1 << target)
    assert all(reach.get(i) is None for i in g.cells_of(east))  # no diagonal steps: the chasm parts the planet
    assert all(reach.get(i) is not None for i in g.cells_of(g.component(1 << target, west)))
    state = at_tiles(2, planet="K'Aax")
    kaax = state.corps[0]
    toxic = planets.rover_barred(kaax)
    assert toxic and not set(plans.distances(kaax, 1 << next(g.cells_of(kaax.planet.squares & ~toxic)))) & set(
        g.cells_of(toxic))
