"""Simultaneous play on the server (Planet Unknown's tile phase): players act at once without being refused as stale,
undo takes back one's own step from the middle of the record, and the stored record replays."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import act, auth, create, state, token_of, wait_for

from brassboard import Match, MatchRecord

GAME = "planet_unknown"


def first_place(message: dict[str, Any]) -> str:
    action: str = next(a for a in message["legal"] if a.startswith("place "))
    return action


def hotseat_two(client: TestClient) -> tuple[str, str, str]:
    created = create(client, GAME, ["human", "human"], seed=7)
    return created["id"], token_of(created, 0), token_of(created, 1)


def test_both_players_act_in_the_tile_phase_from_the_same_version(client: TestClient) -> None:
    match_id, first, second = hotseat_two(client)
    zero = state(client, match_id, first, seat=0)
    one = state(client, match_id, second, seat=1)
    assert zero["active"] == [0, 1] and zero["version"] == one["version"]
    version = zero["version"]
    assert act(client, match_id, first, 0, first_place(zero), version).status_code == 200
    # player 1 acts on the version it saw, before player 0's step: accepted, the steps are independent
    answer = act(client, match_id, second, 1, first_place(one), version)
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] == version + 2


def test_a_stale_request_is_still_refused_after_the_seats_own_step(client: TestClient) -> None:
    match_id, first, _ = hotseat_two(client)
    zero = state(client, match_id, first, seat=0)
    version = zero["version"]
    assert act(client, match_id, first, 0, first_place(zero), version).status_code == 200
    again = act(client, match_id, first, 0, "done", version)
    assert again.status_code == 409


def test_undo_own_step_after_the_other_players_step(client: TestClient) -> None:
    match_id, first, second = hotseat_two(client)
    zero = state(client, match_id, first, seat=0)
    one = state(client, match_id, second, seat=1)
    version = zero["version"]
    mine, theirs = first_place(zero), first_place(one)
    assert act(client, match_id, first, 0, mine, version).status_code == 200
    assert act(client, match_id, second, 1, theirs, version + 1).status_code == 200
    message = state(client, match_id, first, seat=0)
    assert message["can_undo"]
    response = client.post(f"/api/matches/{match_id}/undo", headers=auth(first),
                           json={"seat": 0, "version": version + 2})
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["version"] == version + 1
    assert mine in after["legal"]
    replayed = client.get(f"/api/matches/{match_id}/replay").json()
    assert [entry["action"] for entry in replayed["log"]][-1] == theirs


def test_the_stored_actions_after_a_middle_undo_replay(client: TestClient) -> None:
    match_id, first, second = hotseat_two(client)
    zero = state(client, match_id, first, seat=0)
    one = state(client, match_id, second, seat=1)
    version = zero["version"]
    act(client, match_id, first, 0, first_place(zero), version)
    act(client, match_id, second, 1, first_place(one), version + 1)
    client.post(f"/api/matches/{match_id}/undo", headers=auth(first), json={"seat": 0, "version": version + 2})
    log = client.get(f"/api/matches/{match_id}/replay").json()["log"]
    record = MatchRecord(GAME, 2, 7, actions=[(entry["seat"], entry["action"]) for entry in log])
    Match.replay(record)  # the stored order is a legal match


def test_a_human_plays_beside_bots_in_a_simultaneous_phase(client: TestClient) -> None:
    created = create(client, GAME, ["human", "bot:random", "bot:greedy"], seed=3)
    match_id, token = created["id"], token_of(created, 0)

    def my_tile_turn() -> dict[str, Any] | None:
        message = state(client, match_id, token, seat=0)
        return message if any(a.startswith(("place ", "take ")) for a in message["legal"]) else None

    message = wait_for(my_tile_turn, what="seat 0's tile")
    place = next(a for a in message["legal"] if a.startswith(("place ", "take ")))
    answer = act(client, match_id, token, 0, place, message["version"])
    assert answer.status_code == 200, answer.text
