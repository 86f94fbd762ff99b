"""Planet Unknown rules, one focused test per rule (reference: shared/reference/planet_unknown.md §3-§10)."""

from __future__ import annotations

from collections import Counter

import pytest
from pu_helpers import (
    CORP,
    FIG,
    ICE,
    LIFEPODS,
    PLANET,
    at_tiles,
    autoplay,
    fill_planet,
    game,
    kinds,
    legal,
    paint,
    place,
    refresh,
    resolve_all,
    set_depot,
    set_track,
    tile_type,
    with_items,
)

from brassboard.engine import Score
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, ENERGY, RESOURCE_INDEX, ROVER, TECH, WATER
from brassboard.games.planet_unknown.rules import CLAIM, FINAL, OBJECTIVES, ROTATE, TILES, PlanetUnknownState


def _finish_others(state: PlanetUnknownState, player: int) -> None:
    """Every other player places a tile and resolves it, so the round can end."""
    for p in range(state.num_players):
        if p != player and state.phase == TILES and p in state.active_players():
            resolve_all(state, p)


# ---- set-up (§2.3, §5.1, §10) -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_uses_all_144_tiles_twelve_stacks_of_one_shape(players: int) -> None:
    state = game(players, seed=players)
    tiles = [t for ring in state.stacks for stack in ring for t in stack]
    assert len(tiles) == 144 and len(set(tiles)) == 144
    for ring, shapes in ((0, FIG.interior_ring), (1, FIG.exterior_ring)):
        for stack, shape in zip(state.stacks[ring], shapes, strict=True):
            assert len(stack) == 12
            assert {FIG.tiles[t].shape for t in stack} == {shape}
            # every family twice: once with a meteor, once without
            assert Counter((FIG.tiles[t].family, FIG.tiles[t].meteor) for t in stack) == {
                (f, m): 1 for f in range(6) for m in (False, True)}


@pytest.mark.parametrize(("players", "seats"), [(1, [0]), (2, [0, 3]), (3, [0, 2, 4]), (4, [0, 1, 3, 4]),
                                               (5, [0, 1, 2, 3, 4]), (6, [0, 1, 2, 3, 4, 5])])
def test_setup_seats_around_the_station(players: int, seats: list[int]) -> None:
    state = game(players)
    assert list(FIG.seats[players]) == seats
    for p, seat in enumerate(seats):
        interior, exterior = state.depot(p)
        assert exterior == (seat + state.rotation) % 6
        assert interior == (exterior + state.shift) % 6


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_civ_cards_per_rank_players_plus_one_solo_two(players: int) -> None:
    state = game(players, seed=3)
    keep = 2 if players == 1 else players + 1
    assert [len(pile) for pile in state.civ_piles] == [keep] * 4
    for rank, pile in enumerate(state.civ_piles, start=1):
        assert all(FIG.civ_cards[c]["rank"] == rank for c in pile)
    assert sorted([c for pile in state.civ_piles for c in pile] + state.civ_box) == list(range(1, 37))


def test_setup_solo_deals_four_private_objectives_keeps_three_no_neighbor_cards() -> None:
    state = game(1)
    corp = state.corps[0]
    assert state.phase == OBJECTIVES and state.neighbor_cards == []
    assert len(corp.offer) == 4 and legal(state, 0) == ["drop 1", "drop 2", "drop 3", "drop 4"]
    offered = list(corp.offer)
    state.apply(0, "drop 2")
    assert corp.objectives == sorted(offered[:1] + offered[2:])
    assert state.phase != OBJECTIVES and state.round == 1


def test_setup_two_players_share_three_neighbor_cards() -> None:
    state = game(2)
    assert len(state.neighbor_cards) == 3
    assert all(pair == [0, 1] for _, *pair in state.neighbor_cards)
    assert all(not c.objectives and not c.offer for c in state.corps)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_three_to_six_players_one_neighbor_card_per_adjacent_pair(players: int) -> None:
    state = game(players)
    pairs = sorted(tuple(sorted((a, b))) for _, a, b in state.neighbor_cards)
    assert pairs == sorted(tuple(sorted((p, (p + 1) % players))) for p in range(players))
    assert Counter(p for _, a, b in state.neighbor_cards for p in (a, b)) == {p: 2 for p in range(players)}


def test_setup_objective_cards_are_distinct_and_serve_one_side() -> None:
    state = game(4, private_objectives=True)
    neighbor = [c for c, _, _ in state.neighbor_cards]
    private = [c for corp in state.corps for c in corp.offer]
    assert all(len(corp.offer) == 2 for corp in state.corps)
    assert len(set(neighbor + private + state.objective_deck)) == 28 == len(neighbor + private + state.objective_deck)
    for p in range(4):
        state.apply(p, "drop 1")
    assert all(len(corp.objectives) == 1 for corp in state.corps)
    assert state.phase == ROTATE


def test_setup_planet_and_corporation() -> None:
    corp = game(2).corps[0]
    assert PLANET.squares.bit_count() == 96 and PLANET.ice.bit_count() == 21
    assert corp.lifepods == g.mask_of(LIFEPODS)
    assert corp.tracks == [0] * 5 and corp.rovers == [] and corp.rovers_left == 2 and corp.occupied == 0


@pytest.mark.parametrize("players", [1, 2])
def test_setup_event_deck_of_twenty_without_solo_cards_in_multiplayer(players: int) -> None:
    state = game(players, seed=5, events=True, event_green=8, event_orange=6, event_red=6)
    deck = state.event_deck + ([state.event] if state.event else [])
    assert len(deck) == 20 and len(set(deck)) == 20
    colours = Counter(FIG.events[e]["colour"] for e in deck)
    assert colours == {"green": 8, "orange": 6, "red": 6}
    if players > 1:
        assert not any(FIG.events[e]["solo"] for e in deck)


def test_setup_event_mix_must_make_twenty() -> None:
    with pytest.raises(ValueError, match="20"):
        game(2, events=True, event_green=10, event_orange=10, event_red=10)


def test_events_are_always_on_in_solo() -> None:
    assert game(1).events_on and not game(2).events_on


# ---- station rotation (§2.3, §10) -----------------------------------------------------------------------
def test_solo_station_turns_one_depot_every_round() -> None:
    state = game(1, seed=2)
    start = state.rotation
    state.event_deck = [122, 122, 122]
    state.apply(0, "drop 1")
    assert state.rotation == (start + 1) % 6 and state.phase == TILES
    autoplay(state, lambda s: s.round == 2)
    assert state.rotation == (start + 2) % 6


def test_two_players_auto_rotation_by_default() -> None:
    state = game(2)
    assert state.phase == TILES and state.rotation == 1 and kinds(state, 0) == {"place"}
    autoplay(state, lambda s: s.round == 2)
    assert state.rotation == 2 and state.phase == TILES


def test_two_player_rotation_option_commander_turns() -> None:
    state = game(2, two_player_rotation="commander")
    assert state.phase == ROTATE and state.rotation == 0
    assert state.active_players() == [state.commander]
    assert legal(state, state.commander) == [f"turn {k}" for k in range(6)]
    state.apply(state.commander, "turn 4")
    assert state.rotation == 4 and state.phase == TILES


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_commander_sets_any_rotation(players: int) -> None:
    state = game(players)
    assert state.phase == ROTATE and state.active_players() == [state.commander]
    before = [state.depot(p) for p in range(players)]
    state.apply(state.commander, "turn 0")  # no change is allowed
    assert [state.depot(p) for p in range(players)] == before
    assert state.phase == TILES


def test_commander_passes_clockwise_each_round() -> None:
    state = game(3)
    first = state.commander
    autoplay(state, lambda s: s.round == 2)
    assert state.commander == (first + 1) % 3 and state.active_players() == [state.commander]


# ---- tile placement (§5.3) ------------------------------------------------------------------------------
def test_first_tile_must_touch_the_planet_perimeter() -> None:
    state = at_tiles()
    places = [a for a in state.legal_actions(0) if a.kind == "place"]
    assert places
    for action in places:
        name, x, y, o = action.args
        ring, stack = state.depot_stack(0, str(name))
        tile = state.top(ring, stack)
        assert tile is not None
        spot = FIG.shapes[FIG.tiles[tile].shape].by_spot[FIG.tiles[tile].meteor][(x, y, o)]
        assert spot.mask & PLANET.perimeter


def test_later_tiles_must_touch_a_placed_tile() -> None:
    state = at_tiles()
    corp = state.corps[0]
    paint(corp, "civ", [(5, 5), (6, 5)])
    refresh(state)
    for pl in state.placements(0, tile_type("D2", "tech", "biomass")):
        assert pl.mask & g.border(corp.occupied)
    # a domino: every pair of free neighbouring squares with at least one next to the block, both ways round
    free = PLANET.squares & ~corp.occupied
    pairs = {frozenset((i, j)) for i in g.cells_of(free) for j in g.cells_of(g.border(1 << i) & free)
             if ((1 << i) | (1 << j)) & g.border(corp.occupied)}
    assert len(state.placements(0, tile_type("D2", "tech", "biomass"))) == 2 * len(pairs)


def test_tiles_may_not_overlap() -> None:
    state = at_tiles()
    corp = state.corps[0]
    paint(corp, "civ", [(5, 5), (6, 5)])
    refresh(state)
    assert not any(pl.mask & corp.occupied for pl in state.placements(0, tile_type("I4", "civ", "energy")))


def test_tiles_stay_inside_the_planet_and_may_turn_and_flip() -> None:
    for shape in FIG.shapes:
        for meteor in (False, True):
            assert all(pl.mask & ~PLANET.squares == 0 for pl in shape.placements[meteor])
    f_shape = FIG.shapes[1]  # the F pentomino has 8 distinct orientations
    assert len(f_shape.orientations[False]) == 8
    domino = FIG.shapes[8]  # the domino: 4 turns, its mirrors repeat them
    assert len(domino.orientations[False]) == 4


def test_tech_level_1_lifts_the_adjacency_restriction() -> None:
    state = at_tiles()
    corp = state.corps[0]
    paint(corp, "civ", [(5, 0), (6, 0)])
    tile = tile_type("D2", "tech", "biomass")
    before = len(state.placements(0, tile))
    set_track(corp, "tech", 3)
    refresh(state)
    after = state.placements(0, tile)
    assert len(after) > before
    assert any(not pl.mask & g.neighbours(corp.occupied) for pl in after)


def test_tech_level_1_first_tile_still_on_the_perimeter() -> None:
    state = at_tiles()
    set_track(state.corps[0], "tech", 3)
    refresh(state)
    assert all(pl.mask & PLANET.perimeter for pl in state.placements(0, tile_type("D2", "tech", "biomass")))


def test_meteor_symbol_puts_a_meteorite_on_its_square() -> None:
    state = at_tiles()
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass", meteor=True))
    pl = place(state, 0, "inner")
    corp = state.corps[0]
    assert corp.meteorites == 1 << pl.meteor == corp.meteor_symbols
    assert (1 << pl.meteor) & pl.mask_b  # on the domino the meteor shares the B icon


def test_tech_level_5_places_no_meteorite() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_track(corp, "tech", 14)
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass", meteor=True))
    pl = place(state, 0, "inner")
    assert corp.meteorites == 0 and corp.meteor_symbols == 1 << pl.meteor


def test_covering_a_lifepod_destroys_it() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    pod = g.bit(*LIFEPODS[1])  # (1, 4) is on the perimeter
    place(state, 0, "inner", lambda pl: bool(pl.mask & pod))
    assert not corp.lifepods & pod and corp.lifepods_lost == 1 and corp.lifepods_collected == 0


def test_covering_a_rover_destroys_it() -> None:
    state = at_tiles()
    corp = state.corps[0]
    paint(corp, "civ", [(6, 5)])
    corp.rovers = [g.cell(6, 6)]
    corp.rovers_left = 1
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    place(state, 0, "inner", lambda pl: bool(pl.mask & g.bit(6, 6)))
    assert corp.rovers == [] and corp.rovers_lost == 1


# ---- advancing (§5.4, §5.5) ------------------------------------------------------------------------------
def test_each_resource_icon_advances_its_track_once() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_depot(state, 0, outer=tile_type("Z5", "tech", "biomass"))
    place(state, 0, "outer")
    assert sorted(legal(state, 0)) == ["gain biomass", "gain tech"]
    state.apply(0, "gain tech")
    state.apply(0, "gain biomass")
    assert corp.tracks[TECH] == 1 and corp.tracks[BIOMASS] == 1
    assert legal(state, 0) == ["done"]


def test_water_advances_only_when_its_terrain_covers_ice() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_depot(state, 0, inner=tile_type("D2", "water", "rover"))
    # the water square (part A) on ice
    place(state, 0, "inner", lambda pl: bool(pl.mask_a & PLANET.ice))
    assert sorted(legal(state, 0)) == ["gain rover", "gain water"]
    state2 = at_tiles()
    set_depot(state2, 0, inner=tile_type("D2", "water", "rover"))
    # only the rover square on ice: water does not advance
    place(state2, 0, "inner", lambda pl: not pl.mask_a & PLANET.ice and bool(pl.mask_b & PLANET.ice))
    assert legal(state2, 0) == ["gain rover"]
    assert corp.tracks[WATER] == 0


def test_tech_level_4_water_advances_twice_from_a_placed_tile() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_track(corp, "tech", 10)
    set_depot(state, 0, inner=tile_type("D2", "water", "rover"))
    place(state, 0, "inner", lambda pl: bool(pl.mask_a & PLANET.ice))
    assert [i for i in corp.pending if i == ["gain", WATER]] == [["gain", WATER]] * 2
    resolve_all(state, 0, prefer=("water",))
    assert corp.tracks[WATER] == 2


def test_tech_level_4_not_for_a_synergy_boost() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["synergy"])
    set_track(corp, "tech", 10)
    state.apply(0, "synergy water")
    assert corp.tracks[WATER] == 1


def test_energy_offers_the_other_resource_and_terrain_touching_the_energy_area() -> None:
    state = at_tiles()
    corp = state.corps[0]
    paint(corp, "energy", [(6, 5), (6, 6)])  # an energy area ...
    paint(corp, "tech", [(5, 6)])  # ... touched by tech terrain
    corp.patches |= paint(corp, "biomass", [(6, 7)])  # ... and by a biomass patch
    paint(corp, "water", [(9, 6)])  # water far away
    refresh(state)
    set_depot(state, 0, inner=tile_type("D2", "civ", "energy"))
    # the new energy square touches the old energy area at (7, 5) only; the tile touches nothing else
    place(state, 0, "inner", lambda pl: pl.mask_b == g.bit(7, 5) and pl.mask_a == g.bit(8, 5))
    assert ["energy", [CIV, BIOMASS, TECH]] in corp.pending
    assert sorted(a for a in legal(state, 0) if a.startswith("energy")) == [
        "energy biomass", "energy civ", "energy tech"]
    state.apply(0, "energy tech")
    assert corp.tracks[TECH] == 1


def test_energy_on_its_own_offers_only_the_other_resource() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_depot(state, 0, inner=tile_type("D2", "energy", "water"))
    place(state, 0, "inner", lambda pl: not pl.mask_b & PLANET.ice)  # bare planet around offers nothing
    assert corp.pending == [["energy", [WATER]]]
    state.apply(0, "energy water")  # water through energy needs no ice
    assert corp.tracks[WATER] == 1


def test_synergy_boost_advances_any_one_track() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", WATER])
    set_track(corp, "water", 2)
    state.apply(0, "gain water")  # water 3 is a synergy boost
    assert sorted(legal(state, 0)) == [f"synergy {t}" for t in sorted(("civ", "water", "biomass", "rover", "tech"))]
    state.apply(0, "synergy civ")
    assert corp.tracks[CIV] == 1 and corp.tracks[WATER] == 3


def test_tracks_are_capped_at_15() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", CIV], ["synergy"])
    set_track(corp, "civ", 15)
    set_track(corp, "water", 15)
    state.apply(0, "gain civ")
    assert corp.tracks[CIV] == 15
    assert "synergy civ" not in legal(state, 0) and "synergy water" not in legal(state, 0)
    assert "synergy rover" in legal(state, 0)


def test_a_tiles_advance_of_a_tracker_at_the_top_is_taken_and_said() -> None:
    """A tile's own advance must be taken even with its tracker at the top: it brings nothing, and its event says so
    (a move without one read as a silent "gain civ" in the log)."""
    state = at_tiles()
    corp = with_items(state, 0, ["gain", CIV])
    set_track(corp, "civ", 15)
    assert legal(state, 0) == ["gain civ"]
    events = state.apply(0, "gain civ")
    assert corp.tracks[CIV] == 15
    said = [(e["track"], e["position"]) for e in events if e["type"] == "no_step"]
    assert said == [("civ", 15)]


def test_rover_track_overflow_gives_four_movement_again() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    set_track(corp, "rover", 15)
    corp.rovers = [g.cell(*ICE)]
    state.apply(0, "gain rover")
    assert corp.tracks[ROVER] == 15 and corp.movement == CORP.rover_overflow_move == 4


def test_rover_track_movement_by_position() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    set_track(corp, "rover", 8)
    corp.rovers = [g.cell(*ICE)]
    state.apply(0, "gain rover")  # position 9: three moves
    assert corp.movement == 3


def test_tech_level_3_adds_one_rover_movement() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    set_track(corp, "rover", 3)
    set_track(corp, "tech", 7)
    corp.rovers = [g.cell(*ICE)]
    state.apply(0, "gain rover")  # position 4: 2 + 1
    assert corp.movement == 3


def test_regress_relocks_tech_levels() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["regress", [TECH], 1])
    set_track(corp, "tech", 7)
    assert corp.level(3)
    state.apply(0, "regress tech")
    assert corp.tracks[TECH] == 6 and not corp.level(3) and corp.level(2) and corp.level(1)


def test_readvancing_past_a_milestone_claims_it_again() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["regress", [TECH], 1], ["gain", TECH])
    set_track(corp, "tech", 3)
    state.apply(0, "regress tech")
    assert not corp.level(1)
    state.apply(0, "gain tech")
    assert corp.level(1)


# ---- biomass patches (§5.7) ------------------------------------------------------------------------------
def test_biomass_milestone_gives_a_patch_placed_by_the_placement_rules() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", BIOMASS])
    set_track(corp, "biomass", 2)
    paint(corp, "civ", [(6, 5)])
    refresh(state)
    state.apply(0, "gain biomass")  # position 3: a biomass milestone
    patches = [a for a in legal(state, 0) if a.startswith("patch")]
    assert sorted(patches) == sorted(f"patch {x} {y}" for x, y in ((5, 5), (7, 5), (6, 4), (6, 6)))
    assert "store" not in legal(state, 0)
    state.apply(0, "patch 6 6")
    assert corp.patches == g.bit(6, 6) and corp.terrain[BIOMASS] & g.bit(6, 6) and corp.occupied & g.bit(6, 6)


def test_first_biomass_patch_goes_on_the_perimeter() -> None:
    state = at_tiles()
    with_items(state, 0, ["patch"])
    squares = {tuple(a.args) for a in state.legal_actions(0) if a.kind == "patch"}
    assert squares == {g.xy(i) for i in g.cells_of(PLANET.perimeter & ~PLANET.lifepods)} | {
        p for p in LIFEPODS if g.bit(*p) & PLANET.perimeter}


def test_patch_on_a_lifepod_destroys_it() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["patch"])
    state.apply(0, "patch 1 4")
    assert not corp.lifepods & g.bit(1, 4) and corp.lifepods_lost == 1


def test_tech_level_2_stores_patches_and_places_them_at_game_end() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["patch"])
    set_track(corp, "tech", 5)
    paint(corp, "civ", [(6, 5)])
    refresh(state)
    assert "store" in legal(state, 0)
    state.apply(0, "store")
    assert corp.stored_patches == 1 and corp.patches == 0
    state.last_round = True
    state.apply(0, "done")
    assert state.phase == FINAL and state.active_players() == [0]
    assert corp.stored_patches == 0 and "store" not in legal(state, 0)
    state.apply(0, "patch 6 6")
    assert state.is_over() and corp.patches == g.bit(6, 6)


# ---- civ milestones (§5.6) -------------------------------------------------------------------------------
def test_civ_milestones_claimed_at_round_end_in_order_from_the_commander() -> None:
    state = at_tiles(3)
    state.civ_piles[0] = [6, 7, 29, 33]  # end-game cards: no choices follow
    commander = state.commander
    for corp in state.corps:
        corp.took_tile = True
        corp.pending = [["civ", 1]]
    refresh(state)
    for p in range(3):
        assert legal(state, p) == ["done"]  # a civ milestone waits for the round's end
        state.apply(p, "done")
    assert state.phase == CLAIM
    order, sizes = [], []
    while state.phase == CLAIM:
        (p,) = state.active_players()
        order.append(p)
        sizes.append(len(state.corps[p].offer))
        state.apply(p, "keep 1")
    assert order == [commander, (commander + 1) % 3, (commander + 2) % 3]
    assert sizes == [4, 3, 2]
    assert len(state.civ_piles[0]) == 1 and all(len(c.civ) == 1 for c in state.corps)
    assert state.phase == ROTATE and state.round == 2


def test_civ_milestone_of_an_empty_rank_gives_nothing() -> None:
    state = at_tiles()
    state.civ_piles[0] = []
    corp = with_items(state, 0, ["gain", CIV])
    set_track(corp, "civ", 2)
    state.apply(0, "gain civ")
    state.apply(0, "done")
    assert state.phase == TILES and state.round == 2 and corp.civ == []


def test_civ_milestone_reached_during_the_claim_is_claimed_at_once() -> None:
    state = at_tiles()
    state.civ_piles[0] = [6]
    state.civ_piles[1] = [10]  # New Angel Investors: advance 3 different trackers
    corp = state.corps[0]
    corp.pending = [["civ", 2]]
    corp.took_tile = True
    state.corps[1].took_tile = True
    set_track(corp, "civ", 2)
    refresh(state)
    state.apply(0, "done")
    state.apply(1, "done")
    assert state.phase == CLAIM and state.corps[0].offer == [10]
    state.apply(0, "keep 1")
    state.apply(0, "advance civ")  # civ 3: a rank-1 milestone, offered at once, before the other advances
    assert state.phase == CLAIM and corp.offer == [6] and legal(state, 0) == ["keep 1"]
    state.apply(0, "keep 1")
    state.apply(0, "advance water")
    state.apply(0, "advance tech")
    assert corp.civ == [10, 6] and corp.tracks[:5:4] == [3, 1]
    assert state.phase == TILES and state.round == 2


# ---- rovers (§5.8) ---------------------------------------------------------------------------------------
def test_rover_milestone_deploys_on_the_last_tile_placed() -> None:
    state = at_tiles()
    corp = state.corps[0]
    corp.patches |= paint(corp, "biomass", [(0, 5)])
    refresh(state)
    set_depot(state, 0, inner=tile_type("D2", "water", "rover"))
    pl = place(state, 0, "inner")
    state.apply(0, "gain rover")
    deploys = {tuple(a.args) for a in state.legal_actions(0) if a.kind == "deploy"}
    assert deploys == {g.xy(i) for i in g.cells_of(pl.mask)}
    x, y = g.xy(pl.icon_b)
    state.apply(0, f"deploy {x} {y}")
    assert corp.rovers == [pl.icon_b] and corp.rovers_left == 1


def test_rover_deployed_on_a_meteorite_collects_it() -> None:
    state = at_tiles()
    corp = state.corps[0]
    set_depot(state, 0, inner=tile_type("D2", "water", "rover", meteor=True))
    pl = place(state, 0, "inner")
    assert corp.meteorites == 1 << pl.meteor
    state.apply(0, "gain rover")
    x, y = g.xy(pl.meteor)
    state.apply(0, f"deploy {x} {y}")
    assert corp.meteorites == 0 and corp.meteorites_collected == 1
    state2 = at_tiles()
    corp2 = with_items(state2, 0, ["deploy"])
    corp2.last_tile = g.mask_of([(6, 5), (6, 6)])
    corp2.meteorites = g.bit(6, 6)
    state2.apply(0, "deploy 6 6")
    assert corp2.meteorites == 0 and corp2.meteorites_collected == 1


def test_rover_milestone_with_no_rover_left_gives_nothing() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    corp.rovers_left = 0
    corp.last_tile = paint(corp, "civ", [(6, 5)])
    state.apply(0, "gain rover")
    assert corp.pending == [] and legal(state, 0) == ["done"]


def test_rover_milestone_before_any_tile_is_lost() -> None:
    """Decision: with no tile placed yet (an event in round 1) the rover has nowhere to go; the milestone is lost."""
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    state.apply(0, "gain rover")
    assert corp.pending == [] and corp.rovers_left == 2 and corp.tracks[ROVER] == 1


def test_deploy_and_movement_on_one_space_resolve_in_any_order() -> None:
    """Rover position 6: movement 2 and a rover milestone; the rover deployed first may use the movement."""
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    set_track(corp, "rover", 5)
    corp.last_tile = paint(corp, "civ", [(6, 5), (6, 6)])
    state.apply(0, "gain rover")
    assert corp.movement == 2 and "done" not in legal(state, 0)
    state.apply(0, "deploy 6 5")
    assert "rove 0 6 4" in legal(state, 0)


def test_rover_movement_collects_lifepods_and_meteorites() -> None:
    state = at_tiles()
    corp = with_items(state, 0)
    corp.rovers = [g.cell(7, 4)]
    corp.movement = 3
    corp.meteorites = g.bit(7, 3)
    refresh(state)
    state.apply(0, "rove 0 7 3")
    state.apply(0, "rove 0 7 2")
    assert corp.meteorites_collected == 1 and corp.lifepods_collected == 1
    assert not corp.lifepods & g.bit(7, 2) and corp.movement == 1
    state.apply(0, "done")  # unspent movement is lost
    assert corp.movement == 0


def test_rover_moves_orthogonally_on_planet_squares_covered_or_not() -> None:
    state = at_tiles()
    corp = with_items(state, 0)
    paint(corp, "civ", [(5, 0)])
    corp.rovers = [g.cell(5, 0)]
    corp.movement = 1
    refresh(state)
    assert sorted(a for a in legal(state, 0) if a.startswith("rove")) == ["rove 0 5 1", "rove 0 6 0"]


def test_rover_may_not_enter_another_rovers_square() -> None:
    state = at_tiles()
    corp = with_items(state, 0)
    corp.rovers = [g.cell(6, 5), g.cell(6, 6)]
    corp.movement = 2
    refresh(state)
    moves = [a for a in legal(state, 0) if a.startswith("rove")]
    assert "rove 0 6 6" not in moves and "rove 1 6 5" not in moves
    assert "rove 0 6 4" in moves and "rove 1 6 7" in moves


def test_rover_movement_is_split_among_rovers() -> None:
    state = at_tiles()
    corp = with_items(state, 0)
    corp.rovers = [g.cell(6, 5), g.cell(2, 5)]
    corp.movement = 2
    refresh(state)
    state.apply(0, "rove 0 7 5")
    state.apply(0, "rove 1 2 6")
    assert corp.rovers == [g.cell(7, 5), g.cell(2, 6)] and corp.movement == 0


def test_rover_movement_without_a_rover_is_lost() -> None:
    state = at_tiles()
    corp = with_items(state, 0, ["gain", ROVER])
    set_track(corp, "rover", 3)
    state.apply(0, "gain rover")
    assert corp.movement == 0 and legal(state, 0) == ["done"]


# ---- forced play and game end (§5.3, §5.9) ---------------------------------------------------------------
def test_forced_play_a_fitting_tile_must_be_placed() -> None:
    state = at_tiles()
    fill_planet(state.corps[0], except_=[(5, 5), (6, 5)])
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("I4", "tech", "biomass"))
    assert kinds(state, 0) == {"place"}
    assert {a.args[0] for a in state.legal_actions(0)} == {"inner"}


def test_no_placement_take_a_tile_advance_both_and_end_the_game() -> None:
    state = at_tiles()
    corp = state.corps[0]
    fill_planet(corp, except_=[(5, 5)])
    set_depot(state, 0, inner=tile_type("D2", "energy", "water"), outer=tile_type("I4", "rover", "tech"))
    assert legal(state, 0) == ["take inner", "take outer"]
    state.apply(0, "take inner")
    # energy on an unplaced tile counts as its other resource; water needs no ice
    assert corp.pending == [["gain", WATER], ["gain", WATER]]
    assert state.last_round and state.end_reasons == ["no placement"] and corp.unplaced
    resolve_all(state, 0)
    assert corp.tracks[WATER] == 2
    resolve_all(state, 1)
    assert state.is_over()


def test_empty_depot_ends_the_game_after_the_round() -> None:
    state = at_tiles()
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), only=True)
    resolve_all(state, 0)
    assert not state.last_round  # checked at the end of the round
    resolve_all(state, 1)
    assert state.is_over() and state.end_reasons == ["empty depot"]


def test_a_full_round_without_trigger_goes_on() -> None:
    state = at_tiles()
    resolve_all(state, 0)
    resolve_all(state, 1)
    assert not state.is_over() and state.round == 2


# ---- scoring (§5.10) --------------------------------------------------------------------------------------
def _scoring_state() -> PlanetUnknownState:
    state = at_tiles()
    state.neighbor_cards = []
    for corp in state.corps:
        corp.lifepods = 0
    return state


def test_complete_rows_and_columns_score_their_medals() -> None:
    state = _scoring_state()
    corp = state.corps[0]
    fill_planet(corp)
    assert state.score_of(0).breakdown["planet"] == 40
    corp.meteorites = g.bit(7, 6)  # row 6 (3) and column 7 (2) lose their medals
    assert state.score_of(0).breakdown["planet"] == 35
    corp.meteorites = 0
    corp.occupied &= ~g.bit(5, 0)  # row 0 (1) and column 5 (3) are incomplete
    assert state.score_of(0).breakdown["planet"] == 36


def test_track_medals_score_the_highest_reached() -> None:
    state = _scoring_state()
    corp = state.corps[0]
    for track, position in (("civ", 9), ("water", 14), ("biomass", 7), ("rover", 15), ("tech", 12)):
        set_track(corp, track, position)
    assert state.score_of(0).breakdown["tracks"] == 3 + 7 + 1 + 5 + 1
    for track in ("civ", "water", "biomass", "rover", "tech"):
        set_track(corp, track, 15)
    assert state.score_of(0).breakdown["tracks"] == 30


def test_lifepods_and_meteorites_score() -> None:
    state = _scoring_state()
    corp = state.corps[0]
    corp.lifepods_collected = 4
    corp.meteorites_collected = 8
    breakdown = state.score_of(0).breakdown
    assert breakdown["lifepods"] == 4 and breakdown["meteorites"] == 2


def test_score_total_is_the_sum_of_its_breakdown() -> None:
    state = game(3, seed=11, events=True, private_objectives=True)
    autoplay(state, lambda s: False, limit=5000)
    assert state.is_over()
    for score in state.scores():
        assert isinstance(score, Score) and score.total == sum(score.breakdown.values())


def test_tie_break_fewest_empty_squares_then_fewest_meteorites_on_the_planet() -> None:
    state = _scoring_state()
    a, b = state.corps
    paint(a, "civ", [(6, 5), (6, 6)])
    paint(b, "civ", [(6, 5)])
    assert state.scores()[0].total == state.scores()[1].total
    assert state.winners() == [0]
    paint(b, "civ", [(6, 6)])
    a.meteorites = g.bit(6, 5)
    assert state.winners() == [1]
    b.meteorites = g.bit(6, 5)
    assert state.winners() == [0, 1]


# ---- solo (§9) ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("mix", "target"), [
    ((7, 7, 6), 60 + 6 - 2 - 5), ((0, 0, 20), 60 - 11), ((2, 2, 16), 60 - 11), ((3, 3, 14), 60 + 3 - 1 - 9),
    ((11, 9, 0), 60 + 9 - 2), ((15, 5, 0), 60 + 12 - 1), ((10, 0, 10), 60 + 6 - 7), ((4, 15, 1), 60 + 3 - 4)])
def test_solo_target_table(mix: tuple[int, int, int], target: int) -> None:
    state = game(1)
    state.event_counts = list(mix)
    assert state.solo_target() == target


def test_solo_target_without_events_is_zero() -> None:
    state = game(1)
    state.events_on = False
    assert state.solo_target() == 0


@pytest.mark.parametrize(("result", "rating"), [
    (-20, "-15"), (-15, "-15"), (-11, "-15"), (-10, "-10"), (-6, "-10"), (-5, "-5"), (-1, "-5"), (0, "0"), (4, "0"),
    (5, "+5"), (10, "+10"), (14, "+10"), (15, "+15"), (30, "+15")])
def test_solo_rating_bands_are_shown_by_their_score_differences(result: int, rating: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference gives the rulebook's seven bands by their differences to the target (−15 … +15), not by the
    names printed for them: a result is in the band of the highest difference it reaches (the lowest band, where
    "critical fail" lies, also takes everything below)."""
    state = game(1)
    target = state.solo_target()
    monkeypatch.setattr(state, "scores", lambda: [Score(target + result, {})])
    assert state.solo_rating() == rating
    assert state.solo_band() == int(rating)


def test_solo_view_shows_target_and_rating_at_game_end() -> None:
    state = game(1, seed=4)
    autoplay(state, lambda s: False, limit=5000)
    view = state.view(0)
    assert view["solo_result"]["target"] == state.solo_target()
    assert view["solo_result"]["rating"] == state.solo_rating()
    assert view["solo_result"]["band"] == state.solo_band() in (-15, -10, -5, 0, 5, 10, 15)


# ---- resources index sanity used above ------------------------------------------------------------------------
def test_energy_has_no_track() -> None:
    assert ENERGY == 5 and "energy" not in [*RESOURCE_INDEX][:5]


def test_views_leave_the_printed_figures_to_their_own_endpoint() -> None:
    """The figures are the same in every match: 36 KB the views need not carry (GET /api/games/ID/figures)."""
    from brassboard.games.planet_unknown.rules import PlanetUnknownState
    from brassboard.games.planet_unknown.view import static_figures

    state = game(4, 1)
    assert "figures" not in state.view(0) and "figures" not in state.view(None)
    assert PlanetUnknownState.printed_figures() is static_figures()
