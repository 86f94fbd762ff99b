"""Shared pytest set-up: the ``--soak`` flag, and the order the tests start in.

Tests marked ``@pytest.mark.soak`` (long runs: tens of thousands of random games) are skipped unless pytest is
given ``--soak``, and then have no time limit (the others have pytest-timeout's, set in ``pyproject.toml``).

The longest tests start first, so that the parallel workers (``-n 2``) finish together rather than one waiting
while the other plays a whole game in a browser at the end: those marked ``long`` (a minute or more), then the other
browser tests (``e2e``), then the rest, each group in the usual order. The markers are declared in ``pyproject.toml``.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", default=False,
                     help="also run the long soak tests (marked soak): tens of thousands of random games")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=start_order)  # stable: the usual order within each group; the same in every worker
    if config.getoption("--soak"):
        for item in items:
            if "soak" in item.keywords:
                item.add_marker(pytest.mark.timeout(0))
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


def start_order(item: pytest.Item) -> int:
    """0 for the long tests, 1 for the other browser tests, 2 for the rest (see the module's docstring)."""
    if "long" in item.keywords:
        return 0
    return 1 if "e2e" in item.keywords else 2
