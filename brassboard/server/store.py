"""Storage of matches: every method is one short transaction (sync; the app calls it inline for SQLite, from worker
threads for other databases).

Writers of a match compare-and-set its ``revision``: if another process changed the match since the caller
loaded it, nothing is written and :class:`Conflict` tells the caller to reload.

On SQLite every statement of the store runs on one connection of its own, as plain SQL on the DBAPI connection
(building SQLAlchemy statements cost more than running them), and :meth:`Store.generation` tells cheaply whether any
other connection — another server process — has committed since: SQLite's ``PRAGMA data_version``.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Connection, Engine, Row, delete, exists, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from .db import WRITE
from .models import (
    OPEN_ONLY,
    PRIVATE,
    PUBLIC_ONLY,
    STATUS_OPEN,
    STATUS_RUNNING,
    ActionRow,
    Base,
    MatchRow,
    SeatRow,
    utc_now,
)

OPEN = "open"
HUMAN = "human"
BOT_PREFIX = "bot:"


class Conflict(Exception):
    """The match changed under the caller (another process wrote first); reload and decide again."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # "human", "open" or "bot:KIND"
    name: str | None
    token_hash: str | None
    invite_hash: str | None = None  # an open seat's invite (a private match's seat is taken only with it)
    # issue 12 (clocks.py): a clocked seat's bank and running turn, its forfeit, its "your turn" target
    clock_bank: float | None = None
    clock_started: datetime | None = None
    forfeited: int | None = None  # the version at which the seat forfeited
    notify: dict[str, Any] | None = None

    @property
    def taken(self) -> bool:
        return self.kind != OPEN or self.token_hash is not None

    @property
    def bot_kind(self) -> str | None:
        return self.kind[len(BOT_PREFIX):] if self.kind.startswith(BOT_PREFIX) else None


@dataclass(frozen=True)
class MatchHead:
    """A match row without its actions."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    revision: int
    created: datetime
    updated: datetime
    visibility: str = PRIVATE
    seeded: bool = False  # the creator chose the seed
    clock: dict[str, Any] | None = None  # the clock rule (clocks.py), None: no clock
    rematch: str | None = None  # the match that replays this one, once asked for


@dataclass(frozen=True)
class StoredMatch:
    head: MatchHead
    seats: list[SeatRecord]
    actions: list[tuple[int, str]]  # (seat, notation) in order
    notes: dict[int, str] = field(default_factory=dict)  # action index -> "timeout" / "forfeit"


ClockWrite = tuple[int, float | None, datetime | None, datetime | None]
"""A seat's clock as written: (seat, bank, turn started, deadline)."""


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite returns naive UTC


MATCHES = Base.metadata.tables[MatchRow.__tablename__]
SEATS = Base.metadata.tables[SeatRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]
# Core statements, not ORM sessions: an action is a few rows, and the ORM's bookkeeping would cost more than them


def _head(row: Row[Any]) -> MatchHead:
    return MatchHead(row.id, row.game, row.players, dict(row.options), row.seed, row.status, row.version,
                     row.revision, _utc(row.created), _utc(row.updated), row.visibility, bool(row.seeded),
                     row.clock, row.rematch)


def _maybe_utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else _utc(moment)


def _seat(row: Row[Any]) -> SeatRecord:
    return SeatRecord(row.seat, row.kind, row.name, row.token_hash, row.invite_hash, row.clock_bank,
                      _maybe_utc(row.clock_started), row.forfeited, row.notify)


_MATCH_COLUMNS = ("id, game, players, options, seed, status, version, revision, created, updated, visibility, seeded, "
                  "clock, rematch")
_SEAT_COLUMNS = "seat, kind, name, token_hash, invite_hash, clock_bank, clock_started, forfeited, notify"

Cursor = tuple[datetime, str]
"""Where a page of the match list ends: the last match's (updated, id); the next page starts after it."""


class _Sqlite:
    """The store's own SQLite connection (DBAPI level) and the SQL of the store's hot paths.

    All of one store's statements, reads and writes, go through this one connection (under a lock), so that
    ``PRAGMA data_version`` on it changes exactly when another connection — another process, or another store —
    commits. Values are converted by the same SQLAlchemy type processors the other statements use, so both kinds of
    statement read and write identical rows.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.lock = threading.RLock()
        self._proxy: Any = None
        self._connection: sqlite3.Connection | None = None
        self._data_version: int | None = None
        self.generation = 0
        dialect = engine.dialect

        def processors(column: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
            kind = column.type.dialect_impl(dialect)
            bind = kind.bind_processor(dialect) or (lambda value: value)
            result = kind.result_processor(dialect, None) or (lambda value: value)
            return bind, result

        self.put_time, self.get_time = processors(MATCHES.c.created)
        self.put_options, self.get_options = processors(MATCHES.c.options)

    @property
    def connection(self) -> sqlite3.Connection:
        if self._connection is None:
            self._proxy = self.engine.raw_connection()  # the pool's connect event sets WAL, foreign keys, ...
            self._connection = cast(sqlite3.Connection, self._proxy.driver_connection)
        return self._connection

    def close(self) -> None:
        with self.lock:
            if self._proxy is not None:
                self._proxy.close()
            self._proxy = self._connection = None
            self._data_version = None

    def check_generation(self) -> int:
        """A number that changes whenever another connection has committed since the last call."""
        with self.lock:
            (version,) = self.connection.execute("PRAGMA data_version").fetchone()
            if version != self._data_version:
                self._data_version = version
                self.generation += 1
            return self.generation

    @contextmanager
    def transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        with self.lock:
            connection = self.connection
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    def head(self, row: Sequence[Any]) -> MatchHead:
        clock = None if row[12] is None else self.get_options(row[12])
        return MatchHead(row[0], row[1], row[2], dict(self.get_options(row[3])), row[4], row[5], row[6], row[7],
                         _utc(self.get_time(row[8])), _utc(self.get_time(row[9])), row[10], bool(row[11]), clock,
                         row[13])

    def seat(self, row: Sequence[Any]) -> SeatRecord:
        started = None if row[6] is None else _utc(self.get_time(row[6]))
        notify = None if row[8] is None else self.get_options(row[8])
        return SeatRecord(row[0], row[1], row[2], row[3], row[4], row[5], started, row[7], notify)

    def put_maybe_time(self, moment: datetime | None) -> Any:
        return None if moment is None else self.put_time(moment)

    def write_clocks(self, raw: sqlite3.Connection, match_id: str, clocks: Sequence[ClockWrite]) -> None:
        if clocks:
            raw.executemany("UPDATE seats SET clock_bank = ?, clock_started = ?, clock_deadline = ? "
                            "WHERE match_id = ? AND seat = ?",
                            [(bank, self.put_maybe_time(started), self.put_maybe_time(deadline), match_id, seat)
                             for seat, bank, started, deadline in clocks])


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sqlite = _Sqlite(engine) if engine.dialect.name == "sqlite" else None

    def generation(self) -> int | None:
        """A number that stays the same while nobody else (another process) writes to the database: a match this
        process has checked against the database under one generation is still current while it lasts. None where
        this cannot be told cheaply (not SQLite): then every use must check the match's revision."""
        return None if self._sqlite is None else self._sqlite.check_generation()

    def close(self) -> None:
        """Give back the store's own connection (SQLite); the store reopens it if used again."""
        if self._sqlite is not None:
            self._sqlite.close()

    @contextmanager
    def _read(self, snapshot: bool = False) -> Iterator[Connection]:
        """A read transaction; ``snapshot``: all its queries see one moment (SQLite's WAL always does)."""
        with self.engine.connect() as connection:
            if snapshot and connection.dialect.name == "postgresql":
                connection.execution_options(isolation_level="REPEATABLE READ")
            with connection.begin():
                yield connection

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect() as connection:
            connection.execution_options(**{WRITE: True})
            with connection.begin():
                yield connection

    # ----- reading --------------------------------------------------------------------------------------------
    def head(self, match_id: str) -> MatchHead | None:
        if self._sqlite is not None:
            with self._sqlite.lock:
                found = self._sqlite.connection.execute(
                    f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
            return None if found is None else self._sqlite.head(found)
        with self._read() as connection:
            row = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id)).first()
            return None if row is None else _head(row)

    def load(self, match_id: str) -> StoredMatch | None:
        if self._sqlite is not None:
            with self._sqlite.transaction(write=False) as raw:  # one snapshot: the revision describes the actions
                found = raw.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
                if found is None:
                    return None
                seat_rows = raw.execute(f"SELECT {_SEAT_COLUMNS} FROM seats "
                                        "WHERE match_id = ? ORDER BY seat", (match_id,)).fetchall()
                action_rows = raw.execute('SELECT seat, notation, note FROM actions WHERE match_id = ? '
                                          'ORDER BY "index"', (match_id,)).fetchall()
            return StoredMatch(self._sqlite.head(found), [self._sqlite.seat(row) for row in seat_rows],
                               [(seat, notation) for seat, notation, _ in action_rows],
                               {index: row[2] for index, row in enumerate(action_rows) if row[2] is not None})
        with self._read(snapshot=True) as connection:  # the head's revision must describe the actions read
            row = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id)).first()
            if row is None:
                return None
            seats = connection.execute(select(SEATS).where(SEATS.c.match_id == match_id).order_by(SEATS.c.seat))
            actions = list(connection.execute(select(ACTIONS.c.seat, ACTIONS.c.notation, ACTIONS.c.note)
                                              .where(ACTIONS.c.match_id == match_id).order_by(ACTIONS.c.index)))
            return StoredMatch(_head(row), [_seat(s) for s in seats], [(a.seat, a.notation) for a in actions],
                               {index: a.note for index, a in enumerate(actions) if a.note is not None})

    def list_matches(self, status: str | None, limit: int,
                     after: Cursor | None = None) -> list[tuple[MatchHead, list[SeatRecord]]]:
        """A page of public matches, the most recently changed first, from just after ``after`` (keyset pagination
        on the partial index of public matches ([status,] updated, id): a page costs the same however deep it is)."""
        with self._read(snapshot=True) as connection:
            # both keys descending: the index read backwards gives the order; the index's condition as literal text
            query = (select(MATCHES).where(text(PUBLIC_ONLY))
                     .order_by(MATCHES.c.updated.desc(), MATCHES.c.id.desc()).limit(limit))
            if status is not None:
                query = query.where(MATCHES.c.status == status)
            if after is not None:
                moment, last_id = after
                query = query.where((MATCHES.c.updated < moment)
                                    | ((MATCHES.c.updated == moment) & (MATCHES.c.id < last_id)))
            heads = [_head(row) for row in connection.execute(query)]
            seats: dict[str, list[SeatRecord]] = {head.id: [] for head in heads}
            if heads:
                for row in connection.execute(select(SEATS).where(SEATS.c.match_id.in_(list(seats)))
                                              .order_by(SEATS.c.match_id, SEATS.c.seat)):
                    seats[row.match_id].append(_seat(row))
            return [(head, seats[head.id]) for head in heads]

    def expire_open(self, before: datetime, limit: int = 500) -> list[str]:
        """Delete up to ``limit`` matches still waiting for players that have not changed since ``before`` (their
        seats and actions go with them); returns their ids. Running and finished matches always stay."""
        with self._write() as connection:
            ids = list(connection.scalars(select(MATCHES.c.id).where(  # the partial index of open matches
                text(OPEN_ONLY), MATCHES.c.updated < before).limit(limit)))
            if ids:
                connection.execute(delete(ACTIONS).where(ACTIONS.c.match_id.in_(ids)))
                connection.execute(delete(SEATS).where(SEATS.c.match_id.in_(ids)))
                connection.execute(delete(MATCHES).where(MATCHES.c.id.in_(ids), MATCHES.c.status == STATUS_OPEN))
        return ids

    def running_with_bots(self) -> list[str]:
        """Running matches that have a bot seat: their bots resume when a server starts."""
        with self._read() as connection:
            has_bot = exists().where(SEATS.c.match_id == MATCHES.c.id, SEATS.c.kind.startswith(BOT_PREFIX))
            return list(connection.scalars(select(MATCHES.c.id).where(MATCHES.c.status == STATUS_RUNNING, has_bot)))

    # ----- writing --------------------------------------------------------------------------------------------
    def create(self, head: MatchHead, seats: Sequence[SeatRecord], clocks: Sequence[ClockWrite] = ()) -> None:
        if self._sqlite is not None:
            sql = self._sqlite
            with sql.transaction(write=True) as raw:
                raw.execute(f"INSERT INTO matches ({_MATCH_COLUMNS}) "
                            "VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, NULL)",
                            (head.id, head.game, head.players, sql.put_options(head.options), head.seed,
                             head.status, sql.put_time(head.created), sql.put_time(head.updated), head.visibility,
                             int(head.seeded), None if head.clock is None else sql.put_options(head.clock)))
                raw.executemany("INSERT INTO seats (match_id, seat, kind, name, token_hash, invite_hash, clock_bank) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(head.id, s.seat, s.kind, s.name, s.token_hash, s.invite_hash, s.clock_bank)
                                 for s in seats])
                sql.write_clocks(raw, head.id, clocks)
            return
        with self._write() as connection:
            connection.execute(insert(MATCHES).values(
                id=head.id, game=head.game, players=head.players, options=head.options, seed=head.seed,
                status=head.status, version=0, revision=0, created=head.created, updated=head.updated,
                visibility=head.visibility, seeded=head.seeded, clock=head.clock))
            connection.execute(insert(SEATS), [
                {"match_id": head.id, "seat": s.seat, "kind": s.kind, "name": s.name, "token_hash": s.token_hash,
                 "invite_hash": s.invite_hash, "clock_bank": s.clock_bank}
                for s in seats])
            self._write_clocks(connection, head.id, clocks)

    @staticmethod
    def _bump(connection: Connection, match_id: str, revision: int, version: int, status: str) -> datetime:
        now = utc_now()
        result = connection.execute(
            update(MATCHES).where(MATCHES.c.id == match_id, MATCHES.c.revision == revision)
            .values(revision=revision + 1, version=version, status=status, updated=now))
        if result.rowcount != 1:
            raise Conflict(match_id)
        return now

    @staticmethod
    def _bump_sqlite(raw: sqlite3.Connection, match_id: str, revision: int, version: int, status: str,
                     stamp: str) -> None:
        done = raw.execute("UPDATE matches SET revision = ?, version = ?, status = ?, updated = ? "
                           "WHERE id = ? AND revision = ?", (revision + 1, version, status, stamp, match_id, revision))
        if done.rowcount != 1:
            raise Conflict(match_id)

    def append_action(self, match_id: str, revision: int, index: int, seat: int, notation: str,
                      status: str, clocks: Sequence[ClockWrite] = (), note: str | None = None,
                      forfeit: bool = False) -> datetime:
        """Record action ``index`` if the match is still at ``revision``; commits before returning. In the same
        transaction: the seats' clocks that changed, and (``forfeit``) the acting seat's forfeit."""
        if self._sqlite is not None:
            try:
                now = utc_now()
                stamp = self._sqlite.put_time(now)
                with self._sqlite.transaction(write=True) as raw:
                    self._bump_sqlite(raw, match_id, revision, index + 1, status, stamp)
                    if note is None:
                        raw.execute('INSERT INTO actions (match_id, "index", seat, notation, created) '
                                    "VALUES (?, ?, ?, ?, ?)", (match_id, index, seat, notation, stamp))
                    else:
                        raw.execute('INSERT INTO actions (match_id, "index", seat, notation, created, note) '
                                    "VALUES (?, ?, ?, ?, ?, ?)", (match_id, index, seat, notation, stamp, note))
                    self._sqlite.write_clocks(raw, match_id, clocks)
                    if forfeit:
                        raw.execute("UPDATE seats SET forfeited = ?, clock_started = NULL, clock_deadline = NULL "
                                    "WHERE match_id = ? AND seat = ?", (index, match_id, seat))
            except sqlite3.IntegrityError:  # action ``index`` exists already: another writer was first
                raise Conflict(match_id) from None
            return now
        try:
            with self._write() as connection:
                now = self._bump(connection, match_id, revision, index + 1, status)
                connection.execute(insert(ACTIONS).values(match_id=match_id, index=index, seat=seat,
                                                          notation=notation, created=now, note=note))
                self._write_clocks(connection, match_id, clocks)
                if forfeit:
                    connection.execute(update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat)
                                       .values(forfeited=index, clock_started=None, clock_deadline=None))
        except IntegrityError:  # action ``index`` exists already: another writer was first
            raise Conflict(match_id) from None
        return now

    @staticmethod
    def _write_clocks(connection: Connection, match_id: str, clocks: Sequence[ClockWrite]) -> None:
        for seat, bank, started, deadline in clocks:
            connection.execute(update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat)
                               .values(clock_bank=bank, clock_started=started, clock_deadline=deadline))

    def set_clocks(self, match_id: str, revision: int, clocks: Sequence[ClockWrite]) -> int:
        """Write seats' clocks (a clocked match has begun) as a change of its own; returns the new revision."""
        with self._write() as connection:
            result = connection.execute(update(MATCHES).where(MATCHES.c.id == match_id,
                                                              MATCHES.c.revision == revision)
                                        .values(revision=revision + 1, updated=utc_now()))
            if result.rowcount != 1:
                raise Conflict(match_id)
            self._write_clocks(connection, match_id, clocks)
        return revision + 1

    def set_notify(self, match_id: str, seat: int, notify: dict[str, Any] | None) -> None:
        """A seat's "your turn" target (None: none); the match's revision moves on, so every process rereads it."""
        with self._write() as connection:
            connection.execute(update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat)
                               .values(notify=notify))
            connection.execute(update(MATCHES).where(MATCHES.c.id == match_id)
                               .values(revision=MATCHES.c.revision + 1))

    def set_rematch(self, match_id: str, rematch_id: str, replacing: str | None = None) -> None:
        """Name the rematch of a finished match if it still names ``replacing`` (None: none yet; else Conflict:
        another was first)."""
        named = MATCHES.c.rematch.is_(None) if replacing is None else MATCHES.c.rematch == replacing
        with self._write() as connection:
            result = connection.execute(update(MATCHES).where(MATCHES.c.id == match_id, named)
                                        .values(rematch=rematch_id, revision=MATCHES.c.revision + 1))
            if result.rowcount != 1:
                raise Conflict(match_id)

    def delete_match(self, match_id: str) -> None:
        """Remove a match that never began (a rematch that lost the race to another), with its seats."""
        with self._write() as connection:
            connection.execute(delete(ACTIONS).where(ACTIONS.c.match_id == match_id))
            connection.execute(delete(SEATS).where(SEATS.c.match_id == match_id))
            connection.execute(delete(MATCHES).where(MATCHES.c.id == match_id))

    def due_clocks(self, now: datetime, limit: int = 100) -> list[tuple[str, int]]:
        """(match, seat) of running matches whose seat's time is gone by ``now``, the longest gone first."""
        with self._read() as connection:
            rows = connection.execute(
                select(SEATS.c.match_id, SEATS.c.seat)
                .join(MATCHES, MATCHES.c.id == SEATS.c.match_id)
                .where(SEATS.c.clock_deadline.is_not(None), SEATS.c.clock_deadline <= now,
                       MATCHES.c.status == STATUS_RUNNING)
                .order_by(SEATS.c.clock_deadline).limit(limit))
            return [(row.match_id, row.seat) for row in rows]

    def next_deadline(self) -> datetime | None:
        """The earliest clock deadline of any seat (the index's first entry)."""
        with self._read() as connection:
            found = connection.scalar(select(SEATS.c.clock_deadline).where(SEATS.c.clock_deadline.is_not(None))
                                      .order_by(SEATS.c.clock_deadline).limit(1))
            return None if found is None else _utc(found)

    def remove_last_action(self, match_id: str, revision: int, index: int, status: str) -> datetime:
        """Delete the last action, ``index`` (an undo), if the match is still at ``revision``."""
        return self.remove_action(match_id, revision, index, index, status)

    def remove_action(self, match_id: str, revision: int, index: int, version: int, status: str,
                      clocks: Sequence[ClockWrite] = ()) -> datetime:
        """Delete action ``index`` (an undo) if the match is still at ``revision``; later actions move down one.

        An undo in a simultaneous phase can take back a step that other players' steps followed; ``version`` is
        the number of actions left. The later rows move in two passes through negative indexes, so no moment
        holds two rows with one index.
        """
        if self._sqlite is not None:
            now = utc_now()
            with self._sqlite.transaction(write=True) as raw:
                self._bump_sqlite(raw, match_id, revision, version, status, self._sqlite.put_time(now))
                raw.execute('DELETE FROM actions WHERE match_id = ? AND "index" = ?', (match_id, index))
                if version > index:
                    raw.execute('UPDATE actions SET "index" = -"index" - 1 WHERE match_id = ? AND "index" > ?',
                                (match_id, index))
                    raw.execute('UPDATE actions SET "index" = -"index" - 2 WHERE match_id = ? AND "index" < 0',
                                (match_id,))
                self._sqlite.write_clocks(raw, match_id, clocks)
            return now
        with self._write() as connection:
            now = self._bump(connection, match_id, revision, version, status)
            mine = ACTIONS.c.match_id == match_id
            connection.execute(delete(ACTIONS).where(mine, ACTIONS.c.index == index))
            if version > index:
                connection.execute(update(ACTIONS).where(mine, ACTIONS.c.index > index)
                                   .values(index=-ACTIONS.c.index - 1))
                connection.execute(update(ACTIONS).where(mine, ACTIONS.c.index < 0)
                                   .values(index=-ACTIONS.c.index - 2))
            self._write_clocks(connection, match_id, clocks)
        return now

    def take_seat(self, match_id: str, seat: int, name: str, token_hash: str) -> str:
        """Give open ``seat`` a player; returns the match's new status. Conflict if the seat is taken by now."""
        if self._sqlite is not None:
            with self._sqlite.transaction(write=True) as raw:
                done = raw.execute("UPDATE seats SET name = ?, token_hash = ?, invite_hash = NULL "
                                   "WHERE match_id = ? AND seat = ? "
                                   "AND kind = ? AND token_hash IS NULL", (name, token_hash, match_id, seat, OPEN))
                if done.rowcount != 1:
                    raise Conflict(match_id)
                (still_open,) = raw.execute("SELECT EXISTS (SELECT 1 FROM seats WHERE match_id = ? AND kind = ? "
                                            "AND token_hash IS NULL)", (match_id, OPEN)).fetchone()
                found = raw.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
                if found is None:
                    raise Conflict(match_id)
                new_status = str(found[0])
                if new_status == STATUS_OPEN and not still_open:
                    new_status = STATUS_RUNNING
                raw.execute("UPDATE matches SET status = ?, revision = revision + 1, updated = ? WHERE id = ?",
                            (new_status, self._sqlite.put_time(utc_now()), match_id))
            return new_status
        with self._write() as connection:
            result = connection.execute(
                update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat, SEATS.c.kind == OPEN,
                                    SEATS.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash, invite_hash=None))
            if result.rowcount != 1:
                raise Conflict(match_id)
            still_open = connection.scalar(select(exists().where(
                SEATS.c.match_id == match_id, SEATS.c.kind == OPEN, SEATS.c.token_hash.is_(None))))
            status = connection.scalar(select(MATCHES.c.status).where(MATCHES.c.id == match_id))
            if status is None:
                raise Conflict(match_id)
            if status == STATUS_OPEN and not still_open:
                status = STATUS_RUNNING
            connection.execute(update(MATCHES).where(MATCHES.c.id == match_id).values(
                status=status, revision=MATCHES.c.revision + 1, updated=utc_now()))
            return str(status)
