"""Bots on the server: one background task per match with bot seats, moving after a short think delay."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from .errors import ApiError
from .service import Change, MatchService

log = logging.getLogger("brassboard.server")

ChangeHandler = Callable[[str, Change], Awaitable[None]]


class BotRunner:
    def __init__(self, service: MatchService, delay: float, on_change: ChangeHandler) -> None:
        self.service = service
        self.delay = delay
        self.on_change = on_change
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._done: set[str] = set()  # matches over or without bots: nothing to run, ever again
        self._stopping = False

    def ensure(self, match_id: str) -> None:
        """Make sure the match's bots are being run here (a no-op for a match without bots or already run)."""
        if self._stopping or match_id in self._done or self.service.has_bots(match_id) is False:
            return
        task = self._tasks.get(match_id)
        if task is not None and not task.done():
            self.wake(match_id)
            return
        self._wakes[match_id] = asyncio.Event()
        self._tasks[match_id] = asyncio.create_task(self._run(match_id), name=f"bots-{match_id}")

    def wake(self, match_id: str) -> None:
        wake = self._wakes.get(match_id)
        if wake is not None:
            wake.set()

    def running(self, match_id: str) -> bool:
        task = self._tasks.get(match_id)
        return task is not None and not task.done()

    async def _run(self, match_id: str) -> None:
        wake = self._wakes[match_id]
        try:
            while True:
                wake.clear()  # before looking: a change made while we look sets it again
                turn = await self.service.run(self.service.bot_turn, match_id)
                if turn.done:
                    self._done.add(match_id)
                    return
                if turn.seat is None:
                    await wake.wait()
                    continue
                if self.delay > 0:
                    await asyncio.sleep(self.delay)
                change = await self.service.run(self.service.bot_move, match_id, turn.seat)
                if change is not None:
                    await self.on_change(match_id, change)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            log.error("bots of match %s stopped: %s", match_id, exc.detail)
        except Exception:
            # a bot or rules bug: log it and stop this match's bots rather than retry the same failure forever
            log.exception("bots of match %s stopped", match_id)
        finally:
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
