"""Shared helpers of the server tests: app instances on temporary data folders, match set-up, waiting."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from brassboard.server import Broadcaster, Settings, create_app


def settings_for(data_dir: Path, bot_delay: float = 0.0) -> Settings:
    return Settings(data_dir=data_dir, bot_delay=bot_delay)


@contextmanager
def running_app(data_dir: Path, bot_delay: float = 0.0, broadcaster: Broadcaster | None = None) -> Iterator[TestClient]:
    """A started app (lifespan: migrations, bots) on ``data_dir`` and a client for it."""
    app = create_app(settings_for(data_dir, bot_delay), broadcaster)
    with TestClient(app) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, **fields}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def token_of(created: dict[str, Any], seat: int) -> str:
    token: str = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    return token


def invite_of(created: dict[str, Any], seat: int) -> str:
    """The invite secret of an open seat, from its invite link in the create answer."""
    link: str = created["links"]["invites"][str(seat)]
    return link.split("?invite=", 1)[1]


def state(client: TestClient, match_id: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/state", headers=auth(token) if token else {}, params=params)
    assert response.status_code == 200, response.text
    message: dict[str, Any] = response.json()
    return message


def act(client: TestClient, match_id: str, token: str, seat: int, action: str, version: int) -> Any:
    return client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                       json={"seat": seat, "action": action, "version": version})


def wait_for(condition: Callable[[], Any], timeout: float = 15.0, what: str = "the condition") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def wait_for_turn(client: TestClient, match_id: str, token: str, seat: int, timeout: float = 15.0) -> dict[str, Any]:
    """The seat's state message once it must act (bots play the other seats meanwhile)."""
    def ready() -> dict[str, Any] | None:
        message = state(client, match_id, token, seat=seat)
        return message if seat in message["active"] or message["status"] == "finished" else None

    result: dict[str, Any] = wait_for(ready, timeout, f"seat {seat}'s turn")
    return result


def receive(websocket: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next WebSocket message as JSON ({"closed": code} for a close), failing after ``timeout`` seconds.

    The test client's own ``receive_json`` waits forever; a missing push must fail the test, not hang it.
    """
    import anyio

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            return await websocket._send_rx.receive()

    message = websocket.portal.call(next_message)
    if message["type"] == "websocket.close":
        return {"closed": message.get("code")}
    data: dict[str, Any] = json.loads(message["text"])
    return data


def receive_until(websocket: Any, condition: Callable[[dict[str, Any]], bool],
                  timeout: float = 10.0) -> dict[str, Any]:
    """Messages are read (and skipped) until one satisfies ``condition``."""
    deadline = time.monotonic() + timeout
    while True:
        message = receive(websocket, max(0.01, deadline - time.monotonic()))
        if condition(message):
            return message
