"""The special corporations built so far (module Asymmetric Corporations): Republic — its civ track, the regress
each civ milestone brings, and each tech ability (reference §4.7; ruling R6 for tech 3)."""

from __future__ import annotations

import pytest
from pu_helpers import (
    actions,
    at_tiles,
    corporation_at_tiles,
    paint,
    place,
    refresh,
    set_depot,
    tile_type,
    unlock,
    with_items,
)
from pu_invariants import random_corporation_games

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import corporations
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ROVER, TECH, WATER, figures
from brassboard.games.planet_unknown.rules import CLAIM, FINAL, OVER, TILES, Corp, PlanetUnknownState

FIG = figures()
REPUBLIC = FIG.corporations["Republic"]


def republic(players: int = 2, seed: int = 0, **options: object) -> PlanetUnknownState:
    return at_tiles(players, seed, corporation="Republic", **options)


def civ_step(state: PlanetUnknownState, tracks: list[int], *levels: int) -> Corp:
    """Player 0, trackers at ``tracks`` (civ, water, biomass, rover, tech) and tech ``levels`` unlocked, takes an open
    step on the civ track; returns their board."""
    corp = with_items(state, 0, ["gain", CIV])
    corp.tracks = tracks
    unlock(corp, *levels)
    refresh(state)
    state.apply(0, "gain civ")
    return corp


def test_republic_has_seven_civ_milestones_ranked_1_2_2_3_3_4_4_and_one_rover() -> None:
    civ = [(position, value) for position, at in enumerate(REPUBLIC.benefits[CIV]) for b, value in at if b == "civ"]
    assert civ == [(2, 1), (4, 2), (6, 2), (8, 3), (10, 3), (12, 4), (14, 4)]
    assert REPUBLIC.medal_at[CIV][14] == 0 and REPUBLIC.medal_at[CIV][15] == 5  # only the top scores
    assert REPUBLIC.rovers == 1
    state = republic()
    assert state.corps[0].rovers_left == 1


def test_a_civ_milestone_makes_the_player_regress_another_tracker() -> None:
    state = republic()
    corp = civ_step(state, [1, 3, 0, 2, 0])
    assert corp.tracks[CIV] == 2
    assert ["civ", 1] in corp.pending
    regress = sorted(str(a) for a in state.legal_actions(0) if a.kind == "regress")
    assert regress == ["regress rover", "regress water"]  # biomass and tech are at 0; civ itself never
    assert "done" not in {a.kind for a in state.legal_actions(0)}  # the regress is not optional
    with pytest.raises(IllegalAction):
        state.apply(0, "regress civ")
    state.apply(0, "regress water")
    assert corp.tracks[WATER] == 2 and corp.tracks[CIV] == 2


def test_with_every_other_tracker_at_zero_a_civ_milestone_regresses_nothing() -> None:
    state = republic()
    corp = civ_step(state, [1, 0, 0, 0, 0])
    assert not any(item[0] == "regress" for item in corp.pending)
    assert "done" in {a.kind for a in state.legal_actions(0)}


def test_regressing_tech_below_a_milestone_locks_its_level() -> None:
    state = republic()
    corp = civ_step(state, [1, 0, 0, 0, 3], 1)
    state.apply(0, "regress tech")
    assert corp.tracks[TECH] == 2 and not corp.level(1)


def test_universal_coalition_regresses_nothing_at_a_civ_milestone() -> None:
    state = at_tiles(2)
    corp = civ_step(state, [2, 3, 3, 3, 3])
    assert corp.pending == [["civ", 1]]


# ----- tech 1: a civ tile brings the rover tracker's movement, once a round --------------------------------
def test_tech_1_placing_a_civ_tile_gains_the_movement_at_the_rover_tracker_once_a_round() -> None:
    state = republic()
    corp = state.corps[0]
    unlock(corp, 1)
    corp.tracks[ROVER] = 5  # position 5 shows mv2
    corp.rovers = [g.cell(7, 7)]
    civ_tile = tile_type("D2", "civ", "energy")
    set_depot(state, 0, civ_tile, civ_tile)
    events = state.apply(0, "place inner 0 5 0")
    assert corp.movement == 2
    assert [e["movement"] for e in events if e["type"] == "corporation_ability"] == [2]
    assert "republic_civ_tile_move" in corp.used
    # another civ tile the same round brings nothing more; a new round clears the mark
    corporations.placed_round_tile(state, 0, corp, FIG.tiles[civ_tile])
    assert corp.movement == 2
    state._start_round()
    assert corp.used == []
    corporations.placed_round_tile(state, 0, corp, FIG.tiles[civ_tile])
    assert corp.movement == 4


def test_tech_1_needs_civ_terrain_and_the_tech() -> None:
    state = republic()
    corp = state.corps[0]
    corp.tracks[ROVER] = 5
    corp.rovers = [g.cell(7, 7)]
    set_depot(state, 0, tile_type("D2", "civ", "energy"), tile_type("D2", "civ", "energy"))
    state.apply(0, "place inner 0 5 0")
    assert corp.movement == 0  # level 1 locked
    state = republic()
    corp = state.corps[0]
    unlock(corp, 1)
    corp.tracks[ROVER] = 5
    corp.rovers = [g.cell(7, 7)]
    set_depot(state, 0, tile_type("D2", "rover", "tech"), tile_type("D2", "rover", "tech"))
    state.apply(0, "place inner 0 5 0")
    assert corp.movement == 0  # no civ terrain on the tile


# ----- tech 2: one card of the next rank joins the offer -------------------------------------------------------
def test_tech_2_a_civ_offer_holds_one_card_of_the_next_rank() -> None:
    state = republic()
    corp = with_items(state, 0, ["civ", 1])
    unlock(corp, 2)
    rank_2 = list(state.civ_piles[1])
    state.apply(0, "done")
    assert state.phase == CLAIM
    ranks = sorted(FIG.civ_cards[c]["rank"] for c in corp.offer)
    assert ranks == [1] * len(state.civ_piles[0]) + [2]
    extra = next(c for c in corp.offer if FIG.civ_cards[c]["rank"] == 2)
    assert extra in rank_2
    slot = corp.offer.index(extra) + 1
    state.apply(0, f"keep {slot}")
    assert extra in corp.civ and extra not in state.civ_piles[1]
    assert len(state.civ_piles[1]) == len(rank_2) - 1


def test_tech_2_with_the_rank_used_up_offers_the_next_ranks_card_alone() -> None:
    state = republic()
    corp = with_items(state, 0, ["civ", 1])
    unlock(corp, 2)
    state.civ_piles[0] = []
    state.apply(0, "done")
    assert [FIG.civ_cards[c]["rank"] for c in corp.offer] == [2]


# ----- tech 3: civ icon to civ icon for one movement -------------------------------------------------------
def test_tech_3_a_rover_on_a_civ_icon_moves_to_any_other_civ_icon_for_one_movement() -> None:
    state = republic()
    corp = state.corps[0]
    paint(corp, "civ", [(2, 5), (9, 9)], icons=[(2, 5), (9, 9)])
    paint(corp, "civ", [(3, 5)])  # civ terrain without an icon: no destination (ruling R6)
    with_items(state, 0)
    corp.rovers = [g.cell(2, 5)]
    corp.movement = 1
    refresh(state)
    assert "rove 0 9 9" not in actions(state)  # level 3 locked
    unlock(corp, 3)
    refresh(state)
    moves = {str(a) for a in state.legal_actions(0) if a.kind == "rove"}
    assert "rove 0 9 9" in moves and "rove 0 3 5" in moves  # (3, 5) only as an ordinary step
    state.apply(0, "rove 0 9 9")
    assert corp.rovers == [g.cell(9, 9)] and corp.movement == 0


def test_tech_3_needs_the_rover_on_a_civ_icon() -> None:
    state = republic()
    corp = state.corps[0]
    unlock(corp, 3)
    paint(corp, "civ", [(2, 5), (9, 9)], icons=[(9, 9)])
    with_items(state, 0)
    corp.rovers = [g.cell(2, 5)]
    corp.movement = 1
    refresh(state)
    assert "rove 0 9 9" not in actions(state)


# ----- tech 4: a synergy with every civ milestone -----------------------------------------------------------
def test_tech_4_every_civ_milestone_also_gives_a_synergy() -> None:
    state = republic()
    corp = civ_step(state, [3, 1, 0, 0, 0], 4)
    assert corp.tracks[CIV] == 4
    assert ["civ", 2] in corp.pending and ["synergy"] in corp.pending
    assert any(item[0] == "regress" for item in corp.pending)


# ----- tech 5: keep two of every civ card left at game end ------------------------------------------------
def test_tech_5_at_game_end_the_player_keeps_two_of_every_civ_card_left() -> None:
    state = republic(1)
    corp = state.corps[0]
    unlock(corp, 5)
    left = sorted(c for pile in state.civ_piles for c in pile)
    state.last_round = True
    with_items(state, 0)
    state._end_round()
    assert state.phase == FINAL
    assert corp.pending.count(["civ", 0]) == 2
    state._settle()
    assert state.phase == CLAIM and sorted(corp.offer) == left
    first = corp.offer[0]
    state.apply(0, "keep 1")
    for _ in range(20):  # resolve what an immediate card brings, then the second pick
        if corp.offer or state.phase == OVER:
            break
        choices = [a for a in state.legal_actions(0) if a.kind != "rove"]
        state.apply(0, choices[0])
    assert sorted(corp.offer) == sorted(c for c in left if c != first)
    state.apply(0, "keep 1")
    for _ in range(20):
        if state.phase == OVER:
            break
        state.apply(0, next(a for a in state.legal_actions(0) if a.kind != "rove"))
    assert state.phase == OVER and len(corp.civ) == 2 and first in corp.civ


# ----- whole games ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_republic_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Republic", players, 50)


def test_determinize_keeps_a_republic_offer_lawful() -> None:
    from brassboard.engine import Rng

    state = republic(3)
    corp = with_items(state, 0, ["civ", 1])
    unlock(corp, 2)
    state.apply(0, "done")
    assert state.phase == CLAIM
    for observer in (0, 1):
        for seed in range(5):
            world = state.clone()
            world.determinize(observer, Rng(seed))
            assert world.view(observer) == state.view(observer)
            offer = world.corps[0].offer
            ranks = sorted(FIG.civ_cards[c]["rank"] for c in offer)
            assert ranks == sorted(FIG.civ_cards[c]["rank"] for c in corp.offer)
            for card in offer:
                assert card in world.civ_piles[FIG.civ_cards[card]["rank"] - 1]
            world.apply(0, f"keep {len(offer)}")


def test_biomass_and_tech_trackers_regress_for_republic_too() -> None:
    state = republic()
    corp = civ_step(state, [1, 0, 2, 0, 0])
    assert [str(a) for a in state.legal_actions(0) if a.kind == "regress"] == ["regress biomass"]
    state.apply(0, "regress biomass")
    assert corp.tracks[BIOMASS] == 1 and state.phase == TILES


# ===== Flux Industries ===========================================================================================
FLUX = FIG.corporations["Flux Industries"]


def flux(track: int, *levels: int, players: int = 2) -> tuple[PlanetUnknownState, Corp]:
    """Player 0 plays Flux Industries with the flux token on ``track`` and ``levels`` unlocked, at the tiles."""
    state = at_tiles(players, corporation="Flux Industries")
    corp = state.corps[0]
    corp.flux = track
    unlock(corp, *levels)
    refresh(state)
    return state, corp


def test_flux_players_choose_the_start_track_in_the_set_up_step() -> None:
    from pu_helpers import game

    state = game(2, 1, corporation="Flux Industries")
    assert state.phase == "objectives"
    assert sorted(str(a) for a in state.legal_actions(0)) == [
        "flux biomass", "flux civ", "flux rover", "flux tech", "flux water"]
    state.apply(0, "flux water")
    state.apply(1, "flux tech")
    assert [c.flux for c in state.corps] == [WATER, TECH] and state.phase != "objectives"


def test_a_dealt_flux_board_chooses_its_track_once_the_boards_are_up() -> None:
    from pu_helpers import game

    for seed in range(40):
        state = game(1, seed, corporations="asymmetric")
        if state.corps[0].dealt[1] == "Flux Industries":
            break
    else:
        raise AssertionError("no seed dealt Flux Industries")
    state.apply(0, "side corporation special")
    state.apply(0, "drop 1")  # the solo player's objectives: the set-up step ends, the boards turn up
    assert state.phase == "objectives" and state.corps[0].corporation_name == "Flux Industries"
    assert {a.kind for a in state.legal_actions(0)} == {"flux"}
    state.apply(0, "flux rover")
    assert state.corps[0].flux == ROVER


def test_flux_only_the_latest_tech_level_is_active() -> None:
    _, corp = flux(CIV, 1, 2)
    assert corp.ability("flux:2") and not corp.ability("flux:1")
    corp.tech = 0
    unlock(corp, 1)
    assert corp.ability("flux:1")


def test_flux_a_tech_milestone_lets_the_token_move_or_stay() -> None:
    state, corp = flux(CIV)
    with_items(state, 0, ["gain", TECH])
    corp.tracks[TECH] = 2
    refresh(state)
    state.apply(0, "gain tech")
    assert corp.level(1) and ["flux"] in corp.pending
    assert "done" not in {a.kind for a in state.legal_actions(0)}
    state.apply(0, "flux civ")  # it may stay
    assert corp.flux == CIV and "done" in {a.kind for a in state.legal_actions(0)}


@pytest.mark.parametrize(("track", "position", "expected"), [
    (WATER, 3, [["synergy"], ["synergy"]]),  # water: every synergy doubled
    (BIOMASS, 3, [["patch"], ["patch"]]),  # biomass: two patches a milestone
    (CIV, 3, [["civ", 2]]),  # civ: ranks 2, 3, 4, 4 instead of 1-4
])
def test_flux_tech_3_improves_the_flux_track_only(track: int, position: int, expected: list[list[object]]) -> None:
    state, corp = flux(track, 1, 2, 3)
    corp.tracks[track] = position - 1
    with_items(state, 0, ["gain", track])
    state.apply(0, f"gain {['civ', 'water', 'biomass', 'rover', 'tech'][track]}")
    assert corp.pending == expected
    # the same step on a track without the token brings the plain benefit
    state, corp = flux(TECH, 1, 2, 3)
    corp.tracks[track] = position - 1
    with_items(state, 0, ["gain", track])
    state.apply(0, f"gain {['civ', 'water', 'biomass', 'rover', 'tech'][track]}")
    assert corp.pending == expected[:1] if track != CIV else corp.pending == [["civ", 1]]


def test_flux_tech_3_adds_one_to_every_rover_movement_of_an_improved_rover_track() -> None:
    state, corp = flux(ROVER, 1, 2, 3)
    corp.rovers = [g.cell(7, 7)]
    corp.tracks[ROVER] = 4  # position 5: mv2, improved mv3
    with_items(state, 0, ["gain", ROVER])
    corp.rovers = [g.cell(7, 7)]
    state.apply(0, "gain rover")
    assert corp.movement == 3


def test_flux_tech_1_gives_two_movement_per_rover_on_the_flux_terrain() -> None:
    state, corp = flux(TECH, 1)
    paint(corp, "tech", [(7, 7)])
    paint(corp, "civ", [(8, 8)])
    corp.rovers = [g.cell(7, 7), g.cell(8, 8)]
    state._begin_tiles()
    assert corp.movement == 2  # one rover on tech terrain
    state._begin_tiles()
    assert corp.movement == 2  # once a round


def test_flux_tech_2_once_a_game_reaches_the_next_milestone_with_every_benefit_on_the_way() -> None:
    state, corp = flux(BIOMASS, 1, 2)
    with_items(state, 0)
    assert "flux_milestone" in {a.kind for a in state.legal_actions(0)}
    state.apply(0, "flux_milestone")
    assert corp.tracks[BIOMASS] == 3
    assert ["synergy"] in corp.pending and ["patch"] in corp.pending  # position 2's synergy, 3's patch (R3)
    corp.pending = []
    refresh(state)
    assert "flux_milestone" not in {a.kind for a in state.legal_actions(0)}


def test_flux_tech_2_has_no_milestone_on_the_water_track() -> None:
    state, _ = flux(WATER, 1, 2)
    with_items(state, 0)
    assert "flux_milestone" not in {a.kind for a in state.legal_actions(0)}
    with pytest.raises(IllegalAction, match="Flux Industries' tech 2"):
        state.apply(0, "flux_milestone")


def test_flux_tech_4_collects_a_meteorite_per_matching_icon() -> None:
    state, corp = flux(CIV, 1, 2, 3, 4)
    corp.meteorites = g.bit(9, 9)
    paint(corp, "rover", [(9, 9)])
    set_depot(state, 0, tile_type("D2", "civ", "energy"), tile_type("D2", "civ", "energy"))
    place(state, 0, "inner")
    assert corp.pending.count(["collect", "meteorite"]) == 1  # one civ icon (the energy one does not match)
    state.apply(0, "collect 9 9")
    assert corp.meteorites_collected == 1


def test_flux_tech_5_advances_the_flux_tracker_once_a_round() -> None:
    state, corp = flux(WATER, 1, 2, 3, 4, 5)
    with_items(state, 0)
    state.apply(0, "flux_advance")
    assert corp.tracks[WATER] == 1
    assert "flux_advance" not in {a.kind for a in state.legal_actions(0)}
    state._start_round()
    with_items(state, 0)
    assert "flux_advance" in {a.kind for a in state.legal_actions(0)}


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_flux_games_keep_the_invariants(players: int) -> None:
    for state in random_corporation_games("Flux Industries", players, 70):
        assert all(c.flux >= 0 for c in state.corps)


# ===== Horizon Group =============================================================================================
def horizon(*levels: int) -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Horizon Group", *levels)


def test_horizon_group_has_four_rovers() -> None:
    horizon_group = FIG.corporations["Horizon Group"]
    assert horizon_group.rovers == 4
    rover_milestones = [p for p, at in enumerate(horizon_group.benefits[ROVER]) for b, _ in at if b == "rover"]
    assert rover_milestones == [1, 3, 6, 9]


def test_horizon_a_rover_carries_a_meteorite_and_collects_it_only_on_a_rover_icon() -> None:
    state, corp = horizon()
    paint(corp, "civ", [(6, 6), (7, 6)])
    paint(corp, "rover", [(8, 6)], icons=[(8, 6)])
    corp.meteorites = g.bit(6, 6)
    corp.rovers = [g.cell(5, 6)]
    corp.movement = 3
    refresh(state)
    state.apply(0, "rove 0 6 6")  # onto the meteorite: picked up, not collected (no rover icon)
    assert corp.meteorites == g.bit(6, 6) and corp.meteorites_collected == 0
    state.apply(0, "rove 0 7 6")  # carried along
    assert corp.meteorites == g.bit(7, 6)
    state.apply(0, "rove 0 8 6")  # delivered on the rover icon
    assert corp.meteorites == 0 and corp.meteorites_collected == 1
    assert not any(item[0] == "patch" for item in corp.pending)  # tech 3 locked


def test_horizon_a_carried_meteorite_stays_behind_where_another_lies() -> None:
    state, corp = horizon()
    paint(corp, "civ", [(6, 6), (7, 6)])
    corp.meteorites = g.bit(6, 6) | g.bit(7, 6)
    corp.rovers = [g.cell(6, 6)]
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 7 6")
    assert corp.meteorites == g.bit(6, 6) | g.bit(7, 6)  # the rover now carries the other one


def test_horizon_cards_and_events_collect_meteorites_directly() -> None:
    state, corp = horizon()
    paint(corp, "civ", [(6, 6)])
    corp.meteorites = g.bit(6, 6)
    with_items(state, 0, ["collect", "meteorite"])
    state.apply(0, "collect 6 6")
    assert corp.meteorites_collected == 1


def test_horizon_tech_1_rover_tiles_ignore_adjacency_but_not_the_planet() -> None:
    state = at_tiles(2, corporation="Horizon Group", planet="Tartarus")
    corp = state.corps[0]
    paint(corp, "civ", [(0, 5)])
    unlock(corp, 1)
    rover_tile = tile_type("D2", "rover", "tech")
    set_depot(state, 0, rover_tile, rover_tile)
    far = [pl for pl in state.placements(0, rover_tile) if not pl.mask & g.neighbours(corp.occupied)]
    assert far  # far from the placed tile
    assert all(pl.mask & FIG.planets["Tartarus"].west in (0, pl.mask) for pl in far)  # never across the chasm
    civ_tile = tile_type("D2", "civ", "energy")
    set_depot(state, 0, civ_tile, civ_tile)
    assert all(pl.mask & g.neighbours(corp.occupied) for pl in state.placements(0, civ_tile))


def test_horizon_tech_2_one_movement_per_carrying_rover() -> None:
    state, corp = horizon(1, 2)
    paint(corp, "civ", [(6, 6), (7, 7)])
    corp.meteorites = g.bit(6, 6)
    corp.rovers = [g.cell(6, 6), g.cell(7, 7)]
    state._begin_tiles()
    assert corp.movement == 1


def test_horizon_tech_3_a_patch_for_each_meteorite_delivered() -> None:
    state, corp = horizon(1, 2, 3)
    paint(corp, "rover", [(8, 6)], icons=[(8, 6)])
    corp.meteorites = g.bit(8, 6)
    corp.rovers = [g.cell(7, 6)]
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 8 6")
    assert corp.meteorites_collected == 1 and ["patch"] in corp.pending


def test_horizon_tech_4_a_meteorite_carried_onto_water_is_destroyed() -> None:
    state, corp = horizon(1, 2, 3, 4)
    paint(corp, "civ", [(6, 6)])
    paint(corp, "water", [(7, 6)])
    corp.meteorites = g.bit(6, 6)
    corp.rovers = [g.cell(6, 6)]
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 7 6")
    assert corp.meteorites == 0 and corp.meteorites_destroyed == 1 and corp.meteorites_collected == 0


def test_horizon_tech_5_advances_the_rover_tracker_once_a_round() -> None:
    state, corp = horizon(1, 2, 3, 4, 5)
    corp.rovers = [g.cell(7, 7)]
    refresh(state)
    state.apply(0, "horizon_advance")
    assert corp.tracks[ROVER] == 1
    assert "horizon_advance" not in {a.kind for a in state.legal_actions(0)}
    with pytest.raises(IllegalAction, match="Horizon Group's tech 5"):
        state.apply(0, "horizon_advance")


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_horizon_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Horizon Group", players, 90)


# ===== Cosmos Inc ================================================================================================
def cosmos(*levels: int, planet: str = "KSB-4156") -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Cosmos Inc", *levels, planet=planet)


def test_cosmos_a_collected_lifepod_goes_onto_a_track_or_stays_to_score() -> None:
    state, corp = cosmos()
    corp.rovers = [g.cell(7, 3)]  # next to the lifepod at (7, 2)
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 7 2")
    assert corp.lifepods_collected == 1 and corp.pending == [["pod"]]
    choices = actions(state)
    assert "pod area" in choices and "pod civ 3" in choices and "pod civ 0" not in choices  # the tracker's square
    assert "pod civ 15" not in choices and "pod rover 15" in choices
    state.apply(0, "pod civ 3")
    assert corp.track_pods == [[CIV, 3]] and corp.lifepods_collected == 0
    assert state.score_of(0).breakdown["lifepods"] == 0  # lifepods on tracks score nothing


def test_cosmos_trackers_jump_over_lifepods_and_lose_what_they_cover() -> None:
    state, corp = cosmos()
    corp.track_pods = [[CIV, 3]]  # the civ milestone at 3
    corp.tracks[CIV] = 2
    with_items(state, 0, ["gain", CIV])
    state.apply(0, "gain civ")
    assert corp.tracks[CIV] == 4 and corp.pending == []  # jumped the milestone: no card
    # a medal under a lifepod is ignored: civ at 5 scores 2; cover 5 and civ at 6 falls back to the 1 at 2
    corp.tracks[CIV] = 6
    assert state.score_of(0).breakdown["tracks"] == 2
    corp.track_pods.append([CIV, 5])
    assert state.score_of(0).breakdown["tracks"] == 1


def test_cosmos_regress_jumps_too_and_a_move_off_the_track_is_impossible() -> None:
    state, corp = cosmos()
    corp.track_pods = [[WATER, 0], [WATER, 2]]
    corp.tracks[WATER] = 3
    state._regress(0, corp, WATER)
    assert corp.tracks[WATER] == 1
    state._regress(0, corp, WATER)  # 0 is covered: nowhere to go
    assert corp.tracks[WATER] == 1
    corp.track_pods = [[BIOMASS, 15]]
    corp.tracks[BIOMASS] = 14
    with_items(state, 0, ["synergy"])
    assert "synergy biomass" not in actions(state)


def test_cosmos_a_lifepod_on_a_tech_milestone_locks_its_level() -> None:
    state, corp = cosmos(1, 2)
    corp.tracks[TECH] = 6
    corp.lifepods_collected = 1
    with_items(state, 0, ["pod"])
    state.apply(0, "pod tech 3")
    assert not corp.level(1) and corp.level(2)


def test_cosmos_tech_1_rovers_move_diagonally_and_cross_tartarus_at_its_crossings() -> None:
    state, corp = cosmos(planet="Tartarus")
    corp.rovers = [g.cell(5, 3)]
    corp.movement = 1
    refresh(state)
    assert "rove 0 6 4" not in actions(state)
    unlock(corp, 1)
    refresh(state)
    moves = {str(a) for a in state.legal_actions(0) if a.kind == "rove"}
    assert "rove 0 6 4" in moves  # the marked crossing (5, 3) <-> (6, 4)
    assert "rove 0 6 2" not in moves  # diagonal, but across the chasm elsewhere
    assert "rove 0 4 2" in moves
    state.apply(0, "rove 0 6 4")
    assert corp.rovers == [g.cell(6, 4)]


def test_cosmos_tech_2_moves_up_to_three_lifepods_once_a_game() -> None:
    state, corp = cosmos(1, 2)
    corp.lifepods_collected = 2
    corp.track_pods = [[ROVER, 9]]
    refresh(state)
    state.apply(0, "relocate_three")
    state.apply(0, "relocate area civ 4")
    state.apply(0, "relocate rover 9 area")
    assert corp.track_pods == [[CIV, 4]] and corp.lifepods_collected == 2
    state.apply(0, "relocate stop")
    assert not corp.pending and "relocate_three" not in {a.kind for a in state.legal_actions(0)}


def test_cosmos_tech_3_an_energy_icon_moves_one_lifepod() -> None:
    state = at_tiles(2, corporation="Cosmos Inc")
    corp = state.corps[0]
    unlock(corp, 1, 2, 3)
    corp.lifepods_collected = 1
    set_depot(state, 0, tile_type("D2", "civ", "energy"), tile_type("D2", "civ", "energy"))
    place(state, 0, "inner")
    assert ["relocate", 1] in corp.pending


def test_cosmos_tech_4_a_step_onto_energy_terrain_is_free() -> None:
    state, corp = cosmos(1, 2, 3, 4)
    paint(corp, "energy", [(7, 6)])
    corp.rovers = [g.cell(6, 6)]
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 7 6")
    assert corp.movement == 1
    state.apply(0, "rove 0 8 6")
    assert corp.movement == 0


def test_cosmos_tech_5_moves_one_lifepod_once_a_round() -> None:
    state, corp = cosmos(1, 2, 3, 4, 5)
    corp.lifepods_collected = 1
    corp.used.append("game:cosmos_relocate")
    refresh(state)
    state.apply(0, "relocate_one")
    state.apply(0, "relocate area water 5")
    assert corp.track_pods == [[WATER, 5]] and not corp.pending
    assert "relocate_one" not in {a.kind for a in state.legal_actions(0)}


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_cosmos_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Cosmos Inc", players, 110, planet="Tartarus")


def test_cosmos_a_raise_stops_where_lifepods_leave_no_position() -> None:
    # a civ card raising every tracker to a position cannot pass lifepods covering every position above
    raise_card = next(c for c in FIG.civ_cards.values() if c["kind"] == "raise_to")
    state, corp = cosmos()
    corp.track_pods = [[CIV, p] for p in range(1, 16)]
    state._card_effect(0, corp, raise_card)
    assert corp.tracks[CIV] == 0
    assert corp.tracks[WATER] == raise_card["position"]


# ===== Oasis Ultd. ===============================================================================================
OASIS = FIG.corporations["Oasis Ultd."]


def oasis(*levels: int) -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Oasis Ultd.", *levels)


def test_oasis_the_water_tracker_walks_its_path_claiming_each_cells_benefit() -> None:
    state, corp = oasis()
    corp.tracks = [5, 0, 0, 0, 0]  # out of the path's way
    corp.rovers = [g.cell(7, 7)]
    with_items(state, 0, ["gain", WATER], ["gain", WATER], ["gain", WATER])
    corp.rovers = [g.cell(7, 7)]
    state.apply(0, "gain water")  # level 1: (water, 1), nothing
    assert corp.tracks[WATER] == 1 and corp.movement == 0
    state.apply(0, "gain water")  # level 2: (biomass, 2), its synergy
    assert ["synergy"] in corp.pending
    state.apply(0, "gain water")  # level 3: (rover, 3), 1 movement
    assert corp.movement == 1


def test_oasis_water_medals_come_from_the_water_column_cells_of_the_path() -> None:
    state, corp = oasis()
    medals = {}
    for level in (9, 10, 13, 19, 21, 23):
        corp.tracks[WATER] = level
        medals[level] = state.score_of(0).breakdown["tracks"]
    # 3 at level 10, 6 at 13, 9 at 19 (the artwork's 9, ruling R8), 12 at 21, 15 at the top (23)
    assert medals == {9: 0, 10: 3, 13: 6, 19: 9, 21: 12, 23: 15}


def test_oasis_no_tracker_moves_onto_another_trackers_cell() -> None:
    state, corp = oasis()
    corp.tracks = [0, 1, 2, 0, 0]  # the biomass tracker stands on (biomass, 2), the water path's next cell
    with_items(state, 0, ["synergy"])
    assert "synergy water" not in actions(state)
    corp.tracks = [0, 2, 1, 0, 0]  # now the water tracker stands on (biomass, 2): the biomass tracker is blocked
    refresh(state)
    assert "synergy biomass" not in actions(state)
    assert "synergy civ" in actions(state)


def test_oasis_tech_1_jumps_past_a_blocking_tracker() -> None:
    state, corp = oasis(1)
    corp.tracks = [0, 1, 2, 0, 0]
    with_items(state, 0, ["synergy"])
    state.apply(0, "synergy water")
    assert corp.tracks[WATER] == 3  # past (biomass, 2) onto (rover, 3)


def test_the_view_gives_where_each_tracker_lands_as_the_rules_move_it() -> None:
    """The page showed "4→5" on every track button, guessing one position up: Cosmos' trackers jump lifepods,
    Oasis' are blocked by another tracker, and a tracker at the top moves no further. The view publishes the rules'
    own landings (after 1, 2 and 3 advances, and a regress), and computing them leaves the board as it was."""
    state, corp = cosmos()
    corp.track_pods = [[CIV, 3], [WATER, 0]]
    corp.tracks[CIV], corp.tracks[WATER], corp.tracks[BIOMASS] = 2, 1, 14
    seen = state.view(0)["players"][0]
    assert seen["reach"][CIV] == [4, 5, 6]  # over the lifepod at 3
    assert seen["reach"][BIOMASS] == [15]  # one step to the top, then none
    assert seen["reach_down"][WATER] is None  # 0 is covered: a regress has nowhere to go
    assert seen["reach_down"][CIV] == 1
    assert corp.tracks[CIV] == 2 and corp.tracks[BIOMASS] == 14  # put back
    with_items(state, 0, ["gain", CIV])
    state.apply(0, "gain civ")
    assert corp.tracks[CIV] == seen["reach"][CIV][0]  # the rules land where the view said

    state, corp = oasis()
    corp.tracks = [0, 1, 2, 0, 0]  # the biomass tracker stands on the water path's next cell
    assert state.view(0)["players"][0]["reach"][WATER] == []
    assert state.view(1)["players"][0]["reach"][WATER] == []  # public: the same for the other seats


def test_oasis_a_tile_advances_water_once_per_water_square_on_ice() -> None:
    state, corp = oasis()
    two_on_ice = g.mask_of([(0, 5), (1, 5)])  # both KSB-4156 ice
    assert state._tile_gains(corp, WATER, two_on_ice, ROVER) == [["gain", WATER], ["gain", WATER]]
    assert state._tile_gains(corp, WATER, g.mask_of([(1, 5), (2, 5)]), ROVER) == [["gain", WATER]]
    assert state._tile_gains(corp, WATER, g.mask_of([(2, 5), (2, 6)]), ROVER) == []


def test_oasis_tech_2_one_movement_per_rover_on_water_terrain() -> None:
    state, corp = oasis(1, 2)
    paint(corp, "water", [(6, 6)])
    paint(corp, "civ", [(7, 7)])
    corp.rovers = [g.cell(6, 6), g.cell(7, 7)]
    state._begin_tiles()
    assert corp.movement == 1


def test_oasis_techs_3_to_5_on_placing_a_tile() -> None:
    water_rover = FIG.tiles[tile_type("D2", "water", "rover")]
    civ_energy = FIG.tiles[tile_type("D2", "civ", "energy")]
    _, corp = oasis(1, 2, 3)
    dry = g.mask_of([(2, 5), (2, 6)])  # no ice
    assert corporations.placed_tile_items(corp, civ_energy, dry) == [["gain", WATER]]
    assert corporations.placed_tile_items(corp, civ_energy, g.mask_of([(1, 5), (2, 5)])) == []
    _, corp = oasis(1, 2, 3, 4, 5)
    assert corporations.placed_tile_items(corp, water_rover, g.mask_of([(1, 5), (2, 5)])) == [
        ["patch"], ["synergy"]]


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_oasis_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Oasis Ultd.", players, 130)


# ===== the greedy bot ============================================================================================
@pytest.mark.parametrize("corporation", ["Cosmos Inc", "Flux Industries", "Horizon Group", "Jump Drive", "Makeshift",
                                         "Oasis Ultd.", "Republic", "Wormhole Corp"])
def test_greedy_plays_a_whole_game_with_every_built_corporation(corporation: str) -> None:
    from brassboard.bots import make_bot
    from brassboard.engine import new_game

    state = new_game("planet_unknown", 2, 8, {"corporation": corporation, "events": True})
    bots = [make_bot("greedy", "planet_unknown", seat) for seat in range(2)]
    while not state.is_over():
        player = state.active_players()[0]
        action = bots[player].choose(state, player)
        assert action in state.legal_actions(player)
        state.apply(player, action)
    assert all(s.total > 0 for s in state.scores())


def test_greedy_keeps_cosmos_lifepods_in_the_scoring_area_and_values_oasis_water() -> None:
    from brassboard.games.planet_unknown.bots import step_value

    state, corp = cosmos()
    corp.lifepods_collected = 1
    with_items(state, 0, ["pod"])
    from brassboard.bots import make_bot

    assert str(make_bot("greedy", "planet_unknown", 1).choose(state, 0)) == "pod area"
    _, corp = oasis()
    corp.tracks = [5, 9, 0, 0, 0]
    assert step_value(corp, WATER) > 3  # level 10 brings the first water medal, 3
