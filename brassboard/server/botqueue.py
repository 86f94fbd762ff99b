"""Bot turns as jobs on a Redis-backed queue (Dramatiq), served by ``brassboard worker`` processes on any machine.

Why Dramatiq: it is an established queue library whose Redis broker acknowledges a message only after the job has
run and hands the messages of a worker that stopped sending heartbeats to the others (a crashed worker loses no bot
turn), retries failed jobs with back-off, and needs nothing beyond redis-py — in the version this project already
uses. arq, the asyncio-native choice, pins redis-py below 6, which our Redis client (redis 8) rules out; RQ has no
redelivery of a crashed worker's jobs; Celery brings far more machinery than one queue of small jobs needs.

A job is ``(match, seat, version)``: the bot in ``seat`` must move on ``version``. The worker loads the match from
the shared database, lets the bot think in a child process within the time budget (:mod:`.thinking`), commits the
move through the path of everyone's moves (:meth:`~.service.MatchService.bot_commit`: version check, event log),
announces it on the servers' pub/sub channel, and queues the next bot turn of the match, if any. A job whose
version is past (the move was made, or the match moved on) does nothing, so a job run twice is harmless; a Redis
key per (match, version) keeps servers and workers from queueing the same turn twice.

The queue is first come, first served and a match has at most one turn queued, so matches take turns: one busy
match cannot starve the others.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import secrets
import signal
import threading
from typing import Any

import dramatiq
import redis
from dramatiq.brokers.redis import RedisBroker
from dramatiq.middleware import AgeLimit, Callbacks, Pipelines, Retries, ShutdownNotifications

from .config import Settings
from .hub import RedisBroadcaster
from .notices import TurnNotice, deliver_now
from .thinking import BotJob, prepare_worker, quick_move, think

log = logging.getLogger("brassboard.worker")

NAMESPACE = "brassboard-bots"
QUEUE = "bots"
ACTOR = "bot_turn"
HEARTBEAT_MS = 15_000
"""A worker silent this long is taken for dead and its unfinished jobs go to the others."""
MAX_RETRIES = 5
GRACE_SECONDS = 5.0


def make_broker(url: str) -> RedisBroker:
    # maintenance (handing a dead worker's jobs on) on 1 % of commands: the queue is small and quiet
    middleware = [AgeLimit(), ShutdownNotifications(), Callbacks(), Pipelines(),
                  Retries(max_retries=MAX_RETRIES, min_backoff=200, max_backoff=10_000)]
    broker = RedisBroker(  # type: ignore[no-untyped-call]
        url=url, namespace=NAMESPACE, heartbeat_timeout=HEARTBEAT_MS, maintenance_chance=10_000,
        middleware=middleware)
    broker.declare_queue(QUEUE)
    return broker


def _claim_key(match_id: str, version: int) -> str:
    return f"{NAMESPACE}:turn:{match_id}:{version}"


class BotQueue:
    """The servers' side: queue a bot turn (once per match and version)."""

    def __init__(self, url: str, budget: float, queue_limit: int) -> None:
        self.broker = make_broker(url)
        self.client: redis.Redis = self.broker.client
        self.budget = budget
        self.queue_limit = queue_limit

    def request(self, match_id: str, seat: int, version: int) -> None:
        enqueue_turn(self.broker, match_id, seat, version, self.budget)

    def accepting(self) -> bool:
        try:
            waiting = int(self.client.llen(f"{NAMESPACE}:{QUEUE}"))
        except redis.RedisError:
            return True  # the queue's length is a courtesy; creating a match must not hinge on it
        return waiting < self.queue_limit

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.broker.close()


def enqueue_turn(broker: RedisBroker, match_id: str, seat: int, version: int, budget: float) -> bool:
    """Queue the turn unless it is queued already (a key per match and version, kept a while); True if queued."""
    claim = _claim_key(match_id, version)
    if not broker.client.set(claim, "1", nx=True, ex=int(budget + GRACE_SECONDS) * (MAX_RETRIES + 1) + 60):
        return False
    broker.enqueue(dramatiq.Message(queue_name=QUEUE, actor_name=ACTOR, args=(match_id, seat, version), kwargs={},
                                    options={}))
    return True


# ----- the worker side ----------------------------------------------------------------------------------------------
class Worker:
    """What one ``brassboard worker`` process holds: the database, a child process per thread for the thinking, a
    Redis client for the announcements."""

    def __init__(self, settings: Settings, broker: RedisBroker, threads: int) -> None:
        from .db import make_engine, upgrade
        from .service import MatchService
        from .store import Store

        self.settings = settings
        self.broker = broker
        self.engine = make_engine(settings.resolved_database_url())
        upgrade(self.engine)
        self.service = MatchService(Store(self.engine))
        self.origin = f"worker-{secrets.token_hex(6)}"
        self.threads = threads
        self._lock = threading.Lock()
        self._executor = self._new_executor()
        # "your turn" notices of the people whose turn a bot's move begins: sent beside the bot turns, never in them
        self._notices = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="brassboard-notices")

    def _new_executor(self) -> concurrent.futures.ProcessPoolExecutor:
        return concurrent.futures.ProcessPoolExecutor(self.threads, mp_context=multiprocessing.get_context("spawn"),
                                                      initializer=prepare_worker)

    def _think(self, job: BotJob) -> str:
        with self._lock:
            executor = self._executor
        try:
            return executor.submit(think, job).result(timeout=job.budget + GRACE_SECONDS).notation
        except concurrent.futures.TimeoutError:
            log.warning("a bot of match %s did not answer in time: its process is replaced", job.match_id)
        except concurrent.futures.process.BrokenProcessPool:
            log.warning("the bot process deciding for match %s died: replaced", job.match_id)
        self._replace(executor)
        with self._lock:
            executor = self._executor
        return executor.submit(quick_move, job).result(timeout=job.budget + GRACE_SECONDS).notation

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is not broken:
                return
            for process in list(getattr(broken, "_processes", {}).values()):
                with contextlib.suppress(Exception):
                    process.kill()
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()

    def turn(self, match_id: str, seat: int, version: int) -> None:
        """The job: move for the bot in ``seat`` if the match still waits for it on ``version``."""
        service = self.service
        job = service.bot_job(match_id, seat, self.settings.bots.budget)
        if job is None or job.version != version:
            return  # done already (a retried job), or the match moved on
        notation = self._think(job)
        change = service.bot_commit(match_id, seat, notation, version)
        if change is not None:
            payload = json.dumps({"match": match_id, "revision": change.revision, "origin": self.origin})
            try:
                self.broker.client.publish(RedisBroadcaster.CHANNEL, payload)
            except redis.RedisError as exc:  # committed: the players see it on their next sync
                log.warning("could not announce a bot move of match %s: %s", match_id, exc)
            for notice in change.notices:
                self._notices.submit(self._notify, notice)
        nxt = service.bot_turn(match_id)
        if nxt.seat is not None:
            after = service.bot_job(match_id, nxt.seat, self.settings.bots.budget)
            if after is not None:
                enqueue_turn(self.broker, match_id, after.seat, after.version, self.settings.bots.budget)

    def _notify(self, notice: TurnNotice) -> None:
        try:
            deliver_now(notice, self.settings.notices)
        except Exception as exc:
            log.warning("your-turn notice of match %s seat %d not delivered: %s", notice.match, notice.seat, exc)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._notices.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()


def run_worker(settings: Settings, threads: int, stop: threading.Event | None = None) -> int:
    """``brassboard worker``: serve bot turns until SIGTERM / SIGINT (or ``stop``)."""
    if not settings.redis_url:
        raise ValueError("brassboard worker needs BRASSBOARD_REDIS_URL (the queue lives in Redis)")
    broker = make_broker(settings.redis_url)
    worker = Worker(settings, broker, threads)

    def bot_turn(match_id: str, seat: int, version: int) -> None:
        worker.turn(match_id, seat, version)

    dramatiq.Actor(bot_turn, broker=broker, actor_name=ACTOR, queue_name=QUEUE, priority=0, options={})
    consumer = dramatiq.Worker(broker, queues={QUEUE}, worker_threads=threads, worker_timeout=200)
    stop = stop or threading.Event()

    def on_signal(_signum: int, _frame: Any) -> None:
        stop.set()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
    consumer.start()
    log.warning("brassboard worker: %d thread(s) serving bot turns from %s", threads, settings.redis_url)
    try:
        stop.wait()
    finally:
        consumer.stop(timeout=10_000)
        worker.close()
        broker.close()
    return 0
