"""Async play (issue 12): turn clocks, forfeits, "your turn" notices, rematches and notes on actions.

- ``matches.clock``: the match's clock rule (``{"per_turn", "bank", "on_timeout"}``), NULL for none;
  ``matches.rematch``: the id of the match that replays this one with the same players, once someone asks.
- ``seats.clock_bank`` / ``clock_started`` / ``clock_deadline``: a clocked seat's bank, when its running turn
  began and when its time is gone (indexed: the server's background task finds passed deadlines with one query,
  also after a restart); ``seats.forfeited``: the version at which the seat forfeited (NULL: it did not) — the
  order of forfeits orders the seats scored last; ``seats.notify``: the seat's "your turn" target (a webhook URL
  or mailto: address and the server address its links use).
- ``actions.note``: "timeout" or "forfeit" for a move the server played for a seat out of time.

Plain ``ADD COLUMN`` and ``CREATE INDEX``, never batch mode (see 0002: a batch copy of ``matches`` on SQLite with
foreign keys on would cascade-delete every seat and action). Existing matches have no clock and no notes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("matches", sa.Column("rematch", sa.String(length=32), nullable=True))
    op.add_column("seats", sa.Column("clock_bank", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("clock_started", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("clock_deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("forfeited", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("notify", sa.JSON(), nullable=True))
    op.create_index("ix_seats_clock_deadline", "seats", ["clock_deadline"], unique=False)
    op.add_column("actions", sa.Column("note", sa.String(length=16), nullable=True))


def downgrade() -> None:  # SQLite 3.35 or later drops columns in place
    op.drop_column("actions", "note")
    op.drop_index("ix_seats_clock_deadline", table_name="seats")
    for column in ("notify", "forfeited", "clock_deadline", "clock_started", "clock_bank"):
        op.drop_column("seats", column)
    op.drop_column("matches", "rematch")
    op.drop_column("matches", "clock")
