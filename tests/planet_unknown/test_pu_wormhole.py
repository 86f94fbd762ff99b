"""Wormhole Corp (module Asymmetric Corporations, reference §4.8): the branching biomass track level by level, the
biomass-area rule for tiles, and each tech ability; figures worked by hand from the reference's tables."""

from __future__ import annotations

import pytest
from pu_helpers import actions, at_tiles, corporation_at_tiles, paint, refresh, set_depot, tile_type, with_items
from pu_invariants import random_corporation_games

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ENERGY, ROVER, TECH, WATER, figures
from brassboard.games.planet_unknown.rules import Corp, PlanetUnknownState
from brassboard.games.planet_unknown.scoring import neighbor_measure
from brassboard.games.planet_unknown.wormhole import level_of

FIG = figures()
WORMHOLE = FIG.corporations["Wormhole Corp"]


def wormhole(*levels: int) -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Wormhole Corp", *levels)


def test_the_biomass_medals_count_once_the_tracker_is_above_each_separator() -> None:
    # reference §4.8: level 1 (2, 3) scores 0, level 2 (5, 6) 1, level 3 (8, 9) 2, level 4 (11, 12) 3, level 5 5
    assert list(WORMHOLE.medal_at[BIOMASS]) == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 5, 5, 5]
    assert WORMHOLE.rovers == 2


def test_each_advance_climbs_one_level_and_the_player_picks_one_of_its_two_positions() -> None:
    state, corp = wormhole()
    with_items(state, 0, ["gain", BIOMASS])
    state.apply(0, "gain biomass")
    assert corp.tracks[BIOMASS] == 0 and corp.pending == [["branch", 1]]
    assert {str(a) for a in state.legal_actions(0) if a.kind == "branch"} == {"branch 2", "branch 3"}
    with pytest.raises(IllegalAction, match="two positions of the next level"):
        state.apply(0, "branch 5")
    state.apply(0, "branch 3")  # the patch, not the synergy
    assert corp.tracks[BIOMASS] == 3 and corp.pending == [["patch"]]
    assert state.score_of(0).breakdown["tracks"] == 0
    corp.pending = [["gain", BIOMASS]]
    refresh(state)
    state.apply(0, "gain biomass")
    state.apply(0, "branch 5")  # +1 civ: the civ tracker one step
    assert corp.tracks[BIOMASS] == 5 and corp.tracks[CIV] == 1
    assert state.score_of(0).breakdown["tracks"] == 1  # the separator's medal below level 2


def test_the_plus_one_branches_advance_their_trackers_with_benefits() -> None:
    state, corp = wormhole()
    corp.tracks = [0, 1, 6, 0, 2]
    with_items(state, 0, ["gain", BIOMASS], ["gain", BIOMASS])
    state.apply(0, "gain biomass")
    state.apply(0, "branch 8")  # +1 water: 1 -> 2
    assert corp.tracks[WATER] == 2
    state.apply(0, "gain biomass")
    state.apply(0, "branch 11")  # +1 tech: 2 -> 3, the first tech milestone
    assert corp.tracks[TECH] == 3 and corp.level(1)
    corp.tracks[BIOMASS] = 12
    corp.tracks[ROVER] = 0
    corp.last_tile = g.mask_of([(7, 6)])  # the rover goes onto the last tile placed
    corp.pending = [["gain", BIOMASS]]
    refresh(state)
    state.apply(0, "gain biomass")
    state.apply(0, "branch 14")  # +1 rover: 0 -> 1, a rover to deploy
    assert corp.tracks[ROVER] == 1 and ["deploy"] in corp.pending
    assert state.score_of(0).breakdown["tracks"] == 5 + 1  # biomass 5 (level 5), water 1 (at 2), the rest 0


def test_level_5_is_the_top_and_a_regress_goes_down_one_level() -> None:
    state, corp = wormhole()
    corp.tracks[BIOMASS] = 14
    with_items(state, 0, ["synergy"])
    assert "synergy biomass" not in actions(state)
    assert neighbor_measure(corp, {"kind": "most_tracks_at_max"}) == 1  # either level-5 position is the top
    corp.tracks[BIOMASS] = 9
    state._regress(0, corp, BIOMASS)
    assert corp.tracks[BIOMASS] == 5
    corp.tracks[BIOMASS] = 3
    state._regress(0, corp, BIOMASS)
    assert corp.tracks[BIOMASS] == 0
    state._regress(0, corp, BIOMASS)
    assert corp.tracks[BIOMASS] == 0


def test_a_tile_advances_biomass_only_if_it_starts_no_new_biomass_area() -> None:
    state, corp = wormhole()
    first = paint(corp, "biomass", [(6, 6), (7, 6)])
    assert state._tile_gains(corp, BIOMASS, first, CIV) == []  # the first biomass tile starts an area
    extending = paint(corp, "biomass", [(8, 6)])
    assert state._tile_gains(corp, BIOMASS, extending, CIV) == [["gain", BIOMASS]]
    apart = paint(corp, "biomass", [(2, 5)])
    assert state._tile_gains(corp, BIOMASS, apart, CIV) == []  # a second, separate area
    joining = paint(corp, "biomass", [(3, 5), (4, 5), (5, 5), (5, 6)])
    assert state._tile_gains(corp, BIOMASS, joining, CIV) == [["gain", BIOMASS]]  # two areas become one
    state = at_tiles(2)
    corp = state.corps[0]
    plain = paint(corp, "biomass", [(6, 6)])
    assert state._tile_gains(corp, BIOMASS, plain, CIV) == [["gain", BIOMASS]]  # other corporations: always


def test_a_placed_first_biomass_tile_brings_its_other_resource_only() -> None:
    state = at_tiles(2, corporation="Wormhole Corp")
    corp = state.corps[0]
    tile = tile_type("D2", "biomass", "civ")
    set_depot(state, 0, tile, tile)
    state.apply(0, "place inner 5 0 0")
    assert corp.pending == [["gain", CIV]]


def test_energy_may_still_choose_biomass() -> None:
    state, corp = wormhole()
    paint(corp, "biomass", [(8, 6)])
    part = paint(corp, "energy", [(6, 6), (7, 6)])
    gains = state._tile_gains(corp, ENERGY, part, CIV)
    assert gains == [["energy", [CIV, BIOMASS]]]


def test_tech_1_the_top_tracker_may_reset_and_an_advance_wraps_to_level_1() -> None:
    state, corp = wormhole()
    corp.tracks[BIOMASS] = 15
    refresh(state)
    assert "biomass_reset" not in actions(state)
    state, corp = wormhole(1)
    corp.tracks[BIOMASS] = 15
    with_items(state, 0, ["gain", BIOMASS])
    state.apply(0, "gain biomass")
    assert {str(a) for a in state.legal_actions(0) if a.kind == "branch"} == {"branch 2", "branch 3"}
    state.apply(0, "branch 2")
    assert corp.tracks[BIOMASS] == 2 and ["synergy"] in corp.pending
    corp.tracks[BIOMASS] = 14
    corp.pending = []
    refresh(state)
    state.apply(0, "biomass_reset")
    assert corp.tracks[BIOMASS] == 0 and state.score_of(0).breakdown["tracks"] == 0


def test_tech_2_a_patch_may_cover_a_tile_but_not_its_meteorite_and_tech_5_destroys_one() -> None:
    state, corp = wormhole()
    paint(corp, "civ", [(7, 6), (8, 6)], icons=[(7, 6)])
    corp.meteorites = g.bit(8, 6)
    with_items(state, 0, ["patch"])
    assert "patch 7 6" not in actions(state)
    state, corp = wormhole(2)
    paint(corp, "civ", [(7, 6), (8, 6)], icons=[(7, 6)])
    corp.meteorites = g.bit(8, 6)
    with_items(state, 0, ["patch"])
    assert "patch 7 6" in actions(state) and "patch 8 6" not in actions(state)
    state.apply(0, "patch 7 6")
    b = g.bit(7, 6)
    assert corp.terrain[BIOMASS] & b and not corp.terrain[CIV] & b and not corp.icons[CIV] & b
    assert corp.patches & b and corp.occupied & b
    state, corp = wormhole(2, 5)
    paint(corp, "civ", [(7, 6), (8, 6)])
    corp.meteorites = g.bit(8, 6)
    with_items(state, 0, ["patch"])
    events = state.apply(0, "patch 8 6")
    assert corp.meteorites == 0 and corp.meteorites_destroyed == 1
    assert any(e["type"] == "destroy" and e["what"] == "meteorite" for e in events)


def test_tech_3_a_patch_becomes_two_once_a_round() -> None:
    state, corp = wormhole(3)
    paint(corp, "civ", [(7, 6)])
    with_items(state, 0, ["patch"])
    state.apply(0, "patch_twice")
    assert corp.pending == [["patch"], ["patch"]]
    assert "patch_twice" not in actions(state)
    state._start_round()
    assert "wormhole_patch_twice" not in corp.used


def test_tech_4_patches_may_be_stored_for_the_end() -> None:
    state, corp = wormhole()
    paint(corp, "civ", [(7, 6)])
    with_items(state, 0, ["patch"])
    assert "store" not in actions(state)
    state, corp = wormhole(4)
    paint(corp, "civ", [(7, 6)])
    with_items(state, 0, ["patch"])
    state.apply(0, "store")
    assert corp.stored_patches == 1


def test_text_render_shows_the_branching_track() -> None:
    state, corp = wormhole()
    corp.tracks[BIOMASS] = 5
    text = state.render_text(0)
    assert ("biomass . | SYN/PATCH | [+1civ]/PATCH (1m) | +1water/PATCH (2m) | +1tech/PATCH (3m) | "
            "+1rover/PATCH (5m)") in text


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_wormhole_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Wormhole Corp", players, 170)


def test_asymmetric_corporations_deal_wormhole_corp_too() -> None:
    from brassboard.games.planet_unknown.setup import SPECIAL_CORPORATIONS

    assert "Wormhole Corp" in SPECIAL_CORPORATIONS
    dealt = {PlanetUnknownState(6, {"corporations": "asymmetric"}, seed).corps[p].dealt[1]
             for seed in range(6) for p in range(6)}
    assert dealt == set(SPECIAL_CORPORATIONS)


def test_unionization_raises_the_branching_biomass_a_level_at_a_time_with_choices() -> None:
    card = next(c for c in FIG.civ_cards.values() if c["kind"] == "raise_to")  # to position 5
    state, corp = wormhole()
    corp.tracks = [2, 2, 0, 2, 2]
    state._card_effect(0, corp, card)
    corp.pending = [item for item in corp.pending if item[0] == "branch"]  # (civ 3 and tech 3 are milestones)
    assert corp.tracks[CIV] == 5 and corp.pending == [["branch", 0], ["branch", 0]]  # level 0 -> 2 (5 or 6)
    refresh(state)
    state.apply(0, "branch 2")
    assert corp.pending == [["branch", 0]]  # no synergy from the raise
    state.apply(0, "branch 6")
    assert corp.tracks[BIOMASS] == 6 and corp.pending == [["patch"]]


def test_the_browser_figures_carry_each_level_of_the_branching_track_from_the_rules() -> None:
    from brassboard.games.planet_unknown.view import static_figures

    corporations = static_figures()["corporations"]
    levels = corporations["Wormhole Corp"]["branch_levels"]
    assert levels == [[0], [2, 3], [5, 6], [8, 9], [11, 12], [14, 15]]
    assert all(level_of(position) == level for level, positions in enumerate(levels) for position in positions)
    assert corporations["Makeshift"]["branch_levels"] == []
