"""Clocks survive a restart (issue 12): a deadline that passes while no server runs is acted on when one starts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from serve_process import brassboard_serve

PER_TURN = 4.0


def test_a_deadline_passed_while_the_server_was_down_is_played_at_restart(tmp_path: Path) -> None:
    settings = {"DATA_DIR": str(tmp_path / "data")}
    with brassboard_serve(settings) as served, httpx.Client(base_url=served.url, timeout=10) as client:
        created = client.post("/api/matches", json={"game": "tictactoe", "players": 2, "seats": ["human", "human"],
                                                    "clock": {"per_turn": PER_TURN, "bank": 0}})
        assert created.status_code == 201, created.text
        deadline = time.monotonic() + PER_TURN
        match_id = created.json()["id"]
    assert time.monotonic() < deadline, "the first server took longer to stop than the turn lasts"
    while time.monotonic() < deadline + 0.5:  # no server runs while seat 0's time runs out
        time.sleep(0.1)
    with brassboard_serve(settings) as served, httpx.Client(base_url=served.url, timeout=10) as client:
        restarted = time.monotonic()
        message: dict[str, Any] = {}
        while time.monotonic() < restarted + 20:
            message = client.get(f"/api/matches/{match_id}/state").json()
            if message["version"] >= 1:
                break
            time.sleep(0.05)
        assert message["version"] == 1, served.tail()
        assert message["log"][0]["events"][0] == {"type": "timeout", "seat": 0}
        assert message["active"] == [1]
        assert {c["seat"]: c["running"] for c in message["clocks"]} == {0: False, 1: True}
