"""Planet Unknown event cards 65-124: each card shows its effect (reference §8, §5.9 C)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pu_helpers import (
    CORP,
    FIG,
    LIFEPODS,
    PLANET,
    autoplay,
    event_game,
    fill_planet,
    game,
    legal,
    paint,
    place,
    place_where,
    refresh,
    resolve_all,
    set_depot,
    set_track,
    tile_type,
    with_items,
)

from brassboard.engine import Event
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import BIOMASS, CIV, RESOURCE_INDEX, ROVER, TECH, TRACKS, WATER
from brassboard.games.planet_unknown.rules import EVENT, TILES, PlanetUnknownState

ADVANCE_PAIRS = {69: ("rover", "civ"), 70: ("rover", "tech"), 71: ("rover", "water"), 72: ("rover", "biomass"),
                 73: ("civ", "tech"), 74: ("water", "civ"), 75: ("biomass", "civ"), 76: ("tech", "water"),
                 77: ("biomass", "tech"), 78: ("biomass", "water")}
REGRESS_PAIRS = {85 + k: pair for k, pair in enumerate(ADVANCE_PAIRS.values())}
FORBIDDEN = {97: "water", 98: "biomass", 99: "energy", 100: "rover", 101: "tech", 102: "civ"}
SOLO_ONLY = {65, 66, 67, 79, 110, 116}
GROUPS: dict[str, list[int]] = {
    "extra_rover": [65], "extra_civ": [66], "extra_objective": [67], "advance3": [68],
    "advance_pair": sorted(ADVANCE_PAIRS), "rotate": [79], "patch": [80], "synergy": [81, 84],
    "collect_lifepod": [82], "collect_meteorite": [83], "regress_pair": sorted(REGRESS_PAIRS),
    "add_meteorite": [95, 107], "regress_any": [96, 105, 106], "forbidden": sorted(FORBIDDEN),
    "no_edge": [103, 124], "one_resource": [104, 108], "no_milestones": [109, 123], "discard": [110],
    "destroy_rover": [111], "remove_civ": [112], "destroy_lifepod": [113], "lost_lifepod": [114],
    "lost_meteorite": [115], "remove_shape": [116], "synergy_or_peek": [117, 118], "no_matching": [119],
    "no_ice": [120, 121], "no_synergy": [122],
}


def test_every_event_card_has_a_test_below() -> None:
    ids = sorted(i for group in GROUPS.values() for i in group)
    assert ids == sorted(FIG.events) == list(range(65, 125))
    assert {i for i in FIG.events if FIG.events[i]["solo"]} == SOLO_ONLY


def _others_resolve(state: PlanetUnknownState, player: int = 0) -> None:
    """The other players resolve the event with their first choice."""
    for p in range(state.num_players):
        while p != player and state.phase == EVENT and p in state.active_players():
            actions = [a for a in state.legal_actions(p) if a.kind != "rove"]
            state.apply(p, actions[0])


# ---- green ----------------------------------------------------------------------------------------------------
def test_event_65_extra_rover_deployed_on_this_rounds_tile() -> None:
    state = event_game(65, players=1)
    corp = state.corps[0]
    assert state.phase == TILES
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    pl = place(state, 0, "inner")
    assert corp.rovers_left == CORP.rovers + 1 and ["deploy"] in corp.pending
    x, y = g.xy(pl.icon_a)
    state.apply(0, f"deploy {x} {y}")
    assert corp.rovers == [pl.icon_a]


def test_event_66_adds_a_returned_civ_card_to_each_rank() -> None:
    before: list[list[int]] = []
    box: list[int] = []

    def remember(state: PlanetUnknownState) -> None:
        before.extend(list(p) for p in state.civ_piles)
        box.extend(state.civ_box)

    state = event_game(66, players=1, setup=remember)
    for rank, (old, new) in enumerate(zip(before, state.civ_piles, strict=True), start=1):
        (added,) = set(new) - set(old)
        assert len(new) == 3 and added in box and FIG.civ_cards[added]["rank"] == rank
    assert len(state.civ_box) == len(box) - 4


def test_event_67_draws_one_more_private_objective() -> None:
    state = event_game(67, players=1)
    assert len(state.corps[0].objectives) == 4


def test_event_68_advances_civ_biomass_or_water_by_three_without_benefits() -> None:
    state = event_game(68)
    corp = state.corps[0]
    assert sorted(legal(state, 0)) == ["advance biomass", "advance civ", "advance water"]
    state.apply(0, "advance civ")
    assert corp.tracks[CIV] == 3 and corp.pending == []  # civ 3 is a milestone: not claimed
    state2 = event_game(68)
    state2.apply(0, "advance biomass")
    assert state2.corps[0].tracks[BIOMASS] == 3 and state2.corps[0].pending == []  # no synergy (2), no patch (3)


@pytest.mark.parametrize("event", sorted(ADVANCE_PAIRS))
def test_events_69_to_78_advance_one_of_a_pair(event: int) -> None:
    state = event_game(event)
    a, b = ADVANCE_PAIRS[event]
    assert sorted(legal(state, 0)) == sorted([f"advance {a}", f"advance {b}"])
    assert sorted(legal(state, 1)) == sorted([f"advance {a}", f"advance {b}"])  # every player
    state.apply(0, f"advance {b}")
    assert state.corps[0].tracks[RESOURCE_INDEX[b]] == 1 and state.corps[0].tracks[RESOURCE_INDEX[a]] == 0


def test_event_advance_claims_benefits() -> None:
    state = event_game(73, setup=lambda s: set_track(s.corps[0], "tech", 2))
    state.apply(0, "advance tech")
    assert state.corps[0].level(1)


def test_event_79_turns_the_station_to_any_depot() -> None:
    state = event_game(79, players=1)
    rotation = state.rotation
    assert legal(state, 0) == [f"turn {k}" for k in range(6)]
    state.apply(0, "turn 2")
    assert state.rotation == (rotation + 2) % 6 and state.phase == TILES


def test_event_80_gains_a_biomass_patch() -> None:
    state = event_game(80)
    patches = [a for a in legal(state, 0) if a.startswith("patch")]
    assert len(patches) == PLANET.perimeter.bit_count()  # the first patch goes on the edge
    state.apply(0, "patch 5 0")
    assert state.corps[0].patches == g.bit(5, 0)


@pytest.mark.parametrize("event", [81, 84])
def test_events_81_84_synergy_boost(event: int) -> None:
    state = event_game(event)
    assert sorted(legal(state, 0)) == sorted(f"synergy {t}" for t in TRACKS)
    state.apply(0, "synergy rover")
    assert state.corps[0].tracks[ROVER] == 1


def test_event_82_collects_a_lifepod() -> None:
    state = event_game(82)
    assert sorted(legal(state, 0)) == sorted(f"collect {x} {y}" for x, y in LIFEPODS)
    state.apply(0, "collect 5 9")
    corp = state.corps[0]
    assert corp.lifepods_collected == 1 and not corp.lifepods & g.bit(5, 9)


def test_event_83_collects_a_meteorite() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.corps[0].meteorites = g.bit(6, 6)

    state = event_game(83, setup=setup)
    assert legal(state, 0) == ["collect 6 6"]
    assert legal(state, 1) == []  # no meteorite: nothing to do
    state.apply(0, "collect 6 6")
    assert state.corps[0].meteorites_collected == 1 and state.phase == TILES


# ---- orange ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("event", sorted(REGRESS_PAIRS))
def test_events_85_to_94_regress_one_of_a_pair(event: int) -> None:
    a, b = REGRESS_PAIRS[event]

    def setup(state: PlanetUnknownState) -> None:
        for t in TRACKS:
            set_track(state.corps[0], t, 2)

    state = event_game(event, setup=setup)
    assert sorted(legal(state, 0)) == sorted([f"regress {a}", f"regress {b}"])
    assert legal(state, 1) == []  # trackers at 0 cannot regress
    state.apply(0, f"regress {a}")
    assert state.corps[0].tracks[RESOURCE_INDEX[a]] == 1 and state.corps[0].tracks[RESOURCE_INDEX[b]] == 2


@pytest.mark.parametrize("event", [95, 107])
def test_events_95_107_add_a_meteorite_on_an_empty_meteor_symbol(event: int) -> None:
    def setup(state: PlanetUnknownState) -> None:
        corp = state.corps[0]
        corp.meteor_symbols = g.mask_of([(6, 5), (8, 5), (2, 6)])
        corp.meteorites = g.bit(6, 5)
        corp.rovers = [g.cell(2, 6)]

    state = event_game(event, setup=setup)
    corp = state.corps[0]
    assert sorted(legal(state, 0)) == ["meteorite 2 6", "meteorite 8 5"]
    state.apply(0, "meteorite 2 6")  # on the rover: it is destroyed
    assert corp.meteorites == g.mask_of([(6, 5), (2, 6)]) and corp.rovers == [] and corp.rovers_lost == 1


def test_event_add_meteorite_also_with_tech_level_5() -> None:
    """Decision: tech level 5 stops meteorites from placed tiles only; events 95/107 still add one."""
    def setup(state: PlanetUnknownState) -> None:
        corp = state.corps[0]
        set_track(corp, "tech", 14)
        corp.meteor_symbols = g.bit(8, 5)

    state = event_game(95, setup=setup)
    assert legal(state, 0) == ["meteorite 8 5"]


@pytest.mark.parametrize(("event", "times"), [(96, 1), (105, 2), (106, 3)])
def test_events_96_105_106_regress_any_one_tracker(event: int, times: int) -> None:
    def setup(state: PlanetUnknownState) -> None:
        for t in TRACKS:
            set_track(state.corps[0], t, 7)
        set_track(state.corps[1], "civ", 1)

    state = event_game(event, setup=setup)
    assert sorted(legal(state, 0)) == sorted(f"regress {t}" for t in TRACKS)
    assert legal(state, 1) == ["regress civ"]
    state.apply(0, "regress tech")
    corp = state.corps[0]
    assert corp.tracks[TECH] == 7 - times and corp.level(3) == (times == 0)
    state.apply(1, "regress civ")
    assert state.corps[1].tracks[CIV] == 0  # never below 0


@pytest.mark.parametrize("event", sorted(FORBIDDEN))
def test_events_97_to_102_rovers_may_not_enter_a_terrain(event: int) -> None:
    terrain = FORBIDDEN[event]
    state = event_game(event)
    corp = with_items(state, 0)
    paint(corp, terrain, [(6, 4)])
    other = "civ" if terrain != "civ" else "tech"
    paint(corp, other, [(7, 5)])
    corp.rovers = [g.cell(6, 5)]
    corp.movement = 2
    refresh(state)
    moves = [a for a in legal(state, 0) if a.startswith("rove")]
    assert "rove 0 6 4" not in moves  # the forbidden terrain
    assert "rove 0 7 5" in moves and "rove 0 6 6" in moves  # other terrain, bare planet


def test_rover_restriction_ends_with_the_round() -> None:
    state = event_game(97)
    autoplay(state, lambda s: s.round > 1)
    assert state.round == 2 and not any(f.startswith("rover_forbidden") for f in state.flags)


@pytest.mark.parametrize("event", [103, 124])
def test_events_103_124_no_placement_on_the_edge(event: int) -> None:
    state = event_game(event)
    corp = state.corps[0]
    paint(corp, "civ", [(5, 2)])  # a domino from (5, 1) could reach the edge at (5, 0)
    refresh(state)
    spots = state.placements(0, tile_type("D2", "tech", "biomass"))
    assert spots and not any(pl.mask & PLANET.perimeter for pl in spots)
    assert len(spots) < len(state.placements(0, tile_type("D2", "tech", "biomass"), restricted=False))


@pytest.mark.parametrize("event", [103, 124])
def test_edge_restriction_dropped_when_no_placement_would_exist(event: int) -> None:
    """The first tile must touch the edge: an event forbidding the edge yields."""
    state = event_game(event)
    tile = tile_type("D2", "tech", "biomass")
    spots = state.placements(0, tile)
    assert spots and all(pl.mask & PLANET.perimeter for pl in spots)
    assert spots == state.placements(0, tile, restricted=False)


@pytest.mark.parametrize("event", [104, 108])
def test_events_104_108_advance_only_one_resource(event: int) -> None:
    state = event_game(event)
    corp = state.corps[0]
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    place(state, 0, "inner")
    assert sorted(legal(state, 0)) == ["only biomass", "only tech"]
    state.apply(0, "only tech")
    assert legal(state, 0) == ["gain tech"]
    state.apply(0, "gain tech")
    assert corp.tracks[TECH] == 1 and corp.tracks[BIOMASS] == 0


def test_one_resource_choice_of_a_water_without_ice_gives_nothing() -> None:
    state = event_game(104)
    set_depot(state, 0, inner=tile_type("D2", "water", "rover"))
    place(state, 0, "inner", lambda pl: not pl.mask_a & PLANET.ice)
    state.apply(0, "only water")
    assert legal(state, 0) == ["done"]


# ---- red ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("event", [109, 123])
def test_events_109_123_no_milestone_benefits_this_round(event: int) -> None:
    state = event_game(event)
    corp = with_items(state, 0, ["gain", CIV], ["gain", BIOMASS], ["gain", TECH], ["gain", ROVER], ["gain", WATER])
    for t in ("civ", "biomass", "tech"):
        set_track(corp, t, 2)
    set_track(corp, "water", 2)
    corp.last_tile = paint(corp, "civ", [(6, 5)])
    for t in ("civ", "biomass", "tech", "rover", "water"):
        state.apply(0, f"gain {t}")
    assert corp.tracks == [3, 3, 3, 1, 3]
    assert not corp.level(1)  # the tech milestone brings nothing (decision: its level stays locked)
    assert corp.pending == [["synergy"]]  # no civ card, patch or rover; the water synergy boost still comes


def test_no_milestones_leaves_tech_level_locked_after_the_round() -> None:
    """Decision: a tech level passed while milestones are off is not unlocked later by merely standing on it."""
    state = event_game(109)
    corp = with_items(state, 0, ["gain", TECH])
    set_track(corp, "tech", 2)
    state.apply(0, "gain tech")
    state.apply(0, "done")
    assert state.round == 2 and corp.tracks[TECH] == 3 and not corp.level(1)


def test_event_110_destroys_one_of_your_objectives() -> None:
    state = event_game(110, players=1)
    corp = state.corps[0]
    kept = list(corp.objectives)
    assert sorted(legal(state, 0)) == sorted(f"discard {c}" for c in kept)
    state.apply(0, f"discard {kept[1]}")
    assert corp.objectives == [kept[0], kept[2]]


def test_event_111_destroys_a_rover_if_more_than_one_on_the_planet() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.corps[0].rovers = [g.cell(6, 5), g.cell(2, 6)]
        state.corps[1].rovers = [g.cell(6, 5)]

    state = event_game(111, setup=setup)
    assert sorted(legal(state, 0)) == ["destroy 2 6", "destroy 6 5"]
    assert legal(state, 1) == []
    state.apply(0, "destroy 2 6")
    assert state.corps[0].rovers == [g.cell(6, 5)] and state.corps[0].rovers_lost == 1
    assert state.corps[1].rovers == [g.cell(6, 5)]


def test_event_112_removes_a_random_civ_card_from_each_rank() -> None:
    sizes: list[int] = []
    state = event_game(112, setup=lambda s: sizes.extend(len(p) for p in s.civ_piles))
    assert [len(p) for p in state.civ_piles] == [n - 1 for n in sizes] == [2, 2, 2, 2]
    assert sorted([c for p in state.civ_piles for c in p] + state.civ_box) == list(range(1, 37))


def test_event_113_destroys_a_lifepod_on_the_planet() -> None:
    state = event_game(113)
    state.apply(0, "destroy 7 2")
    corp = state.corps[0]
    assert corp.lifepods_lost == 1 and corp.lifepods_collected == 0 and not corp.lifepods & g.bit(7, 2)


def test_event_114_destroys_a_collected_lifepod() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.corps[0].lifepods_collected = 2

    state = event_game(114, setup=setup)
    assert state.corps[0].lifepods_collected == 1 and state.corps[0].lifepods_lost == 1
    assert state.corps[1].lifepods_collected == 0 and state.corps[1].lifepods_lost == 0
    assert state.phase == TILES  # no choice involved


def test_event_115_destroys_a_collected_meteorite() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.corps[0].meteorites_collected = 4

    state = event_game(115, setup=setup)
    assert state.corps[0].meteorites_collected == 3 and state.corps[0].meteorites_destroyed == 1
    assert state.corps[1].meteorites_collected == 0 and state.corps[1].meteorites_destroyed == 0


def test_event_116_removes_every_tile_of_a_shape_from_the_station() -> None:
    state = event_game(116, players=1)
    assert sorted(legal(state, 0)) == ["remove inner", "remove outer"]
    ring, stack = state.depot_stack(0, "outer")
    count = len(state.stacks[ring][stack])
    state.apply(0, "remove outer")
    assert state.stacks[ring][stack] == [] and len(state.removed) == count
    assert {FIG.tiles[t].shape for t in state.removed} == {FIG.exterior_ring[stack]}
    assert state.phase == TILES and not state.last_round


def test_event_116_never_empties_a_whole_depot() -> None:
    def setup(state: PlanetUnknownState) -> None:
        # after the automatic turn the player faces rotation + 1: empty that depot's outer stack
        exterior = (state.rotation + 1) % 6
        state.stacks[1][exterior] = []

    state = event_game(116, players=1, setup=setup)
    assert state.phase == TILES  # nothing may be removed: the event is ignored
    assert state.removed == []


@pytest.mark.parametrize("event", [117, 118])
def test_events_117_118_synergy_or_peek_at_the_next_event(event: int) -> None:
    state = event_game(event, rest=(83, 81))
    assert sorted(legal(state, 0)) == sorted([*(f"synergy {t}" for t in TRACKS), "peek"])
    state.apply(0, "peek")
    assert state.corps[0].peek == 81
    assert state.view(0)["players"][0]["peek"] == 81 and "peek" not in state.view(1)["players"][0]
    state.apply(1, "synergy civ")
    assert state.corps[1].tracks[CIV] == 1 and state.corps[0].tracks == [0] * 5


def test_peek_is_not_offered_with_no_event_left() -> None:
    state = event_game(117, rest=())
    assert "peek" not in legal(state, 0)


def test_event_119_no_tile_next_to_matching_terrain() -> None:
    state = event_game(119)
    corp = state.corps[0]
    paint(corp, "civ", [(6, 5)])
    paint(corp, "energy", [(9, 6)])
    refresh(state)
    tile = tile_type("D2", "civ", "energy")
    spots = state.placements(0, tile)
    assert spots
    for pl in spots:
        assert not pl.mask_a & g.neighbours(corp.terrain[CIV])
        assert not pl.mask_b & g.neighbours(corp.terrain[5])
    assert len(spots) < len(state.placements(0, tile, restricted=False))


@pytest.mark.parametrize("event", [120, 121])
def test_events_120_121_tiles_may_not_cover_ice(event: int) -> None:
    state = event_game(event)
    corp = state.corps[0]
    paint(corp, "civ", [(5, 4)])  # next to ice at (5, 3) and (5, 5)
    refresh(state)
    spots = state.placements(0, tile_type("D2", "tech", "biomass"))
    assert spots and not any(pl.mask & PLANET.ice for pl in spots)


@pytest.mark.parametrize("event", [120, 121])
def test_ice_restriction_dropped_when_no_placement_would_exist(event: int) -> None:
    state = event_game(event)
    corp = state.corps[0]
    fill_planet(corp, except_=[(0, 5), (0, 6)])  # only two ice squares left
    refresh(state)
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"))
    spot = place_where(state, 0, "inner")
    assert spot.mask == g.mask_of([(0, 5), (0, 6)])


def test_restrictions_yield_only_when_neither_depot_tile_can_obey() -> None:
    """Decision: a restriction holds while either depot tile can obey it, so it never decides which tile a player
    must take; only when neither can is it dropped, for both."""
    state = event_game(120)
    corp = state.corps[0]
    fill_planet(corp, except_=[(0, 5), (0, 6), (1, 5), (6, 5), (7, 5)])  # (6,5) (7,5) land; (0,5) (0,6) (1,5) ice
    refresh(state)
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("I4", "civ", "energy"))
    tromino_alone = state.placements(0, tile_type("V3", "tech", "biomass"))
    assert tromino_alone and all(pl.mask & PLANET.ice for pl in tromino_alone)  # alone, it may cover ice
    spots = state.depot_placements(0)
    assert spots["inner"] and all(not pl.mask & PLANET.ice for pl in spots["inner"])  # the land pair obeys
    assert spots["outer"] == []  # the I4 fits nowhere
    set_depot(state, 0, inner=tile_type("V3", "tech", "biomass"))
    refresh(state)
    spots = state.depot_placements(0)
    assert spots["inner"] and all(pl.mask & PLANET.ice for pl in spots["inner"])  # neither obeys: dropped
    set_depot(state, 0, inner=tile_type("D2", "tech", "biomass"), outer=tile_type("V3", "tech", "biomass"))
    refresh(state)
    spots = state.depot_placements(0)
    assert spots["inner"] and spots["outer"] == []  # the domino obeys, so the corner must too: it cannot
    assert all(a.args[0] == "inner" for a in state.legal_actions(0))


def test_event_122_no_synergy_boosts_this_round() -> None:
    state = event_game(122, rest=(81,))
    corp = with_items(state, 0, ["gain", WATER])
    set_track(corp, "water", 2)
    state.apply(0, "gain water")
    assert corp.tracks[WATER] == 3 and corp.pending == []


# ---- the event deck and the game's end ----------------------------------------------------------------------
def test_last_event_makes_the_round_the_last() -> None:
    state = event_game(81, rest=())
    assert state.last_round and state.end_reasons == ["last event"]
    autoplay(state, lambda s: s.round > 1)
    assert state.is_over() and state.round == 1


def test_not_the_last_event_goes_on() -> None:
    state = event_game(81, rest=(84,))
    assert not state.last_round
    autoplay(state, lambda s: s.round > 1)
    assert not state.is_over() and state.round == 2


def test_event_flags_last_one_round() -> None:
    state = event_game(103, rest=(84, 84))
    assert state.flags == ["no_edge"]
    autoplay(state, lambda s: s.round > 1)
    assert state.flags == []


def test_civ_milestone_reached_in_the_event_is_claimed_before_the_tiles() -> None:
    def setup(state: PlanetUnknownState) -> None:
        set_track(state.corps[0], "civ", 2)
        state.civ_piles[0] = [6, 7, 29]

    state = event_game(69, setup=setup)
    state.apply(0, "advance civ")
    _others_resolve(state)
    assert state.phase == "claim" and state.active_players() == [0]
    state.apply(0, "keep 1")
    assert state.phase == TILES and len(state.corps[0].civ) == 1


def test_event_with_nothing_to_do_for_anybody_goes_straight_to_the_tiles() -> None:
    state = event_game(113, setup=lambda s: [setattr(c, "lifepods", 0) for c in s.corps])
    assert state.phase == TILES


def test_event_water_and_tracks() -> None:
    assert RESOURCE_INDEX["water"] == WATER


# ---- an event never ends a player's game by itself -------------------------------------------------------------
ROOM = [(6, 6), (7, 6), (6, 7), (7, 7)]  # the only room left on player 0's planet: exactly one square tile


def _no_room_but_one_square_tile(extra: tuple[tuple[int, int], ...] = ()) -> Callable[[PlanetUnknownState], None]:
    """Player 0's planet is covered but ``ROOM`` (and ``extra``); both of their depot tiles are square tetrominoes."""

    def setup(state: PlanetUnknownState) -> None:
        fill_planet(state.corps[0], except_=[*ROOM, *extra])
        square = tile_type("O4", "civ", "energy")
        set_depot(state, 0, inner=square, outer=square)

    return setup


def _reveal(event: int, setup: Callable[[PlanetUnknownState], None]) -> tuple[PlanetUnknownState, list[Event]]:
    state = game(2, 0, events=True, two_player_rotation="commander")
    state.event_deck = [122, event]
    setup(state)
    refresh(state)
    return state, state.apply(state.commander, "turn 0")


def test_an_event_patch_that_would_leave_no_tile_room_is_skipped() -> None:
    """'Every event is applied by every player, if possible. It is ignored if it alone would trigger the end of the
    game' (reference §8): wherever event 80's patch went, it would cover a square of the one 2×2 room left, no depot
    tile would fit, and the game would end at the tile turn (trigger A). The event is skipped for that player, and
    logged; the other player, with room to spare, places the patch."""
    state, events = _reveal(80, _no_room_but_one_square_tile())
    assert {"type": "event_skipped", "player": 0, "card": 80, "part": "patch", "count": 1,
            "why": "it alone would end the game"} in events
    corp = state.corps[0]
    assert corp.pending == [] and corp.patches == 0
    assert state.active_players() == [1] and any(a.startswith("patch") for a in legal(state, 1))
    resolve_all(state, 1)
    assert state.phase == TILES
    assert any(a.startswith("place inner 6 6") for a in legal(state, 0))
    place(state, 0, "inner")
    assert not state.last_round and state.end_reasons == []


def test_an_event_patch_with_a_way_that_leaves_room_is_carried_out() -> None:
    """The event is skipped only when every way of carrying it out ends the game: with one free square outside the
    room the patch is placed, anywhere the tile rules allow (the player chooses)."""
    state, events = _reveal(80, _no_room_but_one_square_tile(extra=((2, 6),)))
    assert not [e for e in events if e["type"] == "event_skipped"]
    assert sorted(a for a in legal(state, 0) if a.startswith("patch")) == sorted(
        f"patch {x} {y}" for x, y in [*ROOM, (2, 6)])


def test_a_patch_stored_for_the_game_end_never_ends_it() -> None:
    """With tech level 2 the patch may be kept for the game end: a way that takes no room, so nothing is skipped."""

    def setup(state: PlanetUnknownState) -> None:
        _no_room_but_one_square_tile()(state)
        set_track(state.corps[0], "tech", CORP.tech_positions[2])

    state, events = _reveal(80, setup)
    assert not [e for e in events if e["type"] == "event_skipped"]
    assert "store" in legal(state, 0)


def test_a_milestone_patch_reached_through_an_event_that_would_leave_no_tile_room_is_skipped() -> None:
    """Event 72 (advance rover or biomass): advancing biomass onto its milestone brings a patch that could only
    close the last room. That patch is the event's doing, so it is skipped, logged; the advance stands."""

    def setup(state: PlanetUnknownState) -> None:
        _no_room_but_one_square_tile()(state)
        set_track(state.corps[0], "biomass", 2)

    state, _ = _reveal(72, setup)
    events = state.apply(0, "advance biomass")
    corp = state.corps[0]
    assert corp.tracks[BIOMASS] == 3
    assert {"type": "event_skipped", "player": 0, "card": 72, "part": "patch", "count": 1,
            "why": "it alone would end the game"} in events
    assert not any(item[0] == "patch" for item in corp.pending) and corp.patches == 0


def test_event_116_that_could_only_empty_a_depot_is_skipped_and_logged() -> None:
    def setup(state: PlanetUnknownState) -> None:
        state.stacks[1][(state.rotation + 1) % 6] = []

    state = game(1, 0)
    state.event_deck = [122, 116]
    setup(state)
    refresh(state)
    events = state.apply(0, "drop 1")
    assert [e for e in events if e["type"] == "event_skipped"] == [
        {"type": "event_skipped", "player": 0, "card": 116, "part": "remove_shape", "count": 1,
         "why": "it alone would end the game"}]
    assert state.removed == [] and state.phase == TILES
