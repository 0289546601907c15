"""Passkey accounts: accounts, their passkeys, sessions, recovery codes, link codes and WebAuthn challenges."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_accounts_player_id_players"),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
        sa.UniqueConstraint("player_id", name="uq_accounts_player_id"),
    )
    op.create_table(
        "account_passkeys",
        sa.Column("id", sa.String(400), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_used_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_account_passkeys_account_id_accounts"),
        sa.PrimaryKeyConstraint("id", name="pk_account_passkeys"),
    )
    op.create_index("ix_account_passkeys_account", "account_passkeys", ["account_id"])
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_account_sessions_account_id_accounts"),
        sa.PrimaryKeyConstraint("id", name="pk_account_sessions"),
        sa.UniqueConstraint("secret_hash", name="uq_account_sessions_secret_hash"),
    )
    op.create_index("ix_account_sessions_account", "account_sessions", ["account_id"])
    op.create_table(
        "account_recovery_codes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("lookup", sa.String(8), nullable=False),
        sa.Column("code_hash", sa.String(200), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_account_recovery_codes_account_id_accounts"),
        sa.PrimaryKeyConstraint("id", name="pk_account_recovery_codes"),
    )
    op.create_index("ix_account_recovery_codes_lookup", "account_recovery_codes", ["lookup"])
    op.create_table(
        "account_link_codes",
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], name="fk_account_link_codes_account_id_accounts"),
        sa.PrimaryKeyConstraint("code_hash", name="pk_account_link_codes"),
    )
    op.create_table(
        "account_challenges",
        sa.Column("challenge", sa.String(100), nullable=False),
        sa.Column("purpose", sa.String(12), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("challenge", name="pk_account_challenges"),
    )


def downgrade() -> None:
    op.drop_table("account_challenges")
    op.drop_table("account_link_codes")
    op.drop_index("ix_account_recovery_codes_lookup", table_name="account_recovery_codes")
    op.drop_table("account_recovery_codes")
    op.drop_index("ix_account_sessions_account", table_name="account_sessions")
    op.drop_table("account_sessions")
    op.drop_index("ix_account_passkeys_account", table_name="account_passkeys")
    op.drop_table("account_passkeys")
    op.drop_table("accounts")
