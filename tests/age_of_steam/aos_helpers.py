"""Helpers for the Age of Steam tests: states set up at a given point of a round on the real map."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from brassboard.engine import IllegalAction, new_game
from brassboard.games.age_of_steam.figures import HEX_BY_LABEL
from brassboard.games.age_of_steam.rules import AgeOfSteamState, Link


def fresh(players: int = 4, seed: int = 1) -> AgeOfSteamState:
    state = new_game("age_of_steam", players, seed)
    assert isinstance(state, AgeOfSteamState)
    return state


def hx(text: str) -> int:
    return HEX_BY_LABEL[text]


def start_build(state: AgeOfSteamState, builders: list[int]) -> None:
    """Jump to the build phase with ``builders`` building in this order (cash untouched)."""
    state.phase = "build"
    state.queue = list(builders)
    state._next_builder()


def start_move(state: AgeOfSteamState, order: list[int]) -> None:
    state.order = list(order)
    state.build = None
    state.phase = "move"
    state._start_move(1)


@contextmanager
def forced_dice(state: AgeOfSteamState, values: list[int]) -> Iterator[None]:
    """Make the state's die rolls come out as ``values`` (in order); each still a logged chance event."""
    queue = list(values)
    original = state.roll

    def roll(player: int | None, sides: int = 6, why: str = "") -> int:
        value = queue.pop(0)
        state.emit("roll", player=player, sides=sides, value=value, why=why, chance=True)
        return value

    state.roll = roll  # type: ignore[method-assign]
    try:
        yield
    finally:
        state.roll = original  # type: ignore[method-assign]


def link_between(state: AgeOfSteamState, a: str, b: str | None) -> object:
    want = {hx(a), hx(b) if b else None}
    for link in state.links():
        if set(link.stops) == want:
            return link
    return None


def link(state: AgeOfSteamState, a: str, b: str | None) -> Link:
    """The link between stops ``a`` and ``b`` (``None``: the open end of an unfinished link); it must exist."""
    found = link_between(state, a, b)
    assert isinstance(found, Link), (a, b)
    return found


def refused(state: AgeOfSteamState, player: int, action: str, words: str) -> None:
    """``action`` is illegal for ``player``: the reason contains ``words`` and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    assert words in err.value.reason, err.value.reason
    assert state.to_json() == before


def cost(events: list[Any]) -> int:
    """What the one build among ``events`` cost."""
    (build,) = [e for e in events if e["type"] == "build"]
    return int(build["cost"])
