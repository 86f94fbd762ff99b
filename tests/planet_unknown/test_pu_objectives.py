"""Planet Unknown objective cards 37-64, both sides (reference §5.1, §5.10, §7, §10).

Private side: 5 medals if met at game end. Neighbor side: compared with the neighbour sharing the card; win 5,
tie 2 each, loss 0.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pu_helpers import FIG, PLANET, at_tiles, paint, set_track

from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import TRACKS
from brassboard.games.planet_unknown.rules import Corp, PlanetUnknownState

CARDS = sorted(FIG.objectives)
EDGE = [g.xy(i) for i in g.cells_of(PLANET.perimeter)]


def _state(players: int = 2) -> PlanetUnknownState:
    state = at_tiles(players)
    state.neighbor_cards = []
    for corp in state.corps:
        corp.objectives = []
        corp.lifepods = 0
    return state


def test_there_are_28_objective_cards_with_two_sides() -> None:
    assert list(range(37, 65)) == CARDS
    assert all({"private", "neighbor"} <= set(FIG.objectives[c]) for c in CARDS)


# ---- private side ---------------------------------------------------------------------------------------------
def _block(w: int, h: int, x0: int, y0: int) -> list[tuple[int, int]]:
    return [(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)]


def _make_private(card: int, corp: Corp, met: bool) -> None:
    spec = FIG.objectives[card]["private"]
    kind = spec["kind"]
    if kind == "block":
        w, h = spec["width"], spec["height"]
        cells = _block(w, h, 5, 4) if w == h else (_block(2, 5, 3, 3) if card % 2 else _block(5, 2, 3, 5))
        paint(corp, spec["terrain"], cells[:-1])
        # the block's last square: another terrain when not met
        paint(corp, spec["terrain"] if met else ("civ" if spec["terrain"] != "civ" else "tech"), cells[-1:])
    elif kind == "area_icons":
        cells = [(x, 5) for x in range(2, 8)] if met else [(x, 5) for x in (2, 3, 4, 6, 7, 8)]
        paint(corp, spec["terrain"], cells, icons=cells)
    elif kind == "track_top":
        set_track(corp, spec["track"], 15 if met else 14)
    elif kind == "icons_at_most":
        n = spec["max"] + (0 if met else 1)
        cells = [(x, 5) for x in range(n)]
        paint(corp, spec["resource"], cells, icons=cells)
    elif kind == "meteorites_collected_at_least":
        corp.meteorites_collected = spec["min"] - (0 if met else 1)
    elif kind == "lifepods_exceed_meteorites":
        corp.lifepods_collected = 3 if met else 2
        corp.meteorites_collected = 2
    elif kind == "none_uncovered":
        squares = PLANET.ice if spec["terrain"] == "ice" else PLANET.land
        cells = [g.xy(i) for i in g.cells_of(squares)]
        paint(corp, "civ", cells if met else cells[1:])
    else:  # pragma: no cover
        raise AssertionError(kind)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("met", [True, False])
def test_private_objective(card: int, met: bool) -> None:
    state = _state()
    corp = state.corps[0]
    corp.objectives = [card]
    _make_private(card, corp, met)
    assert state.score_of(0).breakdown["private_objectives"] == (5 if met else 0), FIG.objectives[card]["private"]


def test_private_block_may_be_turned() -> None:
    """2x5 blocks count lying or standing."""
    for cells in (_block(2, 5, 3, 3), _block(5, 2, 3, 5)):
        state = _state()
        corp = state.corps[0]
        corp.objectives = [49]  # Skyway: civ
        paint(corp, "civ", cells)
        assert state.score_of(0).breakdown["private_objectives"] == 5


def test_private_area_icons_count_only_their_own_resource_icons() -> None:
    state = _state()
    corp = state.corps[0]
    corp.objectives = [43]  # Highway: civ area with 6 civ icons
    cells = [(x, 5) for x in range(2, 8)]
    paint(corp, "civ", cells, icons=cells[:5])
    assert state.score_of(0).breakdown["private_objectives"] == 0


def test_several_private_objectives_add_up() -> None:
    state = _state()
    corp = state.corps[0]
    corp.objectives = [55, 56, 61]
    set_track(corp, "civ", 15)
    set_track(corp, "tech", 15)
    assert state.score_of(0).breakdown["private_objectives"] == 10


# ---- neighbor side --------------------------------------------------------------------------------------------
def _units(card: int) -> tuple[Callable[[Corp, int], None], bool]:
    """A function giving a corp ``n`` units of the card's measure, and whether more units win."""
    spec = FIG.objectives[card]["neighbor"]
    kind = spec["kind"]
    if kind == "edge_icons_most":
        def edge(corp: Corp, n: int) -> None:
            paint(corp, spec["resource"], EDGE[:n], icons=EDGE[:n])
            other = [(6, 5), (7, 5), (6, 6)]  # icons inside the planet do not count
            paint(corp, spec["resource"], other, icons=other)
        return edge, True
    if kind == "largest_area":
        def area(corp: Corp, n: int) -> None:
            paint(corp, spec["terrain"], [(x, 5) for x in range(2, 3 + n)])
            paint(corp, spec["terrain"], [(9, 8)])
        return area, True
    if kind == "most_areas":
        def areas(corp: Corp, n: int) -> None:
            paint(corp, spec["terrain"], [(2 + 2 * k, 5) for k in range(n)])
        return areas, True
    if kind == "icons_fewest":
        def icons(corp: Corp, n: int) -> None:
            cells = [(2 + 2 * k, 6) for k in range(n)]
            paint(corp, spec["resource"], cells, icons=cells)
        return icons, False
    if kind == "most_tracks_at_max":
        def tracks(corp: Corp, n: int) -> None:
            for t in TRACKS[:n]:
                set_track(corp, t, 15)
        return tracks, True
    if kind in ("meteorites_most", "meteorites_fewest"):
        def meteorites(corp: Corp, n: int) -> None:
            corp.meteorites_collected = n
        return meteorites, kind.endswith("most")
    if kind in ("lifepods_most", "lifepods_fewest"):
        def lifepods(corp: Corp, n: int) -> None:
            corp.lifepods_collected = n
        return lifepods, kind.endswith("most")
    raise AssertionError(kind)  # pragma: no cover


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize(("mine", "theirs", "medals"), [("better", "worse", (5, 0)), ("same", "same", (2, 2)),
                                                        ("worse", "better", (0, 5))])
def test_neighbor_objective(card: int, mine: str, theirs: str, medals: tuple[int, int]) -> None:
    give, more_wins = _units(card)
    amount = {"better": 2 if more_wins else 1, "worse": 1 if more_wins else 2, "same": 1}
    state = _state()
    state.neighbor_cards = [[card, 0, 1]]
    give(state.corps[0], amount[mine])
    give(state.corps[1], amount[theirs])
    got = tuple(state.score_of(p).breakdown["neighbor_objectives"] for p in (0, 1))
    assert got == medals, FIG.objectives[card]["neighbor"]


def test_biomass_patches_count_as_biomass_terrain_for_areas() -> None:
    state = _state()
    state.neighbor_cards = [[42, 0, 1]]  # Biome: largest biomass area
    a = state.corps[0]
    paint(a, "biomass", [(5, 5), (6, 5)])
    a.patches |= paint(a, "biomass", [(7, 5)])
    paint(state.corps[1], "biomass", [(5, 5), (6, 5)])
    assert state.score_of(0).breakdown["neighbor_objectives"] == 5


def test_two_players_compare_each_of_three_shared_cards() -> None:
    state = _state()
    state.neighbor_cards = [[62, 0, 1], [61, 0, 1], [63, 0, 1]]  # Rescue, Geode, Vaporize
    state.corps[0].lifepods_collected = 2
    state.corps[0].meteorites_collected = 3
    state.corps[1].meteorites_collected = 3
    assert [state.score_of(p).breakdown["neighbor_objectives"] for p in (0, 1)] == [5 + 2 + 2, 0 + 2 + 2]


def test_two_player_setup_cards_are_compared_both_ways() -> None:
    state = at_tiles(2)
    assert len(state.neighbor_cards) == 3
    total = sum(state.score_of(p).breakdown["neighbor_objectives"] for p in (0, 1))
    assert total == 3 * 4  # fresh planets tie on every card: 2 each


def test_three_to_six_players_compete_only_with_adjacent_players() -> None:
    state = _state(4)
    state.neighbor_cards = [[62, p, (p + 1) % 4] for p in range(4)]  # Rescue: most lifepods
    for p, n in enumerate((4, 3, 2, 1)):
        state.corps[p].lifepods_collected = n
    # p0 beats p1 and p3; p1 beats p2; p2 beats p3; p3 beats nobody (p0 and p2 are its neighbours)
    assert [state.score_of(p).breakdown["neighbor_objectives"] for p in range(4)] == [10, 5, 5, 0]


def test_solo_has_no_neighbor_score() -> None:
    state = at_tiles(1)
    assert state.neighbor_cards == [] and state.score_of(0).breakdown["neighbor_objectives"] == 0


# ---- the running score -----------------------------------------------------------------------------------------
def test_the_view_gives_each_player_the_medals_so_far_without_what_the_viewer_may_not_see() -> None:
    """A newcomer had no running score. The view gives every player's medals if the game ended now: the viewer's own
    in full (their private objectives and end-game civ cards included), another's without the cards still hidden
    from the viewer, so it tells nothing of them; the board is left as it was."""
    state = _state()
    corp = state.corps[1]
    corp.objectives = [55, 56, 61]
    set_track(corp, "civ", 15)
    set_track(corp, "tech", 15)
    corp.civ = [7]  # Rising Planet Award: 2 medals at game end, hidden from the others
    own = state.view(1)["scores_so_far"][1]
    seen = state.view(0)["scores_so_far"][1]
    assert own == state.score_of(1).to_dict()
    assert own["breakdown"]["private_objectives"] == 10 and own["breakdown"]["civ_cards"] >= 2
    assert seen["breakdown"]["private_objectives"] == 0
    assert seen["breakdown"]["civ_cards"] == own["breakdown"]["civ_cards"] - 2
    assert seen["total"] == own["total"] - 12
    assert corp.objectives == [55, 56, 61] and corp.civ == [7]
    corp.objectives, corp.civ = [43], [6]  # other hidden cards: what player 0 sees of player 1 is the same
    assert state.view(0)["scores_so_far"][1] == seen
    assert state.view(None)["scores_so_far"][1] == seen  # a spectator too
