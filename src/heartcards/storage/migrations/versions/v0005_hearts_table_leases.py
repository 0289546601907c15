"""Hearts table leases: the server that runs each table, until when, and the epoch that fences its saves."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    # Plain ALTER TABLE on both databases (SQLite has dropped columns since 3.35): no copy of the table, whose rows
    # the seats and deal logs point to.
    op.add_column("hearts_tables", sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("hearts_tables", sa.Column("lease_owner", sa.String(64), nullable=True))
    op.add_column("hearts_tables", sa.Column("lease_until", sa.Float(), nullable=True))


def downgrade() -> None:
    op.drop_column("hearts_tables", "lease_until")
    op.drop_column("hearts_tables", "lease_owner")
    op.drop_column("hearts_tables", "epoch")
