"""Server logging: uvicorn's own configuration with seat tokens kept out of the log.

Seat links carry their token in the query string (``/ws/matches/ID?token=...``), invite links their invite
(``/m/ID?invite=...``), and uvicorn logs every request's and WebSocket's path. The database stores only hashes of
both, so the log must not hold them in plain text.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

_TOKEN = re.compile(r"((?:token|invite)=)[^&\s\"']+")  # seat tokens and the invites of open seats
REDACTED = r"\1[hidden]"


def redact(text: str) -> str:
    return _TOKEN.sub(REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrites ``token=...`` in a record's message and arguments; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def log_config(access_log: bool = False) -> dict[str, Any]:
    """uvicorn's default logging configuration with :class:`RedactTokens` on every handler.

    ``access_log``: a line for every HTTP request and every WebSocket opened and closed (uvicorn's INFO lines).
    Without it only warnings and errors are logged: under load, making those lines cost the server about a tenth
    of its CPU (bench/bench_server.py), and a proxy in front usually keeps an access log anyway.
    """
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    level = "INFO" if access_log else "WARNING"
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        config["loggers"].setdefault(name, {})["level"] = level
    return config
