"""The CLI tests save their match records under a temporary data directory, never into the working tree."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``BRASSBOARD_DATA_DIR`` for the test: ``play`` saves into its ``records/``."""
    directory = tmp_path / "data"
    monkeypatch.setenv("BRASSBOARD_DATA_DIR", str(directory))
    return directory
