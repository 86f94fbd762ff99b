"""Bots play their seats on the server: up to a human's turn, whole bot matches, after joins and restarts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, invite_of, receive_until, running_app, state, token_of, wait_for, wait_for_turn

from brassboard.engine import Match, MatchRecord
from brassboard.server import bots


def test_bots_move_until_the_human_must_act(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "bot:greedy", "bot:random", "bot:greedy"], seed=5)
    match_id, token = created["id"], token_of(created, 0)
    message = wait_for_turn(client, match_id, token, 0)
    assert message["legal"] and message["status"] == "running"
    assert all(entry["seat"] != 0 for entry in message["log"])  # only bots have moved so far
    # after the human's move the bots carry on until it is the human's turn again
    for _ in range(3):
        version = message["version"]
        response = act(client, match_id, token, 0, message["legal"][0], version)
        assert response.status_code == 200, response.text
        message = wait_for_turn(client, match_id, token, 0)
        assert message["version"] > version
    assert {entry["seat"] for entry in message["log"]} >= {0, 1, 2, 3}


def test_bot_moves_are_pushed(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "bot:greedy", "bot:random"], seed=2)
    match_id = created["id"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token_of(created, 0)}") as player:
        message = receive_until(player, lambda m: m.get("type") == "state" and 0 in m["active"])
        assert message["legal"]


def test_a_bots_only_match_runs_to_the_end(client: TestClient) -> None:
    created = create(client, "tictactoe", ["bot:random", "bot:random"], seed=11)
    match_id = created["id"]
    assert created["links"]["seats"] == {}
    wait_for(lambda: state(client, match_id)["status"] == "finished", what="the end of the match")
    final = state(client, match_id)
    assert final["scores"] is not None and final["winners"]
    record = MatchRecord.from_dict(client.get(f"/api/matches/{match_id}/record").json())
    replayed = Match.replay(record)  # the stored actions are a legal game
    assert replayed.state.is_over() and len(record.actions) == final["version"]


def test_the_bots_remember_a_bounded_number_of_finished_matches(client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "DONE_REMEMBERED", 2)
    runner = client.app.state.server.bots  # type: ignore[attr-defined]
    match_ids = [create(client, "tictactoe", ["bot:random", "bot:random"], seed=seed)["id"] for seed in (1, 2, 3)]
    for match_id in match_ids:
        wait_for(lambda match_id=match_id: state(client, match_id)["status"] == "finished", what="the match's end")
    wait_for(lambda: not any(runner.running(match_id) for match_id in match_ids), what="the bots to stop")
    assert len(runner._done) == 2 and set(runner._done) < set(match_ids)


def test_bots_wait_for_open_seats(client: TestClient) -> None:
    created = create(client, "tictactoe", ["bot:random", "open"])
    match_id = created["id"]
    time.sleep(0.2)
    assert state(client, match_id)["version"] == 0
    joined = client.post(f"/api/matches/{match_id}/join", json={"invite": invite_of(created, 1)}).json()
    message = wait_for_turn(client, match_id, joined["token"], 1)
    assert message["version"] == 1 and message["log"][0]["seat"] == 0


def test_bots_resume_after_a_restart(data_dir: Path) -> None:
    with running_app(data_dir, bot_delay=60) as client:  # the bots think far longer than this app lives
        match_id = create(client, "tictactoe", ["bot:random", "bot:random"])["id"]
        time.sleep(0.1)
        assert state(client, match_id)["version"] == 0
    with running_app(data_dir, bot_delay=0) as client:
        wait_for(lambda: state(client, match_id)["status"] == "finished", what="the resumed bots to finish")


def test_the_think_delay_paces_the_bots(data_dir: Path) -> None:
    with running_app(data_dir, bot_delay=0.15) as client:
        created = create(client, "tictactoe", ["human", "bot:random"])
        match_id, token = created["id"], token_of(created, 0)
        started = time.monotonic()
        act(client, match_id, token, 0, "mark b2", 0)
        wait_for_turn(client, match_id, token, 0)
        assert time.monotonic() - started >= 0.15
