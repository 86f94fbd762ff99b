"""The game-agnostic bot interface.

A bot sees the full game state (it is trusted code running next to the rules) and answers one question: which
legal action ``player`` takes now. Bots keep their own random generator; the state's generator belongs to the
rules, so a bot that drew from it would change the dice of the match it plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from brassboard.engine import Action, GameState


@runtime_checkable
class Bot(Protocol):
    """A player that needs no human: ``choose`` returns one of ``state.legal_actions(player)``."""

    name: str

    def choose(self, state: GameState, player: int) -> Action: ...


BotFactory = Callable[[int], Bot]
"""Builds a bot from a seed (the form games expose in ``brassboard.games.<game>.bots.BOTS``)."""


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a match seeded ``game_seed``.

    Fixed so that a bot match replays exactly (the CLI's ``play`` and ``selfplay`` both use it), and different per
    seat so that two bots of one kind do not mirror each other's choices.
    """
    return game_seed * 1009 + seat + 1
