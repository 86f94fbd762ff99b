"""Planet Unknown illegal input: every action kind tried where it is illegal.

Each refusal raises ``IllegalAction`` whose reason names the rule, and leaves ``state.to_dict()`` unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pu_helpers import (
    FIG,
    at_tiles,
    autoplay,
    event_game,
    fill_planet,
    game,
    offer_civ,
    paint,
    refresh,
    set_depot,
    set_track,
    tile_type,
    with_items,
)

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, TECH, WATER
from brassboard.games.planet_unknown.rules import FINAL, PlanetUnknownState

ALL_KINDS = {"turn", "place", "take", "gain", "energy", "synergy", "peek", "advance", "regress", "only", "patch",
             "store", "deploy", "rove", "teleport", "collect", "destroy", "clear", "meteorite", "remove", "discard",
             "drop", "keep", "done"}


def refused(state: PlanetUnknownState, player: int, notation: str, *words: str) -> str:
    """``notation`` by ``player`` is refused with a reason holding ``words``; the state is unchanged."""
    refresh(state)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, notation)
    assert state.to_dict() == before
    reason = caught.value.reason
    for word in words:
        assert word in reason, reason
    return reason


# ---- turn ---------------------------------------------------------------------------------------------------
def test_turn_outside_the_commanders_rotation() -> None:
    state = game(3)
    other = (state.commander + 1) % 3
    refused(state, other, "turn 1", "may not act now")
    state.apply(state.commander, "turn 0")
    refused(state, 0, "turn 1", "'turn' is not possible now", "first take and place a tile")


def test_turn_more_than_the_depots() -> None:
    state = game(3)
    refused(state, state.commander, "turn 6", "6 depots")


def test_turn_not_by_the_two_player_auto_rotation() -> None:
    state = game(2)
    refused(state, 0, "turn 1", "'turn' is not possible now")


# ---- place ---------------------------------------------------------------------------------------------------
def _placing() -> PlanetUnknownState:
    state = at_tiles()
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("I4", "tech", "biomass"))
    return state


def test_place_first_tile_off_the_edge() -> None:
    refused(_placing(), 0, "place inner 6 5 0", "first tile must touch the edge")


def test_place_not_touching_a_placed_tile() -> None:
    state = _placing()
    paint(state.corps[0], "civ", [(5, 0)])
    refused(state, 0, "place inner 6 5 0", "must touch a tile already placed", "tech level 1")


def test_place_overlapping() -> None:
    state = _placing()
    paint(state.corps[0], "civ", [(6, 5)])
    refused(state, 0, "place inner 6 5 0", "may not overlap")


def test_place_off_the_grid() -> None:
    refused(_placing(), 0, "place inner 0 0 0", "leave the planet")


def test_place_repeated_orientation_and_bad_words() -> None:
    state = _placing()
    refused(state, 0, "place inner 5 0 4", "repeats another")  # the domino's mirror is one of its turns
    refused(state, 0, "place middle 5 0 0", "place <inner|outer>")
    refused(state, 0, "place inner 5 0 9", "orientation (0-7)")


def test_place_from_an_empty_stack() -> None:
    state = at_tiles()
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), only=True)
    refused(state, 0, "place outer 5 0 0", "stack at your depot is empty")


def test_place_where_the_event_forbids() -> None:
    state = event_game(120)
    paint(state.corps[0], "civ", [(5, 4)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    refused(state, 0, "place inner 5 5 0", "event forbids")


def test_place_a_second_tile() -> None:
    state = _state_with(["gain", TECH])
    refused(state, 0, "place inner 5 0 0", "'place' is not possible now", "resolve first: gain")


# ---- take ----------------------------------------------------------------------------------------------------
def test_take_when_a_tile_fits_is_forced_play() -> None:
    refused(_placing(), 0, "take inner", "forced play")


def test_take_after_the_tile() -> None:
    state = _state_with()
    refused(state, 0, "take inner", "'take' is not possible now")


# ---- track choices --------------------------------------------------------------------------------------------
def test_gain_of_another_track() -> None:
    state = at_tiles()
    with_items(state, 0, ["gain", TECH])
    refused(state, 0, "gain civ", "not one of your open choices", "gain tech")
    refused(state, 0, "gain ore", "not a track")


def test_gain_with_nothing_open() -> None:
    refused(_state_with(), 0, "gain civ", "'gain' is not possible now")


def _state_with(*items: list[object]) -> PlanetUnknownState:
    state = at_tiles()
    with_items(state, 0, *[list(i) for i in items])
    return state


def test_energy_outside_its_choices() -> None:
    state = _state_with(["energy", [CIV, TECH]])
    refused(state, 0, "energy water", "energy advances the tile's other resource or a terrain touching")


def test_synergy_on_a_track_at_the_top() -> None:
    state = _state_with(["synergy"])
    set_track(state.corps[0], "civ", 15)
    refused(state, 0, "synergy civ", "at the top (15)")


def test_synergy_during_no_synergy_round() -> None:
    state = _state_with(["gain", WATER])
    refused(state, 0, "synergy civ", "'synergy' is not possible now")


def test_peek_with_no_event_left() -> None:
    state = _state_with(["synergy_or_peek"])
    refused(state, 0, "peek", "no event card left")
    refused(_state_with(), 0, "peek", "'peek' is not possible now")


def test_advance_a_tracker_twice_for_different_trackers() -> None:
    state = _state_with(["advance", [0, 1, 2, 3, 4], 2, 1, 1, 1])
    state.apply(0, "advance civ")
    refused(state, 0, "advance civ", "not one of your open choices")
    set_track(state.corps[0], "water", 15)
    refused(state, 0, "advance water", "at the top")


def test_advance_outside_an_events_pair() -> None:
    state = event_game(73)  # civ or tech
    refused(state, 0, "advance water", "not one of your open choices", "advance civ", "advance tech")


def test_regress_a_tracker_at_zero() -> None:
    state = _state_with(["regress", [CIV, TECH], 1])
    set_track(state.corps[0], "tech", 2)
    refused(state, 0, "regress civ", "at 0: it cannot regress")
    set_track(state.corps[0], "water", 2)
    refused(state, 0, "regress water", "not one of your open choices", "regress tech")


def test_only_a_resource_not_on_the_tile() -> None:
    state = _state_with(["only", TECH, [["gain", TECH]], BIOMASS, [["gain", BIOMASS]]])
    refused(state, 0, "only civ", "only one of this round's tile's two resources", "only tech")


# ---- patches --------------------------------------------------------------------------------------------------
def test_patch_not_touching_or_covered() -> None:
    state = _state_with(["patch"])
    paint(state.corps[0], "civ", [(6, 5)])
    refused(state, 0, "patch 2 5", "biomass patch goes on an uncovered square touching")
    refused(state, 0, "patch 6 5", "uncovered")
    refused(state, 0, "patch 0 0", "uncovered")


def test_store_without_tech_level_2() -> None:
    state = _state_with(["patch"])
    refused(state, 0, "store", "tech level 2")
    refused(_state_with(), 0, "store", "'store' is not possible now")


def test_store_at_the_games_end() -> None:
    state = _state_with(["patch"])
    set_track(state.corps[0], "tech", 5)
    state.phase = FINAL
    refused(state, 0, "store", "placed now, at the game's end")


# ---- rovers ---------------------------------------------------------------------------------------------------
def test_deploy_off_the_last_tile() -> None:
    state = _state_with(["deploy"])
    state.corps[0].last_tile = paint(state.corps[0], "civ", [(6, 5), (6, 6)])
    refused(state, 0, "deploy 6 7", "last tile you placed")
    refused(_state_with(), 0, "deploy 6 5", "'deploy' is not possible now")


def test_rove_rules() -> None:
    state = _state_with()
    corp = state.corps[0]
    corp.rovers = [g.cell(6, 5), g.cell(6, 6)]
    corp.movement = 2
    refused(state, 0, "rove 0 6 6", "may not enter another rover's square")
    refused(state, 0, "rove 0 7 6", "one square at a time, orthogonally")
    refused(state, 0, "rove 2 6 4", "write rove")
    corp.rovers = [g.cell(5, 0)]
    refused(state, 0, "rove 0 4 0", "stay on the planet")
    corp.movement = 0
    refused(state, 0, "rove 0 6 0", "'rove' is not possible now")


def test_rove_onto_forbidden_terrain() -> None:
    state = event_game(97)  # no water terrain
    corp = with_items(state, 0)
    paint(corp, "water", [(6, 4)])
    corp.rovers = [g.cell(6, 5)]
    corp.movement = 1
    refused(state, 0, "rove 0 6 4", "event forbids rovers")


def test_teleport_onto_another_rover() -> None:
    state = _state_with(["teleport"])
    state.corps[0].rovers = [g.cell(6, 5), g.cell(6, 6)]
    refused(state, 0, "teleport 0 6 6", "without another rover")
    refused(state, 0, "teleport 0 0 0", "without another rover")
    refused(_state_with(), 0, "teleport 0 6 4", "'teleport' is not possible now")


# ---- collect, destroy, clear, meteorite -------------------------------------------------------------------------
def test_collect_where_nothing_lies() -> None:
    state = _state_with(["collect", "lifepod"])
    refused(state, 0, "collect 6 6", "lifepod or meteorite lying on that square")
    state.corps[0].meteorites = g.bit(6, 5)
    refused(state, 0, "collect 6 5", "lying on that square")  # a meteorite, but the card collects lifepods


def test_destroy_where_nothing_lies() -> None:
    state = _state_with(["destroy", "meteorite"])
    state.corps[0].meteorites = g.bit(6, 5)
    refused(state, 0, "destroy 7 2", "nothing of that kind to destroy")  # a lifepod, not a meteorite
    refused(_state_with(), 0, "destroy 7 2", "'destroy' is not possible now")


def test_clear_a_line_without_meteorites() -> None:
    state = _state_with(["clear"])
    state.corps[0].meteorites = g.bit(6, 5)
    refused(state, 0, "clear row 4", "clears a row or column holding meteorites", "clear row 5")
    refused(state, 0, "clear diagonal 5", "clear row 5", "clear column 6")


def test_meteorite_off_an_empty_meteor_symbol() -> None:
    state = _state_with(["add_meteorite"])
    corp = state.corps[0]
    corp.meteor_symbols = g.mask_of([(6, 5), (7, 5)])
    corp.meteorites = g.bit(6, 5)
    refused(state, 0, "meteorite 6 5", "empty meteor symbol")
    refused(state, 0, "meteorite 8 5", "empty meteor symbol")


# ---- station, objectives, civ cards -----------------------------------------------------------------------------
def test_remove_never_empties_a_depot() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.stacks[1][(state.rotation + 1) % 6] = state.stacks[1][(state.rotation + 1) % 6][:1]

    state = event_game(116, players=1, setup=setup)
    ring, stack = state.depot_stack(0, "outer")
    assert len(state.stacks[ring][stack]) == 1
    refused(state, 0, "remove sideways", "never empties a whole depot", "remove inner")


def test_remove_when_no_event_asks() -> None:
    refused(_state_with(), 0, "remove inner", "'remove' is not possible now")


def test_discard_an_objective_not_held() -> None:
    state = event_game(110, players=1)
    missing = next(c for c in FIG.objectives if c not in state.corps[0].objectives)
    refused(state, 0, f"discard {missing}", "no such objective")


def test_drop_a_slot_not_dealt() -> None:
    state = game(1)
    refused(state, 0, "drop 5", "slot from 1 to 4")
    refused(state, 0, "done", "'done' is not possible now")


def test_drop_outside_the_deal() -> None:
    refused(_state_with(), 0, "drop 1", "'drop' is not possible now")


def test_keep_a_slot_not_offered() -> None:
    state = at_tiles()
    offer_civ(state, 0, 6)
    refused(state, 0, "keep 2", "slot from 1 to 1")
    refused(state, 0, "done", "'done' is not possible now", "choose the civ card")


def test_keep_outside_a_claim() -> None:
    refused(_state_with(), 0, "keep 1", "'keep' is not possible now")


# ---- done, unknown actions, inactive players, game over --------------------------------------------------------
def test_done_with_open_items() -> None:
    state = _state_with(["gain", TECH])
    refused(state, 0, "done", "'done' is not possible now", "resolve first: gain")


def test_done_before_the_tile() -> None:
    refused(at_tiles(), 0, "done", "first take and place a tile")


def test_unknown_action_and_unreadable_input() -> None:
    refused(at_tiles(), 0, "fly 1 2", "no action 'fly'")
    state = at_tiles()
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="cannot read"):
        state.apply(0, ("place", True))  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_actions_after_the_game_is_over() -> None:
    state = at_tiles()
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), only=True)
    autoplay(state, lambda s: False)
    assert state.is_over()
    refused(state, 0, "done", "game is over")


def test_player_not_active() -> None:
    state = _state_with()
    state.corps[1].finished = True
    refused(state, 1, "done", "may not act now")


def test_no_placement_take_is_the_only_way() -> None:
    state = at_tiles()
    fill_planet(state.corps[0], except_=[(6, 5)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("I4", "tech", "biomass"))
    refused(state, 0, "place inner 6 5 0", "neither tile at your depot fits", "take one instead")
    refused(state, 0, "done", "first take and place a tile")


def test_every_action_kind_is_tried_above() -> None:
    """Every action kind has a refusal in this module (read from the source, so it holds under xdist too)."""
    source = Path(__file__).read_text(encoding="utf-8")
    tried = set(re.findall(r'refused\([^,]+, [^,]+, f?"(\w+)', source))
    assert tried >= ALL_KINDS, ALL_KINDS - tried
