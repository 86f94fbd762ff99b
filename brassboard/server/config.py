"""Server settings, read from the environment once at start (tests build them directly)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .hardening import BotSettings, GuardSettings
from .notices import NoticeSettings

DEFAULT_BOT_DELAY = 0.6
"""Seconds a bot 'thinks' before it moves, so people can follow what happens."""

MAX_BODY_BYTES = 64 * 1024
"""The largest request body (and WebSocket message) accepted; anything bigger is refused with 413."""


# ----- expiry of open matches (issue 11, fair seats) -----
DEFAULT_OPEN_MATCH_DAYS = 7.0
"""Days an open match (a seat still waiting for a player) lives without a change before it is deleted."""


def open_match_ttl_from_env() -> float:
    """``BRASSBOARD_OPEN_MATCH_DAYS`` (default 7; fractions allowed) in seconds."""
    text = os.environ.get("BRASSBOARD_OPEN_MATCH_DAYS", "").strip()
    try:
        days = float(text) if text else DEFAULT_OPEN_MATCH_DAYS
    except ValueError:
        raise ValueError(f"BRASSBOARD_OPEN_MATCH_DAYS must be a number of days, not {text!r}") from None
    if not days > 0:
        raise ValueError(f"BRASSBOARD_OPEN_MATCH_DAYS must be more than 0, not {text!r}")
    return days * 86400


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("data")
    database_url: str | None = None  # None: the SQLite file data_dir/brassboard.sqlite
    redis_url: str | None = None  # None: live updates stay inside this process
    bot_delay: float = DEFAULT_BOT_DELAY
    max_body_bytes: int = MAX_BODY_BYTES
    # issue 11, fair seats: seconds an unchanged open match lives (read from the environment unless given)
    open_match_ttl: float = field(default_factory=open_match_ttl_from_env)
    # bot workers and limits on clients (hardening.py: BRASSBOARD_BOT_WORKERS, BRASSBOARD_MAX_CONNECTIONS, ...)
    bots: BotSettings = field(default_factory=BotSettings)
    guards: GuardSettings = field(default_factory=GuardSettings)
    # issue 12: "your turn" notices (notices.py: BRASSBOARD_WEBHOOK_ALLOW_PRIVATE, BRASSBOARD_SMTP_URL)
    notices: NoticeSettings = field(default_factory=NoticeSettings)

    @classmethod
    def from_env(cls) -> Settings:
        delay = os.environ.get("BRASSBOARD_BOT_DELAY", "").strip()
        try:
            bot_delay = max(0.0, float(delay)) if delay else DEFAULT_BOT_DELAY
        except ValueError:
            raise ValueError(f"BRASSBOARD_BOT_DELAY must be a number of seconds, not {delay!r}") from None
        return cls(
            data_dir=Path(os.environ.get("BRASSBOARD_DATA_DIR") or "data"),
            database_url=os.environ.get("BRASSBOARD_DATABASE_URL") or None,
            redis_url=os.environ.get("BRASSBOARD_REDIS_URL") or None,
            bot_delay=bot_delay,
            bots=BotSettings.from_env(),
            guards=GuardSettings.from_env(),
            notices=NoticeSettings.from_env(),
        )

    def resolved_database_url(self) -> str:
        """The SQLAlchemy URL: the configured one (``postgresql://`` means psycopg 3) or the default SQLite file."""
        if self.database_url is None:
            return f"sqlite:///{(self.data_dir / 'brassboard.sqlite').resolve()}"
        url = self.database_url
        for plain in ("postgresql://", "postgres://"):
            if url.startswith(plain):  # SQLAlchemy would pick psycopg2, which we do not depend on
                return "postgresql+psycopg://" + url[len(plain):]
        return url
