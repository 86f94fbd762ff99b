"""Settings of the server's bot workers and of its limits on clients, read from ``BRASSBOARD_*`` environment
variables (docs/deploy.md lists them all). Kept apart from :mod:`.config`, which holds them as two fields."""

from __future__ import annotations

import os
from dataclasses import dataclass

SERVERS = ("granian", "uvicorn")
DEFAULT_SERVER = "granian"
"""The ASGI server ``brassboard serve`` runs (bench/bench_server.py measures both; Granian enforces the head size
and head time limits itself, Uvicorn cannot)."""


def default_bot_workers() -> int:
    """Cores − 1, at least 1: one core stays with the server."""
    return max(1, (os.cpu_count() or 2) - 1)


def _env(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


def env_int(name: str, default: int, low: int = 0) -> int:
    text = _env(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}")
    return value


def env_float(name: str, default: float, low: float = 0.0) -> float:
    text = _env(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {text!r}") from None
    if not value >= low:
        raise ValueError(f"{name} must be at least {low:g}, not {text}")
    return value


def env_rate(name: str, default: str) -> str:
    """A rate in the ``limits`` library's notation, e.g. ``30/minute`` or ``5 per second``."""
    text = _env(name) or default
    from limits import parse

    try:
        parse(text)
    except ValueError:
        raise ValueError(f"{name} must be a rate such as '30/minute', not {text!r}") from None
    return text


@dataclass(frozen=True)
class BotSettings:
    workers: int = 1  # local worker processes (BRASSBOARD_BOT_WORKERS)
    queue: int = 200  # bot matches waiting for a worker before new bot matches are refused
    budget: float = 5.0  # seconds a bot may think about one move, whatever its kind

    @classmethod
    def from_env(cls) -> BotSettings:
        return cls(workers=env_int("BRASSBOARD_BOT_WORKERS", default_bot_workers(), low=1),
                   queue=env_int("BRASSBOARD_BOT_QUEUE", cls.queue, low=1),
                   budget=env_float("BRASSBOARD_BOT_BUDGET", cls.budget, low=0.01))


@dataclass(frozen=True)
class GuardSettings:
    """Limits on what one client may hold or ask (the ASGI server enforces the first three)."""

    max_head_bytes: int = 16 * 1024  # request line + headers; more: 431
    head_timeout: float = 10.0  # seconds to send a whole request head (also: an idle keep-alive connection)
    keep_alive_timeout: float = 5.0  # seconds an idle keep-alive connection is kept (Uvicorn; Granian: head_timeout)
    ws_ping_interval: float = 20.0  # seconds of silence on a WebSocket before the server pings
    ws_ping_timeout: float = 20.0  # seconds a ping may go unanswered before the socket is closed
    max_connections: int = 1000  # requests in progress + open WebSockets, all clients (503 / close 1013 beyond)
    max_connections_per_address: int = 64  # the same, per client address
    max_json_depth: int = 64  # nesting of JSON bodies and WebSocket messages; deeper: 400 bad_request
    create_rate: str = "30/minute"  # POST /api/matches per client address; beyond: 429 rate_limited
    join_rate: str = "60/minute"  # POST /api/matches/ID/join per client address
    forwarded_allow_ips: str | None = None  # proxies whose X-Forwarded-For / -Proto are believed ("*": any)

    @classmethod
    def from_env(cls) -> GuardSettings:
        return cls(
            max_head_bytes=env_int("BRASSBOARD_MAX_HEAD_BYTES", cls.max_head_bytes, low=8192),
            head_timeout=env_float("BRASSBOARD_HEAD_TIMEOUT", cls.head_timeout, low=1.0),
            keep_alive_timeout=env_float("BRASSBOARD_KEEP_ALIVE_TIMEOUT", cls.keep_alive_timeout, low=1.0),
            ws_ping_interval=env_float("BRASSBOARD_WS_PING_INTERVAL", cls.ws_ping_interval, low=0.1),
            ws_ping_timeout=env_float("BRASSBOARD_WS_PING_TIMEOUT", cls.ws_ping_timeout, low=0.1),
            max_connections=env_int("BRASSBOARD_MAX_CONNECTIONS", cls.max_connections, low=1),
            max_connections_per_address=env_int("BRASSBOARD_MAX_CONNECTIONS_PER_ADDRESS",
                                                cls.max_connections_per_address, low=1),
            max_json_depth=env_int("BRASSBOARD_MAX_JSON_DEPTH", cls.max_json_depth, low=2),
            create_rate=env_rate("BRASSBOARD_CREATE_RATE", cls.create_rate),
            join_rate=env_rate("BRASSBOARD_JOIN_RATE", cls.join_rate),
            forwarded_allow_ips=_env("BRASSBOARD_FORWARDED_ALLOW_IPS"),
        )
