"""Action values and their text notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brassboard.engine import Action, as_action


def test_notation_joins_kind_and_args_with_spaces() -> None:
    assert str(Action("bid", 5)) == "bid 5"
    assert str(Action("pass")) == "pass"
    assert str(Action("claim", "C4", "roll")) == "claim C4 roll"


def test_parse_turns_integer_tokens_into_ints() -> None:
    action = Action.parse("buy water 2")
    assert action == Action("buy", "water", 2)
    assert action.args == ("water", 2)
    assert isinstance(action.args[1], int)
    assert Action.parse("move -3").args == (-3,)


def test_zone_like_tokens_stay_strings() -> None:
    action = Action.parse("claim C4 roll")
    assert action.kind == "claim"
    assert action.args == ("C4", "roll")
    assert Action.parse("mark b2").args == ("b2",)
    assert Action.parse("buy-tank D2") == Action("buy-tank", "D2")


def test_parse_ignores_surrounding_and_repeated_whitespace() -> None:
    assert Action.parse("  claim   C4\troll \n") == Action("claim", "C4", "roll")


def test_parse_lowercases_the_kind_only() -> None:
    assert Action.parse("CLAIM C4") == Action("claim", "C4")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_parse_refuses_empty_notation(text: str) -> None:
    with pytest.raises(ValueError, match="empty"):
        Action.parse(text)


def test_actions_are_hashable_values() -> None:
    assert Action("mark", "b2") == Action.parse("mark b2")
    assert len({Action("mark", "b2"), Action.parse("mark b2"), Action("mark", "a1")}) == 2
    assert repr(Action("bid", 5)) == "Action('bid 5')"


def test_as_action_accepts_values_notation_and_tuples() -> None:
    expected = Action("bid", 5)
    assert as_action(expected) is expected
    assert as_action("bid 5") == expected
    assert as_action(("bid", 5)) == expected
    assert isinstance(as_action(("bid", 5)), Action)


@pytest.mark.parametrize("value", [["bid", 5], 5, (), (5, "bid"), None])
def test_as_action_refuses_other_values(value: object) -> None:
    with pytest.raises(TypeError):
        as_action(value)  # type: ignore[arg-type]


# Canonical notation: a lower-case kind, then tokens that are either plain integers or names that do not look like
# integers. For these, str() and parse() are exact inverses.
_KIND = st.from_regex(r"[a-z][a-z-]{0,11}", fullmatch=True)
_NAME = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,7}", fullmatch=True)
_ARG = st.one_of(st.integers(min_value=-(10**12), max_value=10**12), _NAME)


@given(_KIND, st.lists(_ARG, max_size=5))
def test_notation_round_trips(kind: str, args: list[int | str]) -> None:
    action = Action(kind, *args)
    assert Action.parse(str(action)) == action
    assert str(Action.parse(str(action))) == str(action)
