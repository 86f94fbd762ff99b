"""Fixtures of the server tests: each test gets its own data folder and so its own SQLite database; the tests of
PostgreSQL and Redis get throwaway servers (services.py), one of each per test process, and a new database each."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import running_app
from services import ServiceUnavailable, new_database, postgres_server, redis_server

REQUIRE_SERVICES = "BRASSBOARD_REQUIRE_SERVICES"
"""Set (by `make test`) to fail rather than skip when PostgreSQL or Redis is not installed."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    with running_app(data_dir) as test_client:
        yield test_client


def _service(start: Callable[[], AbstractContextManager[str]]) -> Iterator[str]:
    with ExitStack() as stack:
        try:
            url = stack.enter_context(start())
        except ServiceUnavailable as missing:
            if os.environ.get(REQUIRE_SERVICES, "0") not in ("", "0"):
                pytest.fail(f"{missing} ({REQUIRE_SERVICES} is set)")
            pytest.skip(str(missing))
        yield url


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    yield from _service(postgres_server)


@pytest.fixture
def postgres_url(postgres_server_url: str) -> str:
    """A new, empty PostgreSQL database of this test's own."""
    return new_database(postgres_server_url, f"test_{secrets.token_hex(6)}")


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    yield from _service(redis_server)
