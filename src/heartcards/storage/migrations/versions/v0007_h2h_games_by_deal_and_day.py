"""Heart to Heart games found by deal and day: the daily deal's ranking reads one day's games of one deal."""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_index("ix_h2h_games_code_created", "h2h_games", ["code", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_h2h_games_code_created", table_name="h2h_games")
