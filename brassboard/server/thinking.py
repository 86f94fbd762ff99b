"""A bot's decision, computed away from the server: in a worker process, within a time budget.

This module is what runs inside the worker processes (the local pool of :mod:`brassboard.server.botpool` and the
``brassboard worker`` processes of :mod:`brassboard.server.botqueue`): it rebuilds the match from its record, asks
the bot, and answers the action's notation. It holds nothing of the server's (no database, no event loop).

Every bot kind gets the same wall-clock budget, enforced here with ``SIGALRM`` (a worker runs one decision at a
time in its main thread): a bot still thinking when the budget is spent is interrupted and a quick bot (``random``)
moves instead, so a slow kind costs its match a weaker move, never the server its time.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

from brassboard.bots import Bot, RandomBot, make_bot, seat_seed
from brassboard.engine import Match, MatchRecord

FALLBACK_KIND = "random"
"""The quick bot that moves when a bot's budget is spent."""

CACHED_MATCHES = 64
"""Matches a worker process keeps replayed in memory (a bot's next move then needs only the actions since)."""

WORKER_NICENESS = 5
"""Worker processes yield the CPU to the server's (requests first, bots with what is left)."""


@dataclass(frozen=True)
class BotJob:
    """One bot decision: the match as recorded (game, players, seed, options, actions) and who is to move."""

    match_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, str], ...]
    seat: int
    kind: str
    budget: float  # seconds

    @property
    def version(self) -> int:
        return len(self.actions)


@dataclass(frozen=True)
class BotAnswer:
    notation: str
    kind: str  # the bot that chose it: the seat's kind, or FALLBACK_KIND when the budget ran out
    seconds: float


class OverBudget(Exception):
    """Raised inside a bot's ``choose`` when its time is up."""


# ----- state kept by one worker process ----------------------------------------------------------------------------
_matches: OrderedDict[str, Match] = OrderedDict()
_bots: dict[tuple[str, int], Bot] = {}


def prepare_worker() -> None:
    """Initialiser of a worker process: lower priority, so the server's own work comes first on a shared CPU."""
    with contextlib.suppress(OSError):  # not permitted here: run at normal priority
        os.nice(WORKER_NICENESS)
    if sys.platform == "linux":  # die with the server, even when it is killed with SIGKILL
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG


def _match_for(job: BotJob) -> Match:
    """The match of ``job``, from the cache when its actions extend the cached ones, else replayed."""
    cached = _matches.get(job.match_id)
    if cached is not None:
        mine = cached.record.actions
        if len(mine) <= len(job.actions) and tuple(tuple(a) for a in mine) == job.actions[: len(mine)]:
            for seat, notation in job.actions[len(mine):]:
                cached.apply(seat, notation)
            _matches.move_to_end(job.match_id)
            return cached
        _forget(job.match_id)
    record = MatchRecord(job.game, job.players, job.seed, dict(job.options), [(s, n) for s, n in job.actions])
    match = Match.replay(record)
    _matches[job.match_id] = match
    while len(_matches) > CACHED_MATCHES:
        _forget(next(iter(_matches)))
    return match


def _forget(match_id: str) -> None:
    _matches.pop(match_id, None)
    for key in [key for key in _bots if key[0] == match_id]:
        del _bots[key]


def _bot_for(job: BotJob) -> Bot:
    key = (job.match_id, job.seat)
    bot = _bots.get(key)
    if bot is None or getattr(bot, "name", None) != job.kind:
        bot = _bots[key] = make_bot(job.kind, job.game, seat_seed(job.seed, job.seat))
    return bot


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise OverBudget


@contextmanager
def _budget(seconds: float) -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def think(job: BotJob) -> BotAnswer:
    """The bot's move for ``job`` (run in a worker process's main thread: the budget needs its signals)."""
    start = time.perf_counter()
    match = _match_for(job)
    state = match.state
    kind = job.kind
    try:
        with _budget(job.budget):
            action = _bot_for(job).choose(state, job.seat)
    except OverBudget:
        # the bot was cut off mid-thought: its memory and the cached state may hold half-done work
        _forget(job.match_id)
        match = _match_for(job)
        action = RandomBot(seat_seed(job.seed, job.seat) + job.version).choose(match.state, job.seat)
        kind = FALLBACK_KIND
    return BotAnswer(str(action), kind, time.perf_counter() - start)


def quick_move(job: BotJob) -> BotAnswer:
    """The fallback bot's move, for when the worker that should have thought could not (crashed, stuck)."""
    return think(BotJob(job.match_id, job.game, job.players, job.seed, job.options, job.actions, job.seat,
                        FALLBACK_KIND, job.budget))
