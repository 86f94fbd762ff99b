"""The server's shutdown ends, whatever one part of it does: a part that hangs is named in the log and left behind,
and the bot pool's executor is never shut down on the caller's thread (the event loop)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import running_app

from brassboard.server import app as app_module
from brassboard.server.botpool import LocalBotPool


class _StuckExecutor:
    """An executor whose shutdown blocks until released, as CPython 3.11's can on its own lock (gh-125451)."""

    def __init__(self) -> None:
        self._processes: dict[int, Any] = {}
        self.release = threading.Event()
        self.shutdown_called = threading.Event()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shutdown_called.set()
        self.release.wait(30)


def test_stopping_the_bot_pool_does_not_wait_on_its_executor() -> None:
    pool = LocalBotPool(workers=1, queue_limit=2)
    stuck = _StuckExecutor()
    pool._executor = stuck  # type: ignore[assignment]
    stopper = threading.Thread(target=pool.stop, daemon=True)
    started = time.monotonic()
    stopper.start()
    stopper.join(5)
    try:
        assert not stopper.is_alive(), "LocalBotPool.stop blocked on the executor's shutdown"
        assert time.monotonic() - started < 5
        assert stuck.shutdown_called.wait(5), "the executor was never told to shut down"
        assert pool._executor is None
    finally:
        stuck.release.set()


def test_a_part_that_does_not_stop_holds_up_the_shutdown_only_for_its_bound(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(app_module, "STOP_PART_SECONDS", 0.5)
    stopped: list[str] = []
    with running_app(tmp_path / "data") as test_client:
        server = test_client.app.state.server  # type: ignore[attr-defined]

        async def never_stops() -> None:  # e.g. a webhook client waiting on a dead peer
            await asyncio.Event().wait()

        real_broadcaster_stop = server.broadcaster.stop

        async def broadcaster_stop(origin: str) -> None:
            stopped.append("broadcaster")
            await real_broadcaster_stop(origin)

        monkeypatch.setattr(server.notifier, "stop", never_stops)
        monkeypatch.setattr(server.broadcaster, "stop", broadcaster_stop)
        assert test_client.get("/api/games").status_code == 200
        caplog.set_level(logging.ERROR, logger="brassboard.server")
        started = time.monotonic()
    took = time.monotonic() - started
    assert took < 5, f"the shutdown took {took:.1f} s"
    assert stopped == ["broadcaster"], "the parts after the stuck one were not stopped"
    lines = [r.getMessage() for r in caplog.records if "did not stop" in r.getMessage()]
    assert lines == ["shutdown: the notices did not stop within 0.5 s; going on without them"]
