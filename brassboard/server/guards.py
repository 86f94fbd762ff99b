"""Limits on clients the application itself enforces (the ASGI server enforces the request head's size and time):

- :class:`ClientGuard`: caps on requests in progress plus open WebSockets, per client address and in total —
  503 ``unavailable`` (WebSocket: close 1013, "try again later") before the process runs short of file
  descriptors — and per-address rate limits on creating and joining matches (429 ``rate_limited`` with
  ``Retry-After``), counted with the ``limits`` library (a moving window per address).
- :class:`JsonDepthLimit` and :func:`check_json_depth`: JSON nested deeper than the limit is refused as
  ``bad_request`` (400) with one log line, before any parser recurses into it (REST bodies and WebSocket messages).
- :func:`heartbeat`: the WebSocket keep-alive. Granian (the default server) sends no WebSocket pings, so the
  application does: a socket silent for the ping interval gets ``{"type": "ping"}``; a client that says nothing
  (``{"type": "pong"}`` or anything else) within the ping timeout is closed.
- :func:`behind_proxies`: ``X-Forwarded-For`` / ``-Proto`` believed from the configured proxies only.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import orjson
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import errors
from .hardening import GuardSettings
from .ratelimit import LocalMovingWindow

log = logging.getLogger("brassboard.server")

TRY_AGAIN_LATER = 1013
"""The WebSocket close code for "the server is overloaded, try again later" (RFC 6455 registry)."""

_CREATE = re.compile(r"/api/matches(/[^/]+/rematch)?/?")  # a rematch creates a match too
_JOIN = re.compile(r"/api/matches/[^/]+/(join|notify)/?")  # registering a notice target is bounded as joining
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


# ----- JSON depth ---------------------------------------------------------------------------------------------------
def json_depth_exceeds(data: bytes, limit: int) -> bool:
    """Whether the JSON text ``data`` nests arrays/objects deeper than ``limit`` (strings skipped; the text need
    not be valid JSON: a parser refuses what is malformed later)."""
    if data.count(b"[") + data.count(b"{") <= limit:  # cannot be that deep: the common case costs two counts
        return False
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", data)):
        if bracket in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _too_deep_detail(limit: int) -> str:
    return f"JSON nested deeper than {limit} levels is refused"


def check_json_depth(text: str, limit: int, where: str) -> None:
    """Raise ``bad_request`` (and log one line) for a message nested deeper than ``limit``."""
    if json_depth_exceeds(text.encode("utf-8", errors="replace"), limit):
        log.warning("refused JSON nested deeper than %d levels (%s)", limit, where)
        raise errors.bad_request(_too_deep_detail(limit))


async def _send_json(send: Send, status: int, body: dict[str, str], headers: list[tuple[bytes, bytes]]) -> None:
    data = orjson.dumps(body)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": data})


class JsonDepthLimit:
    """Refuses request bodies nested deeper than the limit with 400 ``bad_request``. It sits inside the body size
    limit, which has read the body whole (so the body arrives here as one message, already bounded in size)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        message = await receive()
        body: bytes = message.get("body", b"") if message["type"] == "http.request" else b""
        if json_depth_exceeds(body, self.limit):
            log.warning("refused JSON nested deeper than %d levels (%s %s)", self.limit, scope["method"],
                        scope["path"])
            await _send_json(send, 400, {"error": "bad_request", "detail": _too_deep_detail(self.limit)}, [])
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return message
            return await receive()

        await self.app(scope, replay, send)


# ----- connection caps and rate limits ------------------------------------------------------------------------------
class ClientGuard:
    """Counts each client's requests in progress and open WebSockets; refuses beyond the caps; rate-limits the
    lobby's creating and joining per client address."""

    def __init__(self, app: ASGIApp, settings: GuardSettings, redis_url: str | None = None) -> None:
        self.app = app
        self.settings = settings
        self.total = 0
        self.by_address: Counter[str] = Counter()
        # with Redis, the rate limits count across all server processes (a round trip each: off the event loop)
        self.shared = redis_url is not None
        # one process: a lean in-memory window (ratelimit.py says why not limits' MemoryStorage)
        self.limiter: MovingWindowRateLimiter | LocalMovingWindow = (
            MovingWindowRateLimiter(storage_from_string(redis_url)) if redis_url is not None else LocalMovingWindow())
        self.rates = {"create": parse(settings.create_rate), "join": parse(settings.join_rate)}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "-"
        settings = self.settings
        if self.total >= settings.max_connections or self.by_address[address] >= settings.max_connections_per_address:
            everyone = self.total >= settings.max_connections
            log.warning("refused a %s from %s: %s", "WebSocket" if kind == "websocket" else "request", address,
                        "the server's connection limit is reached" if everyone else "its connection limit is reached")
            await self._busy(scope, receive, send, everyone)
            return
        if kind == "http" and scope["method"] == "POST":
            refused = await self._rate_limited(scope, address, send)
            if refused:
                return
        self.total += 1
        self.by_address[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.total -= 1
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]

    async def _busy(self, scope: Scope, receive: Receive, send: Send, everyone: bool) -> None:
        detail = ("the server is at its connection limit; try again shortly" if everyone else
                  "too many connections from your address; close some and try again")
        if scope["type"] == "websocket":
            if (await receive())["type"] != "websocket.connect":
                return
            # accepted first: a close before the handshake would reach the browser as a bare HTTP 403
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": TRY_AGAIN_LATER, "reason": detail[:120]})
            return
        await _send_json(send, 503, {"error": "unavailable", "detail": detail},
                         [(b"retry-after", b"1"), (b"connection", b"close")])

    async def _rate_limited(self, scope: Scope, address: str, send: Send) -> bool:
        path: str = scope["path"]
        what = "create" if _CREATE.fullmatch(path) else "join" if _JOIN.fullmatch(path) else None
        if what is None:
            return False
        item = self.rates[what]
        try:
            if self.shared:
                allowed = await asyncio.to_thread(self.limiter.hit, item, what, address)
                reset = 0.0 if allowed else \
                    (await asyncio.to_thread(self.limiter.get_window_stats, item, what, address)).reset_time
            else:
                allowed = self.limiter.hit(item, what, address)
                reset = 0.0 if allowed else self.limiter.get_window_stats(item, what, address).reset_time
        except Exception as exc:  # the limits' store is unreachable: the request goes through, with a log line
            log.warning("rate limit not checked (%s): %s", what, exc)
            return False
        if allowed:
            return False
        wait = max(1, math.ceil(reset - time.time()))
        log.warning("rate limit: %s from %s refused (%s)", what, address, item)
        await _send_json(send, 429, {"error": "rate_limited",
                                     "detail": f"at most {item} per address for {what}; retry in {wait} s"},
                         [(b"retry-after", str(wait).encode())])
        return True


def trust_proxies(app: Starlette, trusted: str | None) -> None:
    """Let ``app`` see the client's own address and scheme where a trusted proxy forwards them (X-Forwarded-For,
    X-Forwarded-Proto; ``trusted``: comma-separated addresses or networks, ``*`` for any). Added last: outermost,
    so the connection caps and rate limits count real clients, not the proxy."""
    if not trusted:
        return
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    hosts = [host.strip() for host in trusted.split(",") if host.strip()]
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=hosts)


# ----- the WebSocket keep-alive -------------------------------------------------------------------------------------
PING = '{"type":"ping"}'


class Silence:
    """Ends a WebSocket session whose client stopped answering: the session's task is cancelled out of its wait
    for the next message (the ASGI server closes a socket for good only once the application returns)."""

    def __init__(self, session: asyncio.Task[Any] | None) -> None:
        self.session = session
        self.gave_up = False

    def give_up(self) -> None:
        self.gave_up = True
        if self.session is not None:
            self.session.cancel()

    def ended(self) -> bool:
        """True once, after :meth:`give_up` (the cancellation is then taken back: the session closes calmly)."""
        if not self.gave_up:
            return False
        if self.session is not None:
            self.session.uncancel()
        return True


async def heartbeat(last_heard: Callable[[], float], ping: Callable[[str], None], give_up: Callable[[], None],
                    interval: float, timeout: float) -> None:
    """Ping a WebSocket that has been silent for ``interval`` seconds; give up on it when it has stayed silent
    ``timeout`` seconds more. Runs until cancelled or given up."""
    while True:
        silent = time.monotonic() - last_heard()
        if silent >= interval + timeout:
            log.info("closing a WebSocket silent for %.0f s (no answer to a ping)", silent)
            give_up()
            return
        if silent >= interval:
            ping(PING)
            await asyncio.sleep(timeout)
        else:
            await asyncio.sleep(interval - silent)
