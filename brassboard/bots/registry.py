"""Finding bots by name: ``random`` everywhere, plus whatever a game offers in its optional ``bots`` module.

A game ``g`` may define ``brassboard.games.g.bots`` with ``BOTS: dict[str, Callable[[int], Bot]]`` (a factory
per kind, taking a seed). The module is imported by name at run time, so this package still depends on nothing
but the engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType

from brassboard.engine import games

from .base import Bot, BotFactory
from .random_bot import RandomBot

GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot}


def _check_game(game_id: str) -> None:
    if game_id not in games():
        raise ValueError(f"unknown game {game_id!r}; games are {games()}")


def _game_bots_module(game_id: str) -> ModuleType | None:
    _check_game(game_id)
    module_name = f"brassboard.games.{game_id}.bots"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # only "the game has no bots module" is normal; a broken import inside that module must surface
        if exc.name in (module_name, f"brassboard.games.{game_id}"):
            return None
        raise


def game_bots(game_id: str) -> dict[str, BotFactory]:
    """The bot factories ``game_id`` itself offers (empty if it has none)."""
    module = _game_bots_module(game_id)
    if module is None:
        return {}
    offered = getattr(module, "BOTS", None)
    if not isinstance(offered, Mapping):
        raise TypeError(f"{module.__name__}.BOTS must be a dict of bot kind -> factory(seed)")
    return dict(offered)


def bot_kinds(game_id: str) -> list[str]:
    """Every bot kind that can play ``game_id``: the generic ones first, then the game's own, sorted."""
    own = sorted(kind for kind in game_bots(game_id) if kind not in GENERIC_BOTS)
    return [*GENERIC_BOTS, *own]


def make_bot(kind: str, game_id: str, seed: int) -> Bot:
    """A bot of ``kind`` for ``game_id``; unknown kinds raise ``ValueError`` naming the available ones."""
    _check_game(game_id)
    factory = GENERIC_BOTS.get(kind)
    if factory is None:
        factory = game_bots(game_id).get(kind)
    if factory is None:
        raise ValueError(f"unknown bot kind {kind!r} for {game_id}; available: {', '.join(bot_kinds(game_id))}")
    return factory(seed)
