"""Jump Drive (module Asymmetric Corporations, reference §4.4; ruling R4): its tech track without milestones and
with falling medals, lifepods unlocking six tech slots, and each tech ability; figures worked by hand from the
reference's table."""

from __future__ import annotations

import pytest
from pu_helpers import actions, at_tiles, corporation_at_tiles, paint, refresh, set_depot, tile_type, with_items
from pu_invariants import random_corporation_games

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import CIV, ROVER, TECH, TRACK_TOP, WATER, figures
from brassboard.games.planet_unknown.rules import Corp, PlanetUnknownState

FIG = figures()
JUMP = FIG.corporations["Jump Drive"]


def jump(*slots: int, players: int = 2) -> tuple[PlanetUnknownState, Corp]:
    return corporation_at_tiles("Jump Drive", *slots, players=players)


def test_jump_drive_tech_medals_fall_as_the_tracker_rises_and_no_position_unlocks_a_tech() -> None:
    # reference §4.4: 0 at position 0, 5 at 1-5, 3 at 6-7, 2 at 8-10, 1 at 11-15
    assert list(JUMP.medal_at[TECH]) == [0, 5, 5, 5, 5, 5, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1]
    assert JUMP.tech_positions == {} and JUMP.rovers == 1
    state, corp = jump()
    assert corp.rovers_left == 1
    for _ in range(TRACK_TOP):
        state._advance(0, corp, TECH)
    assert corp.tracks[TECH] == TRACK_TOP and corp.tech == 0
    assert corp.pending == [["synergy"], ["synergy"]]  # the synergies at 2 and 12, nothing else
    assert state.score_of(0).breakdown["tracks"] == 1


def test_a_collected_lifepod_unlocks_any_empty_tech_slot_at_once() -> None:
    state, corp = jump(2)
    corp.rovers = [g.cell(7, 3)]  # next to the lifepod at (7, 2)
    corp.movement = 1
    refresh(state)
    state.apply(0, "rove 0 7 2")
    assert corp.lifepods_collected == 1 and corp.pending == [["slot"]]
    choices = {str(a) for a in state.legal_actions(0) if a.kind == "slot"}
    assert choices == {"slot 1", "slot 3", "slot 4", "slot 5", "slot 6", "slot area"}  # slot 2 is full
    with pytest.raises(IllegalAction, match="empty slot"):
        state.apply(0, "slot 2")
    state.apply(0, "slot 6")
    assert corp.level(6) and corp.ability("tech_slots:6") and not corp.ability("tech_slots:1")
    assert corp.lifepods_collected == 0 and state.score_of(0).breakdown["lifepods"] == 0  # on a slot: no medal


def test_a_lifepod_kept_in_the_area_scores_and_with_all_slots_full_there_is_no_choice() -> None:
    state, corp = jump()
    corp.lifepods_collected = 1
    with_items(state, 0, ["slot"])
    state.apply(0, "slot area")
    assert corp.tech == 0 and corp.lifepods_collected == 1 and state.score_of(0).breakdown["lifepods"] == 1
    state, corp = jump(1, 2, 3, 4, 5, 6)
    state._collect_at(0, corp, g.cell(7, 2), by_rover=False)
    assert corp.lifepods_collected == 1 and corp.pending == []


def test_tech_1_a_patch_becomes_a_synergy_once_a_round() -> None:
    state, corp = jump()
    with_items(state, 0, ["patch"])
    assert "patch_synergy" not in actions(state)
    state, corp = jump(1)
    with_items(state, 0, ["patch"], ["patch"])
    state.apply(0, "patch_synergy")
    assert corp.pending == [["patch"], ["synergy"]]
    assert "patch_synergy" not in actions(state)  # once a round
    state._start_round()
    assert "jump_patch_synergy" not in corp.used


def test_tech_2_a_rover_on_a_tile_teleports_to_its_terrain_for_one_movement_once_a_round() -> None:
    state, corp = jump(2)
    paint(corp, "civ", [(6, 6), (9, 9), (3, 8)])
    corp.rovers = [g.cell(6, 6)]
    corp.movement = 2
    refresh(state)
    assert {"rove 0 9 9", "rove 0 3 8"} <= actions(state)
    state.apply(0, "rove 0 9 9")
    assert corp.rovers == [g.cell(9, 9)] and corp.movement == 1
    assert "rove 0 3 8" not in actions(state)  # once a round
    state, corp = jump(2)
    paint(corp, "civ", [(9, 9)])
    corp.rovers = [g.cell(6, 6)]  # on bare planet: nowhere to teleport
    corp.movement = 1
    refresh(state)
    assert "rove 0 9 9" not in actions(state)


def test_tech_2_an_ordinary_step_onto_the_same_terrain_keeps_the_teleport() -> None:
    state, corp = jump(2)
    paint(corp, "water", [(6, 6), (7, 6), (2, 3)])
    corp.rovers = [g.cell(6, 6)]
    corp.movement = 2
    refresh(state)
    state.apply(0, "rove 0 7 6")
    assert "rove 0 2 3" in actions(state)


def test_tech_3_a_synergy_advances_twice_claiming_both_steps_once_a_round() -> None:
    state, corp = jump()
    with_items(state, 0, ["synergy"])
    assert "synergy civ twice" not in actions(state)
    state, corp = jump(3)
    corp.tracks[CIV] = 1
    with_items(state, 0, ["synergy"], ["synergy"])
    state.apply(0, "synergy civ twice")
    assert corp.tracks[CIV] == 3 and ["civ", 1] in corp.pending  # 2 (1 medal), then 3 (the civ milestone, rank 1)
    assert not any(a.args[-1:] == ("twice",) for a in state.legal_actions(0))


def test_tech_4_a_tech_icon_resolves_like_energy_with_tech_still_a_choice() -> None:
    part = g.mask_of([(6, 6), (7, 6)])
    state, corp = jump()
    paint(corp, "water", [(8, 6)])
    assert state._tile_gains(corp, TECH, part, ROVER) == [["gain", TECH]]
    state, corp = jump(4)
    paint(corp, "water", [(8, 6)])  # touches the tech part; the tile's rover part is the other choice
    paint(corp, "civ", [(6, 9)])  # far away
    assert state._tile_gains(corp, TECH, part, ROVER) == [["energy", [WATER, ROVER, TECH]]]


def test_tech_4_on_a_placed_tile_offers_the_energy_style_choice() -> None:
    state = at_tiles(2, corporation="Jump Drive")
    corp = state.corps[0]
    corp.tech = 1 << 4
    tile = tile_type("D2", "rover", "tech")
    set_depot(state, 0, tile, tile)
    state.apply(0, "place inner 5 0 0")
    energy = [item for item in corp.pending if item[0] == "energy"]
    assert len(energy) == 1 and TECH in energy[0][1] and ROVER in energy[0][1]
    state.apply(0, "energy tech")
    assert corp.tracks[TECH] == 1


def test_tech_5_claims_every_benefit_of_a_row_where_a_tracker_stands_once_a_game() -> None:
    state, corp = jump(5)
    corp.tracks = [3, 2, 0, 6, 1]
    corp.rovers = [g.cell(7, 7)]  # movement is kept only with a rover out
    refresh(state)
    rows = sorted(str(a) for a in state.legal_actions(0) if a.kind == "claim_row")
    assert rows == ["claim_row 1", "claim_row 2", "claim_row 3", "claim_row 6"]
    with pytest.raises(IllegalAction, match="row where one of your trackers"):
        state.apply(0, "claim_row 4")
    state.apply(0, "claim_row 3")
    # row 3: civ milestone (rank 1), water synergy, biomass patch, rover mv1, tech nothing
    assert corp.pending == [["civ", 1], ["synergy"], ["patch"]] and corp.movement == 1
    assert corp.tracks == [3, 2, 0, 6, 1]  # nothing moves
    assert "claim_row" not in {a.kind for a in state.legal_actions(0)}


def test_tech_6_three_objectives_drawn_in_secret_one_kept_for_every_player() -> None:
    state, corp = jump(6)
    top_three = state.objective_deck[-3:][::-1]
    state.apply(0, "draw_objectives")
    assert corp.offer == top_three and corp.pending == [["share"]]
    assert "offer" not in state.view(1)["players"][0]  # secret to the others
    assert "done" not in {a.kind for a in state.legal_actions(0)}
    events = state.apply(0, "share 2")
    assert state.shared_objectives == [top_three[1]] and corp.offer == [] and not corp.pending
    assert state.view(1)["shared_objectives"] == [top_three[1]]  # public once kept
    assert [e["card"] for e in events if e["type"] == "share"] == [top_three[1]]
    assert "draw_objectives" not in {a.kind for a in state.legal_actions(0)}  # once a game


def test_tech_6_the_shared_objective_scores_the_neighbour_win_and_tie_values_among_all_players() -> None:
    card = next(c for c, o in FIG.objectives.items() if o["neighbor"]["kind"] == "meteorites_most")
    state = at_tiles(3, corporation="Jump Drive")
    state.neighbor_cards = []
    state.shared_objectives = [card]
    for corp, meteorites in zip(state.corps, (2, 2, 1), strict=True):
        corp.meteorites_collected = meteorites
    assert [state.score_of(p).breakdown["neighbor_objectives"] for p in range(3)] == [2, 2, 0]  # a shared most
    state.corps[0].meteorites_collected = 4
    assert [state.score_of(p).breakdown["neighbor_objectives"] for p in range(3)] == [5, 0, 0]


def test_determinize_redeals_the_objectives_another_player_drew() -> None:
    from brassboard.engine import Rng

    state, corp = jump(6)
    state.apply(0, "draw_objectives")
    drawn = list(corp.offer)
    pool = sorted(drawn + state.objective_deck + [c for other in state.corps for c in other.objectives])
    seen = set()
    for seed in range(8):
        copy = state.clone()
        copy.determinize(1, Rng(seed))
        offer = copy.corps[0].offer
        assert len(offer) == 3 and sorted(offer + copy.objective_deck + copy.corps[1].objectives
                                          + copy.corps[0].objectives) == pool
        seen.add(tuple(offer))
        mine = state.clone()
        mine.determinize(0, Rng(seed))
        assert mine.corps[0].offer == drawn  # the drawer knows its cards
    assert len(seen) > 1


def test_text_render_shows_the_sixth_slot() -> None:
    state, _ = jump(6)
    text = state.render_text(0)
    assert "tech levels [6]" in text and "keep one that every player competes for" in text


@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_jump_drive_games_keep_the_invariants(players: int) -> None:
    random_corporation_games("Jump Drive", players, 150)


def test_asymmetric_corporations_deal_jump_drive_too() -> None:
    from brassboard.games.planet_unknown.setup import SPECIAL_CORPORATIONS

    assert "Jump Drive" in SPECIAL_CORPORATIONS
    dealt = [PlanetUnknownState(6, {"corporations": "asymmetric"}, seed).corps[p].dealt[1]
             for seed in range(6) for p in range(6)]
    assert set(dealt) == set(SPECIAL_CORPORATIONS)
    assert len(set(dealt[:6])) == 6  # no repeats at one table
