"""A real server process killed with SIGKILL and restarted on the same data folder loses no acknowledged action."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from services import LOOPBACK, free_port, serve_process, wait_until_serving
from websockets.sync.client import connect

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def server_process(data_dir: Path, port: int) -> AbstractContextManager[subprocess.Popen[bytes]]:
    return serve_process(port, DATA_DIR=str(data_dir))


def human_turn(client: httpx.Client, match_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        message: dict[str, Any] = client.get(f"/api/matches/{match_id}/state",
                                             headers={"Authorization": f"Bearer {token}"}).json()
        if 0 in message["active"]:
            return message
        time.sleep(0.02)
    raise AssertionError("the bots never handed the turn back")


def test_sigkill_and_restart_lose_no_acknowledged_action(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    port = free_port()
    base = f"http://{LOOPBACK}:{port}"
    headers: dict[str, str] = {}
    with server_process(data_dir, port) as process, httpx.Client(base_url=base, timeout=10) as client:
        wait_until_serving(client, process)
        created = client.post("/api/matches", json={
            "game": "planet_steam", "players": 4, "seats": ["human", "bot:greedy", "bot:random", "bot:greedy"],
            "seed": 21}).json()
        match_id, token = created["id"], created["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(4):
            message = human_turn(client, match_id, token)
            answer = client.post(f"/api/matches/{match_id}/actions", headers=headers, json={
                "seat": 0, "action": message["legal"][0], "version": message["version"]})
            assert answer.status_code == 200, answer.text
        acknowledged = answer.json()["version"]  # the bots may be moving when the kill comes
        history = client.get(f"/api/matches/{match_id}/replay", params={"at": acknowledged}).json()
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        assert process.stdout is not None
        banner = process.stdout.read().decode(errors="replace")
    assert f"http://{LOOPBACK}:{port}/" in banner  # startup printed the URL
    assert "/api/matches" not in banner  # no access log unless asked for (--access-log)

    port = free_port()
    with server_process(data_dir, port) as process, \
            httpx.Client(base_url=f"http://{LOOPBACK}:{port}", timeout=10) as client:
        wait_until_serving(client, process)
        assert client.get(f"/api/matches/{match_id}").json()["version"] >= acknowledged
        again = client.get(f"/api/matches/{match_id}/replay", params={"at": acknowledged}).json()
        for replay in (again, history):
            replay.pop("total")  # the bots may have moved on after the acknowledged action
        assert json.dumps(again, sort_keys=True) == json.dumps(history, sort_keys=True)
        # the resumed bots hand the turn back, and play continues
        message = human_turn(client, match_id, token)
        assert message["version"] >= acknowledged
        answer = client.post(f"/api/matches/{match_id}/actions", headers=headers, json={
            "seat": 0, "action": message["legal"][0], "version": message["version"]})
        assert answer.status_code == 200 and answer.json()["version"] == message["version"] + 1
        steady = human_turn(client, match_id, token)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    # killed while idle at the human's turn: the state comes back exactly
    port = free_port()
    with server_process(data_dir, port) as process, \
            httpx.Client(base_url=f"http://{LOOPBACK}:{port}", timeout=10) as client:
        wait_until_serving(client, process)
        assert human_turn(client, match_id, token) == steady
        # a browser offers per-message deflate; the server declines unless started with --ws-compression
        with connect(f"ws://{LOOPBACK}:{port}/ws/matches/{match_id}?token={token}", compression="deflate") as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == steady["version"]
            assert ws.response is not None and "Sec-WebSocket-Extensions" not in ws.response.headers
