"""The clock keeper: a background task that acts on clock deadlines that have passed (issue 12, clocks.py).

Requests never wait for it and it never runs on their path. It sleeps until the earliest stored deadline (or at
most :data:`POLL_SECONDS`, so deadlines set by other server processes are seen too; a change here wakes it at
once), then asks the database which seats of running matches are out of time — also those whose deadline passed
while no server ran, so a restarted server acts on them at start. For each, the game's quick bot decides in the
bot worker processes (:class:`~.botpool.LocalBotPool`, the bots' own fair queue) and the move commits through the
path of everyone's moves (:meth:`~.service.MatchService.timeout_commit`: version check, the ``timeout`` note, the
forfeit when the clock says so). Several server processes may race for one timeout: the version check lets one win.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from .botpool import LocalBotPool
from .failures import log_failure, storage_failure
from .models import utc_now
from .service import Change, MatchService

log = logging.getLogger("brassboard.server")

POLL_SECONDS = 5.0
"""The longest the keeper sleeps without looking at the database (deadlines set by other processes)."""
RETRY_SECONDS = 2.0
"""A timeout that could not be played (the match moved on, a storage failure) is tried again after this."""
BATCH = 100

ChangeHandler = Callable[[str, Change], Awaitable[None]]


class ClockKeeper:
    def __init__(self, service: MatchService, pool: Callable[[], LocalBotPool], budget: float,
                 on_change: ChangeHandler, on_forfeit: Callable[[str], None], poll: float = POLL_SECONDS) -> None:
        self.service = service
        self.pool = pool
        self.budget = budget
        self.on_change = on_change
        self.on_forfeit = on_forfeit
        self.poll = poll
        self._wake = asyncio.Event()
        self._busy: set[tuple[str, int]] = set()
        self._tried: dict[tuple[str, int], float] = {}  # monotonic time of a timeout that came to nothing
        self._tasks: set[asyncio.Task[None]] = set()
        self.timeouts = 0  # counter, for logs and tests

    def wake(self) -> None:
        """A clock changed here: look again now (the new deadline may be the earliest)."""
        self._wake.set()

    async def run(self) -> None:
        while True:
            self._wake.clear()
            pause = self.poll
            try:
                pause = await self._look()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                cause = storage_failure(exc)
                if cause is None:
                    log.exception("the clock keeper failed; it looks again in %.0f s", self.poll)
                else:
                    log_failure(cause, exc, "the clock keeper")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)

    async def _look(self) -> float:
        """Start the due timeouts; returns how long to sleep before looking again."""
        service = self.service
        now = utc_now()
        due = await service.run(service.store.due_clocks, now, BATCH)
        moment = time.monotonic()
        self._tried = {key: at for key, at in self._tried.items() if moment - at < RETRY_SECONDS}
        for key in due:
            if key not in self._busy and key not in self._tried:
                self._busy.add(key)
                task = asyncio.create_task(self._time_out(*key), name=f"timeout-{key[0]}-{key[1]}")
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        nxt = await service.run(service.store.next_deadline)
        if nxt is None:
            return self.poll
        wait = (nxt - utc_now()).total_seconds()
        if wait <= 0:  # passed but busy or just tried: look again soon, not at once
            return min(self.poll, RETRY_SECONDS / 4)
        return min(self.poll, wait + 0.01)

    async def _time_out(self, match_id: str, seat: int) -> None:
        service = self.service
        key = (match_id, seat)
        try:
            job = await service.run(service.timeout_job, match_id, seat, self.budget)
            change = None
            if job is not None:
                answer = await self.pool().think(job)
                change = await service.run(service.timeout_commit, match_id, seat, answer.notation, job.version)
            if change is None:
                self._tried[key] = time.monotonic()
                return
            self.timeouts += 1
            log.info("match %s: seat %d ran out of time; %s moved for it%s", match_id, seat, job.kind if job else "",
                     " (forfeit)" if change.forfeited else "")
            await self.on_change(match_id, change)
            if change.forfeited:
                self.on_forfeit(match_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._tried[key] = time.monotonic()
            cause = storage_failure(exc)
            if cause is None:
                log.exception("the timeout of match %s seat %d failed", match_id, seat)
            else:
                log_failure(cause, exc, f"the timeout of match {match_id}")
        finally:
            self._busy.discard(key)
            self.wake()

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
