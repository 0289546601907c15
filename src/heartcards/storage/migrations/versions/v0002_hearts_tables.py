"""Hearts tables, seats and deal logs."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "hearts_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(12), nullable=False),
        sa.Column("variant", sa.String(12), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("strength", sa.String(12), nullable=False),
        sa.Column("idle_seconds", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("game", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_hearts_tables"),
    )
    op.create_index("ix_hearts_tables_status", "hearts_tables", ["status"])
    op.create_table(
        "hearts_seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("won", sa.Boolean(), nullable=True),
        sa.Column("moons", sa.Integer(), nullable=False),
        sa.Column("queens", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["hearts_tables.id"], name="fk_hearts_seats_table_id_hearts_tables"),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_hearts_seats"),
    )
    op.create_index("ix_hearts_seats_player", "hearts_seats", ["player_id"])
    op.create_table(
        "hearts_deal_logs",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("log", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["hearts_tables.id"], name="fk_hearts_deal_logs_table_id_hearts_tables"),
        sa.PrimaryKeyConstraint("table_id", "deal", name="pk_hearts_deal_logs"),
    )


def downgrade() -> None:
    op.drop_table("hearts_deal_logs")
    op.drop_index("ix_hearts_seats_player", table_name="hearts_seats")
    op.drop_table("hearts_seats")
    op.drop_index("ix_hearts_tables_status", table_name="hearts_tables")
    op.drop_table("hearts_tables")
