"""A moving-window rate limiter for one server process, with the two calls :class:`~.guards.ClientGuard` makes of
the ``limits`` library's ``MovingWindowRateLimiter``.

Why not ``limits``' own ``MemoryStorage``: it expires entries in a ``threading.Timer`` that it starts anew, at most
every 10 ms, on each hit: under a steady stream of creates and joins that is a thread started (and waited for) on
the event loop about once per request, measured at about a tenth of the server's CPU per move in
bench/bench_server.py. Here expired entries go when their key is hit, and a sweep every ``SWEEP_SECONDS`` drops the
keys of clients that went quiet, so memory stays bounded by the clients of the last window. With Redis (several
processes) the ``limits`` library's Redis storage still counts across processes.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from limits import RateLimitItem
from limits.util import WindowStats  # (reset_time: when, as time.time(), the oldest hit leaves; remaining)

SWEEP_SECONDS = 60.0


class LocalMovingWindow:
    """At most ``item.amount`` hits per key in any ``item.get_expiry()`` seconds; single event loop (no locks)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._now = clock
        self._hits: dict[str, deque[float]] = {}
        self._longest = 0  # the longest window (seconds) of any item hit so far
        self._swept = self._now()

    def hit(self, item: RateLimitItem, *identifiers: str) -> bool:
        now = self._now()
        self._longest = max(self._longest, item.get_expiry())
        if now - self._swept >= SWEEP_SECONDS:
            self._sweep(now)
        hits = self._window(item, identifiers, now)
        if len(hits) >= item.amount:
            return False
        hits.append(now)
        return True

    def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        now = self._now()
        hits = self._window(item, identifiers, now)
        reset = hits[0] + item.get_expiry() if hits else now + item.get_expiry()
        return WindowStats(reset, max(0, item.amount - len(hits)))

    def _window(self, item: RateLimitItem, identifiers: tuple[str, ...], now: float) -> deque[float]:
        key = item.key_for(*identifiers)
        hits = self._hits.get(key)
        if hits is None:
            hits = self._hits[key] = deque()
        oldest = now - item.get_expiry()
        while hits and hits[0] <= oldest:
            hits.popleft()
        return hits

    def _sweep(self, now: float) -> None:
        """Drop the keys whose last hit has left even the longest window: they hold nothing that still counts."""
        self._swept = now
        for key in [key for key, hits in self._hits.items() if not hits or hits[-1] <= now - self._longest]:
            del self._hits[key]
