"""Options are checked against a schema derived from each game's data when a state is made (issue 11): an ill-typed
or extreme value — above all a ``figures`` override — is refused at once with the bad field's path, and whatever is
accepted plays to the end of the game."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brassboard.engine import GameState, OptionError, OptionSpec, game_info, games, new_game
from brassboard.engine.options import check_override, number_bounds

MAX_STEPS = 20_000
"""A random game longer than this counts as endless (the longest default games take a few hundred actions)."""

GAMES = games()


def play_out(state: GameState, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        assert steps < MAX_STEPS, "the options made the game endless"
        active = state.active_players()
        player = rng.choice(active)
        state.apply(player, rng.choice(state.legal_actions(player)))
        steps += 1
    return steps


# ----- the examples of the issue ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "options", "path"), [
    ("planet_steam", {"figures": {"tank_track": {"price": "abc"}}}, "figures.tank_track.price"),
    ("planet_steam", {"figures": {"tank_track": {"price": [0, 23, 1e21, *range(12)]}}}, "figures.tank_track.price[2]"),
    ("planet_steam", {"figures": {"tank_track": {"price": [0, 23, "x", *range(12)]}}}, "figures.tank_track.price[2]"),
    ("planet_steam", {"figures": {"tank_track": {"price": [0, 1]}}}, "figures.tank_track.price"),
    ("planet_steam", {"figures": {"map": {"rows": 9}}}, "figures.map"),
    ("planet_steam", {"figures": {"scoring": {"zone": True}}}, "figures.scoring.zone"),
    ("planet_steam", {"figures": {"nonsense": 1}}, "figures.nonsense"),
    ("age_of_steam", {"figures": {"income_reduction": "x"}}, "figures.income_reduction"),
    ("age_of_steam", {"figures": {"income_reduction": [{"min": 50}]}}, "figures.income_reduction[0].loss"),
    ("age_of_steam", {"figures": {"costs": {"plain": -2}}}, "figures.costs.plain"),
    ("planet_unknown", {"event_green": 10**9}, "event_green"),
    ("tharos", {"figures": {"scoring": {"jars_per_point": 0}}}, "figures.scoring.jars_per_point"),  # a divisor
    ("tictactoe", {"first_player": True}, "first_player"),
])
def test_a_bad_option_is_refused_when_the_state_is_made_naming_its_path(game: str, options: dict[str, Any],
                                                                        path: str) -> None:
    with pytest.raises(OptionError) as refused:
        new_game(game, game_info(game).min_players if game != "planet_unknown" else 2, 1, options)
    assert refused.value.path == path
    assert path in str(refused.value)


def test_a_good_override_is_accepted_and_used() -> None:
    bands = [{"min": 50, "loss": 10}, {"min": 41, "loss": 8}, {"min": 31, "loss": 6}, {"min": 21, "loss": 4},
             {"min": 11, "loss": 2}]
    state = new_game("age_of_steam", 3, 1, {"figures": {"income_reduction": bands}})
    assert state.options["figures"]["income_reduction"] == bands


def test_number_bounds_follow_the_default() -> None:
    assert number_bounds(23) == (0, 46)
    assert number_bounds(2) == (0, 10)
    assert number_bounds(-3) == (-10, 10)
    check_override({"a": [1, 2]}, {"a": [0, 4]}, "figures")
    with pytest.raises(OptionError, match="from 0 to 10"):
        check_override({"a": [1, 2]}, {"a": [0, 11]}, "figures")
    with pytest.raises(OptionError, match="one of the names"):
        check_override({"zones": ["C1", "C2"]}, {"zones": ["C2", "Z9"]}, "figures")


# ----- the property: refused, or played to its end ------------------------------------------------------------------
ILL_TYPED = st.one_of(
    st.none(), st.booleans(), st.text(max_size=4), st.just([]), st.just({}), st.just([[1]]), st.just({"x": 1}),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e21, -1e21, 2**63, -(2**63), 0.5]),
)
EXTREME = st.one_of(st.integers(min_value=-(10**22), max_value=10**22), st.integers(min_value=-5, max_value=60))
IN_RANGE = st.integers(min_value=0, max_value=46)  # the range of most figures: exercises what is accepted
VALUES = st.one_of(ILL_TYPED, EXTREME, IN_RANGE, IN_RANGE)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data`` an override could touch (tables, lists and single figures)."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _override(default: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """The smallest override that puts ``value`` at ``path``: tables merge, so it nests them; lists replace whole,
    so it copies the default's list around the changed entry."""
    top = path[0]
    rest = path[1:]
    if not rest:
        return {top: value}
    below = default[top]
    if isinstance(below, dict):
        return {top: _override(below, rest, value)}
    changed = copy.deepcopy(below)
    node: Any = changed
    for step in rest[:-1]:
        node = node[step]
    node[rest[-1]] = value
    return {top: changed}


def _is_number(data: Any, path: tuple[Any, ...]) -> bool:
    for step in path:
        data = data[step]
    return isinstance(data, int | float) and not isinstance(data, bool)


def _fixed(spec: OptionSpec, path: tuple[Any, ...]) -> bool:
    dotted = [".".join(str(step) for step in path[:length]) for length in range(1, len(path) + 1)]
    return any(prefix in spec.fixed for prefix in dotted)


@st.composite
def game_and_options(draw: st.DrawFn) -> tuple[str, int, dict[str, Any]]:
    game = draw(st.sampled_from(GAMES))
    info = game_info(game)
    players = draw(st.integers(min_value=info.min_players, max_value=info.max_players))
    with_schema = [spec for spec in info.options if spec.schema is not None]
    spec: OptionSpec = draw(st.sampled_from(with_schema if with_schema and draw(st.booleans()) else info.options))
    if spec.schema is None or draw(st.integers(0, 9)) == 0:
        return game, players, {spec.name: draw(VALUES)}
    default = spec.schema()
    paths = _paths(default)
    if draw(st.booleans()):  # half the time a single figure the game lets one override: most such values fit
        paths = [p for p in paths if _is_number(default, p) and not _fixed(spec, p)] or paths
    path = draw(st.sampled_from(paths))
    return game, players, {spec.name: _override(default, path, draw(VALUES))}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_and_options(), st.integers(min_value=0, max_value=2**32))
def test_every_ill_typed_or_extreme_option_is_refused_or_the_match_plays_to_its_end(
        case: tuple[str, int, dict[str, Any]], seed: int) -> None:
    game, players, options = case
    try:
        state = new_game(game, players, seed, options)
    except OptionError as refused:
        assert refused.path.split(".")[0].split("[")[0] in options
        return
    except ValueError as refused:  # a rule across several figures (e.g. an event deck of 20 cards)
        assert str(refused)
        return
    play_out(state, seed)
    assert state.is_over()


def test_the_cli_refuses_a_bad_override_before_any_move(capsys: pytest.CaptureFixture[str]) -> None:
    from brassboard.cli import main

    status = main(["perft", "planet_steam", "--players", "3", "--depth", "1",
                   "--option", 'figures={"tank_track": {"price": "abc"}}'])
    assert status == 2 and "figures.tank_track.price" in capsys.readouterr().err


def test_the_rl_environments_refuse_a_bad_override_when_made() -> None:
    from brassboard import rl

    with pytest.raises(OptionError, match=r"figures\.income_reduction"):
        rl.env("age_of_steam", options={"figures": {"income_reduction": "x"}}).reset(seed=1)


def test_the_lobby_learns_the_range_of_whole_number_options() -> None:
    options = {option["name"]: option for option in game_info("planet_unknown").to_dict()["options"]}
    assert options["event_red"]["range"] == [0, 20]
    assert "range" not in options["events"] and "range" not in options["two_player_rotation"]


def test_a_subtree_the_game_checks_itself_is_not_walked() -> None:
    from brassboard.engine.options import OptionError, check_override

    default = {"design": {"set": ["a", "b"]}, "count": 3}
    check_override(default, {"design": {"set": ["a", "b", "c"]}}, "figures", own_checks=["figures.design"])
    with pytest.raises(OptionError, match="exactly 2 entries"):
        check_override(default, {"design": {"set": ["a", "b", "c"]}}, "figures")
    with pytest.raises(OptionError, match=r"figures\.count"):
        check_override(default, {"count": "x"}, "figures", own_checks=["figures.design"])
