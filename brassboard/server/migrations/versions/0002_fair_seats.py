"""Fair seats: a match's visibility and whether its seed was chosen, an invite for each open seat, and the indexes
the paginated lobby list reads.

Matches made before this were all listed: they stay public. Their seeds were not recorded as chosen or drawn; they
count as drawn (seeded false), as nearly all were.

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
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("visibility", sa.String(length=16), nullable=False, server_default="public"))
        batch.add_column(sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.create_index("ix_matches_visibility_updated", ["visibility", "updated", "id"], unique=False)
        batch.create_index("ix_matches_visibility_status_updated", ["visibility", "status", "updated", "id"],
                           unique=False)
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_visibility_status_updated")
        batch.drop_index("ix_matches_visibility_updated")
        batch.drop_column("seeded")
        batch.drop_column("visibility")
