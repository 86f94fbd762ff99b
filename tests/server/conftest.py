"""Fixtures of the server tests: each test gets its own data folder and so its own SQLite database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import running_app


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    with running_app(data_dir) as test_client:
        yield test_client
