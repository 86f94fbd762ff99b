"""Fair seats: a match's visibility and whether its seed was chosen, an invite for each open seat, and the indexes
the paginated lobby list reads.

Matches made before this were all listed: they stay public. Their seeds were not recorded as chosen or drawn; they
count as drawn (seeded false), as nearly all were.

Plain ``ADD COLUMN`` and ``CREATE INDEX``, never batch mode: on SQLite a batch copies the table and drops the old
one, and with foreign keys on, dropping ``matches`` would cascade to every seat and action.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("visibility", sa.String(length=16), nullable=False, server_default="public"))
    op.add_column("matches", sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_matches_visibility_updated", "matches", ["visibility", "updated", "id"], unique=False)
    op.create_index("ix_matches_visibility_status_updated", "matches", ["visibility", "status", "updated", "id"],
                    unique=False)
    op.add_column("seats", sa.Column("invite_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:  # SQLite 3.35 or later drops columns in place
    op.drop_column("seats", "invite_hash")
    op.drop_index("ix_matches_visibility_status_updated", table_name="matches")
    op.drop_index("ix_matches_visibility_updated", table_name="matches")
    op.drop_column("matches", "seeded")
    op.drop_column("matches", "visibility")
