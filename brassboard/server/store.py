"""Storage of matches: every method is one short transaction (sync; the app calls it from worker threads).

Writers of a match compare-and-set its ``revision``: if another process changed the match since the caller
loaded it, nothing is written and :class:`Conflict` tells the caller to reload.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, Row, delete, exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from .db import WRITE
from .models import STATUS_OPEN, STATUS_RUNNING, ActionRow, Base, MatchRow, SeatRow, utc_now

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


@dataclass(frozen=True)
class StoredMatch:
    head: MatchHead
    seats: list[SeatRecord]
    actions: list[tuple[int, str]]  # (seat, notation) in order


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite returns naive UTC


MATCHES = Base.metadata.tables[MatchRow.__tablename__]
SEATS = Base.metadata.tables[SeatRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]
# Core statements, not ORM sessions: an action is a few rows, and the ORM's bookkeeping would cost more than them


def _head(row: Row[Any]) -> MatchHead:
    return MatchHead(row.id, row.game, row.players, dict(row.options), row.seed, row.status, row.version,
                     row.revision, _utc(row.created), _utc(row.updated))


def _seat(row: Row[Any]) -> SeatRecord:
    return SeatRecord(row.seat, row.kind, row.name, row.token_hash)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
        with self._read() as connection:
            row = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id)).first()
            return None if row is None else _head(row)

    def load(self, match_id: str) -> StoredMatch | None:
        with self._read(snapshot=True) as connection:  # the head's revision must describe the actions read
            row = connection.execute(select(MATCHES).where(MATCHES.c.id == match_id)).first()
            if row is None:
                return None
            seats = connection.execute(select(SEATS).where(SEATS.c.match_id == match_id).order_by(SEATS.c.seat))
            actions = connection.execute(select(ACTIONS.c.seat, ACTIONS.c.notation)
                                         .where(ACTIONS.c.match_id == match_id).order_by(ACTIONS.c.index))
            return StoredMatch(_head(row), [_seat(s) for s in seats], [(a.seat, a.notation) for a in actions])

    def list_matches(self, status: str | None, limit: int) -> list[tuple[MatchHead, list[SeatRecord]]]:
        with self._read(snapshot=True) as connection:
            query = select(MATCHES).order_by(MATCHES.c.updated.desc(), MATCHES.c.id).limit(limit)
            if status is not None:
                query = query.where(MATCHES.c.status == status)
            heads = [_head(row) for row in connection.execute(query)]
            seats: dict[str, list[SeatRecord]] = {head.id: [] for head in heads}
            if heads:
                for row in connection.execute(select(SEATS).where(SEATS.c.match_id.in_(list(seats)))
                                              .order_by(SEATS.c.match_id, SEATS.c.seat)):
                    seats[row.match_id].append(_seat(row))
            return [(head, seats[head.id]) for head in heads]

    def running_with_bots(self) -> list[str]:
        """Running matches that have a bot seat: their bots resume when a server starts."""
        with self._read() as connection:
            has_bot = exists().where(SEATS.c.match_id == MATCHES.c.id, SEATS.c.kind.startswith(BOT_PREFIX))
            return list(connection.scalars(select(MATCHES.c.id).where(MATCHES.c.status == STATUS_RUNNING, has_bot)))

    # ----- writing --------------------------------------------------------------------------------------------
    def create(self, head: MatchHead, seats: Sequence[SeatRecord]) -> None:
        with self._write() as connection:
            connection.execute(insert(MATCHES).values(
                id=head.id, game=head.game, players=head.players, options=head.options, seed=head.seed,
                status=head.status, version=0, revision=0, created=head.created, updated=head.updated))
            connection.execute(insert(SEATS), [
                {"match_id": head.id, "seat": s.seat, "kind": s.kind, "name": s.name, "token_hash": s.token_hash}
                for s in seats])

    @staticmethod
    def _bump(connection: Connection, match_id: str, revision: int, version: int, status: str) -> datetime:
        now = utc_now()
        result = connection.execute(
            update(MATCHES).where(MATCHES.c.id == match_id, MATCHES.c.revision == revision)
            .values(revision=revision + 1, version=version, status=status, updated=now))
        if result.rowcount != 1:
            raise Conflict(match_id)
        return now

    def append_action(self, match_id: str, revision: int, index: int, seat: int, notation: str,
                      status: str) -> datetime:
        """Record action ``index`` if the match is still at ``revision``; commits before returning."""
        try:
            with self._write() as connection:
                now = self._bump(connection, match_id, revision, index + 1, status)
                connection.execute(insert(ACTIONS).values(match_id=match_id, index=index, seat=seat,
                                                          notation=notation, created=now))
        except IntegrityError:  # action ``index`` exists already: another writer was first
            raise Conflict(match_id) from None
        return now

    def remove_last_action(self, match_id: str, revision: int, index: int, status: str) -> datetime:
        """Delete the last action, ``index`` (an undo), if the match is still at ``revision``."""
        return self.remove_action(match_id, revision, index, index, status)

    def remove_action(self, match_id: str, revision: int, index: int, version: int, status: str) -> datetime:
        """Delete action ``index`` (an undo) if the match is still at ``revision``; later actions move down one.

        An undo in a simultaneous phase can take back a step that other players' steps followed; ``version`` is
        the number of actions left.
        """
        with self._write() as connection:
            now = self._bump(connection, match_id, revision, version, status)
            mine = ACTIONS.c.match_id == match_id
            connection.execute(delete(ACTIONS).where(mine, ACTIONS.c.index == index))
            if version > index:
                # two passes through negative numbers, so no moment holds two rows with one index
                connection.execute(update(ACTIONS).where(mine, ACTIONS.c.index > index)
                                   .values(index=-ACTIONS.c.index - 1))
                connection.execute(update(ACTIONS).where(mine, ACTIONS.c.index < 0)
                                   .values(index=-ACTIONS.c.index - 2))
        return now

    def take_seat(self, match_id: str, seat: int, name: str, token_hash: str) -> str:
        """Give open ``seat`` a player; returns the match's new status. Conflict if the seat is taken by now."""
        with self._write() as connection:
            result = connection.execute(
                update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat, SEATS.c.kind == OPEN,
                                    SEATS.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash))
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
