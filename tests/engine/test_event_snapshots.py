"""Events are snapshots, in every registered game (issue 14).

A log is written once and read later (replays, the server's history, bug reports), so an event must keep what it
said when it was emitted. Two properties over random legal games of each game, at its fewest and most players:

- the JSON of each event taken right after the move that emitted it equals its JSON at the end of the game;
- no event holds a list, dict or set that the state also holds (such an event changes whenever the state does,
  even where no later move happens to change that part before the game ends).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from brassboard.engine import GameState, new_game
from brassboard.engine.game import Event
from brassboard.engine.registry import game_info, games

MOVE_LIMIT = 4000
"""Random games stop here if not over (a long game's early events have been checked by then)."""

SEEDS = range(1, 6)
"""Random games are short (random players run out of money or tiles early), so several seeds are cheap."""

_MUTABLE = (list, dict, set, bytearray)


def _mutable_ids(root: object) -> set[int]:
    """The ids of every mutable container reachable from ``root`` (through containers and object attributes)."""
    found: set[int] = set()
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, (str, bytes, int, float, bool, type(None))) or id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, _MUTABLE):
            found.add(id(obj))
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        else:
            stack.extend(_attributes(obj))
    return found


def _attributes(obj: object) -> list[object]:
    values: list[object] = list(getattr(obj, "__dict__", {}).values())
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                values.append(getattr(obj, name))
    return values


def _state_containers(state: GameState) -> set[int]:
    """What the state holds, without the engine's own scratch list of the events being emitted."""
    attributes = {name: value for name, value in vars(state).items() if name != "_events"}
    ids = _mutable_ids(attributes)
    ids.discard(id(attributes))
    return ids


def play_and_check(game_id: str, players: int, seed: int) -> int:
    """One random legal game; asserts both properties after every move. Returns the number of moves played."""
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    log: list[Event] = []
    first_emitted: list[str] = []
    moves = 0
    while not state.is_over() and moves < MOVE_LIMIT:
        active = state.active_players()
        player = active[0] if len(active) == 1 else rng.choice(active)
        action = rng.choice(state.legal_actions(player))
        events = state.apply(player, action)
        moves += 1
        shared = _mutable_ids(events) & _state_containers(state)
        assert not shared, (
            f"{game_id}: move {moves} ({action}) emitted events sharing a mutable object with the state: "
            f"{_sharing_events(events, shared)}")
        log.extend(events)
        first_emitted.extend(json.dumps(event, sort_keys=True) for event in events)
    for index, (event, as_emitted) in enumerate(zip(log, first_emitted, strict=True)):
        assert json.dumps(event, sort_keys=True) == as_emitted, (
            f"{game_id}: event {index} changed after it was emitted:\n  then {as_emitted}\n  now  "
            f"{json.dumps(event, sort_keys=True)}")
    return moves


def _sharing_events(events: list[Event], shared: set[int]) -> list[dict[str, Any]]:
    return [event for event in events if _mutable_ids(event) & shared]


def _cases() -> list[Any]:
    cases = []
    for game_id in games():
        info = game_info(game_id)
        for players in sorted({info.min_players, info.max_players}):
            cases.append(pytest.param(game_id, players, id=f"{game_id}-{players}p"))
    return cases


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_every_event_in_the_log_stays_as_it_was_first_emitted(game_id: str, players: int) -> None:
    for seed in SEEDS:
        assert play_and_check(game_id, players, seed) > 0


def test_the_check_sees_an_event_holding_a_state_list() -> None:
    """The checker itself can fail: an event holding the state's list is found."""
    state = new_game("tictactoe", 2, seed=0)
    cells = vars(state)["cells"]
    assert _mutable_ids([{"type": "probe", "cells": cells}]) & _state_containers(state)
    assert not _mutable_ids([{"type": "probe", "cells": list(cells)}]) & _state_containers(state)
