"""The terminal drawings added for new players (issue 12 item 12): Planet Unknown's depot tiles in every
orientation the ``place`` notation names, and Age of Steam's compact map with the owners of track."""

from __future__ import annotations

import pytest

from brassboard.bots import make_bot
from brassboard.engine import new_game
from brassboard.games.age_of_steam.figures import ALL_HEXES, col_row
from brassboard.games.age_of_steam.rules import AgeOfSteamState
from brassboard.games.age_of_steam.textmap import hex_cell, text_map_lines
from brassboard.games.planet_unknown import geometry as g
from brassboard.games.planet_unknown.figures import figures
from brassboard.games.planet_unknown.rules import PlanetUnknownState
from brassboard.games.planet_unknown.textshapes import PLACE_NOTATION_HELP, SHAPE_LETTERS, shape_drawing


def planet_unknown_at_tiles(seed: int) -> PlanetUnknownState:
    state = new_game("planet_unknown", 2, seed)
    bot = make_bot("random", "planet_unknown", seed)
    while not any(action.kind == "place" for action in state.legal_actions(state.active_players()[0])):
        player = state.active_players()[0]
        state.apply(player, bot.choose(state, player))
    assert isinstance(state, PlanetUnknownState)
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_each_place_action_lays_the_drawing_of_its_orientation_at_x_y(seed: int) -> None:
    # the drawing of orientation O, shifted to (X, Y), covers exactly the squares 'place … X Y O' covers,
    # with the part letters and icons where the placement has them
    state = planet_unknown_at_tiles(seed)
    fig = figures()
    player = state.active_players()[0]
    places = [action for action in state.legal_actions(player) if action.kind == "place"]
    assert places
    for action in places:
        name, x, y, orientation = action.args
        assert isinstance(x, int) and isinstance(y, int) and isinstance(orientation, int)
        ring, stack = state.depot_stack(player, str(name))
        tile = state.top(ring, stack)
        assert tile is not None
        kind = fig.tiles[tile]
        shape = fig.shapes[kind.shape]
        cells = dict(shape.orientations[kind.meteor])[orientation]
        letters = {"a": SHAPE_LETTERS[kind.resource_a], "b": SHAPE_LETTERS[kind.resource_b]}
        drawn = {(x + dx, y + dy): char for dy, line in enumerate(shape_drawing(cells, letters, kind.meteor))
                 for dx, char in enumerate(line) if char != " "}
        spot = shape.by_spot[kind.meteor][(x, y, orientation)]
        assert sum(g.bit(sx, sy) for sx, sy in drawn) == spot.mask
        for (sx, sy), char in drawn.items():
            index = g.cell(sx, sy)
            if char == "*":
                assert kind.meteor and index == spot.meteor
                continue
            part = "a" if spot.mask_a & g.bit(sx, sy) else "b"
            assert char.upper() == letters[part]
            assert char.isupper() == (index == (spot.icon_a if part == "a" else spot.icon_b))


def test_the_players_turn_shows_both_depot_tiles_in_their_orientations() -> None:
    state = planet_unknown_at_tiles(1)
    text = state.render_text(0)
    for name in ("inner", "outer"):
        assert f"{name} tile, as 'place {name} X Y O' lays it:" in text
    assert "inner tile" not in state.render_text(None)  # a spectator's board stays short
    assert "place <inner|outer> X Y O" in PLACE_NOTATION_HELP and "4-7" in PLACE_NOTATION_HELP


def age_of_steam_with_track() -> AgeOfSteamState:
    state = new_game("age_of_steam", 3, 1)
    bots = [make_bot("greedy", "age_of_steam", seat) for seat in range(3)]
    assert isinstance(state, AgeOfSteamState)
    while len(state.tiles) < 6:
        player = state.active_players()[0]
        state.apply(player, bots[player].choose(state, player))
    return state


def map_cell(lines: list[str], h: int) -> str:
    col, row = col_row(h)
    line = lines[2 + 2 * row + col % 2]  # after the title and the column letters
    return line[5 + 3 * col: 8 + 3 * col].ljust(3)


def test_age_of_steam_map_shows_each_hexs_terrain_city_and_track_owner() -> None:
    state = age_of_steam_with_track()
    lines = text_map_lines(state)
    assert lines[1].split() == [chr(ord("A") + col) for col in range(18)]
    owned = 0
    for h in ALL_HEXES:
        cell = map_cell(lines, h)
        assert cell == hex_cell(state, h)
        color = state.city_color(h)
        tile = state.tiles.get(h)
        if color is not None:
            assert cell == f"[{'K' if color == 'black' else color[0].upper()}]"
        elif tile is not None and tile["tracks"]:
            owners = set(tile["owners"])
            expected = "*" if len(owners) > 1 else "+" if owners == {None} else str(owners.pop())
            assert cell.strip().lstrip("t") == expected
            owned += expected.isdigit()
    assert owned >= 1
    assert "map (odd columns" in state.render_text(0)


def test_age_of_steam_map_marks_unowned_and_shared_track() -> None:
    state = new_game("age_of_steam", 3, 2)
    assert isinstance(state, AgeOfSteamState)
    plain = next(h for h in ALL_HEXES if state.fig.terrain[h] == "plain")
    state.tiles[plain] = {"tracks": [(0, 3)], "owners": [None], "kind": "straight", "disc": False, "town": False}
    assert hex_cell(state, plain) == " + "
    state.tiles[plain] = {"tracks": [(0, 3), (1, 4)], "owners": [0, 2], "kind": "x", "disc": False, "town": False}
    assert hex_cell(state, plain) == " * "
    assert hex_cell(state, plain) == map_cell(text_map_lines(state), plain)
