"""Game-agnostic players: the :class:`Bot` protocol, the random and MCTS bots and the lookup of each game's own bots."""

from .base import Bot, BotFactory, seat_seed
from .mcts import MctsBot, UnsupportedGame
from .random_bot import RandomBot
from .registry import bot_kinds, difficulty_levels, game_bots, make_bot

__all__ = ["Bot", "BotFactory", "MctsBot", "RandomBot", "UnsupportedGame", "bot_kinds", "difficulty_levels",
           "game_bots", "make_bot", "seat_seed"]
