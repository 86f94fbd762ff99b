"""The WebSocket: state on connect and after every change, actions and undo over it, errors, resync, secrecy."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, receive, receive_until, state, token_of

TTT = "tictactoe"


def test_player_and_spectator_receive_state_on_connect(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id = created["id"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token_of(created, 0)}") as player, \
            client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        mine = receive(player)
        assert mine["type"] == "state" and mine["seat"] == 0 and mine["version"] == 0 and "mark b2" in mine["legal"]
        public = receive(spectator)
        assert public["seat"] is None and public["legal"] == []


def test_act_over_the_websocket_reaches_everyone(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id = created["id"]
    first, second = token_of(created, 0), token_of(created, 1)
    with client.websocket_connect(f"/ws/matches/{match_id}?token={first}") as player, \
            client.websocket_connect(f"/ws/matches/{match_id}?token={second}") as opponent, \
            client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        for websocket in (player, opponent, spectator):
            assert receive(websocket)["version"] == 0
        player.send_json({"type": "action", "seat": 0, "action": "mark b2", "version": 0})
        assert receive(player)["version"] == 1
        theirs = receive(opponent)
        assert theirs["version"] == 1 and theirs["seat"] == 1 and "mark a1" in theirs["legal"]
        assert receive(spectator)["log"][-1]["action"] == "mark b2"
        opponent.send_json({"type": "action", "seat": 1, "action": "mark a1", "version": 1})
        assert receive(spectator)["version"] == 2
        assert receive(player)["version"] == 2
        # undo over the socket
        opponent.send_json({"type": "undo", "seat": 1, "version": 2})
        undone = receive_until(spectator, lambda m: m.get("version") == 1)
        assert undone["active"] == [1]


def test_changes_made_over_rest_are_pushed(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id = created["id"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        receive(spectator)
        assert act(client, match_id, token_of(created, 0), 0, "mark c3", 0).status_code == 200
        assert receive(spectator)["version"] == 1


@pytest.mark.parametrize(("message", "error"), [
    ({"type": "action", "seat": 0, "action": "mark b2", "version": 3}, "stale"),
    ({"type": "action", "seat": 0, "action": "mark q7", "version": 0}, "illegal"),
    ({"type": "action", "seat": 1, "action": "mark b2", "version": 0}, "forbidden"),
    ({"type": "undo", "seat": 0, "version": 0}, "illegal"),
    ({"type": "action", "seat": 0, "action": "mark b2"}, "bad_request"),
    ({"type": "action", "seat": True, "action": "mark b2", "version": 0}, "bad_request"),
    ({"type": "action", "seat": 0, "action": ["mark", "b2"], "version": 0}, "bad_request"),
    ({"type": "action", "seat": 0, "action": "mark " + "b" * 2000, "version": 0}, "bad_request"),
    ({"type": "dance"}, "bad_request"),
    (["action"], "bad_request"),
])
def test_refused_messages_get_an_error_and_change_nothing(client: TestClient, message: object, error: str) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id = created["id"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token_of(created, 0)}") as player:
        receive(player)
        player.send_json(message)
        answer = receive(player)
        assert answer["type"] == "error" and answer["error"] == error and answer["detail"]
        assert answer["version"] == 0
    assert state(client, match_id)["version"] == 0


def test_malformed_and_oversized_messages(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    with client.websocket_connect(f"/ws/matches/{created['id']}?token={token_of(created, 0)}") as player:
        receive(player)
        player.send_text("{not json")
        assert receive(player)["error"] == "bad_request"
        player.send_text(" " * (65 * 1024))
        assert "KiB" in receive(player)["detail"]
        player.send_json({"type": "sync"})  # the connection still works
        assert receive(player)["type"] == "state"


def test_a_spectator_cannot_act(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    with client.websocket_connect(f"/ws/matches/{created['id']}") as spectator:
        receive(spectator)
        spectator.send_json({"type": "action", "seat": 0, "action": "mark b2", "version": 0})
        assert receive(spectator)["error"] == "forbidden"


def test_bad_token_and_unknown_match_close_the_socket(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    with client.websocket_connect(f"/ws/matches/{created['id']}?token=wrong") as websocket:
        assert receive(websocket)["error"] == "forbidden"
        assert receive(websocket) == {"closed": 4403}
    with client.websocket_connect("/ws/matches/nope") as websocket:
        assert receive(websocket)["error"] == "not_found"
        assert receive(websocket) == {"closed": 4404}


def test_reconnect_resynchronises(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    match_id = created["id"]
    first = token_of(created, 0)
    with client.websocket_connect(f"/ws/matches/{match_id}?token={first}") as player:
        assert receive(player)["version"] == 0
    # moves made while the client was away
    act(client, match_id, first, 0, "mark a1", 0)
    act(client, match_id, token_of(created, 1), 1, "mark b1", 1)
    with client.websocket_connect(f"/ws/matches/{match_id}?token={first}") as player:
        message = receive(player)
        assert message["version"] == 2 and message["active"] == [0] and "mark a2" in message["legal"]
        player.send_json({"type": "sync"})
        assert receive(player) == message


def test_no_push_without_a_change(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    with client.websocket_connect(f"/ws/matches/{created['id']}") as spectator:
        receive(spectator)
        with pytest.raises(TimeoutError):
            receive(spectator, timeout=0.3)


def test_spectators_and_opponents_never_see_hidden_credits(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "human", "human"], options={"hidden_credits": True}, seed=3)
    match_id = created["id"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as spectator, \
            client.websocket_connect(f"/ws/matches/{match_id}?token={token_of(created, 1)}") as player:
        public = receive(spectator)
        assert [holding["credits"] for holding in public["view"]["holdings"]] == [None, None, None]
        mine = receive(player)
        credits = [holding["credits"] for holding in mine["view"]["holdings"]]
        assert credits[0] is None and credits[2] is None and isinstance(credits[1], int)
        text = str(public)
        assert "'seed'" not in text and "rng" not in text and public["seeded"] is True
    rest = state(client, match_id)
    assert [holding["credits"] for holding in rest["view"]["holdings"]] == [None, None, None]
    replay = client.get(f"/api/matches/{match_id}/replay").json()
    assert [holding["credits"] for holding in replay["view"]["holdings"]] == [None, None, None]

