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
from .guided import GuidedBot
from .mcts import DEFAULT_HORIZON, DEFAULT_ITERATIONS, STRONG_HORIZON, STRONG_ITERATIONS, MctsBot, supports
from .random_bot import RandomBot

STRONG_TIME_BUDGET = 0.45
"""Seconds ``mcts-strong`` may think per searched decision (forced moves are free, so a game averages less than
the 0.5 s per move issue 13 allows); its ``rounds`` cap binds first on a fast machine and keeps tests exact."""


def _mcts(seed: int) -> Bot:
    return MctsBot(seed, iterations=DEFAULT_ITERATIONS, horizon=DEFAULT_HORIZON, name="mcts")


def _mcts_strong(seed: int) -> Bot:
    return MctsBot(seed, iterations=STRONG_ITERATIONS, horizon=STRONG_HORIZON, time_budget=STRONG_TIME_BUDGET,
                   name="mcts-strong")


GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot, "mcts": _mcts, "mcts-strong": _mcts_strong}

GUIDED_SETTINGS: dict[str, dict[str, float]] = {
    # rollouts cost what the game's greedy bot costs per action (bench/bench_mcts.py): the fast games look further;
    # the slow ones afford a few rounds only, so a candidate must beat greedy's by a standard error ("evidence")
    # "bench_rounds": the fixed cap of bench/bench_mcts.py --strength, the mean rounds per searched decision the
    # 0.45 s budget (with the cap above) reaches on one idle core (--calibrate: counted in CPU seconds; docs/bots.md)
    # Planet Steam needs "evidence" too: its free rearrangements (move a tank or converter) leave the position's
    # value nearly unchanged, and without it noise made them look better than ending the turn, again and again
    # (hundreds of moves a game, seconds of search each)
    "planet_steam": {"candidates": 3, "horizon": 40, "rounds": 16, "evidence": 1.0, "finish_turn": True,
                     "bench_rounds": 4},
    "planet_unknown": {"candidates": 4, "horizon": 40, "rounds": 16, "bench_rounds": 10},
    "age_of_steam": {"candidates": 3, "horizon": 10, "rounds": 6, "evidence": 1.0, "bench_rounds": 4},
    "tharos": {"candidates": 3, "horizon": 10, "rounds": 6, "evidence": 1.0, "bench_rounds": 5},
}
"""``mcts-strong`` per game with a ``greedy`` bot (the guided search of ``guided.py``); other games keep MCTS."""
DEFAULT_GUIDED: dict[str, float] = {"candidates": 3, "horizon": 20, "rounds": 8, "evidence": 1.0}

LEVELS: list[tuple[str, str, tuple[str, ...]]] = [
    ("beginner", "Beginner", ("random",)),
    ("easy", "Easy", ("greedy", "mcts")),
    ("medium", "Medium", ("mcts-medium", "mcts")),
    ("hard", "Hard", ("mcts-strong",)),
]
"""Difficulty levels offered in the lobby: (id, plain name, bot kinds by preference — the first the game has).
The order follows the measured ratings in docs/bots.md; a level whose kinds a game lacks is left out."""

GUIDED_KINDS = ("mcts-medium", "mcts-strong")

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
    """Every bot kind that can play ``game_id``: the generic ones first, then the game's own, sorted.

    ``mcts-medium`` (a smaller greedy-guided search) is offered where the game has a ``greedy`` bot to guide it.
    """
    own_bots = game_bots(game_id)
    own = sorted(kind for kind in own_bots if kind not in GENERIC_BOTS)
    generic = _generic_kinds(game_id)
    if "greedy" in own_bots and "mcts-strong" in generic:
        generic.append("mcts-medium")  # after the three promised kinds, which keep their places
    return [*generic, *own]


def difficulty_levels(game_id: str) -> list[dict[str, str]]:
    """The lobby's difficulty levels for ``game_id``: ``{"level", "name", "bot"}`` each, easiest first."""
    kinds = bot_kinds(game_id)
    levels: list[dict[str, str]] = []
    for level, name, preferred in LEVELS:
        bot = next((kind for kind in preferred if kind in kinds), None)
        if bot is not None and all(bot != known["bot"] for known in levels):
            levels.append({"level": level, "name": name, "bot": bot})
    return levels


def medium_rounds(strong_rounds: int) -> int:
    """``mcts-medium``'s round cap where ``mcts-strong``'s is ``strong_rounds``: a quarter, at least 2."""
    return max(2, strong_rounds // 4)


def _guided(kind: str, game_id: str, seed: int) -> Bot | None:
    """The greedy-guided search for ``mcts-strong`` / ``mcts-medium`` where the game has a greedy bot."""
    module = _game_bots_module(game_id)
    policy = game_bots(game_id).get("greedy")
    if policy is None:
        return None
    settings = GUIDED_SETTINGS.get(game_id, DEFAULT_GUIDED)
    candidates, horizon, rounds = int(settings["candidates"]), int(settings["horizon"]), int(settings["rounds"])
    if kind == "mcts-medium":  # a quarter of the strong search: fewer candidates, rounds and look-ahead
        candidates, horizon, rounds = 2, max(4, horizon // 2), medium_rounds(rounds)
    return GuidedBot(seed, policy, rank=getattr(module, "rank_actions", None),
                     position_value=getattr(module, "position_value", None), candidates=candidates,
                     horizon=horizon, rounds=rounds, evidence=settings.get("evidence", 0.0),
                     finish_turn=bool(settings.get("finish_turn", False)),
                     time_budget=STRONG_TIME_BUDGET, name=kind)


def make_bot(kind: str, game_id: str, seed: int) -> Bot:
    """A bot of ``kind`` for ``game_id``; unknown kinds raise ``ValueError`` naming the available ones."""
    _check_game(game_id)
    factory = GENERIC_BOTS.get(kind)
    if factory is not None and kind not in _generic_kinds(game_id):
        raise ValueError(f"bot kind {kind!r} cannot play {game_id}: the game hides information and has no "
                         "determinize() to re-sample it (the bot would read the secrets)")
    if kind in GUIDED_KINDS and kind in bot_kinds(game_id):
        guided = _guided(kind, game_id, seed)
        if guided is not None:
            return guided
    if factory is None:
        factory = game_bots(game_id).get(kind)
    if factory is None:
        raise ValueError(f"unknown bot kind {kind!r} for {game_id}; available: {', '.join(bot_kinds(game_id))}")
    return factory(seed)
