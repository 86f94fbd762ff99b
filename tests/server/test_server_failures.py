"""Failures said plainly (issue 11): storage read-only, full or gone answers 503 ``unavailable`` with the cause, the
match's state stays as last committed, the log gets one line (no traceback), and a server that cannot use its
database at start says why in one line and exits non-zero."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, receive, running_app, state, token_of

from brassboard.server import Settings, create_app
from brassboard.server.app import Server
from brassboard.server.botpool import LocalBotPool

TTT = "tictactoe"


def server_of(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def pragma(client: TestClient, statement: str) -> Any:
    store = server_of(client).store
    assert store._sqlite is not None
    with store._sqlite.lock:
        return store._sqlite.connection.execute(statement).fetchone()


def storage_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "storage unavailable" in r.getMessage()]


def test_a_read_only_database_answers_503_and_keeps_the_state(client: TestClient,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id, first = created["id"], token_of(created, 0)
    assert act(client, match_id, first, 0, "mark a1", 0).status_code == 200
    pragma(client, "PRAGMA query_only=ON")  # what SQLite says of a read-only file: "attempt to write a readonly ..."
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="brassboard.server"):
        refused = act(client, match_id, token_of(created, 1), 1, "mark b1", 1)
    assert refused.status_code == 503 and refused.headers["Retry-After"]
    error = refused.json()
    assert error["error"] == "unavailable" and "read-only" in error["detail"]
    lines = storage_lines(caplog)
    assert len(lines) == 1 and lines[0].exc_info is None and "read-only" in lines[0].getMessage()
    assert state(client, match_id)["version"] == 1  # the refused move left nothing behind, in memory or on disk
    assert client.post("/api/matches", json={"game": TTT, "players": 2, "seats": ["human", "human"]}).status_code \
        == 503
    pragma(client, "PRAGMA query_only=OFF")
    assert act(client, match_id, token_of(created, 1), 1, "mark b1", 1).status_code == 200
    assert state(client, match_id)["version"] == 2


def test_a_full_database_answers_503(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    (pages,) = pragma(client, "PRAGMA page_count")
    pragma(client, f"PRAGMA max_page_count={pages + 2}")
    body = {"game": "planet_steam", "players": 5, "seats": ["human"] * 5, "names": ["x" * 40] * 5}
    with caplog.at_level(logging.ERROR, logger="brassboard.server"):
        for _ in range(200):
            response = client.post("/api/matches", json=body)
            if response.status_code != 201:
                break
    assert response.status_code == 503, response.text
    assert response.json()["error"] == "unavailable" and "full" in response.json()["detail"]
    assert all(r.exc_info is None for r in storage_lines(caplog))
    pragma(client, "PRAGMA max_page_count=1073741823")
    assert client.post("/api/matches", json=body).status_code == 201


def test_a_vanished_database_answers_503_over_rest_and_websocket(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    with running_app(data) as client:
        created = create(client, TTT, ["human", "human"], visibility="public")
        match_id, first = created["id"], token_of(created, 0)
        with client.websocket_connect(f"/ws/matches/{match_id}?token={first}") as socket:
            receive(socket)
            server = server_of(client)
            server.store.close()
            server.engine.dispose()
            shutil.rmtree(data)  # the folder and its database are gone
            with caplog.at_level(logging.ERROR, logger="brassboard.server"):
                listed = client.get("/api/matches")
                moved = act(client, match_id, first, 0, "mark a1", 0)
                socket.send_json({"type": "action", "seat": 0, "action": "mark a1", "version": 0})
                pushed = receive(socket)
            assert listed.status_code == 503 and "missing" in listed.json()["detail"]
            assert moved.status_code == 503 and moved.json()["error"] == "unavailable"
            assert pushed["type"] == "error" and pushed["error"] == "unavailable"
            assert storage_lines(caplog) and all(r.exc_info is None for r in storage_lines(caplog))


def test_a_database_that_cannot_be_opened_at_start_is_said_in_one_line(tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    app = create_app(Settings(data_dir=blocker))
    with caplog.at_level(logging.CRITICAL, logger="brassboard.server"), pytest.raises(FileExistsError), TestClient(app):
        pass
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(lines) == 1 and lines[0].startswith("cannot start: the database") and str(blocker) in lines[0]


def test_the_serve_command_exits_non_zero_saying_why(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    env = {**os.environ, "BRASSBOARD_DATA_DIR": str(blocker), "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-m", "brassboard", "serve", "--port", "18799"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert "cannot start: the database" in done.stderr + done.stdout


def test_bots_wait_out_a_storage_failure_and_then_move(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # the bot thinks for 1 s; the storage turns read-only meanwhile, so its move cannot be committed
    with running_app(tmp_path, bot_delay=1.0) as client:
        created = create(client, TTT, ["human", "bot:random"])
        match_id = created["id"]
        with caplog.at_level(logging.ERROR, logger="brassboard.server"):
            assert act(client, match_id, token_of(created, 0), 0, "mark a1", 0).status_code == 200
            pragma(client, "PRAGMA query_only=ON")
            deadline = time.monotonic() + 10
            while not any("bots of match" in r.getMessage() for r in caplog.records):
                assert time.monotonic() < deadline, "the bot's refused commit was never logged"
                time.sleep(0.05)
            assert state(client, match_id)["version"] == 1
            pragma(client, "PRAGMA query_only=OFF")
            while state(client, match_id)["version"] < 2:  # the bot looks again and moves, without a restart
                assert time.monotonic() < deadline + 10, "the bots stayed idle after the storage came back"
                time.sleep(0.05)
        waits = [r for r in caplog.records if "bots of match" in r.getMessage()]
        assert all(r.exc_info is None and "wait" in r.getMessage() for r in waits)


def test_bots_wait_out_workers_that_answer_late_and_then_move(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # a cold worker pool on a loaded machine answered even the fallback move late once: the match must go on
    original = LocalBotPool.think
    calls = {"n": 0}

    async def late_once(self: LocalBotPool, job: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise TimeoutError
        return await original(self, job)

    monkeypatch.setattr(LocalBotPool, "think", late_once)
    with running_app(tmp_path) as client, caplog.at_level(logging.ERROR, logger="brassboard.server"):
        created = create(client, TTT, ["human", "bot:random"])
        match_id = created["id"]
        assert act(client, match_id, token_of(created, 0), 0, "mark a1", 0).status_code == 200
        deadline = time.monotonic() + 20
        while state(client, match_id)["version"] < 2:
            assert time.monotonic() < deadline, "the bots stopped after the workers answered late"
            time.sleep(0.05)
    assert calls["n"] >= 2
    lines = [r.getMessage() for r in caplog.records if "bots of match" in r.getMessage()]
    assert lines and all("wait" in line and "did not answer in time" in line for line in lines)
