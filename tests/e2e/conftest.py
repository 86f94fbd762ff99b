"""End-to-end set-up: a real ``brassboard serve`` process and Debian's Chromium driven by Playwright.

- ``e2e_server`` (one per test session and xdist worker): ``brassboard serve`` on a free loopback port, with a
  temporary data folder and a short bot delay; its output goes to a log file that failures quote.
- ``browser``: Chromium launched by Playwright (``pip install playwright`` ships the driver; no browser is ever
  downloaded: the browser is Debian's ``chromium``, which ``make test`` installs with apt when it is missing), once
  per test session and xdist worker (:class:`SharedChromium`) and lent to each test.
- ``page``: a fresh browser context (empty localStorage: no tokens, no language choice) and one page in it.

A machine without Chromium fails these tests with a clear message; a developer without a browser may opt out with
``BRASSBOARD_SKIP_E2E=1`` (CI never sets it). Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_helpers import CHROMIUM_ARGS, SKIP_ENV, Server, chromium_path, watched_page
from serve_process import brassboard_serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """BRASSBOARD_SKIP_E2E=1 skips the tests of this folder that need the browser: an explicit opt-out."""
    if os.environ.get(SKIP_ENV, "").strip() in ("", "0"):
        return
    for item in items:
        if HERE in item.path.resolve().parents and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {SKIP_ENV} is set"))


@pytest.fixture(scope="session")
def e2e_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("e2e-server")
    log = folder / "server.log"  # a file, not a pipe: nobody reads the server's output while it runs
    try:
        # every browser test of this worker creates and joins its matches from 127.0.0.1: the production limits
        # (30 creates a minute per address; tests/server/test_abuse.py holds them) would refuse a fast run's creates
        limits = {"CREATE_RATE": "1000/minute", "JOIN_RATE": "1000/minute"}
        with brassboard_serve({"DATA_DIR": str(folder / "data"), "BOT_DELAY": "0.05", **limits}, log=log,
                              cwd=folder) as served:
            yield Server(served.url, log)
    except RuntimeError as exc:  # it did not start
        pytest.fail(str(exc), pytrace=False)


class SharedChromium:
    """One Playwright driver and one Chromium for the test session (of this xdist worker), lent to each test.

    Playwright's sync API keeps its event loop marked as running on this thread between its calls; other tests in
    the same worker run asyncio loops of their own, which refuse to start beside a running one. So the loop is
    marked running only while a browser test holds the browser (:meth:`lend`), and cleared when it gives it back.
    Each test still gets fresh browser contexts (empty storage); contexts a test leaves open are closed after it."""

    def __init__(self) -> None:
        self.playwright: Playwright | None = None
        self.browser: Browser | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    @contextmanager
    def lend(self) -> Iterator[Browser]:
        if self.loop is not None:
            asyncio._set_running_loop(self.loop)
        try:
            if self.browser is None or not self.browser.is_connected():
                self._start()
            assert self.browser is not None
            yield self.browser
        finally:
            try:
                if self.browser is not None and self.browser.is_connected():
                    for context in self.browser.contexts:
                        context.close()
            finally:
                asyncio._set_running_loop(None)

    def _start(self) -> None:
        executable = chromium_path()
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            pytest.fail(f"Playwright is missing: pip install -e '.[dev]' (or {SKIP_ENV}=1 to skip the browser tests)",
                        pytrace=False)
        if self.playwright is None:
            self.playwright = sync_playwright().start()
            self.loop = asyncio.get_running_loop()  # Playwright's own, marked running by its last call
        self.browser = self.playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)

    def stop(self) -> None:
        if self.playwright is None:
            return
        asyncio._set_running_loop(self.loop)
        try:
            if self.browser is not None and self.browser.is_connected():
                self.browser.close()
        finally:
            self.playwright.stop()  # runs the loop to its end and leaves no loop marked running


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[SharedChromium]:
    shared = SharedChromium()
    try:
        yield shared
    finally:
        shared.stop()


@pytest.fixture
def browser(shared_chromium: SharedChromium) -> Iterator[Browser]:
    """The session's Chromium, lent to this test (launching it costs seconds, a fresh context milliseconds)."""
    with shared_chromium.lend() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    with watched_page(browser, e2e_server) as tab:
        yield tab
