"""``brassboard serve`` on Granian (the default) or Uvicorn, one or several processes, with the limits on clients
that the ASGI server itself enforces (request head size and time, idle keep-alive, a backstop on connections).

Why Granian by default: it refuses a request head over the limit with 431 and drops a client that does not finish
its head in time (and an idle keep-alive connection with it); Uvicorn can do neither (its httptools parser takes
any header size; nothing times out an unfinished head). Granian sends no WebSocket pings: the application does
(:func:`~.guards.heartbeat`). Throughput of both: bench/bench_server.py (README, "Tests and benchmarks").

Every process builds the app from the environment (``create_app`` as a factory), so command-line settings are
handed on as ``BRASSBOARD_*`` variables.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import os
import signal
import sys
from typing import Any

from starlette.types import ASGIApp

from .config import MAX_BODY_BYTES, Settings
from .hardening import SERVERS
from .logs import RedactTokens, log_config

FACTORY = "brassboard.server.serving:served_app"
GRANIAN_FACTORY = "brassboard.server.serving:worker_app"
CONNECTION_HEADROOM = 64
"""The ASGI server's own cap on connections sits this far above the application's (the app answers 503 / 1013
with a reason; the server's cap is the backstop that keeps file descriptors for the database and the rest)."""


PR_SET_PDEATHSIG = 1

YOUNG_COLLECTION_THRESHOLD = 10_000
"""Allocations (less frees) between two collections of the youngest generation: CPython's default is 700. Each move
allocates a few hundred short-lived containers (messages, views, events); at 700 the collector ran every few moves
and promoted objects that were about to die anyway, which then weighed on the older generations' collections."""


class ServeError(ValueError):
    """Settings that cannot work together (the message says why)."""


def check(settings: Settings, server: str, workers: int) -> None:
    if server not in SERVERS:
        raise ServeError(f"--server must be one of {', '.join(SERVERS)}, not {server!r}")
    if workers < 1:
        raise ServeError("--workers must be at least 1")
    if workers > 1 and not settings.redis_url:
        raise ServeError("--workers above 1 needs BRASSBOARD_REDIS_URL: the processes tell each other of every "
                         "change through Redis (docs/deploy.md)")


def serve(settings: Settings, host: str, port: int, server: str, workers: int, access_log: bool,
          ws_compression: bool) -> None:
    """Run the server until it is stopped (Ctrl-C, SIGTERM)."""
    check(settings, server, workers)
    if server == "granian":
        _granian(settings, host, port, workers, access_log)
    else:
        _uvicorn(settings, host, port, workers, access_log, ws_compression)


def _granian(settings: Settings, host: str, port: int, workers: int, access_log: bool) -> None:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LOGGING_CONFIG, LogLevels

    guards = settings.guards
    logging: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    logging["filters"] = {"redact_tokens": {"()": RedactTokens}}
    for handler in logging["handlers"].values():
        handler["filters"] = ["redact_tokens"]
    logging["root"] = {"handlers": ["console"], "level": "WARNING"}
    Granian(
        GRANIAN_FACTORY, factory=True, address=host, port=port, interface=Interfaces.ASGI, workers=workers,
        http=HTTPModes.http1, websockets=True,
        # the head: 431 beyond max_head_bytes; dropped when not complete in head_timeout (an idle keep-alive too)
        http1_settings=HTTP1Settings(header_read_timeout=min(60_000, int(guards.head_timeout * 1000)),
                                     keep_alive=True, max_buffer_size=max(8192, guards.max_head_bytes)),
        backpressure=guards.max_connections + CONNECTION_HEADROOM,
        log_enabled=True, log_level=LogLevels.warning, log_access=access_log, log_dictconfig=logging,
        respawn_failed_workers=True, workers_kill_timeout=5,
    ).serve()


def _uvicorn(settings: Settings, host: str, port: int, workers: int, access_log: bool, ws_compression: bool) -> None:
    import uvicorn

    guards = settings.guards
    # WebSocket messages over the limit get an error message from the app; far larger ones are cut off here.
    # Compression is off unless asked for: state messages are a few KiB, and per-message deflate costs CPU on
    # every message and a compressor's memory on every connection (boardgame.io's socket.io has it off too).
    uvicorn.run(FACTORY, factory=True, host=host, port=port, workers=workers if workers > 1 else None,
                ws_max_size=4 * MAX_BODY_BYTES, timeout_graceful_shutdown=3,
                log_config=log_config(access_log), access_log=access_log, ws_per_message_deflate=ws_compression,
                ws_ping_interval=guards.ws_ping_interval, ws_ping_timeout=guards.ws_ping_timeout,
                timeout_keep_alive=int(guards.keep_alive_timeout), limit_concurrency=guards.max_connections +
                CONNECTION_HEADROOM, proxy_headers=False)  # proxy headers: the app's own, from trusted addresses


def die_with_parent() -> None:
    """Linux: this process is killed when its parent dies, even by SIGKILL (a server process must not outlive the
    supervisor that owns its port and output; a bot worker must not outlive its server)."""
    if sys.platform != "linux":
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def tune_gc() -> None:
    """The garbage collector of a server process, once its app is built: the objects that live as long as the
    process (modules, game data, the app) are frozen out of every later collection, and the youngest generation is
    collected less often (:data:`YOUNG_COLLECTION_THRESHOLD`). Measured with a tic-tac-toe load run in one process
    (20 matches at once): the collector's CPU fell from about 29 to 4 microseconds per move. Memory is unchanged
    but for cyclic garbage, which waits at most that many allocations longer."""
    gc.collect()
    gc.freeze()
    _young, *older = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *older)


def served_app() -> ASGIApp:
    """The app of a server process that ``brassboard serve`` starts (Uvicorn's factory)."""
    from .app import create_app

    app = create_app()
    # every game's rules and data loaded now (the first GET /api/games would load them): they live as long as the
    # process, so the freeze takes them out of the collector's sight too
    app.state.server.service.games()
    tune_gc()
    return app


def worker_app() -> ASGIApp:
    """The app of one Granian server process (Granian's supervisor starts them with this factory)."""
    die_with_parent()
    return served_app()


def hand_on(**values: str | None) -> None:
    """Command-line settings as the environment variables every server process reads."""
    for name, value in values.items():
        if value is not None:
            os.environ[name] = value
