"""GameInfo: player counts and option validation; the registry of games."""

from __future__ import annotations

from typing import Any

import pytest

import brassboard
from brassboard.engine import GameInfo, OptionSpec, game_info, games, new_game, state_class

INFO = GameInfo(
    id="example",
    name="Example",
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("rounds", 3, "number of rounds"),
        OptionSpec("advanced", False, "use the advanced rules"),
        OptionSpec("map", "mars", "which board", choices=("mars", "venus")),
        OptionSpec("title", "untitled", "free text"),
    ),
)


def test_defaults_fill_missing_options() -> None:
    assert INFO.resolve_options(None) == {"rounds": 3, "advanced": False, "map": "mars", "title": "untitled"}
    assert INFO.resolve_options({"rounds": 5, "map": "venus"})["rounds"] == 5


def test_unknown_option_is_refused_and_named() -> None:
    with pytest.raises(ValueError, match="no option 'round'"):
        INFO.resolve_options({"round": 5})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("rounds", "5"),  # a string for a whole number
        ("rounds", 2.5),
        ("rounds", True),  # bool is an int to Python, but not a number of rounds
        ("advanced", 1),
        ("advanced", "yes"),
        ("map", "pluto"),  # not among the choices
    ],
)
def test_bad_option_values_are_refused(name: str, value: Any) -> None:
    with pytest.raises(ValueError, match=repr(name)):
        INFO.resolve_options({name: value})


def test_player_count_is_checked() -> None:
    INFO.check_players(2)
    INFO.check_players(4)
    for players in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            INFO.check_players(players)


def test_info_serialises_for_the_lobby() -> None:
    data = INFO.to_dict()
    assert data["id"] == "example"
    assert data["options"][2] == {"name": "map", "default": "mars", "description": "which board",
                                  "choices": ["mars", "venus"]}


def test_new_game_validates_players_and_options() -> None:
    with pytest.raises(ValueError, match="players"):
        new_game("tictactoe", 3)
    with pytest.raises(ValueError, match="first_player"):
        new_game("tictactoe", 2, options={"first_player": 2})
    with pytest.raises(ValueError, match="no option"):
        new_game("tictactoe", 2, options={"board_size": 4})
    assert new_game("tictactoe", 2, options={"first_player": 1}).active_players() == [1]


def test_registry_lists_the_games() -> None:
    assert {"tictactoe", "planet_steam"} <= set(games())
    assert games() == sorted(games())


def test_top_level_games_function_survives_importing_a_game() -> None:
    new_game("tictactoe", 2)  # imports brassboard.games.tictactoe.rules
    assert callable(brassboard.games)
    assert brassboard.games() == games()


def test_registry_finds_tictactoe() -> None:
    info = game_info("tictactoe")
    assert (info.id, info.min_players, info.max_players) == ("tictactoe", 2, 2)
    assert state_class("tictactoe").info is info


def test_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*tictactoe"):
        new_game("chess", 2)
    with pytest.raises(ValueError, match="unknown game"):
        brassboard.state_from_json('{"game": "chess", "state": {}}')


def test_choices_compare_types_too() -> None:
    spec = OptionSpec("first_player", 0, "who starts", (0, 1))
    with pytest.raises(ValueError, match="must be one of"):
        spec.validate(True)
    assert spec.validate(1) == 1
