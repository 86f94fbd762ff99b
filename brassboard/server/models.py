"""The database tables. A match is event-sourced: its row (game, players, options, seed) plus its actions in order.

``version`` (the number of actions) and ``revision`` (a counter of every change: action, undo, join) are kept on
the match row so that a process can tell cheaply whether its cached copy is current, and so that concurrent
writers — several server processes — serialise on one compare-and-set of ``revision``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

STATUS_OPEN = "open"
STATUS_RUNNING = "running"
STATUS_FINISHED = "finished"
STATUSES = (STATUS_OPEN, STATUS_RUNNING, STATUS_FINISHED)

PRIVATE = "private"  # not listed; an open seat is taken only with its invite
PUBLIC = "public"  # listed in the lobby; anyone may take an open seat
VISIBILITIES = (PRIVATE, PUBLIC)

PUBLIC_ONLY = f"visibility = '{PUBLIC}'"
OPEN_ONLY = f"status = '{STATUS_OPEN}'"
"""The conditions of the partial indexes; a query reads such an index only if its WHERE holds the same text."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    visibility: Mapped[str] = mapped_column(String(16), default=PRIVATE)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # the creator chose the seed (everyone is told)
    # issue 12, async play (migration 0003; clocks.py): the clock rule, and the match that replays this one
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)

    # Partial indexes (migration 0004): every action rewrites its match's row (revision, version, updated), and an
    # index holding the row must then move its entry too; a match is in an index only while a query can want it
    __table_args__ = (
        # the lobby lists public matches page by page, the most recently changed first (keyset on updated, id)
        Index("ix_matches_public_updated", "updated", "id", sqlite_where=text(PUBLIC_ONLY),
              postgresql_where=text(PUBLIC_ONLY)),
        Index("ix_matches_public_status_updated", "status", "updated", "id", sqlite_where=text(PUBLIC_ONLY),
              postgresql_where=text(PUBLIC_ONLY)),
        # open matches expire (upkeep.py)
        Index("ix_matches_open_updated", "updated", sqlite_where=text(OPEN_ONLY), postgresql_where=text(OPEN_ONLY)),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))  # "human", "open" or "bot:KIND"
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 hex; None: no token
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # an open seat's invite (sha256)
    # issue 12 (migration 0003; clocks.py): the seat's clock, its forfeit (the version it forfeited at) and its
    # "your turn" target ({"url", "base"}: a webhook or mailto: address, and the server address of its links)
    clock_bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock_started: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    clock_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    forfeited: Mapped[int | None] = mapped_column(Integer, nullable=True)
    notify: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    __table_args__ = (Index("ix_seats_clock_deadline", "clock_deadline"),)


class ActionRow(Base):
    __tablename__ = "actions"

    # the primary key is the required unique (match_id, index): two writers can never both record action N
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column("index", Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    note: Mapped[str | None] = mapped_column(String(16), nullable=True)  # "timeout" / "forfeit": played by the server
