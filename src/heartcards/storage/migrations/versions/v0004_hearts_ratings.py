"""Hearts ratings per ruleset, each rated game's change, and the players hidden from the leaderboards."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "hearts_ratings",
        sa.Column("identity", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(12), nullable=False),
        sa.Column("public_id", sa.String(16), nullable=False),
        sa.Column("person", sa.Boolean(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("identity", "variant", name="pk_hearts_ratings"),
    )
    op.create_index("ix_hearts_ratings_public_id", "hearts_ratings", ["public_id"])
    op.create_table(
        "hearts_rating_changes",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("identity", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(12), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["hearts_tables.id"], name="fk_hearts_rating_changes_table_id_hearts_tables"
        ),
        sa.PrimaryKeyConstraint("table_id", "identity", name="pk_hearts_rating_changes"),
    )
    op.create_index("ix_hearts_rating_changes_identity", "hearts_rating_changes", ["identity", "variant", "created_at"])
    op.create_table(
        "hearts_hidden_players",
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("hidden_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", name="pk_hearts_hidden_players"),
    )


def downgrade() -> None:
    op.drop_table("hearts_hidden_players")
    op.drop_index("ix_hearts_rating_changes_identity", table_name="hearts_rating_changes")
    op.drop_table("hearts_rating_changes")
    op.drop_index("ix_hearts_ratings_public_id", table_name="hearts_ratings")
    op.drop_table("hearts_ratings")
