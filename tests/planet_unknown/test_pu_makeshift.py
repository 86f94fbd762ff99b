"""Makeshift (module Asymmetric Corporations, reference §4.5): trackers climbing between columns, claiming any
benefit, scoring the column they stand in, the tech level from the tech column, and each tech ability; figures
worked by hand from the reference's table."""

from __future__ import annotations

import pytest
from pu_helpers import corporation_at_tiles, refresh, with_items
from pu_invariants import random_corporation_games

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import corporations
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ROVER, TECH, WATER, figures
from brassboard.games.planet_unknown.rules import Corp, PlanetUnknownState

FIG = figures()
MAKESHIFT = FIG.corporations["Makeshift"]


def makeshift(*levels: int) -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Makeshift", *levels)


def put(corp: Corp, t: int, column: int, height: int) -> None:
    corp.columns[t], corp.tracks[t] = column, height


def climbs(state: PlanetUnknownState) -> set[str]:
    return {str(a) for a in state.legal_actions(0) if a.kind == "climb"}


def test_makeshift_water_column_scores_1_to_5_and_the_rover_column_swaps_synergy_and_medal() -> None:
    assert list(MAKESHIFT.medal_at[WATER]) == [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5]
    assert [p for p, at in enumerate(MAKESHIFT.benefits[WATER]) if ("synergy", 0) in at] == [3, 6, 8, 12]
    assert ("synergy", 0) in MAKESHIFT.benefits[ROVER][8] and ("medal", 1) in MAKESHIFT.benefits[ROVER][10]
    assert MAKESHIFT.rovers == 2


def test_an_advance_climbs_straight_or_diagonally_and_claims_what_it_lands_on() -> None:
    state, corp = makeshift()
    corp.tracks = [2, 0, 0, 0, 0]
    with_items(state, 0, ["gain", CIV])
    state.apply(0, "gain civ")
    assert climbs(state) == {"climb civ civ 3", "climb civ water 3"}  # no column left of civ
    state.apply(0, "climb civ water 3")
    assert (corp.columns[CIV], corp.tracks[CIV]) == (WATER, 3) and corp.pending == [["synergy"]]
    assert corporations.track_medal(corp, CIV) == 1  # the water column's medal below 3


def test_any_tracker_claims_a_civ_milestone_of_the_civ_column_with_its_rank() -> None:
    state, corp = makeshift()
    put(corp, WATER, WATER, 5)
    put(corp, CIV, CIV, 1)
    with_items(state, 0, ["gain", WATER])
    state.apply(0, "gain water")
    assert "climb water civ 6" in climbs(state)
    state.apply(0, "climb water civ 6")
    assert corp.pending == [["civ", 2]]  # the second civ milestone of the column: rank 2


def test_no_tracker_climbs_onto_another_and_a_regress_needs_the_cell_below_free() -> None:
    state, corp = makeshift()
    put(corp, CIV, WATER, 3)
    put(corp, WATER, WATER, 2)
    with_items(state, 0, ["gain", WATER])
    state.apply(0, "gain water")
    assert climbs(state) == {"climb water civ 3", "climb water biomass 3"}
    with pytest.raises(IllegalAction, match="onto a free cell"):
        state.apply(0, "climb water water 3")
    state._regress(0, corp, CIV)  # water's tracker stands below it
    assert corp.tracks[CIV] == 3
    state._regress(0, corp, WATER)
    assert corp.tracks[WATER] == 1


def test_the_tech_level_counts_milestones_below_the_highest_tracker_in_the_tech_column() -> None:
    state, corp = makeshift()
    put(corp, TECH, TECH, 2)
    with_items(state, 0, ["gain", TECH], ["gain", TECH])
    state.apply(0, "gain tech")
    state.apply(0, "climb tech tech 3")
    assert corp.level(1) and not corp.level(2)
    state.apply(0, "gain tech")
    state.apply(0, "climb tech rover 4")  # no tracker left in the tech column: every tech locked
    assert corp.tech == 0
    put(corp, ROVER, ROVER, 4)
    corp.rovers = [g.cell(7, 7)]
    with_items(state, 0, ["gain", ROVER])
    state.apply(0, "gain rover")
    state.apply(0, "climb rover tech 5")  # the rover tracker in the tech column at 5: levels 1 and 2
    assert corp.level(1) and corp.level(2) and not corp.level(3)


def test_past_the_rover_columns_top_a_tracker_stays_on_15_and_gains_3_movement() -> None:
    state, corp = makeshift()
    put(corp, ROVER, ROVER, 15)
    corp.rovers = [g.cell(7, 7)]
    with_items(state, 0, ["gain", ROVER])
    state.apply(0, "gain rover")
    assert climbs(state) == {"climb rover rover 16"}
    state.apply(0, "climb rover rover 16")
    assert corp.tracks[ROVER] == 15 and corp.movement == 3


def test_tech_1_civ_and_tech_columns_are_neighbours() -> None:
    state, corp = makeshift(1)
    corp.tracks = [2, 0, 0, 0, 0]
    with_items(state, 0, ["gain", CIV])
    state.apply(0, "gain civ")
    assert climbs(state) == {"climb civ civ 3", "climb civ water 3", "climb civ tech 3"}


def test_tech_2_one_more_movement_while_two_trackers_stand_in_the_rover_column() -> None:
    state, corp = makeshift(1, 2)
    state._gain_movement(corp, 2, True)
    assert corp.movement == 2
    put(corp, TECH, ROVER, 6)
    state._gain_movement(corp, 2, True)
    assert corp.movement == 2 + 3


def test_tech_3_a_tracker_may_shift_sideways_and_claims_the_new_cell() -> None:
    state, corp = makeshift(1, 2, 3)
    put(corp, WATER, WATER, 3)
    with_items(state, 0, ["gain", WATER])
    state.apply(0, "gain water")
    assert {"climb water civ 3", "climb water biomass 3"} <= climbs(state)
    state.apply(0, "climb water biomass 3")
    assert (corp.columns[WATER], corp.tracks[WATER]) == (BIOMASS, 3) and corp.pending == [["patch"]]


def test_tech_4_regresses_any_tracker_once_a_round() -> None:
    state, corp = makeshift(1, 2, 3, 4)
    corp.tracks = [4, 0, 2, 0, 7]
    refresh(state)
    state.apply(0, "makeshift_regress")
    assert {str(a) for a in state.legal_actions(0) if a.kind == "regress"} == {
        "regress civ", "regress biomass", "regress tech"}
    state.apply(0, "regress civ")
    assert corp.tracks[CIV] == 3 and "makeshift_regress" not in {a.kind for a in state.legal_actions(0)}


def test_tech_5_every_tracker_scores_as_its_columns_highest() -> None:
    _, corp = makeshift()
    put(corp, CIV, CIV, 3)
    put(corp, WATER, CIV, 9)
    assert corporations.track_medal(corp, CIV) + corporations.track_medal(corp, WATER) == 1 + 3
    corp.tech |= 1 << 5
    assert corporations.track_medal(corp, CIV) + corporations.track_medal(corp, WATER) == 3 + 3


def test_unionization_climbs_a_step_at_a_time_with_choices() -> None:
    card = next(c for c in FIG.civ_cards.values() if c["kind"] == "raise_to")  # to position 5
    state, corp = makeshift()
    corp.tracks = [5, 5, 5, 5, 3]
    state._card_effect(0, corp, card)
    assert corp.pending == [["climb", TECH, 0], ["climb", TECH, 0]]


def test_text_render_marks_each_tracker_in_its_column() -> None:
    state, corp = makeshift()
    put(corp, CIV, WATER, 3)
    text = state.render_text(0)
    assert "    water   [W:.] . 1m [C:SYN] 2m" in text


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_makeshift_games_keep_the_invariants(players: int) -> None:
    for state in random_corporation_games("Makeshift", players, 190):
        for corp in state.corps:
            cells = {(c, h) for c, h in zip(corp.columns, corp.tracks, strict=True)}
            assert len(cells) == 5  # never two trackers on one cell


def test_asymmetric_corporations_deal_all_eight() -> None:
    from brassboard.games.planet_unknown.setup import SPECIAL_CORPORATIONS

    assert len(SPECIAL_CORPORATIONS) == 8 and set(SPECIAL_CORPORATIONS) == set(FIG.corporations) - {
        "Universal Coalition"}
    dealt = {PlanetUnknownState(6, {"corporations": "asymmetric"}, seed).corps[p].dealt[1]
             for seed in range(8) for p in range(6)}
    assert dealt == set(SPECIAL_CORPORATIONS)


def test_greedy_keeps_a_tracker_in_the_tech_column_rather_than_lock_its_techs() -> None:
    from brassboard.bots import make_bot

    state, corp = makeshift()
    put(corp, TECH, TECH, 5)  # levels 1 and 2; rover column at 6 holds a rover milestone (worth 2)
    corp.tech = 0b110
    with_items(state, 0, ["gain", TECH])
    state.apply(0, "gain tech")
    choice = str(make_bot("greedy", "planet_unknown", 1).choose(state, 0))
    assert choice == "climb tech tech 6"  # the medal at 6 and both levels kept, not the rover's milestone


def test_an_advance_without_benefits_that_finds_no_cell_above_is_said_as_no_step() -> None:
    """With tech 3 a tracker at the top may still step sideways, so an event's "advance without benefits" is offered
    for it; that advance only climbs, finds nothing above, and logged "Civ to 15 (no benefits)" as if it had moved.
    It says no step; one that climbs still says where to."""
    state, corp = makeshift(1, 2, 3)
    put(corp, CIV, CIV, 15)
    put(corp, WATER, WATER, 13)
    with_items(state, 0, ["advance", [CIV], 1, 3, 0, 0])
    events = state.apply(0, "advance civ")
    assert (corp.columns[CIV], corp.tracks[CIV]) == (CIV, 15)
    assert [(e["type"], e["track"], e["position"]) for e in events if e["type"] in ("advance", "no_step")] == [
        ("no_step", "civ", 15)]
    with_items(state, 0, ["advance", [WATER], 1, 3, 0, 0])
    events = state.apply(0, "advance water")
    assert [(e["type"], e["position"], e.get("benefits")) for e in events if e["type"] == "advance"] == [
        ("advance", 15, False)]
    # beside the rover column, the column's overflow past the top is no cell to climb to: the tracker stays put
    # (it slid into the rover column at 15, and the log said it had not moved)
    put(corp, BIOMASS, BIOMASS, 15)
    put(corp, ROVER, ROVER, 4)
    with_items(state, 0, ["advance", [BIOMASS], 1, 1, 0, 0])
    events = state.apply(0, "advance biomass")
    assert (corp.columns[BIOMASS], corp.tracks[BIOMASS]) == (BIOMASS, 15)
    assert [e["type"] for e in events if e["type"] in ("advance", "no_step")] == ["no_step"]
