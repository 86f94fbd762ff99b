"""Rematch (issue 12): a finished match played again with the same game, players, options, clock, seats and names."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import act, auth, create, state, token_of, wait_for_turn


def play_out(client: TestClient, match_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Every human seat plays its first legal move until the match ends; the final state message."""
    while True:
        message = state(client, match_id)
        if message["status"] == "finished":
            return message
        seat = message["active"][0]
        if seat not in tokens:  # a bot's turn
            message = wait_for_turn(client, match_id, tokens[min(tokens)], min(tokens))
            continue
        legal = state(client, match_id, tokens[seat], seat=seat)["legal"]
        assert act(client, match_id, tokens[seat], seat, legal[0], message["version"]).status_code == 200


def finished_pair(client: TestClient, **fields: Any) -> tuple[dict[str, Any], str, str]:
    created = create(client, "tictactoe", ["human", "human"], names=["Ada", "Bo"], **fields)
    first, second = token_of(created, 0), token_of(created, 1)
    play_out(client, created["id"], {0: first, 1: second})
    return created, first, second


def test_a_rematch_is_made_once_the_match_is_over(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "human"])
    path = f"/api/matches/{created['id']}/rematch"
    assert client.post(path).status_code == 401
    refused = client.post(path, headers=auth(token_of(created, 0)))
    assert refused.status_code == 409 and refused.json()["error"] == "not_finished"


def test_only_a_seat_holder_asks_for_the_rematch(client: TestClient) -> None:
    created, _, _ = finished_pair(client)
    stranger = create(client, "tictactoe", ["human", "human"])
    answer = client.post(f"/api/matches/{created['id']}/rematch", headers=auth(token_of(stranger, 0)))
    assert answer.status_code == 403


def test_the_rematch_replays_the_setup_and_every_player_takes_their_seat(client: TestClient) -> None:
    clock = {"per_turn": 600, "bank": 60, "on_timeout": "bot"}
    created, first, second = finished_pair(client, clock=clock)
    old_id = created["id"]
    made = client.post(f"/api/matches/{old_id}/rematch", headers=auth(first))
    assert made.status_code == 201, made.text
    rematch = made.json()
    assert rematch["id"] != old_id and rematch["game"] == "tictactoe" and rematch["players"] == 2
    assert rematch["options"] == created["options"] and rematch["clock"] == clock
    assert [s["name"] for s in rematch["seats"]] == ["Ada", "Bo"]
    assert rematch["status"] == "open"  # Bo's seat waits for Bo
    mine = rematch["links"]["seats"]["0"]
    assert mine.startswith(f"/m/{rematch['id']}?token=")
    assert client.get(f"/api/matches/{old_id}").json()["rematch"] == rematch["id"]
    assert state(client, old_id, second)["rematch"] == rematch["id"]  # every player's page offers to join it

    assert client.post(f"/api/matches/{rematch['id']}/join", json={"seat": 1}).status_code == 403  # private
    joined = client.post(f"/api/matches/{old_id}/rematch", headers=auth(second))
    assert joined.status_code == 200, joined.text
    claim = joined.json()
    assert claim["id"] == rematch["id"] and claim["status"] == "running"
    bo = next(s["token"] for s in claim["seats"] if s["seat"] == 1)
    assert state(client, rematch["id"], bo)["seat"] == 1
    again = client.post(f"/api/matches/{old_id}/rematch", headers=auth(second))
    assert again.status_code == 409  # Bo has the link already
    first_clock = state(client, rematch["id"])["clocks"][0]
    assert first_clock["running"] and first_clock["bank_left"] == 60  # the clock starts with everyone seated


def test_bot_seats_stay_bots_in_the_rematch(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "bot:random"], seed=5)
    token = token_of(created, 0)
    play_out(client, created["id"], {0: token})
    made = client.post(f"/api/matches/{created['id']}/rematch", headers=auth(token))
    assert made.status_code == 201
    rematch = made.json()
    assert [s["kind"] for s in rematch["seats"]] == ["human", "bot:random"] and rematch["status"] == "running"
