"""Housekeeping of the server: matches still waiting for players expire after a while (finished ones stay).

A match whose open seats were never filled holds a row, its seats and a lobby entry forever otherwise; after
``Settings.open_match_ttl`` seconds without a change it is deleted. Running and finished matches are never touched.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from .failures import log_failure, storage_failure
from .models import utc_now
from .service import MatchService

log = logging.getLogger("brassboard.server")

SWEEP_EVERY_SECONDS = 600.0
"""How often the server looks for expired open matches (and once at start)."""


def expire_open_matches(service: MatchService, ttl_seconds: float) -> list[str]:
    """Delete the open matches unchanged for ``ttl_seconds`` and forget them here; returns their ids."""
    before = utc_now() - timedelta(seconds=ttl_seconds)
    expired: list[str] = []
    while True:
        batch = service.store.expire_open(before)
        expired += batch
        service.forget(batch)
        if len(batch) < 500:
            return expired


async def sweep_forever(service: MatchService, ttl_seconds: float, every: float = SWEEP_EVERY_SECONDS) -> None:
    """Expire open matches now and every ``every`` seconds; a failing sweep is logged and tried again later."""
    while True:
        try:
            expired = await service.run(expire_open_matches, service, ttl_seconds)
            if expired:
                log.info("expired %d open matches unchanged for %.0f hours", len(expired), ttl_seconds / 3600)
        except Exception as exc:
            cause = storage_failure(exc)
            if cause is None:
                log.exception("expiring open matches failed")
            else:
                log_failure(cause, exc, "the expiry of open matches")
        await asyncio.sleep(every)
