"""Finding bots by name: the generic kinds (``random``, ``mcts``, ``mcts-strong``) wherever they can play, plus
whatever a game offers in its optional ``bots`` module.

The MCTS kinds are offered only for games they can play without reading secrets (``mcts.supports``: no hidden
information, or a ``determinize`` hook).

A game ``g`` may define ``brassboard.games.g.bots`` with ``BOTS: dict[str, Callable[[int], Bot]]`` (a factory
per kind, taking a seed). The module is imported by name at run time, so this package still depends on nothing
but the engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType

from brassboard.engine import GameState, games, state_class

from .base import Bot, BotFactory
from .mcts import DEFAULT_HORIZON, DEFAULT_ITERATIONS, STRONG_HORIZON, STRONG_ITERATIONS, MctsBot, supports
from .random_bot import RandomBot


def _mcts(seed: int) -> Bot:
    return MctsBot(seed, iterations=DEFAULT_ITERATIONS, horizon=DEFAULT_HORIZON, name="mcts")


def _mcts_strong(seed: int) -> Bot:
    return MctsBot(seed, iterations=STRONG_ITERATIONS, horizon=STRONG_HORIZON, name="mcts-strong")


GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot, "mcts": _mcts, "mcts-strong": _mcts_strong}

# generic kinds that cannot play every game: the test each game's state class must pass
_GENERIC_SUPPORT: dict[str, Callable[[type[GameState]], bool]] = {"mcts": supports, "mcts-strong": supports}


def _plays_anything(cls: type[GameState]) -> bool:
    return True


def _generic_kinds(game_id: str) -> list[str]:
    cls = state_class(game_id)
    return [kind for kind in GENERIC_BOTS if _GENERIC_SUPPORT.get(kind, _plays_anything)(cls)]


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
    return [*_generic_kinds(game_id), *own]


def make_bot(kind: str, game_id: str, seed: int) -> Bot:
    """A bot of ``kind`` for ``game_id``; unknown kinds raise ``ValueError`` naming the available ones."""
    _check_game(game_id)
    factory = GENERIC_BOTS.get(kind)
    if factory is not None and kind not in _generic_kinds(game_id):
        raise ValueError(f"bot kind {kind!r} cannot play {game_id}: the game hides information and has no "
                         "determinize() to re-sample it (the bot would read the secrets)")
    if factory is None:
        factory = game_bots(game_id).get(kind)
    if factory is None:
        raise ValueError(f"unknown bot kind {kind!r} for {game_id}; available: {', '.join(bot_kinds(game_id))}")
    return factory(seed)
