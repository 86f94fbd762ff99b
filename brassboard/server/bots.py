"""Bots on the server: who is to move, and where the thinking happens — never in this process's event loop or its
request threads.

- Locally (the default): one small task per match with bot seats waits its turn in the fair queue of the
  :class:`~.botpool.LocalBotPool`, whose worker processes think; the move then commits here through the path of
  everyone's moves (:meth:`~.service.MatchService.bot_commit`: version check, event log).
- With ``BRASSBOARD_REDIS_URL``: each bot turn becomes a job on a Redis-backed queue (:mod:`.botqueue`), served by
  ``brassboard worker`` processes on any machine; they commit through the same path and announce the change on the
  servers' pub/sub channel.

The "think delay" (``BRASSBOARD_BOT_DELAY``) runs alongside the thinking, so people can follow what happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from .botpool import LocalBotPool
from .errors import ApiError
from .failures import storage_failure
from .hardening import BotSettings
from .service import Change, MatchService

log = logging.getLogger("brassboard.server")

ChangeHandler = Callable[[str, Change], Awaitable[None]]

BUSY_RETRY_SECONDS = 5

STORAGE_RETRY_FIRST = 1.0
STORAGE_RETRY_MAX = 30.0

DONE_REMEMBERED = 10_000
"""Finished matches remembered as needing their bots no more. Beyond this the oldest are forgotten,
so memory stays bounded in a long-running server; a forgotten match asked about again is looked up once more and
found done (one service call)."""


def _pool_trouble(exc: BaseException) -> str | None:
    """Why the bot workers gave no move, when that is their state and not the bot's fault: a worker pool that is
    still starting on a loaded machine answers even the quick fallback move late (seen under test load)."""
    if isinstance(exc, TimeoutError):
        return "the bot workers did not answer in time"
    if isinstance(exc, BrokenProcessPool):
        return "the bot workers died"
    return None
"""While the storage is unavailable, a match's bots look again after 1 s, doubling up to 30 s."""
"""The Retry-After given when new bot matches are refused because the bot queue is full."""


class RemoteBots(Protocol):
    """Bot turns handed to other processes (:class:`~.botqueue.BotQueue`)."""

    def request(self, match_id: str, seat: int, version: int) -> None: ...

    def accepting(self) -> bool: ...

    def close(self) -> None: ...


class BotRunner:
    def __init__(self, service: MatchService, delay: float, on_change: ChangeHandler,
                 settings: BotSettings | None = None, remote: RemoteBots | None = None) -> None:
        self.service = service
        self.delay = delay
        self.on_change = on_change
        self.settings = settings or BotSettings()
        self.remote = remote
        self.pool = LocalBotPool(self.settings.workers, self.settings.queue) if remote is None else None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._done: OrderedDict[str, None] = OrderedDict()  # matches over: nothing to run, ever again
        self._stopping = False

    def check_capacity(self) -> None:
        """503 ``unavailable`` when the bots cannot take another match now (their queue is full)."""
        accepting = self.remote.accepting() if self.remote is not None else self.pool is not None and \
            self.pool.accepting()
        if not accepting:
            raise ApiError(503, "unavailable", "the bots are busy with other matches; try again in a moment",
                           retry_after=BUSY_RETRY_SECONDS)

    def ensure(self, match_id: str) -> None:
        """Make sure the match's bots are being run (a no-op for a match without bots or already run)."""
        if self._stopping or match_id in self._done or self.service.has_bots(match_id) is False:
            return
        task = self._tasks.get(match_id)
        if task is not None and not task.done():
            self.wake(match_id)
            return
        self._wakes[match_id] = asyncio.Event()
        work = self._run(match_id) if self.remote is None else self._hand_over(match_id)
        self._tasks[match_id] = asyncio.create_task(work, name=f"bots-{match_id}")

    def revive(self, match_id: str) -> None:
        """A seat forfeited: a match that had no bots has one now (:meth:`ensure` had given it up as done)."""
        self._done.pop(match_id, None)
        self.ensure(match_id)

    def wake(self, match_id: str) -> None:
        wake = self._wakes.get(match_id)
        if wake is not None:
            wake.set()

    def running(self, match_id: str) -> bool:
        task = self._tasks.get(match_id)
        return task is not None and not task.done()

    async def _run(self, match_id: str) -> None:
        wake = self._wakes[match_id]
        storage_pause = STORAGE_RETRY_FIRST
        try:
            while True:
                try:
                    if not await self._step(match_id, wake):
                        return
                    storage_pause = STORAGE_RETRY_FIRST
                except Exception as exc:
                    cause = storage_failure(exc) or _pool_trouble(exc) or (
                        exc.detail if isinstance(exc, ApiError) and exc.status == 503 else None)
                    if cause is None:
                        raise
                    # the storage is down or the bot workers are slow to (re)start, not the bot wrong: wait and
                    # look again (the move was not committed, so nothing is lost), rather than leave the match
                    # idle until the server restarts
                    log.error("bots of match %s wait %.0f s: %s", match_id, storage_pause, cause)
                    await asyncio.sleep(storage_pause)
                    storage_pause = min(STORAGE_RETRY_MAX, storage_pause * 2)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            log.error("bots of match %s stopped: %s", match_id, exc.detail)
        except Exception:
            # a bot or rules bug: log it and stop this match's bots rather than retry the same failure forever
            log.exception("bots of match %s stopped", match_id)
        finally:
            self._forget(match_id)

    async def _step(self, match_id: str, wake: asyncio.Event) -> bool:
        """One bot move of the match (or a wait for a change); False once the match needs its bots no more."""
        assert self.pool is not None
        service = self.service
        wake.clear()  # before looking: a change made while we look sets it again
        turn = await service.run(service.bot_turn, match_id)
        if turn.done:
            self._finished(match_id)
            return False
        if turn.seat is None:
            await wake.wait()
            return True
        started = time.monotonic()
        job = await service.run(service.bot_job, match_id, turn.seat, self.settings.budget)
        if job is None:
            return True
        answer = await self.pool.think(job)
        rest = self.delay - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        change = await service.run(service.bot_commit, match_id, job.seat, answer.notation, job.version)
        if change is not None:
            await self.on_change(match_id, change)
        return True

    async def _hand_over(self, match_id: str) -> None:
        """Redis mode: put the bot turn (if any) on the queue; the workers carry the match on from there."""
        assert self.remote is not None
        service = self.service
        try:
            turn = await service.run(service.bot_turn, match_id)
            if turn.done:
                self._finished(match_id)
            elif turn.seat is not None:
                job = await service.run(service.bot_job, match_id, turn.seat, self.settings.budget)
                if job is not None:
                    await asyncio.to_thread(self.remote.request, match_id, job.seat, job.version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not queue the bot turn of match %s", match_id)
        finally:
            self._forget(match_id)

    def _finished(self, match_id: str) -> None:
        self._done[match_id] = None
        if len(self._done) > DONE_REMEMBERED:
            self._done.popitem(last=False)

    def _forget(self, match_id: str) -> None:
        if self._tasks.get(match_id) is asyncio.current_task():
            del self._tasks[match_id]
            self._wakes.pop(match_id, None)

    async def stop(self) -> None:
        self._stopping = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.pool is not None:
            self.pool.stop()
        if self.remote is not None:
            self.remote.close()
