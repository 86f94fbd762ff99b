"""The server on PostgreSQL, and several real server processes sharing live updates through a real Redis.

test_server_pubsub.py shows the same with app instances in one process and fakeredis; here it is the deployment
the README describes: ``BRASSBOARD_DATABASE_URL`` and ``BRASSBOARD_REDIS_URL`` given to ``brassboard serve``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, invite_of, receive, receive_until, token_of
from services import LOOPBACK, free_port, serve_process, wait_until_serving
from websockets.sync.client import ClientConnection, connect

from brassboard.server import Settings, create_app


def test_a_whole_match_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", database_url=postgres_url, bot_delay=0)
    with TestClient(create_app(settings)) as client:
        created = create(client, "tictactoe", ["human", "human"], seed=3)
        match_id = created["id"]
        tokens = [token_of(created, 0), token_of(created, 1)]
        with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[0]}") as first, \
                client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[1]}") as second:
            sockets = [first, second]
            message = receive(first)
            receive(second)
            first.send_json({"type": "action", "action": "mark b2", "version": 1})  # made on a later version
            assert receive(first)["error"] == "stale"
            for seat, cell in [(0, "b2"), (1, "a1"), (0, "c3")]:
                sockets[seat].send_json({"type": "action", "action": f"mark {cell}", "version": message["version"]})
                message = receive_until(sockets[1 - seat], lambda m: m.get("type") == "state")
                receive_until(sockets[seat], lambda m: m.get("type") == "state")
            assert message["version"] == 3
            undone = client.post(f"/api/matches/{match_id}/undo", headers=auth(tokens[0]), json={"version": 3})
            assert undone.status_code == 200 and undone.json()["version"] == 2
            for version, (seat, cell) in enumerate([(0, "c1"), (1, "c2"), (0, "a3")], start=2):
                answer = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[seat]),
                                     json={"action": f"mark {cell}", "version": version})
                assert answer.status_code == 200, answer.text
        assert answer.json()["status"] == "finished" and answer.json()["winners"] == [0]
        record = client.get(f"/api/matches/{match_id}/record").json()
        assert [action for _, action in record["actions"]] == ["mark b2", "mark a1", "mark c1", "mark c2", "mark a3"]
        assert client.get(f"/api/matches/{match_id}/replay", params={"at": 2}).json()["version"] == 2
    # a new server on the same database (a restart) has it all
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "finished"


def _next_state(socket: ClientConnection, version: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if message.get("type") == "state" and message["version"] >= version:
            return message


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_two_server_processes_share_live_updates_through_redis(database: str, redis_url: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest) -> None:
    shared = {"REDIS_URL": redis_url}
    if database == "postgres":
        shared["DATABASE_URL"] = request.getfixturevalue("postgres_url")
    else:
        shared["DATA_DIR"] = str(tmp_path / "data")  # one SQLite file for both
    ports = [free_port(), free_port()]
    with serve_process(ports[0], **shared) as a_process, serve_process(ports[1], **shared) as b_process, \
            httpx.Client(base_url=f"http://{LOOPBACK}:{ports[0]}", timeout=10) as a, \
            httpx.Client(base_url=f"http://{LOOPBACK}:{ports[1]}", timeout=10) as b:
        wait_until_serving(a, a_process)
        wait_until_serving(b, b_process)
        created = a.post("/api/matches", json={"game": "tictactoe", "players": 2, "seats": ["human", "open"],
                                               "seed": 5}).json()
        match_id, first = created["id"], token_of(created, 0)
        joined = b.post(f"/api/matches/{match_id}/join",  # the lobby of the other process
                        json={"name": "Bea", "invite": invite_of(created, 1)})
        assert joined.status_code == 200, joined.text
        second = joined.json()["token"]
        with connect(f"ws://{LOOPBACK}:{ports[0]}/ws/matches/{match_id}?token={first}") as on_a, \
                connect(f"ws://{LOOPBACK}:{ports[1]}/ws/matches/{match_id}?token={second}") as on_b, \
                connect(f"ws://{LOOPBACK}:{ports[1]}/ws/matches/{match_id}") as spectator_on_b:
            assert _next_state(on_a, 0)["status"] == "running"
            _next_state(on_b, 0)
            _next_state(spectator_on_b, 0)
            on_a.send(json.dumps({"type": "action", "action": "mark b2", "version": 0}))
            pushed = _next_state(on_b, 1)  # made in process A, heard in process B
            assert pushed["version"] == 1 and "mark a1" in pushed["legal"]
            assert _next_state(spectator_on_b, 1)["view"]["rows"][1] == ".X."
            on_b.send(json.dumps({"type": "action", "action": "mark a1", "version": 1}))
            assert _next_state(on_a, 2)["active"] == [0]  # and back
            assert _next_state(on_b, 2)["legal"] == []
            # a stale action through the other process is refused there
            on_b.send(json.dumps({"type": "action", "action": "mark c3", "version": 1}))
            refused = json.loads(on_b.recv(timeout=10))
            assert refused["type"] == "error" and refused["error"] == "stale" and refused["version"] == 2
