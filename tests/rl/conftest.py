"""Fixtures of the RL tests."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest
from rl_helpers import RaceState

from brassboard.engine import registry


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test-only simultaneous game ``rl_race``, registered for one test."""
    module = types.ModuleType("brassboard_test_rl_race")
    module.STATE_CLASS = RaceState  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry._MODULES, RaceState.info.id, module.__name__)
    yield RaceState.info.id
