"""The Brassboard engine: the game protocol, registry, matches, randomness and perft."""

from .actions import Action, as_action
from .game import (
    Draws,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    OptionSpec,
    Score,
    has_determinize,
    is_barrier,
    redact_event,
)
from .match import Match, MatchRecord
from .options import OptionError
from .perft import perft
from .registry import game_info, games, new_game, register_game, state_class, state_from_json
from .rng import Rng

__all__ = [
    "Action", "Draws", "Event", "GameInfo", "GameState", "IllegalAction", "Match", "MatchRecord", "OptionError",
    "OptionSpec", "Rng",
    "Score", "as_action", "game_info", "games", "has_determinize", "is_barrier", "new_game", "perft", "redact_event",
    "register_game",
    "state_class", "state_from_json",
]
