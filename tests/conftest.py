"""Shared pytest set-up: the ``--soak`` flag.

Tests marked ``@pytest.mark.soak`` (long runs: tens of thousands of random games) are skipped unless pytest is
given ``--soak``, and then have no time limit (the others have pytest-timeout's, set in ``pyproject.toml``). The
marker itself is declared in ``pyproject.toml``.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", default=False,
                     help="also run the long soak tests (marked soak): tens of thousands of random games")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        for item in items:
            if "soak" in item.keywords:
                item.add_marker(pytest.mark.timeout(0))
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
