"""Hidden information everywhere (issue 11): no seat receives another seat's secret — not in its state messages,
their log entries and events, a replay of a running match, nor the WebSocket pushes. A finished match's replay has
the full log. The engine's convention decides what is secret (``private_to``/``secret`` on events,
``GameState.notation_view`` for actions); these tests hold the server to it for every game that has secrets."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import auth, create, receive, running_app, state, token_of

from brassboard.engine import game_info, games, new_game
from brassboard.engine import registry as engine_registry
from brassboard.server.db import make_engine, upgrade
from brassboard.server.service import MatchService
from brassboard.server.store import Store

SECRET_GAME = "secret_draw"
CARD = re.compile(r"\b1[0-9][0-9]\b")  # the secret game's cards are 100-199


@pytest.fixture
def secret_game(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(engine_registry._MODULES, SECRET_GAME, "secret_game")
    return SECRET_GAME


@pytest.fixture
def service(tmp_path: Path) -> Iterator[MatchService]:
    engine = make_engine(f"sqlite:///{tmp_path / 'leaks.sqlite'}")
    upgrade(engine)
    store = Store(engine)
    yield MatchService(store)
    store.close()
    engine.dispose()


def secrets_of_others(entry: dict[str, Any], viewer: int | None) -> list[str]:
    """The secret fields of other seats that ``entry`` (a log entry as ``viewer`` received it) still carries."""
    leaked = []
    for event in entry["events"]:
        owner = event.get("private_to")
        if owner is not None and owner != viewer:
            leaked += [key for key in ("secret", "card") if key in event]
    return leaked


def play(client: TestClient, match_id: str, tokens: dict[int, str], steps: int) -> dict[str, Any]:
    message = state(client, match_id)
    for _ in range(steps):
        if message["status"] == "finished":
            break
        seat = message["active"][0]
        mine = state(client, match_id, tokens[seat], seat=seat)
        response = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[seat]),
                               json={"seat": seat, "action": mine["legal"][0], "version": mine["version"]})
        assert response.status_code == 200, response.text
        message = response.json()
    return message


# ----- the secret game, through REST and the WebSocket --------------------------------------------------------------
def test_state_messages_and_logs_carry_only_the_viewers_own_secrets(client: TestClient, secret_game: str) -> None:
    created = create(client, secret_game, ["human", "human"])
    match_id, tokens = created["id"], {0: token_of(created, 0), 1: token_of(created, 1)}
    play(client, match_id, tokens, 4)  # both have drawn and kept a card
    for viewer in (0, 1, None):
        message = state(client, match_id, tokens[viewer], seat=viewer) if viewer is not None else \
            state(client, match_id)
        assert message["log"], "the log has the moves so far"
        for entry in message["log"]:
            assert not secrets_of_others(entry, viewer), (viewer, entry)
            if entry["seat"] != viewer and entry["action"].startswith("keep"):
                assert entry["action"] == "keep ?"
        own = [e for e in message["log"] if e["seat"] == viewer and e["action"].startswith("keep")]
        if viewer is not None:  # a seat reads its own secrets
            assert own and all(CARD.fullmatch(e["action"].split()[1]) for e in own)
            assert any("card" in event for e in own for event in e["events"])


def test_a_running_matchs_replay_shows_public_events_and_the_finished_one_everything(client: TestClient,
                                                                                       secret_game: str) -> None:
    created = create(client, secret_game, ["human", "human"])
    match_id, tokens = created["id"], {0: token_of(created, 0), 1: token_of(created, 1)}
    play(client, match_id, tokens, 5)
    running = client.get(f"/api/matches/{match_id}/replay").json()
    assert running["status"] == "running" and len(running["log"]) == 5
    assert not CARD.search(json.dumps(running["log"])), "a running match's replay holds no secret"
    for at in range(6):
        partial = client.get(f"/api/matches/{match_id}/replay", params={"at": at}).json()
        assert not CARD.search(json.dumps(partial["log"])) and not CARD.search(json.dumps(partial["view"]))
    final = play(client, match_id, tokens, 20)
    assert final["status"] == "finished"
    finished = client.get(f"/api/matches/{match_id}/replay").json()
    keeps = [entry["action"] for entry in finished["log"] if entry["action"].startswith("keep")]
    assert keeps and all(CARD.fullmatch(action.split()[1]) for action in keeps)  # the full log, once over
    assert all("card" in entry["events"][0] for entry in finished["log"])


def test_websocket_pushes_never_carry_another_seats_secret(client: TestClient, secret_game: str) -> None:
    created = create(client, secret_game, ["human", "human"])
    match_id, tokens = created["id"], {0: token_of(created, 0), 1: token_of(created, 1)}
    with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[1]}") as opponent, \
            client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        receive(opponent), receive(spectator)
        play(client, match_id, tokens, 2)  # seat 0 draws and keeps
        for socket, viewer in ((opponent, 1), (spectator, None)):
            pushed = [receive(socket) for _ in range(2)]
            for message in pushed:
                for entry in message["log"]:
                    assert not secrets_of_others(entry, viewer) and entry["action"] in ("draw", "keep ?")


# ----- the property, for every game with secrets and the secret game ------------------------------------------------
def games_with_secrets() -> list[str]:
    return [game for game in games() if game_info(game).hidden_information]


HIDDEN_OPTIONS: dict[str, dict[str, Any]] = {"planet_steam": {"hidden_credits": True},
                                             "planet_unknown": {"private_objectives": True}}


def as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_every_viewer(service: MatchService, match_id: str, players: int) -> None:
    """Every seat's state message, and the replay, hold exactly what the engine's views allow."""
    live = service._live(match_id)
    history = live.match.history
    running = live.status != "finished"
    for viewer in [*range(players), None]:
        message = json.loads(service.state(match_id, viewer))
        first = len(history) - len(message["log"])
        for offset, entry in enumerate(message["log"]):
            seat, action, events = history[first + offset]
            if running:
                assert entry["events"] == as_json([live.state.event_view(e, viewer) for e in events])
                assert entry["action"] == live.state.notation_view(action, seat, viewer)
                assert not secrets_of_others(entry, viewer)
    replay = json.loads(service.replay(match_id, None))
    if running:
        for entry in replay["log"]:
            assert not secrets_of_others(entry, None)
            assert entry["events"] == as_json([live.state.event_view(e, None) for e in history[entry["version"]][2]])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_no_viewer_receives_another_seats_secret_at_any_moment(service: MatchService, secret_game: str,
                                                              data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([secret_game, *games_with_secrets()]))
    info = game_info(game)
    players = data.draw(st.integers(min_value=max(2, info.min_players), max_value=min(4, info.max_players)))
    seed = data.draw(st.integers(min_value=0, max_value=2**31))
    options = HIDDEN_OPTIONS.get(game, {})
    match_id = service.create(game, players, ["human"] * players, options, seed, None)["id"]
    engine_state = new_game(game, players, seed, options)  # plays the same moves, to pick them
    rng = random.Random(seed)
    every = data.draw(st.integers(min_value=1, max_value=25))
    for step in range(400):
        if engine_state.is_over():
            break
        active = engine_state.active_players()
        seat = rng.choice(active)
        action = rng.choice(engine_state.legal_actions(seat))
        engine_state.apply(seat, action)
        service.act(match_id, seat, str(action), step)
        if step % every == 0:
            check_every_viewer(service, match_id, players)
    check_every_viewer(service, match_id, players)


def test_the_secret_game_is_exercised_by_the_property(secret_game: str) -> None:
    """The property above would pass vacuously if no event had secrets: the test game has them in every step."""
    state_ = new_game(secret_game, 2, 1)
    events = state_.apply(0, "draw")
    assert events[0]["secret"] == ["card"] and "card" not in state_.event_view(events[0], 1)
    assert "card" in state_.event_view(events[0], 0)


def test_a_restarted_server_keeps_secrets_too(tmp_path: Path, secret_game: str) -> None:
    with running_app(tmp_path / "data") as client:
        created = create(client, secret_game, ["human", "human"])
        match_id, tokens = created["id"], {0: token_of(created, 0), 1: token_of(created, 1)}
        play(client, match_id, tokens, 3)
    with running_app(tmp_path / "data") as client:  # rebuilt from the stored actions
        for entry in state(client, match_id, tokens[1], seat=1)["log"]:
            assert not secrets_of_others(entry, 1)
        assert not CARD.search(json.dumps(client.get(f"/api/matches/{match_id}/replay").json()["log"]))
