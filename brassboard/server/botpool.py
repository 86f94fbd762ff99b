"""The local pool of bot worker processes: bot decisions run there, never in the server's event loop or threads.

- ``workers`` processes (``BRASSBOARD_BOT_WORKERS``, default: cores − 1, at least 1), started with ``spawn`` (a
  fork of a server with an event loop and threads running is not safe) and at lower priority than the server.
- A fair order: each match asks for one decision at a time and waits in one first-come queue, so after its move a
  busy match queues behind every other match already waiting — round robin; one match cannot starve the rest.
- A bounded queue (``BRASSBOARD_BOT_QUEUE``): when it is full, :meth:`LocalBotPool.accepting` says so and new
  bot matches are refused (503) rather than queued without end; turns of running matches still wait their turn.
- A per-move budget for every kind (``BRASSBOARD_BOT_BUDGET``, :mod:`.thinking`); a worker that does not answer
  within the budget and a grace period is stuck (e.g. in native code): the pool is restarted and the quick bot
  moves. A worker that dies takes nothing with it: the decision is asked again (up to ``RETRIES`` times).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import multiprocessing
import threading
import time
from concurrent.futures.process import BrokenProcessPool

from .thinking import BotAnswer, BotJob, prepare_worker, quick_move, think

log = logging.getLogger("brassboard.server")

RETRIES = 3
"""Attempts at one decision when workers die under it; then the quick bot moves."""

GRACE_SECONDS = 5.0
"""How long past its budget a worker may take to answer (the budget interrupts the bot; this is for the worker)."""

STARTUP_SECONDS = 30.0
"""More grace while the processes start (each imports the server and the games: seconds on a busy machine, and the
workers run at lower priority): the first decisions after a (re)start are not taken for a stuck worker."""


class LocalBotPool:
    def __init__(self, workers: int, queue_limit: int) -> None:
        self.workers = max(1, workers)
        self.queue_limit = max(1, queue_limit)
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._started = 0.0  # time.monotonic() when the processes were (re)started
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        self._busy = 0
        self.decisions = 0  # counters, for logs and tests
        self.fallbacks = 0
        self.restarts = 0

    # ----- the processes ----------------------------------------------------------------------------------------
    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context,
                                                                    initializer=prepare_worker)
            self._started = time.monotonic()
        return self._executor

    def answer_within(self, budget: float) -> float:
        """How long a decision of ``budget`` seconds may take before its worker counts as stuck."""
        starting = time.monotonic() - self._started < STARTUP_SECONDS
        return budget + GRACE_SECONDS + (STARTUP_SECONDS if starting else 0.0)

    def _restart(self, why: str) -> None:
        """Drop the processes (killed: one may be stuck) and start afresh on the next decision."""
        self.restarts += 1
        log.warning("bot workers restarted: %s", why)
        self._drop_executor()

    def _drop_executor(self) -> None:
        """Kill the processes and shut the executor down in a thread of its own, never in the caller's: on Python
        3.11 ``shutdown`` can block for good on a lock held by the executor's own threads while they handle the
        killed workers (CPython gh-125451, fixed in later 3.12 and 3.13 releases only), and the caller is the
        server's event loop."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        for process in list(getattr(executor, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        threading.Thread(target=executor.shutdown, kwargs={"wait": False, "cancel_futures": True},
                         name="bot-pool-shutdown", daemon=True).start()

    def stop(self) -> None:
        self._drop_executor()
        for waiter in self._waiting:
            waiter.cancel()
        self._waiting.clear()

    # ----- the fair queue ---------------------------------------------------------------------------------------
    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def accepting(self) -> bool:
        """Whether a new bot match may join the queue."""
        return len(self._waiting) < self.queue_limit

    async def _slot(self) -> None:
        if self._busy < self.workers and not self._waiting:
            self._busy += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            await waiter  # the slot is handed over by _release (the count stays as it was)
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed a slot just as we were cancelled: pass it on
            else:
                with contextlib.suppress(ValueError):
                    self._waiting.remove(waiter)
            raise

    def _release(self) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._busy -= 1

    # ----- decisions --------------------------------------------------------------------------------------------
    async def think(self, job: BotJob) -> BotAnswer:
        """The bot's move, computed in a worker process once this match's turn in the queue has come."""
        await self._slot()
        try:
            return await self._decide(job)
        finally:
            self._release()

    async def _decide(self, job: BotJob) -> BotAnswer:
        loop = asyncio.get_running_loop()
        for attempt in range(1, RETRIES + 1):
            try:
                future = loop.run_in_executor(self._pool(), think, job)
                within = self.answer_within(job.budget)
                answer = await asyncio.wait_for(future, within)
            except BrokenProcessPool:
                self._restart(f"a worker died deciding for match {job.match_id} (attempt {attempt})")
                continue
            except TimeoutError:
                self._restart(f"a worker did not answer within {within:g} s (match {job.match_id})")
                break
            self.decisions += 1
            if answer.kind != job.kind:
                self.fallbacks += 1
                log.info("bot %s of match %s ran out of its %g s budget: %s moved", job.kind, job.match_id,
                         job.budget, answer.kind)
            return answer
        self.fallbacks += 1
        return await asyncio.wait_for(loop.run_in_executor(self._pool(), quick_move, job),
                                      self.answer_within(job.budget))
