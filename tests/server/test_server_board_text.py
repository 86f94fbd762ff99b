"""The board as text (issue 17, ``GET /api/matches/ID/text``): the CLI's picture of the state for the token's seat,
the spectator's without a token, with the hidden information of the state messages — a seat reads its own secrets
and no other seat's."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, state, token_of

from brassboard.engine import registry as engine_registry

SECRET_GAME = "secret_draw"
CARD = re.compile(r"\b1[0-9][0-9]\b")  # the secret game's cards are 100-199


@pytest.fixture
def secret_game(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(engine_registry._MODULES, SECRET_GAME, "secret_game")
    return SECRET_GAME


def board_text(client: TestClient, match_id: str, token: str | None = None, **params: int) -> str:
    response = client.get(f"/api/matches/{match_id}/text", headers=auth(token) if token else {}, params=params)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["match"] == match_id and isinstance(answer["version"], int)
    text: str = answer["text"]
    return text


def test_tictactoe_text_is_the_cli_picture_for_everyone(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "human"])
    match_id, token = created["id"], token_of(created, 0)
    client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                json={"seat": 0, "action": "mark b2", "version": 0}).raise_for_status()
    spectator = board_text(client, match_id)
    assert "X" in spectator and board_text(client, match_id, token) == spectator
    answer = client.get(f"/api/matches/{match_id}/text").json()
    assert answer["seat"] is None and answer["version"] == 1


def test_a_seat_reads_its_own_secrets_and_nobody_elses(client: TestClient, secret_game: str) -> None:
    created = create(client, secret_game, ["human", "human"])
    match_id, tokens = created["id"], {0: token_of(created, 0), 1: token_of(created, 1)}
    message = state(client, match_id, tokens[0], seat=0)
    client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[0]),
                json={"seat": 0, "action": "draw", "version": message["version"]}).raise_for_status()
    drawn = state(client, match_id, tokens[0], seat=0)["view"]["hands"][0]
    assert len(drawn) == 1 and CARD.fullmatch(str(drawn[0]))
    assert str(drawn[0]) in board_text(client, match_id, tokens[0])
    assert not CARD.search(board_text(client, match_id, tokens[1])), "seat 1 must not read seat 0's card"
    assert not CARD.search(board_text(client, match_id)), "a spectator reads no secret"
    assert client.get(f"/api/matches/{match_id}/text", headers=auth(tokens[1])).json()["seat"] == 1


def test_hidden_credits_show_only_to_their_owner(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "human", "human"], options={"hidden_credits": True})
    match_id, tokens = created["id"], {seat: token_of(created, seat) for seat in range(3)}
    for viewer in (0, 1, 2, None):
        text = board_text(client, match_id, tokens[viewer]) if viewer is not None else board_text(client, match_id)
        for seat in range(3):
            line = next(line for line in text.splitlines() if line.strip().startswith(f"P{seat} "))
            credits = line.split(":", 1)[1].split("|")[0].strip()
            if seat == viewer:
                assert re.fullmatch(r"\d+cr", credits), line
            else:
                assert credits == "?cr", (viewer, line)


def test_bad_tokens_and_seats_are_refused(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "human"])
    match_id = created["id"]
    assert client.get(f"/api/matches/{match_id}/text", headers=auth("nonsense")).status_code == 403
    assert client.get(f"/api/matches/{match_id}/text", params={"seat": 1},
                      headers=auth(token_of(created, 0))).status_code == 403
    assert client.get(f"/api/matches/{match_id}/text", params={"seat": 0}).status_code == 401
    assert client.get("/api/matches/nosuchmatch/text").status_code == 404
