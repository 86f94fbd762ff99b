"""What the match page's invite panel (brassboard/web/static/invitepanel.js) relies on: every viewer's state message
names each seat's kind, name and whether it is taken, while the invite secrets live only in the create answer the
creator's browser keeps, so no seat, spectator or replay ever receives one (issue 12, item 7)."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from server_helpers import auth, create, invite_of, state, token_of


def test_the_invite_panel_learns_who_joined_and_no_one_else_gets_an_invite(client: TestClient) -> None:
    created = create(client, "tictactoe", ["human", "open"], names=["Ada", None])
    match_id = created["id"]
    secret = invite_of(created, 1)
    creator = token_of(created, 0)

    before = state(client, match_id, creator)
    assert [(s["seat"], s["kind"], s["taken"]) for s in before["seats"]] == [(0, "human", True), (1, "open", False)]

    joined = client.post(f"/api/matches/{match_id}/join", json={"invite": secret, "name": "Bea"})
    assert joined.status_code == 200
    friend = joined.json()["token"]

    after = state(client, match_id, creator)
    assert after["seats"][1] == {"seat": 1, "kind": "open", "name": "Bea", "taken": True}
    seen = {
        "creator": after, "friend": state(client, match_id, friend), "spectator": state(client, match_id),
        "summary": client.get(f"/api/matches/{match_id}").json(),
        "replay": client.get(f"/api/matches/{match_id}/replay").json(),
        "friend's join answer": joined.json(),
        "listing": client.get("/api/matches?status=running", headers=auth(creator)).json(),
    }
    for who, answer in seen.items():
        text = json.dumps(answer)
        assert secret not in text, who
        assert "invite" not in text, who
