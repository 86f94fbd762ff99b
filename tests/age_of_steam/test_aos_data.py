"""The data files: the counts the rules text and the reference give."""

from __future__ import annotations

from collections import Counter

from aos_helpers import fresh

from brassboard.engine import new_game
from brassboard.games.age_of_steam.figures import ALL_HEXES, HEX_BY_LABEL, NEIGHBOURS, figures, label, opposite
from brassboard.games.age_of_steam.rules import AgeOfSteamState


def test_map_counts() -> None:
    fig = figures()
    assert len(ALL_HEXES) == 189
    assert Counter(fig.terrain.values()) == {"plain": 108, "river": 19, "mountain": 9, "lake": 27, "city": 12,
                                             "town": 14}
    assert len(fig.cities) == 12 and len(fig.towns) == 14
    assert all(fig.terrain[h] == "town" for h in fig.towns)
    assert all(fig.terrain[h] == "city" for h in fig.cities)
    assert fig.terrain[HEX_BY_LABEL["I1"]] == "lake"  # hex (8,0) [reference: INFERRED]


def test_labels_and_neighbours() -> None:
    assert label(HEX_BY_LABEL["H6"]) == "H6" and figures().cities[HEX_BY_LABEL["H6"]].name == "Chicago"
    for h in ALL_HEXES:
        for side, n in enumerate(NEIGHBOURS[h]):
            if n >= 0:
                assert NEIGHBOURS[n][opposite(side)] == h


def test_tiles_cubes_display() -> None:
    fig = figures()
    assert sum(t.count for t in fig.tile_kinds) == 136
    assert fig.town_discs == 8
    assert sum(fig.bag.values()) == 96
    assert sum(fig.display_spaces.values()) == 52
    assert len(fig.new_city_colors) == 8
    assert Counter(fig.new_city_colors.values()) == {"black": 4, "red": 1, "blue": 1, "purple": 1, "yellow": 1}


def test_setup_places_52_display_cubes_and_26_city_cubes() -> None:
    state = fresh(4)
    on_display = sum(1 for v in state.display.values() for c in v if c)
    in_cities = sum(len(c) for c in state.cubes.values())
    assert on_display == 52 and in_cities == 26 and sum(state.bag.values()) == 18
    assert len(state.cubes[HEX_BY_LABEL["R6"]]) == 3 and len(state.cubes[HEX_BY_LABEL["Q9"]]) == 3
    assert state.cash == [10] * 4 and state.shares == [2] * 4 and state.loco == [1] * 4


def test_rounds_per_player_count() -> None:
    for players, rounds in {3: 10, 4: 8, 5: 7, 6: 6}.items():
        state = new_game("age_of_steam", players, 0)
        assert isinstance(state, AgeOfSteamState) and state.rounds == rounds


def test_printed_figures_contract() -> None:
    printed = AgeOfSteamState.printed_figures()
    assert printed["map"]["columns"] == 18 and len(printed["map"]["hexes"]) == 189
    chicago = next(h for h in printed["map"]["hexes"] if h["hex"] == "H6")
    assert chicago["city"] == {"color": "red", "side": "west", "number": 1} and chicago["col"] == 7
    assert [a["id"] for a in printed["actions"]][:2] == ["first-move", "first-build"]
    assert {d["id"]: d["feeds"] for d in printed["display"]}["W1"] == "H6"
    assert printed["rounds"] == {"3": 10, "4": 8, "5": 7, "6": 6}
