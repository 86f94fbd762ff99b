"""REST API: lobby (create, list, join), actions, refusals, undo, replay, record (docs/api.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, auth, create, state, token_of

TTT = "tictactoe"


def hotseat_tictactoe(client: TestClient) -> tuple[str, str, str]:
    created = create(client, TTT, ["human", "human"], seed=1, visibility="public")
    return created["id"], token_of(created, 0), token_of(created, 1)


# ----- games and creating matches -----------------------------------------------------------------------------------
def test_games_lists_metadata_options_and_bots(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    steam = games["planet_steam"]
    assert (steam["min_players"], steam["max_players"]) == (2, 5)
    assert {"random", "greedy"} <= set(steam["bots"])
    assert any(option["name"] == "hidden_credits" and option["default"] is False for option in steam["options"])
    assert games[TTT]["bots"] == ["random", "mcts", "mcts-strong"]


def test_create_with_every_seat_kind(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "open", "bot:greedy", "bot:random"],
                     names=["Ada", None, None, None])
    match_id = created["id"]
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "open", "bot:greedy", "bot:random"]
    assert [s["taken"] for s in seats] == [True, False, True, True]
    assert seats[0]["name"] == "Ada"
    assert [("token" in s) for s in seats] == [True, False, False, False]
    assert len(seats[0]["token"]) >= 43  # 32 random bytes, URL-safe
    invite = created["links"]["invites"]["1"].split("?invite=")[1]
    assert len(invite) >= 24  # 18 random bytes, URL-safe
    assert created["links"] == {"seats": {"0": f"/m/{match_id}?token={seats[0]['token']}"},
                                "invites": {"1": f"/m/{match_id}?invite={invite}"},
                                "spectator": f"/m/{match_id}"}
    assert created["visibility"] == "private" and created["seeded"] is False
    assert created["status"] == "open"
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "open" and summary["version"] == 0 and summary["game"] == "planet_steam"
    assert "token" not in str(summary) and "seed" not in summary


def test_hotseat_creator_gets_one_token_per_human_seat(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    first, second = token_of(created, 0), token_of(created, 1)
    assert first != second
    assert set(created["links"]["seats"]) == {"0", "1"}
    assert created["status"] == "running"


def test_server_picks_a_seed_and_never_shows_it(client: TestClient) -> None:
    created = create(client, TTT, ["human", "human"])
    message = state(client, created["id"], token_of(created, 0))
    assert "seed" not in message and "seed" not in message["view"] and "rng" not in message["view"]


@pytest.mark.parametrize(("body", "needle"), [
    ({"game": "chess", "players": 2, "seats": ["human", "human"]}, "unknown game"),
    ({"game": TTT, "players": 3, "seats": ["human", "human", "human"]}, "players"),
    ({"game": "planet_steam", "players": 2, "seats": ["human"]}, "one kind per seat"),
    ({"game": TTT, "players": 2, "seats": ["human", "bot:greedy"]}, "unknown seat kind"),
    ({"game": TTT, "players": 2, "seats": ["human", "robot"]}, "unknown seat kind"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "options": {"colour": "red"}}, "no option"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "options": {"first_player": 5}}, "must be one of"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "options": {"first_player": True}}, "must be one of"),
    ({"game": "planet_steam", "players": 2, "seats": ["human", "open"], "options": {"figures": {"scoring": 5}}},
     "figures.scoring"),
    ({"game": "planet_steam", "players": 2, "seats": ["human", "open"], "options": {"hidden_credits": "yes"}},
     "true or false"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "seed": -1}, "seed"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "names": ["x" * 41, None]}, "at most"),
    ({"game": TTT, "players": 2, "seats": ["human", "human"], "names": ["Ada"]}, "names"),
])
def test_create_refuses_bad_lobby_input(client: TestClient, body: dict[str, Any], needle: str) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["error"] == "invalid" and needle in error["detail"]
    assert client.get("/api/matches").json() == []  # nothing was created


@pytest.mark.parametrize(("body", "status"), [
    ({"game": TTT, "players": "2", "seats": ["human", "human"]}, 422),  # strict: no numbers in text
    ({"game": TTT, "players": True, "seats": ["human", "human"]}, 422),
    ({"players": 2, "seats": ["human", "human"]}, 422),
    (["not", "an", "object"], 400),
    (None, 400),
])
def test_create_refuses_malformed_fields(client: TestClient, body: Any, status: int) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status, response.text
    assert set(response.json()) == {"error", "detail"} and isinstance(response.json()["detail"], str)


def test_malformed_json_is_400(client: TestClient) -> None:
    response = client.post("/api/matches", content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"


def test_oversized_bodies_are_refused_with_413(client: TestClient) -> None:
    big = {"game": TTT, "players": 2, "seats": ["human", "human"], "names": ["x" * 70_000, None]}
    response = client.post("/api/matches", json=big)
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"

    def chunks() -> Any:  # no Content-Length: the limit still holds
        for _ in range(100):
            yield b" " * 1024

    response = client.post("/api/matches", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.get("/api/matches").json() == []


# ----- listing and joining ------------------------------------------------------------------------------------------
def test_list_by_status(client: TestClient) -> None:
    open_match = create(client, TTT, ["human", "open"], visibility="public")["id"]
    running = create(client, TTT, ["human", "human"], visibility="public")["id"]
    create(client, TTT, ["human", "open"])  # private: never listed
    assert [m["id"] for m in client.get("/api/matches", params={"status": "open"}).json()] == [open_match]
    assert [m["id"] for m in client.get("/api/matches", params={"status": "running"}).json()] == [running]
    assert client.get("/api/matches", params={"status": "finished"}).json() == []
    assert {m["id"] for m in client.get("/api/matches").json()} == {open_match, running}
    listed = client.get("/api/matches", params={"status": "open"}).json()[0]
    assert set(listed) >= {"id", "game", "players", "status", "seats", "version", "created"}
    assert listed["seats"][1] == {"seat": 1, "kind": "open", "name": None, "taken": False}
    response = client.get("/api/matches", params={"status": "paused"})
    assert response.status_code == 422


def test_join_takes_the_lowest_open_seat_then_refuses_when_full(client: TestClient) -> None:
    created = create(client, "planet_steam", ["open", "human", "open"], visibility="public")
    match_id = created["id"]
    joined = client.post(f"/api/matches/{match_id}/join", json={"name": "Grace"}).json()
    assert joined["seat"] == 0 and joined["link"] == f"/m/{match_id}?token={joined['token']}"
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "open"
    second = client.post(f"/api/matches/{match_id}/join").json()  # no body at all
    assert second["seat"] == 2 and second["token"] != joined["token"]
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "running"
    assert [(s["name"], s["taken"]) for s in summary["seats"]] == [("Grace", True), ("Player 2", True),
                                                                   ("Player 3", True)]
    full = client.post(f"/api/matches/{match_id}/join", json={})
    assert full.status_code == 409 and full.json()["error"] == "full"
    # the joined token plays its seat
    message = state(client, match_id, joined["token"])
    assert message["seat"] == 0


def test_join_a_named_seat(client: TestClient) -> None:
    match_id = create(client, "planet_steam", ["human", "open", "open"], visibility="public")["id"]
    assert client.post(f"/api/matches/{match_id}/join", json={"seat": 2}).json()["seat"] == 2
    taken = client.post(f"/api/matches/{match_id}/join", json={"seat": 2})
    assert taken.status_code == 409 and taken.json()["error"] == "taken"
    human = client.post(f"/api/matches/{match_id}/join", json={"seat": 0})
    assert human.status_code == 409
    outside = client.post(f"/api/matches/{match_id}/join", json={"seat": 7})
    assert outside.status_code == 422
    assert client.post("/api/matches/nope/join", json={}).status_code == 404


# ----- state and actions --------------------------------------------------------------------------------------------
def test_state_for_a_seat_and_for_a_spectator(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    mine = state(client, match_id, first)
    assert mine["type"] == "state" and mine["seat"] == 0 and mine["match"] == match_id and mine["game"] == TTT
    assert mine["version"] == 0 and mine["status"] == "running" and mine["active"] == [0]
    assert "mark b2" in mine["legal"] and mine["can_undo"] is False and mine["log"] == [] and mine["scores"] is None
    spectator = state(client, match_id)
    assert spectator["seat"] is None and spectator["legal"] == []
    assert state(client, match_id, second)["legal"] == []  # not seat 1's turn
    assert state(client, match_id, first, seat=0)["seat"] == 0
    wrong_seat = client.get(f"/api/matches/{match_id}/state", params={"seat": 1}, headers=auth(first))
    assert wrong_seat.status_code == 403
    no_token = client.get(f"/api/matches/{match_id}/state", params={"seat": 0})
    assert no_token.status_code == 401
    bad_token = client.get(f"/api/matches/{match_id}/state", headers=auth("x" * 43))
    assert bad_token.status_code == 403 and bad_token.json()["error"] == "forbidden"
    assert client.get("/api/matches/nope/state").status_code == 404


def test_act_and_the_log(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    response = act(client, match_id, first, 0, "MARK  b2", 0)  # notation is normalised
    assert response.status_code == 200, response.text
    message = response.json()
    assert message["version"] == 1 and message["seat"] == 0 and message["active"] == [1]
    assert message["log"] == [{"version": 0, "seat": 0, "action": "mark b2", "events": message["log"][0]["events"]}]
    assert message["can_undo"] is True
    assert act(client, match_id, second, 1, "mark a1", 1).json()["version"] == 2
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 2


def test_illegal_action_names_the_reason_and_changes_nothing(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    act(client, match_id, first, 0, "mark b2", 0)
    before = state(client, match_id, second)
    for action in ("mark b2", "mark z9", "castle", "mark"):
        response = act(client, match_id, second, 1, action, 1)
        assert response.status_code == 422, action
        error = response.json()
        assert error["error"] == "illegal" and error["detail"] and error["version"] == 1
    not_my_turn = act(client, match_id, first, 0, "mark a1", 1)
    assert not_my_turn.status_code == 422
    assert state(client, match_id, second) == before


def test_stale_action_is_409_with_the_current_version(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    act(client, match_id, first, 0, "mark b2", 0)
    response = act(client, match_id, second, 1, "mark a1", 0)
    assert response.status_code == 409
    assert response.json() == {"error": "stale", "detail": response.json()["detail"], "version": 1}
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 1


def test_tokens_authorise_only_their_own_seat(client: TestClient) -> None:
    match_id, _first, second = hotseat_tictactoe(client)
    other = create(client, TTT, ["human", "human"])
    no_token = client.post(f"/api/matches/{match_id}/actions", json={"seat": 0, "action": "mark b2", "version": 0})
    assert no_token.status_code == 401 and no_token.json()["error"] == "unauthorized"
    assert act(client, match_id, "not-a-token", 0, "mark b2", 0).status_code == 403
    assert act(client, match_id, token_of(other, 0), 0, "mark b2", 0).status_code == 403  # another match's
    wrong_seat = act(client, match_id, second, 0, "mark b2", 0)
    assert wrong_seat.status_code == 403 and wrong_seat.json()["error"] == "forbidden"
    basic = client.post(f"/api/matches/{match_id}/actions", headers={"Authorization": "Basic abc"},
                        json={"seat": 0, "action": "mark b2", "version": 0})
    assert basic.status_code == 401
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 0


def test_action_fields_are_checked(client: TestClient) -> None:
    match_id, first, _second = hotseat_tictactoe(client)
    for body in ({"seat": 0, "action": "mark b2"}, {"seat": 0, "action": "mark b2", "version": "0"},
                 {"seat": True, "action": "mark b2", "version": 0}, {"seat": 0, "action": "", "version": 0},
                 {"seat": 0, "action": 5, "version": 0}):
        response = client.post(f"/api/matches/{match_id}/actions", headers=auth(first), json=body)
        assert response.status_code == 422, body
        assert response.json()["error"] == "bad_request"
    response = client.post(f"/api/matches/{match_id}/actions", headers=auth(first), json={"seat": 9,
                                                                                        "action": "mark b2",
                                                                                        "version": 0})
    assert response.status_code == 403
    # the seat may be left out when the token holds exactly one
    response = client.post(f"/api/matches/{match_id}/actions", headers=auth(first),
                           json={"action": "mark b2", "version": 0})
    assert response.status_code == 200 and response.json()["seat"] == 0


def test_no_action_before_every_seat_is_taken(client: TestClient) -> None:
    created = create(client, TTT, ["human", "open"])
    response = act(client, created["id"], token_of(created, 0), 0, "mark b2", 0)
    assert response.status_code == 422 and "not started" in response.json()["detail"]


# ----- undo ---------------------------------------------------------------------------------------------------------
def test_undo_own_last_step(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    act(client, match_id, first, 0, "mark b2", 0)
    refused = client.post(f"/api/matches/{match_id}/undo", headers=auth(second), json={"seat": 1, "version": 1})
    assert refused.status_code == 422 and "another player" in refused.json()["detail"]
    stale = client.post(f"/api/matches/{match_id}/undo", headers=auth(first), json={"seat": 0, "version": 0})
    assert stale.status_code == 409
    response = client.post(f"/api/matches/{match_id}/undo", headers=auth(first), json={"seat": 0, "version": 1})
    assert response.status_code == 200, response.text
    message = response.json()
    assert message["version"] == 0 and message["active"] == [0] and message["log"] == []
    assert state(client, match_id) == state(client, match_id)  # stable
    nothing = client.post(f"/api/matches/{match_id}/undo", headers=auth(first), json={"seat": 0, "version": 0})
    assert nothing.status_code == 422
    assert act(client, match_id, first, 0, "mark a1", 0).json()["log"][-1]["action"] == "mark a1"


def test_undo_needs_the_token(client: TestClient) -> None:
    match_id, first, _second = hotseat_tictactoe(client)
    act(client, match_id, first, 0, "mark b2", 0)
    assert client.post(f"/api/matches/{match_id}/undo", json={"seat": 0, "version": 1}).status_code == 401


# ----- replay and record --------------------------------------------------------------------------------------------
def play_to_the_end(client: TestClient, match_id: str, first: str, second: str) -> None:
    moves = ["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]  # X wins the a column
    for version, move in enumerate(moves):
        token, seat = (first, 0) if version % 2 == 0 else (second, 1)
        assert act(client, match_id, token, seat, move, version).status_code == 200


def test_replay_shows_the_public_view_after_n_actions(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    act(client, match_id, first, 0, "mark b2", 0)
    act(client, match_id, second, 1, "mark a1", 1)
    start = client.get(f"/api/matches/{match_id}/replay", params={"at": 0}).json()
    assert start["version"] == 0 and start["total"] == 2 and start["log"] == [] and start["legal"] == []
    one = client.get(f"/api/matches/{match_id}/replay", params={"at": 1}).json()
    assert [entry["action"] for entry in one["log"]] == ["mark b2"] and one["active"] == [1]
    latest = client.get(f"/api/matches/{match_id}/replay").json()
    assert latest["version"] == 2 and latest["view"] == state(client, match_id)["view"]
    for bad in (3, -1):
        assert client.get(f"/api/matches/{match_id}/replay", params={"at": bad}).status_code == 422


def test_record_only_once_finished(client: TestClient) -> None:
    match_id, first, second = hotseat_tictactoe(client)
    refused = client.get(f"/api/matches/{match_id}/record")
    assert refused.status_code == 403 and refused.json()["error"] == "not_finished"
    play_to_the_end(client, match_id, first, second)
    final = state(client, match_id)
    assert final["status"] == "finished" and final["winners"] == [0] and final["scores"][0]["total"] == 1
    assert final["active"] == [] and final["can_undo"] is False
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert record["game"] == TTT and record["players"] == 2 and record["seed"] == 1
    assert [action for _seat, action in record["actions"]] == ["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]
    assert [m["id"] for m in client.get("/api/matches", params={"status": "finished"}).json()] == [match_id]
    # finished is final: neither actions nor undo
    assert act(client, match_id, second, 1, "mark c3", 5).status_code == 422
    undo = client.post(f"/api/matches/{match_id}/undo", headers=auth(first), json={"seat": 0, "version": 5})
    assert undo.status_code == 422


def test_unknown_paths_answer_json(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
    assert client.get("/api/matches/nope").json()["error"] == "not_found"
    assert client.get("/openapi.json").json()["paths"]["/api/matches/{match_id}/actions"]


def test_the_data_folder_is_created_on_first_start(client: TestClient, data_dir: Any) -> None:
    assert (data_dir / "brassboard.sqlite").is_file()



# ----- printed figures ----------------------------------------------------------------------------------------------
def test_a_games_printed_figures_are_served_once_apart_from_the_views(client: TestClient) -> None:
    from brassboard.games.planet_unknown.view import static_figures

    response = client.get("/api/games/planet_unknown/figures")
    assert response.status_code == 200
    assert response.json() == json_roundtrip(static_figures())
    assert client.get("/api/games/tictactoe/figures").status_code == 404  # its views hold everything
    missing = client.get("/api/games/nope/figures")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def json_roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data))
