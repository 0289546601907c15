"""Players, Heart to Heart games and cached solutions."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
    )
    op.create_table(
        "h2h_games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("moves", sa.Text(), nullable=False),
        sa.Column("move_count", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("assisted", sa.Boolean(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_active_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_h2h_games_player_id_players"),
        sa.PrimaryKeyConstraint("id", name="pk_h2h_games"),
    )
    op.create_index("ix_h2h_games_player_status", "h2h_games", ["player_id", "status"])
    op.create_table(
        "h2h_solutions",
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("winnable", sa.Boolean(), nullable=False),
        sa.Column("moves", sa.Text(), nullable=True),
        sa.Column("move_count", sa.Integer(), nullable=True),
        sa.Column("states", sa.Integer(), nullable=False),
        sa.Column("solved_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("code", name="pk_h2h_solutions"),
    )


def downgrade() -> None:
    op.drop_table("h2h_solutions")
    op.drop_index("ix_h2h_games_player_status", table_name="h2h_games")
    op.drop_table("h2h_games")
    op.drop_table("players")
