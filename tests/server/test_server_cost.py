"""Cost (issue 11): replays from cached snapshots (never a re-run from the first action per request), the match list
read a page at a time on an index, open matches expiring after a configurable time while finished ones stay."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from brassboard.engine import GameState, new_game
from brassboard.server import replays
from brassboard.server.config import open_match_ttl_from_env
from brassboard.server.db import make_engine, upgrade
from brassboard.server.errors import ApiError
from brassboard.server.models import utc_now
from brassboard.server.service import MatchService
from brassboard.server.store import MATCHES, Store
from brassboard.server.upkeep import expire_open_matches

GAME = "planet_steam"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[MatchService]:
    engine = make_engine(f"sqlite:///{tmp_path / 'cost.sqlite'}")
    upgrade(engine)
    store = Store(engine)
    yield MatchService(store)
    store.close()
    engine.dispose()


def played_match(service: MatchService, actions: int, seed: int = 4) -> tuple[str, list[tuple[int, str]]]:
    """A running hotseat Planet Steam match with ``actions`` random legal actions, and those actions."""
    match_id = service.create(GAME, 3, ["human"] * 3, None, seed, None)["id"]
    state = new_game(GAME, 3, seed)
    rng = random.Random(seed)
    done: list[tuple[int, str]] = []
    for version in range(actions):
        seat = rng.choice(state.active_players())
        action = str(rng.choice(state.legal_actions(seat)))
        state.apply(seat, action)
        service.act(match_id, seat, action, version)
        done.append((seat, action))
    return match_id, done


class ApplyCounter:
    """Counts the actions the rules apply while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = GameState.apply

        def counting(state: GameState, player: int, action: Any) -> Any:
            self.count += 1
            return original(state, player, action)

        monkeypatch.setattr(GameState, "apply", counting)


def fresh_view(actions: list[tuple[int, str]], at: int, seed: int = 4) -> dict[str, Any]:
    state = new_game(GAME, 3, seed)
    for seat, notation in actions[:at]:
        state.apply(seat, notation)
    view: dict[str, Any] = json.loads(json.dumps(state.view(None)))
    return view


def test_a_replay_request_replays_less_than_a_snapshots_distance(service: MatchService,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    match_id, actions = played_match(service, 150)
    counter = ApplyCounter(monkeypatch)
    latest = json.loads(service.replay(match_id, None))
    assert counter.count == 0 and latest["version"] == 150  # the live state is the latest replay
    for at in (140, 37, 0, 149, 64):
        expected = fresh_view(actions, at)
        counter.count = 0
        answer = json.loads(service.replay(match_id, at))
        assert counter.count < replays.SNAPSHOT_EVERY, f"at {at}: {counter.count} actions replayed"
        assert answer["view"] == expected and len(answer["log"]) == at
    counter.count = 0
    again = service.replay(match_id, 37)
    assert counter.count == 0 and again == service.replay(match_id, 37)  # a repeated request is answered from memory


def test_replays_follow_an_undo(service: MatchService) -> None:
    match_id, actions = played_match(service, 70)
    assert json.loads(service.replay(match_id, 66))["view"] == fresh_view(actions, 66)
    live = service._live(match_id)
    seat = actions[-1][0]
    if not live.match.can_undo(seat):  # the last step of a random walk usually can be taken back
        pytest.skip("the last step of this seed cannot be undone")
    service.undo(match_id, seat, 70)
    state = new_game(GAME, 3, 4)
    for played_seat, notation in actions[:69]:
        state.apply(played_seat, notation)
    other = next(str(a) for a in state.legal_actions(seat) if str(a) != actions[-1][1]) \
        if len(state.legal_actions(seat)) > 1 else actions[-1][1]
    service.act(match_id, seat, other, 69)
    changed = [*actions[:69], (seat, other)]
    for at in (70, 69, 64, 33):
        assert json.loads(service.replay(match_id, at))["view"] == fresh_view(changed, at)


def test_the_list_reads_its_index(service: MatchService) -> None:
    for _ in range(3):
        service.create("tictactoe", 2, ["human", "open"], None, None, None, "public")
    store = service.store
    assert store._sqlite is not None
    after = "(updated < '2030-01-01' OR (updated = '2030-01-01' AND id < 'x'))"  # a later page's keyset
    for status, keyset in ((None, False), ("open", False), (None, True), ("open", True)):
        where = " AND ".join(["visibility = 'public'", *([f"status = '{status}'"] if status else []),
                              *([after] if keyset else [])])
        with store._sqlite.lock:
            plan = store._sqlite.connection.execute(
                f"EXPLAIN QUERY PLAN SELECT id FROM matches WHERE {where} ORDER BY updated DESC, id DESC LIMIT 100"
            ).fetchall()
        text = " ".join(str(row) for row in plan)
        assert "ix_matches_public" in text and "TEMP B-TREE" not in text.upper(), text


def test_expiry_reads_the_index_of_open_matches_and_moves_touch_no_index(service: MatchService) -> None:
    """Only public matches are listed and only open ones expire: a private running match is in no index of
    ``matches``, so its actions rewrite its row and no index entry (the cost of a move; migration 0004)."""
    store = service.store
    assert store._sqlite is not None
    public_open = service.create("tictactoe", 2, ["human", "open"], None, None, None, "public")["id"]
    private_running = service.create("tictactoe", 2, ["human", "human"], None, None, None)["id"]
    service.act(private_running, 0, "mark b2", 0)
    with store._sqlite.lock:
        connection = store._sqlite.connection
        plan = connection.execute("EXPLAIN QUERY PLAN SELECT id FROM matches WHERE status = 'open' "
                                  "AND updated < '2030-01-01' LIMIT 500").fetchall()
        listed = {name: {row[0] for row in connection.execute(f"SELECT id FROM matches INDEXED BY {name} "
                                                              f"WHERE {where}")}
                  for name, where in (("ix_matches_public_updated", "visibility = 'public'"),
                                      ("ix_matches_open_updated", "status = 'open'"))}
        indexes = {row[1] for row in connection.execute("PRAGMA index_list(matches)") if row[4] == 1}
    assert "ix_matches_open_updated" in " ".join(str(row) for row in plan), plan
    assert listed == {"ix_matches_public_updated": {public_open}, "ix_matches_open_updated": {public_open}}
    assert indexes == {"ix_matches_public_updated", "ix_matches_public_status_updated", "ix_matches_open_updated"}


def age(service: MatchService, match_id: str, days: float) -> None:
    with service.store.engine.begin() as connection:
        connection.execute(update(MATCHES).where(MATCHES.c.id == match_id)
                           .values(updated=utc_now() - timedelta(days=days)))
    service.forget([match_id])
    service.store.close()  # the store's own connection reads the change afresh


def test_open_matches_expire_and_the_others_stay(service: MatchService) -> None:
    week = 7 * 86400
    stale_open = service.create("tictactoe", 2, ["human", "open"], None, None, None)["id"]
    fresh_open = service.create("tictactoe", 2, ["human", "open"], None, None, None)["id"]
    old_running = service.create("tictactoe", 2, ["human", "human"], None, None, None)["id"]
    old_finished = service.create("tictactoe", 2, ["human", "human"], None, 1, None)["id"]
    for version, (seat, action) in enumerate([(0, "mark a1"), (1, "mark b1"), (0, "mark a2"), (1, "mark b2"),
                                              (0, "mark a3")]):
        service.act(old_finished, seat, action, version)
    for match_id, days in ((stale_open, 8), (fresh_open, 6), (old_running, 30), (old_finished, 30)):
        age(service, match_id, days)
    assert expire_open_matches(service, week) == [stale_open]
    with pytest.raises(ApiError) as gone:
        service.summary(stale_open)
    assert gone.value.status == 404
    for match_id in (fresh_open, old_running, old_finished):
        assert service.summary(match_id)["id"] == match_id
    assert expire_open_matches(service, week) == []


def test_the_open_match_lifetime_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRASSBOARD_OPEN_MATCH_DAYS", raising=False)
    assert open_match_ttl_from_env() == 7 * 86400
    monkeypatch.setenv("BRASSBOARD_OPEN_MATCH_DAYS", "0.5")
    assert open_match_ttl_from_env() == 43200
    for bad in ("soon", "0", "-1"):
        monkeypatch.setenv("BRASSBOARD_OPEN_MATCH_DAYS", bad)
        with pytest.raises(ValueError, match="BRASSBOARD_OPEN_MATCH_DAYS"):
            open_match_ttl_from_env()
