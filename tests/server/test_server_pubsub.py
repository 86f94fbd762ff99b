"""Several server processes sharing matches: one database, live updates through a broadcaster.

Two app instances on one SQLite file stand for two processes. Their broadcaster is the in-memory one shared
between them, or Redis pub/sub (fakeredis); either way the instance that hears of a change reads it back from
the database before pushing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import fakeredis
import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    act,
    auth,
    create,
    invite_of,
    receive,
    receive_until,
    running_app,
    state,
    token_of,
    wait_for_turn,
)

from brassboard.server import Broadcaster, InMemoryBroadcaster, RedisBroadcaster


@contextmanager
def two_instances(data_dir: Path, kind: str) -> Iterator[tuple[TestClient, TestClient]]:
    if kind == "memory":
        shared = InMemoryBroadcaster()
        broadcasters: list[Broadcaster] = [shared, shared]
    else:
        server = fakeredis.FakeServer()
        broadcasters = [RedisBroadcaster(client=fakeredis.FakeAsyncRedis(server=server)) for _ in range(2)]
    with ExitStack() as stack:
        first = stack.enter_context(running_app(data_dir, broadcaster=broadcasters[0]))
        second = stack.enter_context(running_app(data_dir, broadcaster=broadcasters[1]))
        yield first, second


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_an_action_through_one_instance_reaches_a_client_of_the_other(data_dir: Path, kind: str) -> None:
    with two_instances(data_dir, kind) as (a, b):
        created = create(a, "tictactoe", ["human", "human"])
        match_id = created["id"]
        first, second = token_of(created, 0), token_of(created, 1)
        with b.websocket_connect(f"/ws/matches/{match_id}?token={second}") as watcher:
            assert receive(watcher)["version"] == 0
            assert act(a, match_id, first, 0, "mark b2", 0).status_code == 200
            pushed = receive(watcher)
            assert pushed["version"] == 1 and "mark a1" in pushed["legal"]
            # and back: the answer through B, seen by a client of A
            with a.websocket_connect(f"/ws/matches/{match_id}") as spectator:
                assert receive(spectator)["version"] == 1
                watcher.send_json({"type": "action", "seat": 1, "action": "mark a1", "version": 1})
                assert receive(spectator)["version"] == 2
                # an undo through A (B's copy must drop a step, not add one)
                a.post(f"/api/matches/{match_id}/undo", headers=auth(second), json={"seat": 1, "version": 2})
                assert receive_until(watcher, lambda m: m.get("version") == 1)["active"] == [1]


def test_instances_refuse_stale_actions_between_them(data_dir: Path) -> None:
    with two_instances(data_dir, "memory") as (a, b):
        created = create(a, "tictactoe", ["human", "human"])
        match_id = created["id"]
        first, second = token_of(created, 0), token_of(created, 1)
        assert state(b, match_id)["version"] == 0  # B holds the match in memory now
        assert act(a, match_id, first, 0, "mark b2", 0).status_code == 200
        # B has heard nothing (no client there) yet reads the new action before it judges the next one
        assert act(b, match_id, first, 0, "mark a1", 0).status_code == 409
        assert act(b, match_id, second, 1, "mark a1", 1).status_code == 200
        assert state(a, match_id)["version"] == 2
        other = create(a, "tictactoe", ["human", "open"])
        joined_on_b = b.post(f"/api/matches/{other['id']}/join", json={"invite": invite_of(other, 1)})
        assert joined_on_b.status_code == 200


def test_bots_of_one_instance_serve_the_clients_of_the_other(data_dir: Path) -> None:
    with two_instances(data_dir, "redis") as (a, b):
        created = create(a, "planet_steam", ["human", "bot:greedy", "bot:random"], seed=4)
        match_id, token = created["id"], token_of(created, 0)
        message = wait_for_turn(b, match_id, token, 0)
        with b.websocket_connect(f"/ws/matches/{match_id}?token={token}") as player:
            assert receive(player)["version"] == message["version"]
            player.send_json({"type": "action", "seat": 0, "action": message["legal"][0],
                              "version": message["version"]})
            after = receive_until(player, lambda m: m.get("type") == "state" and 0 in m["active"]
                                  and m["version"] > message["version"] + 1)
            assert after["legal"]


def test_without_a_shared_channel_nothing_is_pushed_across(data_dir: Path) -> None:
    # the control experiment: the pushes above travel through the broadcaster and nothing else
    with running_app(data_dir, broadcaster=InMemoryBroadcaster()) as a, \
            running_app(data_dir, broadcaster=InMemoryBroadcaster()) as b:
        created = create(a, "tictactoe", ["human", "human"])
        match_id = created["id"]
        with b.websocket_connect(f"/ws/matches/{match_id}") as watcher:
            receive(watcher)
            act(a, match_id, token_of(created, 0), 0, "mark b2", 0)
            with pytest.raises(TimeoutError):
                receive(watcher, timeout=0.3)
            watcher.send_json({"type": "sync"})  # yet the database has it
            assert receive(watcher)["version"] == 1
