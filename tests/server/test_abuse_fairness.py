"""Fair seats and seeds (issue 11): private matches and their invites, the seeded flag, options refused at creation
with the bad field's path, and the lobby list a page at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, invite_of, state

TTT = "tictactoe"


# ----- private matches and invites ----------------------------------------------------------------------------------
def test_a_match_is_private_by_default_and_not_listed(client: TestClient) -> None:
    created = create(client, TTT, ["human", "open"])
    assert created["visibility"] == "private"
    assert client.get("/api/matches").json() == []
    assert client.get(f"/api/matches/{created['id']}").json()["visibility"] == "private"  # its link still works


def test_every_open_seat_gets_its_own_invite(client: TestClient) -> None:
    created = create(client, "planet_steam", ["open", "human", "open", "bot:random"])
    invites = created["links"]["invites"]
    assert set(invites) == {"0", "2"}
    assert invite_of(created, 0) != invite_of(created, 2)
    assert all(link.startswith(f"/m/{created['id']}?invite=") for link in invites.values())
    assert "invite" not in str(client.get(f"/api/matches/{created['id']}").json())  # only the creator has them


def test_joining_a_private_match_needs_the_seats_invite(client: TestClient) -> None:
    created = create(client, "planet_steam", ["human", "open", "open"])
    match_id = created["id"]
    for body in ({}, {"seat": 1}, {"invite": "guessed"}, {"invite": invite_of(created, 2), "seat": 1}):
        refused = client.post(f"/api/matches/{match_id}/join", json=body)
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden", body
    assert [s["taken"] for s in state(client, match_id)["seats"]] == [True, False, False]  # nothing changed

    joined = client.post(f"/api/matches/{match_id}/join", json={"invite": invite_of(created, 2), "name": "Bea"})
    assert joined.status_code == 200 and joined.json()["seat"] == 2  # the invite names the seat
    again = client.post(f"/api/matches/{match_id}/join", json={"invite": invite_of(created, 2)})
    assert again.status_code == 403  # an invite is used once
    last = client.post(f"/api/matches/{match_id}/join", json={"invite": invite_of(created, 1), "seat": 1})
    assert last.status_code == 200 and last.json()["seat"] == 1
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "running"


def test_a_public_match_is_listed_and_anyone_may_join(client: TestClient) -> None:
    created = create(client, TTT, ["human", "open"], visibility="public")
    listed = client.get("/api/matches").json()
    assert [m["id"] for m in listed] == [created["id"]] and listed[0]["visibility"] == "public"
    assert client.post(f"/api/matches/{created['id']}/join", json={}).json()["seat"] == 1


def test_visibility_must_be_private_or_public(client: TestClient) -> None:
    refused = client.post("/api/matches", json={"game": TTT, "players": 2, "seats": ["human", "open"],
                                                "visibility": "secret"})
    assert refused.status_code == 422 and refused.json()["error"] == "invalid"


# ----- seeds ----------------------------------------------------------------------------------------------------------
def test_a_chosen_seed_is_told_to_everyone(client: TestClient) -> None:
    chosen = create(client, TTT, ["human", "open"], seed=5, visibility="public")
    drawn = create(client, TTT, ["human", "open"], visibility="public")
    assert chosen["seeded"] is True and drawn["seeded"] is False
    listed = {m["id"]: m["seeded"] for m in client.get("/api/matches").json()}
    assert listed == {chosen["id"]: True, drawn["id"]: False}
    assert state(client, chosen["id"])["seeded"] is True and state(client, drawn["id"])["seeded"] is False
    for created in (chosen, drawn):  # the seed itself is in no answer before the end
        assert "'seed'" not in str(client.get(f"/api/matches/{created['id']}").json())
        assert client.get(f"/api/matches/{created['id']}/record").status_code == 403


# ----- options refused at creation, naming the field ----------------------------------------------------------------
@pytest.mark.parametrize(("game", "options", "field"), [
    ("planet_steam", {"figures": {"tank_track": {"price": "abc"}}}, "figures.tank_track.price"),
    ("planet_steam", {"figures": {"tank_track": {"price": [0, 23, 1e21, *range(12)]}}}, "figures.tank_track.price[2]"),
    ("age_of_steam", {"figures": {"income_reduction": "x"}}, "figures.income_reduction"),
    ("age_of_steam", {"figures": {"costs": {"river": "3"}}}, "figures.costs.river"),
    ("planet_unknown", {"event_red": -4}, "event_red"),
])
def test_ill_typed_options_are_refused_at_creation_naming_the_field(client: TestClient, game: str,
                                                                    options: dict[str, Any], field: str) -> None:
    players = 3
    refused = client.post("/api/matches", json={"game": game, "players": players, "seats": ["human"] * players,
                                                "options": options})
    assert refused.status_code == 422, refused.text
    error = refused.json()
    assert error["error"] == "invalid" and error["field"] == field and field in error["detail"]


# ----- the lobby list, a page at a time -----------------------------------------------------------------------------
def test_the_list_is_paginated_by_cursor(client: TestClient) -> None:
    made = [create(client, TTT, ["human", "open"], visibility="public")["id"] for _ in range(7)]
    seen: list[str] = []
    cursor: str | None = None
    pages = 0
    while True:
        response = client.get("/api/matches", params={"limit": 3, **({"cursor": cursor} if cursor else {})})
        assert response.status_code == 200
        seen += [m["id"] for m in response.json()]
        pages += 1
        cursor = response.headers.get("X-Next-Cursor")
        if cursor is None:
            break
        assert 'rel="next"' in response.headers["Link"]
    assert pages == 3 and sorted(seen) == sorted(made) and len(seen) == len(set(seen))
    assert seen == [m["id"] for m in client.get("/api/matches", params={"limit": 100}).json()]
    bad = client.get("/api/matches", params={"cursor": "not-a-cursor"})
    assert bad.status_code == 422 and bad.json()["error"] == "invalid"


# ----- the schema change --------------------------------------------------------------------------------------------
def test_matches_made_before_the_migration_keep_their_seats_and_actions_and_stay_listed(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from brassboard.server.db import alembic_config, make_engine, upgrade
    from brassboard.server.service import MatchService
    from brassboard.server.store import Store

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, status, version, revision, created, updated) "
            "VALUES ('old', 'tictactoe', 2, '{}', 3, 'open', 0, 0, '2026-11-20 10:00:00', '2026-11-20 10:00:00')"))
        connection.execute(text("INSERT INTO seats (match_id, seat, kind, name, token_hash) VALUES "
                                "('old', 0, 'human', 'Ada', :hash), ('old', 1, 'open', NULL, NULL)"),
                           {"hash": "a" * 64})
        connection.execute(text(
            "INSERT INTO matches (id, game, players, options, seed, status, version, revision, created, updated) "
            "VALUES ('ran', 'tictactoe', 2, '{}', 3, 'running', 1, 1, '2026-11-19 10:00:00', '2026-11-19 10:00:00')"))
        connection.execute(text("INSERT INTO seats (match_id, seat, kind, name, token_hash) VALUES "
                                "('ran', 0, 'human', 'Ada', :hash), ('ran', 1, 'human', 'Bo', :hash)"),
                           {"hash": "b" * 64})
        connection.execute(text("INSERT INTO actions (match_id, \"index\", seat, notation, created) "
                                "VALUES ('ran', 0, 0, 'mark b2', '2026-11-19 10:00:00')"))
    for _ in range(2):  # up, down and up again: the rows survive every step
        upgrade(engine)
        with engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0001")
    upgrade(engine)
    store = Store(engine)
    service = MatchService(store)
    listed, _ = service.list_matches(None, 10)
    assert [(m["id"], m["visibility"], m["seeded"]) for m in listed] == [("old", "public", False),
                                                                         ("ran", "public", False)]
    stored = store.load("ran")
    assert stored is not None and stored.actions == [(0, "mark b2")] and len(stored.seats) == 2
    assert service.join("old", None, "Bea")[1]["seat"] == 1  # public: joined without an invite, as before
    store.close()
    engine.dispose()


def test_invites_never_reach_the_log_in_plain_text() -> None:
    from brassboard.server.logs import redact

    assert redact('"GET /m/abc?invite=Xy_9-secret HTTP/1.1" 200') == '"GET /m/abc?invite=[hidden] HTTP/1.1" 200'
    assert redact("/m/abc?lang=de&invite=x1&token=t2") == "/m/abc?lang=de&invite=[hidden]&token=[hidden]"
