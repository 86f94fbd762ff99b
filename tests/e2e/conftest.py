"""End-to-end set-up: a real ``brassboard serve`` process and Debian's Chromium driven by Playwright.

- ``e2e_server`` (one per test session and xdist worker): ``brassboard serve`` on a free loopback port, with a
  temporary data folder and a short bot delay; its output goes to a log file that failures quote.
- ``browser``: Chromium launched by Playwright (``pip install playwright`` ships the driver; no browser is ever
  downloaded: the browser is Debian's ``chromium``, which ``make test`` installs with apt when it is missing).
- ``page``: a fresh browser context (empty localStorage: no tokens, no language choice) and one page in it.

A machine without Chromium fails these tests with a clear message; a developer without a browser may opt out with
``BRASSBOARD_SKIP_E2E=1`` (CI never sets it). Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from e2e_helpers import CHROMIUM_ARGS, SKIP_ENV, VIEWPORT_HEIGHT, VIEWPORT_WIDTH, Server, chromium_path
from serve_process import brassboard_serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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
        with brassboard_serve({"DATA_DIR": str(folder / "data"), "BOT_DELAY": "0.05"}, log=log, cwd=folder) as served:
            yield Server(served.url, log)
    except RuntimeError as exc:  # it did not start
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture
def browser() -> Iterator[Browser]:
    """One Chromium per test: Playwright's sync API runs an event loop of its own, so it does not outlive the test
    (other tests in the same worker use asyncio)."""
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(f"Playwright is missing: pip install -e '.[dev]' (or {SKIP_ENV}=1 to skip the browser tests)",
                    pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser, e2e_server: Server) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT}, locale="en-GB",
                                  base_url=e2e_server.url)
    context.set_default_timeout(15_000)
    problems: list[str] = []
    tab = context.new_page()
    tab.on("pageerror", lambda exc: problems.append(f"uncaught in the page: {exc}"))
    try:
        yield tab
    finally:
        context.close()
    # a script error in the page fails the test even when every click went through
    assert not problems, "\n".join(problems)
