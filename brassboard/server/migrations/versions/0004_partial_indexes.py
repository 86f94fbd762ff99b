"""Partial indexes on matches: each action rewrites its match's row (revision, version, updated), and every index
that holds the row must move the row's entry as well. The three indexes on ``updated`` cost each action three
index updates (about half of the action's commit on SQLite: bench/bench_server.py, ``srv ms/move``), although only
public matches are ever listed and only open matches expire. Now a match is in an index only while a query can
want it:

- ``ix_matches_public_updated`` (updated, id) and ``ix_matches_public_status_updated`` (status, updated, id), of
  public matches: the lobby's pages (keyset on updated, id), replacing the (visibility, ...) indexes of 0002;
- ``ix_matches_open_updated`` (updated), of open matches: expiry (upkeep.py), replacing 0001's (status, updated).

A private running match (the default kind) then touches no index of ``matches`` when it moves. The queries name
the indexes' conditions as literal text (``visibility = 'public'``, ``status = 'open'``): a planner uses a partial
index only where the query's WHERE implies the index's.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PUBLIC_ONLY = "visibility = 'public'"
OPEN_ONLY = "status = 'open'"


def _partial(name: str, columns: list[str], where: str) -> None:
    op.create_index(name, "matches", columns, unique=False, sqlite_where=sa.text(where),
                    postgresql_where=sa.text(where))


def upgrade() -> None:
    op.drop_index("ix_matches_visibility_status_updated", table_name="matches")
    op.drop_index("ix_matches_visibility_updated", table_name="matches")
    op.drop_index("ix_matches_status_updated", table_name="matches")
    _partial("ix_matches_public_updated", ["updated", "id"], PUBLIC_ONLY)
    _partial("ix_matches_public_status_updated", ["status", "updated", "id"], PUBLIC_ONLY)
    _partial("ix_matches_open_updated", ["updated"], OPEN_ONLY)


def downgrade() -> None:
    op.drop_index("ix_matches_open_updated", table_name="matches")
    op.drop_index("ix_matches_public_status_updated", table_name="matches")
    op.drop_index("ix_matches_public_updated", table_name="matches")
    op.create_index("ix_matches_status_updated", "matches", ["status", "updated"], unique=False)
    op.create_index("ix_matches_visibility_updated", "matches", ["visibility", "updated", "id"], unique=False)
    op.create_index("ix_matches_visibility_status_updated", "matches", ["visibility", "status", "updated", "id"],
                    unique=False)
