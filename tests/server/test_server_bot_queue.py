"""With BRASSBOARD_REDIS_URL, bot turns are Dramatiq jobs on Redis, served by ``brassboard worker`` (here: its
function in a thread of the test); the server never thinks for a bot itself."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serve_process import serve_env
from server_helpers import create, state, token_of, wait_for, wait_for_turn

from brassboard.server import Settings, create_app
from brassboard.server.botqueue import enqueue_turn, make_broker, run_worker
from brassboard.server.hardening import GuardSettings


@pytest.fixture
def queued(data_dir: Path, redis_url: str) -> Iterator[TestClient]:
    settings = Settings(data_dir=data_dir, redis_url=redis_url, bot_delay=0)
    stop = threading.Event()
    with TestClient(create_app(settings)) as client:
        worker = threading.Thread(target=run_worker, args=(settings, 1, stop), daemon=True)
        worker.start()
        try:
            yield client
        finally:
            stop.set()
            worker.join(timeout=30)


def test_workers_play_the_bots_and_the_server_pushes_their_moves(queued: TestClient) -> None:
    created = create(queued, "tictactoe", ["bot:random", "human"], seed=3)
    match_id, token = created["id"], token_of(created, 1)
    assert queued.app.state.server.bots.pool is None  # type: ignore[attr-defined]  # no local thinking at all
    message = wait_for_turn(queued, match_id, token, 1, timeout=60)
    assert message["version"] == 1 and message["log"][0]["seat"] == 0
    with queued.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "seat": 1, "action": message["legal"][0], "version": 1})
        # the worker's answer comes through Redis pub/sub as a push
        pushed = ws.receive_json()
        while pushed["version"] < 3 and pushed["status"] != "finished":
            pushed = ws.receive_json()
    assert pushed["log"][-1]["seat"] == 0


def test_a_bots_only_match_is_played_to_the_end_by_the_workers(queued: TestClient) -> None:
    created = create(queued, "tictactoe", ["bot:random", "bot:mcts"], seed=9)
    wait_for(lambda: state(queued, created["id"])["status"] == "finished", timeout=90, what="the end")


def test_a_turn_is_queued_once(redis_url: str) -> None:
    broker = make_broker(redis_url)
    try:
        assert enqueue_turn(broker, "same-match", 0, 4, budget=1)
        assert not enqueue_turn(broker, "same-match", 0, 4, budget=1)  # a second server, or a retried hand-over
        assert enqueue_turn(broker, "same-match", 1, 5, budget=1)
    finally:
        broker.close()


def test_with_redis_the_rate_limits_count_across_server_processes(tmp_path: Path, redis_url: str) -> None:
    guards = GuardSettings(create_rate="2/minute")
    settings = Settings(data_dir=tmp_path / "data", redis_url=redis_url, bot_delay=0, guards=guards)
    body = {"game": "tictactoe", "players": 2, "seats": ["human", "human"]}
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        headers: dict[str, str] = {}
        assert first.post("/api/matches", json=body, headers=headers).status_code == 201
        assert second.post("/api/matches", json=body, headers=headers).status_code == 201
        refused = first.post("/api/matches", json=body, headers=headers)
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"


@pytest.mark.soak  # half a minute or more: the dead worker's heartbeat must time out
def test_a_killed_worker_loses_no_bot_turn(data_dir: Path, redis_url: str) -> None:
    env = serve_env({"DATA_DIR": str(data_dir), "REDIS_URL": redis_url})
    settings = Settings(data_dir=data_dir, redis_url=redis_url, bot_delay=0)

    def worker() -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "brassboard", "worker", "--threads", "1"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    with TestClient(create_app(settings)) as client:
        first = worker()
        time.sleep(3)  # up and waiting for jobs
        created = create(client, "age_of_steam", ["bot:mcts-strong"] * 3, seed=4)
        time.sleep(0.3)  # the job is taken: the worker is starting its thinking process
        first.kill()
        first.wait(timeout=10)
        assert state(client, created["id"])["version"] == 0
        second = worker()
        try:
            wait_for(lambda: state(client, created["id"])["version"] >= 2, timeout=120, what="the retried turn")
        finally:
            second.terminate()
            second.wait(timeout=30)
