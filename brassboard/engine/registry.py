"""The registry of games. Games are imported lazily, so listing games stays cheap."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

from .game import GameInfo, GameState

# game id -> module that defines ``STATE_CLASS`` (a GameState subclass with ``info``)
_MODULES: dict[str, str] = {
    "age_of_steam": "brassboard.games.age_of_steam.rules",
    "planet_steam": "brassboard.games.planet_steam.rules",
    "planet_unknown": "brassboard.games.planet_unknown.rules",
    "tharos": "brassboard.games.tharos.rules",
    "tictactoe": "brassboard.games.tictactoe.rules",
}


def register_game(game_id: str, module: str) -> None:
    """Make a game available: ``module`` must define ``STATE_CLASS``. Plugins and tests use this."""
    _MODULES[game_id] = module


def games() -> list[str]:
    """The ids of every registered game."""
    return sorted(_MODULES)


def state_class(game_id: str) -> type[GameState]:
    try:
        module_name = _MODULES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; games are {games()}") from None
    cls: type[GameState] = importlib.import_module(module_name).STATE_CLASS
    return cls


def game_info(game_id: str) -> GameInfo:
    return state_class(game_id).info


def new_game(game_id: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state of ``game_id`` for ``players`` players; ``seed`` fixes every random event."""
    cls = state_class(game_id)
    return cls(players, options, seed)  # type: ignore[call-arg]


def state_from_json(text: str) -> GameState:
    """Inverse of ``GameState.to_json``."""
    data = json.loads(text)
    return state_class(data["game"]).from_dict(data["state"])
