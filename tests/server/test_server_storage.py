"""The database: migrations, SQLite settings, and the compare-and-set that keeps concurrent writers apart.

Tests that take ``any_store`` run on SQLite and on PostgreSQL (a throwaway server: conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from brassboard.server.config import Settings
from brassboard.server.db import make_engine, upgrade
from brassboard.server.errors import ApiError
from brassboard.server.models import ActionRow, Base
from brassboard.server.service import MatchService
from brassboard.server.store import Conflict, MatchHead, SeatRecord, Store


def migrated_store(url: str) -> Iterator[Store]:
    engine = make_engine(url)
    upgrade(engine)
    yield Store(engine)
    engine.dispose()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    yield from migrated_store(f"sqlite:///{tmp_path / 'test.sqlite'}")


@pytest.fixture(params=["sqlite", "postgres"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        yield from migrated_store(f"sqlite:///{tmp_path / 'test.sqlite'}")
    else:
        yield from migrated_store(Settings(database_url=request.getfixturevalue("postgres_url"))
                                  .resolved_database_url())


def new_match(store: Store, match_id: str = "m1") -> None:
    now = datetime.now(UTC)
    store.create(MatchHead(match_id, "tictactoe", 2, {"first_player": 0}, 7, "running", 0, 0, now, now),
                 [SeatRecord(0, "human", "Ada", "a" * 64), SeatRecord(1, "bot:random", "Bot", None)])


def test_migrations_build_the_models_schema_and_run_twice(any_store: Store) -> None:
    upgrade(any_store.engine)  # a second start finds nothing to do
    with any_store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_sqlite_runs_with_wal_and_foreign_keys(store: Store) -> None:
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 10000


def test_foreign_keys_are_enforced(any_store: Store) -> None:
    with pytest.raises(IntegrityError), Session(any_store.engine) as session, session.begin():
        session.add(ActionRow(match_id="nope", index=0, seat=0, notation="mark b2"))


def test_writers_compare_and_set_the_revision(any_store: Store) -> None:
    new_match(any_store)
    any_store.append_action("m1", 0, 0, 0, "mark b2", "running")
    with pytest.raises(Conflict):  # a second writer that loaded revision 0 too
        any_store.append_action("m1", 0, 0, 1, "mark a1", "running")
    loaded = any_store.load("m1")
    assert loaded is not None
    assert loaded.actions == [(0, "mark b2")] and loaded.head.version == 1 and loaded.head.revision == 1
    any_store.remove_last_action("m1", 1, 0, "running")
    with pytest.raises(Conflict):
        any_store.remove_last_action("m1", 1, 0, "running")
    loaded = any_store.load("m1")
    assert loaded is not None and loaded.actions == [] and loaded.head.revision == 2
    assert loaded.head.created.tzinfo is not None


def test_removing_an_action_from_the_middle_moves_the_later_ones_down(any_store: Store) -> None:
    """An undo in a simultaneous phase takes back a step that other players' steps followed."""
    new_match(any_store)
    for index, (seat, notation) in enumerate([(0, "a"), (1, "b"), (0, "c"), (1, "d")]):
        any_store.append_action("m1", index, index, seat, notation, "running")
    any_store.remove_action("m1", 4, 1, 3, "running")
    loaded = any_store.load("m1")
    assert loaded is not None
    assert loaded.actions == [(0, "a"), (0, "c"), (1, "d")] and loaded.head.version == 3
    any_store.append_action("m1", 5, 3, 1, "e", "running")  # the next index follows on
    loaded = any_store.load("m1")
    assert loaded is not None and loaded.actions[-1] == (1, "e")


def test_tokens_are_stored_only_as_hashes(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from brassboard.server import create_app

    settings = Settings(data_dir=tmp_path / "data", bot_delay=0)
    with TestClient(create_app(settings)) as client:
        token = client.post("/api/matches", json={"game": "tictactoe", "players": 2,
                                                  "seats": ["human", "human"]}).json()["seats"][0]["token"]
    raw = b"".join(path.read_bytes() for path in (tmp_path / "data").iterdir())
    assert token.encode() not in raw


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BRASSBOARD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BRASSBOARD_BOT_DELAY", "0")
    monkeypatch.setenv("BRASSBOARD_DATABASE_URL", "postgresql://u:p@localhost/brass")
    monkeypatch.delenv("BRASSBOARD_REDIS_URL", raising=False)
    settings = Settings.from_env()
    assert settings.bot_delay == 0 and settings.data_dir == tmp_path and settings.redis_url is None
    assert settings.resolved_database_url() == "postgresql+psycopg://u:p@localhost/brass"
    monkeypatch.delenv("BRASSBOARD_DATABASE_URL")
    assert Settings.from_env().resolved_database_url().endswith("brassboard.sqlite")
    monkeypatch.setenv("BRASSBOARD_BOT_DELAY", "soon")
    with pytest.raises(ValueError):
        Settings.from_env()


def test_a_lost_race_between_processes_is_stale_and_leaves_no_trace(any_store: Store,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    service = MatchService(any_store)
    match_id = service.create("tictactoe", 2, ["human", "human"], None, 1, None)["id"]
    other_process = MatchService(Store(any_store.engine))
    record = any_store.append_action

    def another_process_writes_first(*args: Any) -> Any:
        # between this process's check and its write, another process records action 0
        monkeypatch.setattr(any_store, "append_action", record)
        other_process.act(match_id, 0, "mark a1", 0)
        return record(*args)

    monkeypatch.setattr(any_store, "append_action", another_process_writes_first)
    with pytest.raises(ApiError) as refused:
        service.act(match_id, 0, "mark b2", 0)
    assert refused.value.error == "stale" and refused.value.extra["version"] == 1
    message = json.loads(service.state(match_id, None))
    assert message["version"] == 1 and [entry["action"] for entry in message["log"]] == ["mark a1"]
    assert json.loads(service.act(match_id, 1, "mark b2", 1).answer)["version"] == 2


def test_the_generation_changes_only_when_another_connection_writes(store: Store) -> None:
    new_match(store)
    before = store.generation()
    assert before is not None
    store.append_action("m1", 0, 0, 0, "mark b2", "running")  # this store's own writes keep it
    assert store.load("m1") is not None and store.head("m1") is not None
    assert store.generation() == before
    other = Store(store.engine)  # another process, as far as the database can tell
    other.append_action("m1", 1, 1, 1, "mark a1", "running")
    after = store.generation()
    assert after != before and store.generation() == after
    head = store.head("m1")
    assert head is not None and head.revision == 2 and head.version == 2
    other.close()
    store.close()
    assert store.generation() is not None  # reopens its connection


def test_a_service_sees_another_process_s_writes_without_being_told(any_store: Store) -> None:
    service, other = MatchService(any_store), MatchService(Store(any_store.engine))
    created = service.create("tictactoe", 2, ["human", "open"], None, 1, None)
    match_id = created["id"]
    assert json.loads(service.state(match_id, None))["status"] == "open"  # cached here now
    other.join(match_id, None, "Bea", created["links"]["invites"]["1"].split("?invite=")[1])
    assert json.loads(service.state(match_id, None))["status"] == "running"
    other.act(match_id, 0, "mark b2", 0)
    with pytest.raises(ApiError) as refused:
        service.act(match_id, 0, "mark a1", 0)
    assert refused.value.error == "stale"
    assert json.loads(service.act(match_id, 1, "mark a1", 1).answer)["version"] == 2
    assert json.loads(other.state(match_id, None))["version"] == 2


def test_a_move_is_judged_on_the_stored_match_when_the_copy_in_memory_is_behind(any_store: Store) -> None:
    # a move is tried on the copy in memory first, unchecked: a refusal or a write the revision refuses sends
    # it back to be judged on the match as stored
    service, other = MatchService(any_store), MatchService(Store(any_store.engine))
    match_id = service.create("tictactoe", 2, ["human", "human"], None, 1, None)["id"]
    other.act(match_id, 0, "mark b2", 0)
    # the copy here is still at version 0, where seat 1 is not to move: refused there, allowed as stored
    assert json.loads(service.act(match_id, 1, "mark a1", 1).answer)["version"] == 2
    other.act(match_id, 0, "mark c3", 2)
    # the copy here is at version 2 and would take this move; the database is at 3 and refuses the write
    with pytest.raises(ApiError) as refused:
        service.act(match_id, 0, "mark a3", 2)
    assert refused.value.error == "stale" and refused.value.extra["version"] == 3
    stored = any_store.load(match_id)
    assert stored is not None and [n for _, n in stored.actions] == ["mark b2", "mark a1", "mark c3"]
    state = json.loads(service.state(match_id, None))
    assert state["version"] == 3 and state["view"]["board"] == "1...0...0"
    assert json.loads(service.act(match_id, 1, "mark a3", 3).answer)["version"] == 4


def test_json_text_falls_back_to_the_json_module_where_orjson_refuses() -> None:
    from brassboard.server.service import dumps, loads

    data = {"a": [1, 2.5, None, True], "ü": "€", 3: "int key"}
    assert json.loads(dumps(data)) == {"a": [1, 2.5, None, True], "ü": "€", "3": "int key"}
    assert dumps({"big": 2**70}) == '{"big":1180591620717411303424}'
    assert loads('{"version": 1180591620717411303424}') == {"version": 2**70}
    with pytest.raises(ValueError):
        loads("{not json")


def test_log_entries_follow_undo_and_replacement(any_store: Store) -> None:
    service = MatchService(any_store)
    match_id = service.create("tictactoe", 2, ["human", "human"], None, 1, None)["id"]
    service.act(match_id, 0, "mark b2", 0)
    service.act(match_id, 1, "mark a1", 1)
    assert [e["action"] for e in json.loads(service.state(match_id, None))["log"]] == ["mark b2", "mark a1"]
    service.undo(match_id, 1, 2)
    assert [e["action"] for e in json.loads(service.state(match_id, None))["log"]] == ["mark b2"]
    service.act(match_id, 1, "mark c3", 1)
    log = json.loads(service.state(match_id, 0))["log"]
    assert [(e["version"], e["action"], e["events"][0]["cell"]) for e in log] == [(0, "mark b2", "b2"),
                                                                                  (1, "mark c3", "c3")]
