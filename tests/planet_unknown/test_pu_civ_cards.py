"""Planet Unknown civ cards 1-36: each card shows its effect (reference §5.6, §6)."""

from __future__ import annotations

import pytest
from pu_helpers import (
    FIG,
    LIFEPODS,
    PLANET,
    at_tiles,
    event_game,
    fill_planet,
    legal,
    offer_civ,
    paint,
    place,
    resolve_all,
    set_depot,
    set_track,
    tile_type,
)

from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ROVER, TECH, TRACKS, WATER
from brassboard.games.planet_unknown.rules import CLAIM, FINAL, TILES, PlanetUnknownState

ADVANCE_DIFFERENT = {1: 2, 10: 3, 11: 2, 19: 3}
BIOMASS_CARDS = {3: 1, 12: 2, 26: 3}
MEDAL_CARDS = {6: 1, 7: 2, 8: 1, 9: 2, 15: 2, 20: 3, 27: 4}
COLLECT_CARDS = {13: 2, 18: 3}
REPO = [29, 30, 31, 32]
COMMERCE = [33, 34, 35, 36]
OTHERS = {2, 4, 5, 14, 16, 17, 21, 22, 23, 24, 25, 28}


def test_every_civ_card_has_a_test_below() -> None:
    covered = set(ADVANCE_DIFFERENT) | set(BIOMASS_CARDS) | set(MEDAL_CARDS) | set(COLLECT_CARDS) | set(REPO)
    covered |= set(COMMERCE) | OTHERS
    assert covered == set(FIG.civ_cards) == set(range(1, 37))


def _end_game(state: PlanetUnknownState) -> None:
    """Play out the current tiles phase as the last round: the final phase follows."""
    state.last_round = True
    for corp in state.corps:
        corp.took_tile = True
    state._legal = {}
    for p in range(state.num_players):
        if state.phase == TILES:
            resolve_all(state, p)


# ---- immediate cards ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "count"), sorted(ADVANCE_DIFFERENT.items()))
def test_advance_different_trackers(card: int, count: int) -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, card)
    state.apply(0, "keep 1")
    chosen = []
    for track in ("water", "tech", "rover")[:count]:
        assert f"advance {track}" in legal(state, 0)
        for done in chosen:
            assert f"advance {done}" not in legal(state, 0)  # different trackers
        state.apply(0, f"advance {track}")
        chosen.append(track)
    assert not [a for a in legal(state, 0) if a.startswith("advance")]
    assert corp.tracks == [0, 1, 0, int(count == 3), 1]


def test_dept_of_operations_advances_one_tracker_twice_with_benefits() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 2)
    set_track(corp, "tech", 1)
    state.apply(0, "keep 1")
    state.apply(0, "advance tech")
    assert corp.tracks[TECH] == 3 and corp.level(1)  # tech 3 unlocks level 1
    assert ["synergy"] in corp.pending  # tech 2 is a synergy boost


@pytest.mark.parametrize(("card", "count"), sorted(BIOMASS_CARDS.items()))
def test_biomass_patch_cards(card: int, count: int) -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, card)
    paint(corp, "civ", [(6, 5)])
    state.apply(0, "keep 1")
    assert corp.pending == [["patch"]] * count
    for x, y in [(6, 6), (6, 7), (6, 8)][:count]:
        state.apply(0, f"patch {x} {y}")
    assert corp.patches.bit_count() == count


def test_dept_of_engineering_gains_four_rover_movement() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 4)
    corp.rovers = [g.cell(6, 5)]
    state.apply(0, "keep 1")
    assert corp.movement == 4 and "done" in legal(state, 0)
    state.apply(0, "rove 0 6 6")
    state.apply(0, "done")
    assert corp.movement == 0 and state.phase == TILES


def test_dept_of_engineering_with_tech_level_3_gains_five() -> None:
    """Decision: tech level 3 adds its +1 to every gain of movement (rulebook), not only the rover track's (BGA)."""
    state = at_tiles()
    corp = offer_civ(state, 0, 4)
    corp.rovers = [g.cell(6, 5)]
    set_track(corp, "tech", 7)
    state.apply(0, "keep 1")
    assert corp.movement == 5


def test_dept_of_engineering_without_a_rover_is_lost() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 4)
    state.apply(0, "keep 1")
    assert corp.movement == 0 and state.phase == TILES


def test_salvage_yard_places_a_depot_tile_without_advancing() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 5)
    paint(corp, "civ", [(6, 5)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    state.apply(0, "keep 1")
    assert {a.split()[0] for a in legal(state, 0)} == {"place"}
    pl = place(state, 0, "inner")
    assert corp.occupied & pl.mask == pl.mask and corp.tracks == [0] * 5 and corp.pending == []
    assert state.phase == TILES


def test_depot_repair_online_places_a_depot_tile_with_advancing() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 16)
    paint(corp, "civ", [(6, 5)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    state.apply(0, "keep 1")
    place(state, 0, "inner")
    assert sorted(legal(state, 0)) == ["gain biomass", "gain tech"]
    state.apply(0, "gain tech")
    state.apply(0, "gain biomass")
    assert corp.tracks[TECH] == 1 and corp.tracks[BIOMASS] == 1


def test_salvage_yard_with_no_fitting_tile_does_nothing() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 5)
    fill_planet(corp, except_=[(5, 5)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("I4", "tech", "biomass"))
    state.apply(0, "keep 1")
    assert corp.pending == [] and state.phase == TILES


@pytest.mark.parametrize(("card", "count"), sorted(COLLECT_CARDS.items()))
def test_collect_lifepods_without_a_rover(card: int, count: int) -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, card)
    state.apply(0, "keep 1")
    assert sorted(a for a in legal(state, 0)) == sorted(f"collect {x} {y}" for x, y in LIFEPODS)
    for x, y in LIFEPODS[:count]:
        state.apply(0, f"collect {x} {y}")
    assert corp.lifepods_collected == count and corp.lifepods.bit_count() == 6 - count
    assert state.phase == TILES


def test_collect_lifepods_does_what_it_can() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 18)
    corp.lifepods = g.bit(*LIFEPODS[0])
    state.apply(0, "keep 1")
    state.apply(0, "collect 7 2")
    assert corp.lifepods_collected == 1 and state.phase == TILES


def test_relocation_bonus_teleports_a_rover_anywhere_and_collects() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 14)
    corp.rovers = [g.cell(6, 5), g.cell(6, 6)]
    state.apply(0, "keep 1")
    targets = {tuple(a.args[1:]) for a in state.legal_actions(0) if a.args[0] == 0}
    assert targets == {g.xy(i) for i in g.cells_of(PLANET.squares)} - {(6, 5), (6, 6)}
    state.apply(0, "teleport 0 10 4")  # a lifepod square, far away and on bare planet
    assert corp.rovers == [g.cell(10, 4), g.cell(6, 6)] and corp.lifepods_collected == 1


def test_relocation_bonus_without_a_rover_does_nothing() -> None:
    state = at_tiles()
    offer_civ(state, 0, 14)
    state.apply(0, "keep 1")
    assert state.phase == TILES


def test_landing_zone_destroys_every_meteorite_in_a_row_or_column() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 17)
    corp.meteorites = g.mask_of([(6, 5), (8, 5), (6, 7)])
    state.apply(0, "keep 1")
    assert sorted(legal(state, 0)) == ["clear column 6", "clear column 8", "clear row 5", "clear row 7"]
    state.apply(0, "clear row 5")
    assert corp.meteorites == g.bit(6, 7) and corp.meteorites_destroyed == 2 and corp.meteorites_collected == 0


def test_landing_zone_column() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 17)
    corp.meteorites = g.mask_of([(6, 5), (8, 5), (6, 7)])
    state.apply(0, "keep 1")
    state.apply(0, "clear column 6")
    assert corp.meteorites == g.bit(8, 5) and corp.meteorites_destroyed == 2


def test_meteor_defense_destroys_three_meteorites() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 25)
    corp.meteorites = g.mask_of([(6, 5), (8, 5), (6, 7), (2, 5)])
    state.apply(0, "keep 1")
    for x, y in ((6, 5), (8, 5), (2, 5)):
        state.apply(0, f"destroy {x} {y}")
    assert corp.meteorites == g.bit(6, 7) and corp.meteorites_destroyed == 3 and corp.meteorites_collected == 0
    assert state.phase == TILES


def test_meteor_defense_with_fewer_meteorites() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 25)
    corp.meteorites = g.bit(6, 5)
    state.apply(0, "keep 1")
    state.apply(0, "destroy 6 5")
    assert corp.meteorites == 0 and state.phase == TILES


def test_unionization_raises_trackers_below_5_with_milestones_but_no_synergy() -> None:
    state = at_tiles()
    state.civ_piles[0] = []  # the rank-1 pile is empty: civ 3 brings nothing here
    corp = offer_civ(state, 0, 21)
    set_track(corp, "civ", 2)
    set_track(corp, "tech", 6)
    corp.last_tile = paint(corp, "civ", [(6, 5), (6, 6)])
    state.apply(0, "keep 1")
    assert corp.tracks == [5, 5, 5, 5, 6]
    assert ["synergy"] not in corp.pending  # water 3 and biomass 2 are synergy boosts: not claimed
    assert sorted(i[0] for i in corp.pending) == ["deploy", "patch"]  # rover 1, biomass 3
    assert corp.movement == 1 + 1 + 2 + 2  # rover positions 2-5
    state.apply(0, "deploy 6 5")
    state.apply(0, "rove 0 6 4")
    assert corp.movement == 5


def test_unionization_unlocks_tech_levels_and_claims_civ_milestone() -> None:
    state = at_tiles()
    state.civ_piles[0] = [6]
    corp = offer_civ(state, 0, 21)
    state.apply(0, "keep 1")
    assert corp.level(1) and corp.level(2) and not corp.level(3)
    assert state.phase == CLAIM and corp.offer == [6]  # civ 3 reached during the claim: claimed at once


# ---- end-game cards -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "medals"), sorted(MEDAL_CARDS.items()))
def test_medal_cards_score_at_game_end(card: int, medals: int) -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, card)
    state.apply(0, "keep 1")
    assert corp.civ == [card] and corp.pending == []
    assert state.score_of(0).breakdown["civ_cards"] == medals


@pytest.mark.parametrize(("card", "medals"), [(23, 2), (24, 3)])
def test_gaming_commission_and_planet_lottery_advance_a_tracker_at_game_end(card: int, medals: int) -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, card)
    state.apply(0, "keep 1")
    assert corp.pending == []  # nothing before the game's end
    _end_game(state)
    assert state.phase == FINAL and state.active_players() == [0]
    assert sorted(legal(state, 0)) == sorted(f"advance {t}" for t in TRACKS)
    state.apply(0, "advance water")
    assert state.is_over() and corp.tracks[WATER] == 1
    assert state.score_of(0).breakdown["civ_cards"] == medals


def test_game_end_advance_claims_a_civ_milestone_too() -> None:
    state = at_tiles()
    corp = state.corps[0]
    corp.civ = [24]
    set_track(corp, "civ", 13)
    state.civ_piles[3] = [27]
    _end_game(state)
    state.apply(0, "advance civ")  # civ 14: rank 4
    assert state.phase == CLAIM and corp.offer == [27]
    state.apply(0, "keep 1")
    assert state.is_over() and state.score_of(0).breakdown["civ_cards"] == 3 + 4


def test_sustainable_living_scores_a_medal_per_biomass_patch() -> None:
    state = at_tiles()
    corp = state.corps[0]
    corp.civ = [22]
    corp.patches = paint(corp, "biomass", [(6, 5), (6, 6), (6, 7)])
    paint(corp, "biomass", [(7, 5)])  # biomass terrain of a tile is no patch
    assert state.score_of(0).breakdown["civ_cards"] == 3


def test_space_citizen_decree_doubles_lifepods() -> None:
    state = at_tiles()
    corp = state.corps[0]
    corp.lifepods_collected = 3
    assert state.score_of(0).breakdown["lifepods"] == 3
    corp.civ = [28]
    assert state.score_of(0).breakdown["lifepods"] == 6


@pytest.mark.parametrize("held", [0, 1, 2, 3, 4])
def test_meteorite_repo_adds_a_medal_per_three_meteorites_per_card(held: int) -> None:
    """Decision (BGA): each Meteorite Repo held adds +1 medal per 3 collected meteorites."""
    state = at_tiles()
    corp = state.corps[0]
    corp.meteorites_collected = 7
    corp.civ = REPO[:held]
    assert state.score_of(0).breakdown["meteorites"] == 2 * (1 + held)


@pytest.mark.parametrize(("held", "medals"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_commerce_agreement_set_scoring(held: int, medals: int) -> None:
    state = at_tiles()
    corp = state.corps[0]
    corp.civ = COMMERCE[:held]
    assert state.score_of(0).breakdown["civ_cards"] == medals


@pytest.mark.parametrize("card", [*REPO, *COMMERCE])
def test_series_cards_are_end_game_one_per_rank(card: int) -> None:
    info = FIG.civ_cards[card]
    assert info["timing"] == "end_game" and info["rank"] == (card - 29) % 4 + 1


def test_end_game_cards_are_secret_until_the_game_is_over() -> None:
    state = at_tiles()
    corp = offer_civ(state, 0, 27)
    events = state.apply(0, "keep 1")
    assert [e["card"] for e in events if e["type"] == "keep_civ"] == [None]
    assert corp.civ == [27]
    assert state.view(1)["players"][0]["civ"] == [] and state.view(1)["players"][0]["hidden_civ"] == 1
    assert state.view(0)["players"][0]["civ"] == [27]


def test_immediate_cards_are_public() -> None:
    state = at_tiles()
    offer_civ(state, 0, 3)
    events = state.apply(0, "keep 1")
    assert [e["card"] for e in events if e["type"] == "keep_civ"] == [3]
    assert state.view(1)["players"][0]["civ"] == [3]


def test_kept_card_leaves_the_pile_others_stay() -> None:
    state = at_tiles()
    state.civ_piles[0] = [1, 2, 3]
    corp = offer_civ(state, 0, 6)
    corp.offer = [1, 6, 2, 3]
    state.civ_piles[0] = [1, 2, 3, 6]
    state._legal = {}
    state.apply(0, "keep 2")
    assert corp.civ == [6] and state.civ_piles[0] == [1, 2, 3]


def test_ranks_index_the_milestones() -> None:
    assert [FIG.civ_cards[c]["rank"] for c in (1, 8, 15, 22)] == [1, 2, 3, 4]
    assert CIV == 0 and ROVER == 3


def test_depot_emptied_by_a_card_before_the_tiles_leaves_nothing_to_take() -> None:
    """Depot Repair claimed in the event phase places the depot's last tile: the player only ends the round."""
    def setup(state: PlanetUnknownState) -> None:
        set_track(state.corps[0], "civ", 9)
        state.civ_piles[2] = [16]
        set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), only=True)

    state = event_game(69, setup=setup)  # advance rover or civ
    state.apply(0, "advance civ")  # civ 10: rank 3, claimed before the tiles
    state.apply(1, "advance civ")
    state.apply(0, "keep 1")
    place(state, 0, "inner")
    state.apply(0, "gain tech")
    state.apply(0, "gain biomass")
    assert state.phase == TILES and legal(state, 0) == ["done"]
    state.apply(0, "done")
    resolve_all(state, 1)
    assert state.is_over() and state.end_reasons == ["empty depot"]


def test_a_depot_tile_taken_by_a_civ_card_shows_the_new_top_at_once() -> None:
    """Salvage Yard claimed after the event: the player takes a tile alone, so the stack's next tile shows at once
    (only the simultaneous draft hides new tops until everyone has placed) and the tile phase offers both stacks."""
    from brassboard.engine import new_game

    state = new_game("planet_unknown", 3, 1)
    state.apply(state.commander, "turn 0")
    state.phase = "event"
    state.corps[0].pending = [["civ", 1]]
    state.civ_piles[0] = [5]
    state._after_phase("tiles")
    state._settle()
    state.apply(0, "keep 1")
    placing = state.legal_actions(0)[0]
    events = state.apply(0, placing)
    assert any(e["type"] == "tops" and e.get("reveal") for e in events)
    assert state.phase == "tiles"
    shown = state.view(0)["depot_tiles"]
    assert shown["inner"] is not None and shown["outer"] is not None
    assert {a.args[0] for a in state.legal_actions(0) if a.kind == "place"} <= {"inner", "outer"}


def test_an_end_game_card_kept_after_the_last_round_takes_effect() -> None:
    """Gaming Commission kept in the final claims (its milestone reached by Planet Lottery's advance): its own
    advance is still resolved before the game is scored."""
    from brassboard.engine import new_game

    state = new_game("planet_unknown", 3, 2)
    state.apply(state.commander, "turn 0")
    corp = state.corps[0]
    corp.civ = [24]
    corp.tracks[0] = 13
    state.civ_piles[3] = [23]
    for other in state.corps:
        other.took_tile = True
        other.pending = []
    state.last_round = True
    state.phase = "tiles"
    state._end_round()
    state._settle()
    state.apply(0, "advance civ")  # Planet Lottery: civ 13 -> 14, the rank-4 milestone
    state.apply(0, "keep 1")  # Gaming Commission
    assert corp.pending and corp.pending[0][0] == "advance"
    state.apply(0, "advance water")
    assert corp.tracks[1] == 1 and state.is_over()
    assert state.score_of(0).breakdown["civ_cards"] == 5  # 3 + 2 medals
