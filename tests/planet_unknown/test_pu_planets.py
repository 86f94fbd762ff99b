"""The 12 special planets (module Asymmetric Planets): each planet's rule, refused and accepted, with the figures
worked by hand from the reference (shared/reference/planet_unknown_modules.md §3, rulings §8).

Coordinates are ``(x, y)``: x the column (0 left), y the row (0 top).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from pu_helpers import at_tiles, paint, refresh, set_depot, tile_type, with_items

from brassboard.engine import IllegalAction
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown import planets
from brassboard.games.planet_unknown.figures import ENERGY, TECH, Placement, figures, planet_shapes
from brassboard.games.planet_unknown.rules import PlanetUnknownState
from brassboard.games.planet_unknown.scoring import neighbor_measure

FIG = figures()
DOMINO_CIV_ENERGY = tile_type("D2", "civ", "energy")  # part A civ, part B energy, an icon on each square
DOMINO_TECH_BIOMASS = tile_type("D2", "tech", "biomass")


def on(planet: str, players: int = 2) -> PlanetUnknownState:
    """Players 0 and 1 on ``planet``, at the tiles phase, a civ/energy domino on both of player 0's stacks."""
    state = at_tiles(players, planet=planet)
    set_depot(state, 0, DOMINO_CIV_ENERGY, DOMINO_CIV_ENERGY)
    return state


def spot(state: PlanetUnknownState, cells: Iterable[tuple[int, int]], civ_at: tuple[int, int] | None = None,
         tile: int = DOMINO_CIV_ENERGY) -> Placement:
    """The grid placement of ``tile`` covering exactly ``cells`` (its civ icon on ``civ_at`` when given)."""
    mask = g.mask_of(cells)
    kind = FIG.tiles[tile]
    for pl in planet_shapes(state.corps[0].planet_name)[kind.shape].placements[kind.meteor]:
        if pl.mask == mask and (civ_at is None or pl.icon_a == g.cell(*civ_at)):
            return pl
    raise AssertionError(f"no placement on {cells}")


def action(pl: Placement, stack: str = "inner") -> str:
    return f"place {stack} {pl.x} {pl.y} {pl.orientation}"


def is_legal(state: PlanetUnknownState, pl: Placement) -> bool:
    refresh(state)
    return action(pl) in {str(a) for a in state.legal_actions(0)}


def cover_all_but(state: PlanetUnknownState, keep: Iterable[tuple[int, int]], player: int = 0) -> None:
    corp = state.corps[player]
    free = g.mask_of(keep)
    paint(corp, "civ", [g.xy(i) for i in g.cells_of(corp.planet.squares & ~free)])
    refresh(state)


def planet_medals(state: PlanetUnknownState, player: int = 0) -> int:
    return state.score_of(player).breakdown["planet"]


def test_every_planet_matches_the_reference_counts() -> None:
    # reference §6: squares, ice, lifepods, special squares per planet
    expected = {"KSB-4156": (96, 21, 6, 0), "Arashi": (96, 22, 6, 24), "Cerberus": (96, 29, 6, 0),
                "Charybdis": (96, 31, 6, 4), "Gaia": (96, 24, 6, 8), "K-273": (96, 80, 6, 0),
                "K'Aax": (96, 25, 6, 21), "Lacuna": (94, 28, 6, 0), "Oblivion": (96, 36, 6, 0),
                "Pajitnov": (96, 28, 6, 0), "Persephone": (96, 27, 6, 0), "Petra": (96, 0, 6, 37),
                "Tartarus": (96, 23, 6, 0)}
    found = {name: (p.squares.bit_count(), p.ice.bit_count(), p.lifepods.bit_count(), p.special.bit_count())
             for name, p in FIG.planets.items()}
    assert found == expected
    complexity = {name: p.complexity for name, p in FIG.planets.items()}
    assert complexity == {"KSB-4156": 1, "Arashi": 2, "Cerberus": 3, "Charybdis": 1, "Gaia": 2, "K-273": 3,
                          "K'Aax": 2, "Lacuna": 4, "Oblivion": 3, "Pajitnov": 2, "Persephone": 3, "Petra": 2,
                          "Tartarus": 3}
    assert [r.bit_count() for r in FIG.planets["Cerberus"].regions] == [28, 47, 21]
    assert FIG.planets["Lacuna"].holes.bit_count() == 15


# ----- Arashi ------------------------------------------------------------------------------------------------
def test_arashi_a_tile_only_on_the_ring_is_refused_one_anchored_off_it_is_accepted() -> None:
    state = on("Arashi")
    ring_only = spot(state, [(0, 5), (0, 6)])  # both squares of the ring (rows 5 and 6), on the edge
    anchored = spot(state, [(1, 4), (1, 5)])  # (1, 4) is land off the ring
    assert not is_legal(state, ring_only)
    assert is_legal(state, anchored)
    with pytest.raises(IllegalAction, match="Arashi: a tile on the ring must also cover a square off the ring"):
        state.apply(0, action(ring_only))
    state.apply(0, action(anchored))


def test_arashi_a_biomass_patch_never_goes_on_the_ring() -> None:
    state = on("Arashi")
    corp = state.corps[0]
    paint(corp, "civ", [(1, 4)])  # touching the ring square (1, 5) and the land squares (2, 4), (1, 3)
    with_items(state, 0, ["patch"])
    squares = {str(a) for a in state.legal_actions(0) if a.kind == "patch"}
    assert "patch 1 5" not in squares
    assert {"patch 2 4", "patch 1 3"} <= squares


def test_arashi_ring_restriction_is_dropped_when_it_alone_would_end_the_game() -> None:
    # ruling R2: only the ring squares (0, 5) and (0, 6) are free; a domino fits there only on the ring
    state = on("Arashi")
    cover_all_but(state, [(0, 5), (0, 6)])
    only = spot(state, [(0, 5), (0, 6)])
    assert is_legal(state, only)
    assert "take" not in {a.kind for a in state.legal_actions(0)}
    events = state.apply(0, action(only))
    assert any(e["type"] == "planet_rule_dropped" and e["planet"] == "Arashi" for e in events)


# ----- Cerberus -------------------------------------------------------------------------------------------------
def test_cerberus_each_complete_sub_planet_scores_two() -> None:
    state = on("Cerberus")
    corp = state.corps[0]
    assert planet_medals(state) == 0
    south_east = FIG.planets["Cerberus"].regions[2]  # the 21 squares x 7-11, y 7-11
    paint(corp, "civ", [g.xy(i) for i in g.cells_of(south_east)])
    # no row or column is complete (each also runs through the west planet or the north-east one): 2 medals
    assert planet_medals(state) == 2


def test_cerberus_bonus_needs_the_whole_sub_planet_including_what_bgas_boxes_skip() -> None:
    # reference §7.1: BGA's exclusive bounds only look at x 7-10 / y 7-10 of the south-east planet; the
    # squares (11, 8), (11, 9), (11, 10), (8, 11), (9, 11), (10, 11) belong to it too
    state = on("Cerberus")
    corp = state.corps[0]
    south_east = FIG.planets["Cerberus"].regions[2]
    skipped = g.mask_of([(11, 8), (11, 9), (11, 10), (8, 11), (9, 11), (10, 11)])
    paint(corp, "civ", [g.xy(i) for i in g.cells_of(south_east & ~skipped)])
    assert planet_medals(state) == 0


def test_cerberus_a_full_planet_scores_the_rulebooks_maximum_of_45() -> None:
    # 18 for the rows (1+1+1+1+1+2+2+2+2+2+2+1) + 21 for the columns (1+1+2*9+1) + 3 sub-planets x 2
    state = on("Cerberus")
    cover_all_but(state, [])
    assert planet_medals(state) == 18 + 21 + 6 == 45


# ----- Charybdis ----------------------------------------------------------------------------------------------
def test_charybdis_the_first_tile_covers_a_centre_square_not_the_edge() -> None:
    state = on("Charybdis")
    edge = spot(state, [(0, 5), (0, 6)])
    centre = spot(state, [(5, 5), (5, 6)])
    assert not is_legal(state, edge)
    assert is_legal(state, centre)
    with pytest.raises(IllegalAction, match="Charybdis: the first tile must cover one of the four centre squares"):
        state.apply(0, action(edge))
    state.apply(0, action(centre))
    # afterwards the ordinary touching rule: the next tile goes next to it
    assert state.corps[0].occupied == centre.mask


# ----- Gaia -----------------------------------------------------------------------------------------------------
def test_gaia_every_uncovered_city_scores_two_and_a_covered_one_nothing() -> None:
    state = on("Gaia")
    corp = state.corps[0]
    assert planet_medals(state) == 8 * 2 == 16  # the rulebook's maximum from cities
    paint(corp, "civ", [(5, 0)])  # a tile on the city at (5, 0)
    assert planet_medals(state) == 14
    corp.patches |= g.bit(2, 2)  # a biomass patch cancels a city too
    paint(corp, "biomass", [(2, 2)])
    assert planet_medals(state) == 12


def test_gaia_an_uncovered_city_keeps_its_row_and_column_from_scoring() -> None:
    state = on("Gaia")
    cover_all_but(state, [(0, 6)])  # every square but the city at (0, 6)
    # rows 1+1+1+2+2+3+2+2+1+1+1 (all but row 6, worth 3) + columns 1+1+2+2+3+3+2+2+1+1+1 (all but column 0)
    # + the one uncovered city's 2
    assert planet_medals(state) == (20 - 3) + (20 - 1) + 2


# ----- K-273 ----------------------------------------------------------------------------------------------------
def test_k273_a_tile_covers_only_ice_or_only_non_ice() -> None:
    state = on("K-273")
    mixed = spot(state, [(11, 5), (11, 6)])  # ice and the lifepod square (non-ice)
    land = spot(state, [(10, 6), (11, 6)])  # land and lifepod: both non-ice
    ice = spot(state, [(0, 5), (0, 6)])  # both ice
    assert not is_legal(state, mixed)
    assert is_legal(state, land) and is_legal(state, ice)
    with pytest.raises(IllegalAction, match="K-273: a tile covers only planetary ice or only non-ice squares"):
        state.apply(0, action(mixed))


# ----- K'Aax ----------------------------------------------------------------------------------------------------
def test_kaax_rovers_stay_off_uncovered_toxic_terrain() -> None:
    state = on("K'Aax")
    corp = state.corps[0]
    with_items(state, 0)
    corp.rovers = [g.cell(3, 4)]  # (4, 4) east of it is toxic, (3, 5) south is land
    corp.movement = 1
    refresh(state)
    moves = {str(a) for a in state.legal_actions(0) if a.kind == "rove"}
    assert "rove 0 4 4" not in moves and "rove 0 3 5" in moves
    with pytest.raises(IllegalAction, match="K'Aax: rovers may not enter uncovered toxic terrain"):
        state.apply(0, "rove 0 4 4")
    paint(corp, "tech", [(4, 4)])  # a tile on the toxic square lifts the ban there
    refresh(state)
    state.apply(0, "rove 0 4 4")
    assert corp.rovers == [g.cell(4, 4)]


def test_kaax_teleports_avoid_uncovered_toxic_terrain() -> None:
    state = on("K'Aax")
    corp = state.corps[0]
    corp.rovers = [g.cell(3, 4)]
    with_items(state, 0, ["teleport"])
    targets = {str(a) for a in state.legal_actions(0) if a.kind == "teleport"}
    assert "teleport 0 4 4" not in targets and "teleport 0 3 5" in targets


# ----- Lacuna ---------------------------------------------------------------------------------------------------
def test_lacuna_holes_are_no_squares_and_their_rims_no_edge() -> None:
    state = on("Lacuna")
    planet = FIG.planets["Lacuna"]
    assert not planet.squares & g.bit(5, 2)  # a hole
    # (4, 2) borders the hole (5, 2) but is not on the outer outline: a first tile there is refused
    assert not planet.perimeter & g.bit(4, 2) and not planet.perimeter & g.bit(4, 1)
    rim = spot(state, [(4, 1), (4, 2)])
    assert not is_legal(state, rim)
    assert is_legal(state, spot(state, [(4, 0), (4, 1)]))


def test_lacuna_a_row_with_holes_scores_when_its_squares_are_covered() -> None:
    state = on("Lacuna")
    row_2 = FIG.planets["Lacuna"].rows[2]
    assert row_2.bit_count() == 8  # x 1-10 less the holes (5, 2) and (6, 2)
    paint(state.corps[0], "civ", [g.xy(i) for i in g.cells_of(row_2)])
    assert planet_medals(state) == 2  # row 2's medal; no column is complete


# ----- Oblivion -------------------------------------------------------------------------------------------------
def test_oblivion_only_the_outer_frame_is_the_edge() -> None:
    state = on("Oblivion")
    void_rim = spot(state, [(4, 1), (5, 1)])  # next to the void, not on the frame
    frame = spot(state, [(4, 0), (5, 0)])
    assert not is_legal(state, void_rim)
    assert is_legal(state, frame)


def test_oblivion_rows_5_and_6_are_two_squares_worth_one_each() -> None:
    state = on("Oblivion")
    paint(state.corps[0], "civ", [(0, 5), (11, 5)])
    assert planet_medals(state) == 1
    paint(state.corps[0], "civ", [(0, 6), (11, 6)])
    assert planet_medals(state) == 2


# ----- Pajitnov -------------------------------------------------------------------------------------------------
def test_pajitnov_a_tile_must_slide_in_from_some_side() -> None:
    state = on("Pajitnov")
    corp = state.corps[0]
    walls = [(4, 5), (4, 6), (6, 5), (6, 6), (5, 4), (5, 7)]  # all around the free squares (5, 5) and (5, 6)
    paint(corp, "civ", walls)
    shut = spot(state, [(5, 5), (5, 6)])
    assert not is_legal(state, shut)
    with pytest.raises(IllegalAction, match="Pajitnov: the tile could not slide into place"):
        state.apply(0, action(shut))
    # open the bottom: the domino slides up into place
    corp.occupied &= ~g.bit(5, 7)
    corp.terrain[0] &= ~g.bit(5, 7)
    assert is_legal(state, shut)


def test_pajitnov_biomass_patches_need_no_slide() -> None:
    state = on("Pajitnov")
    corp = state.corps[0]
    paint(corp, "civ", [(4, 5), (6, 5), (5, 4), (5, 6)])  # (5, 5) walled in on all four sides
    with_items(state, 0, ["patch"])
    assert "patch 5 5" in {str(a) for a in state.legal_actions(0)}


def test_pajitnov_slide_is_dropped_when_it_alone_would_end_the_game() -> None:
    state = on("Pajitnov")
    cover_all_but(state, [(5, 5), (5, 6)])  # the only free squares, walled in on every side
    only = spot(state, [(5, 5), (5, 6)])
    assert is_legal(state, only)
    events = state.apply(0, action(only))
    assert [e["planet"] for e in events if e["type"] == "planet_rule_dropped"] == ["Pajitnov"]


# ----- Persephone -----------------------------------------------------------------------------------------------
def test_persephone_a_quadrant_refuses_its_forbidden_icon_not_its_terrain() -> None:
    state = on("Persephone")
    # a horizontal domino on (5, 0) (north-west: no civ icon) and (6, 0) (north-east: no energy icon)
    civ_west = spot(state, [(5, 0), (6, 0)], civ_at=(5, 0))  # civ icon NW, energy icon NE: both forbidden
    civ_east = spot(state, [(5, 0), (6, 0)], civ_at=(6, 0))  # civ icon NE, energy icon NW: both allowed
    assert not is_legal(state, civ_west)
    assert is_legal(state, civ_east)
    with pytest.raises(IllegalAction, match="Persephone: that quadrant forbids a resource icon"):
        state.apply(0, action(civ_west))


def test_persephone_tech_is_forbidden_south_west_water_south_east() -> None:
    state = on("Persephone")
    set_depot(state, 0, DOMINO_TECH_BIOMASS, DOMINO_TECH_BIOMASS)
    tech_sw = spot(state, [(5, 10), (5, 11)], civ_at=(5, 11), tile=DOMINO_TECH_BIOMASS)  # tech icon on (5, 11)
    tech_north = spot(state, [(5, 10), (5, 11)], civ_at=(5, 10), tile=DOMINO_TECH_BIOMASS)
    assert not is_legal(state, tech_sw) and not is_legal(state, tech_north)  # (5, 10) is south-west too
    tech_se = spot(state, [(6, 10), (6, 11)], civ_at=(6, 11), tile=DOMINO_TECH_BIOMASS)
    assert is_legal(state, tech_se)


# ----- Petra ----------------------------------------------------------------------------------------------------
def test_petra_uncovered_currents_complete_rows() -> None:
    state = on("Petra")
    # row 1: (3, 1) land, (4, 1) a current, (5-8, 1) land
    paint(state.corps[0], "civ", [(3, 1), (5, 1), (6, 1), (7, 1), (8, 1)])
    assert planet_medals(state) == 1


def test_petra_an_energy_area_reaches_through_uncovered_currents() -> None:
    state = on("Petra")
    corp = state.corps[0]
    paint(corp, "tech", [(6, 2)])  # touches the current (5, 2), which joins (4, 1) via (4, 2)
    gains = state._tile_gains(corp, ENERGY, g.bit(3, 1), ENERGY)  # an energy square on (3, 1), next to (4, 1)
    assert gains == [["energy", [TECH]]]
    state = on("KSB-4156")
    paint(state.corps[0], "tech", [(6, 2)])
    assert state._tile_gains(state.corps[0], ENERGY, g.bit(3, 1), ENERGY) == [["energy", []]]


def test_petra_has_a_sixth_lifepod_on_the_current_at_8_9() -> None:
    state = on("Petra")
    assert state.corps[0].lifepods & g.bit(8, 9)
    assert state.corps[0].lifepods.bit_count() == 6


def test_petra_currents_count_as_energy_for_objectives() -> None:
    state = on("Petra")
    corp = state.corps[0]
    largest = max(a.bit_count() for a in g.components(FIG.planets["Petra"].special))
    assert neighbor_measure(corp, {"kind": "largest_area", "terrain": "energy"}) == largest > 0
    assert planets.energy_terrain(corp) == FIG.planets["Petra"].special


# ----- Tartarus -------------------------------------------------------------------------------------------------
def test_tartarus_a_tile_may_not_cover_both_sides_of_the_chasm() -> None:
    state = on("Tartarus")
    across = spot(state, [(6, 0), (6, 1)])  # (6, 0) west, (6, 1) east
    west = spot(state, [(5, 0), (6, 0)])
    assert not is_legal(state, across)
    assert is_legal(state, west)
    with pytest.raises(IllegalAction, match="Tartarus: a tile may not cover both sides of the chasm"):
        state.apply(0, action(across))


def test_tartarus_a_rover_steps_along_its_side_but_not_across_the_chasm() -> None:
    # ruling R12: ordinary steps stay legal; only steps across the chasm are refused
    state = on("Tartarus")
    corp = state.corps[0]
    with_items(state, 0)
    corp.rovers = [g.cell(5, 3)]  # west; (6, 3) east of it and (5, 4) south of it are east of the chasm
    corp.movement = 2
    refresh(state)
    moves = {str(a) for a in state.legal_actions(0) if a.kind == "rove"}
    assert moves == {"rove 0 4 3", "rove 0 5 2"}
    with pytest.raises(IllegalAction, match="Tartarus: a rover may not cross the chasm"):
        state.apply(0, "rove 0 6 3")
    # the crossing (5, 3) <-> (6, 4) is diagonal: no orthogonal rover uses it
    assert planets.step_crosses_chasm(FIG.planets["Tartarus"], g.cell(5, 3), g.cell(6, 3))
    assert not planets.step_crosses_chasm(FIG.planets["Tartarus"], g.cell(5, 3), g.cell(6, 4))
    assert not planets.step_crosses_chasm(FIG.planets["Tartarus"], g.cell(6, 8), g.cell(5, 9))
    state.apply(0, "rove 0 5 2")


def test_tartarus_teleports_ignore_the_chasm() -> None:
    state = on("Tartarus")
    corp = state.corps[0]
    corp.rovers = [g.cell(5, 3)]
    with_items(state, 0, ["teleport"])
    assert "teleport 0 10 5" in {str(a) for a in state.legal_actions(0)}


# ----- the greedy bot -----------------------------------------------------------------------------------------
def test_greedy_values_gaias_cities_and_cerberus_sub_planets() -> None:
    from brassboard.games.planet_unknown.bots import _planet_rule_value

    gaia = on("Gaia").corps[0]
    assert _planet_rule_value(gaia, g.mask_of([(5, 0), (5, 1)])) == -2  # covers the city (5, 0)
    assert _planet_rule_value(gaia, g.mask_of([(5, 1), (6, 1)])) == 0
    state = on("Cerberus")
    cerberus = state.corps[0]
    south_east = FIG.planets["Cerberus"].regions[2]
    last = g.bit(11, 10)
    paint(cerberus, "civ", [g.xy(i) for i in g.cells_of(south_east & ~last)])
    assert _planet_rule_value(cerberus, last) == 2


@pytest.mark.parametrize("planet", ["Arashi", "K-273", "Pajitnov", "Persephone", "Tartarus", "Gaia"])
def test_greedy_plays_a_whole_solo_game_on_a_restrictive_planet(planet: str) -> None:
    from brassboard.bots import make_bot
    from brassboard.engine import new_game

    state = new_game("planet_unknown", 1, 7, {"planet": planet})
    bot = make_bot("greedy", "planet_unknown", 7)
    while not state.is_over():
        action = bot.choose(state, 0)
        assert action in state.legal_actions(0)
        state.apply(0, action)
    assert state.scores()[0].total > 0
