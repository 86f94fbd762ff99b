"""Brassboard: steam-age euro games played faithfully by their rules, on one engine."""

from . import games  # the package is callable: brassboard.games() lists the game ids
from .engine import (
    Action,
    GameInfo,
    GameState,
    IllegalAction,
    Match,
    MatchRecord,
    Score,
    game_info,
    new_game,
    perft,
    state_from_json,
)

__all__ = [
    "Action", "GameInfo", "GameState", "IllegalAction", "Match", "MatchRecord", "Score", "game_info", "games",
    "new_game", "perft", "state_from_json",
]
__version__ = "0.1.0"
