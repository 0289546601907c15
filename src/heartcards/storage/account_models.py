"""Accounts, as SQLAlchemy 2 typed models (schema: migration 0003).

An account owns one player id (`players.id`), the unit every game row already belongs to: a device signed in to the
account plays as that player, and a device's guest player joining the account has its rows moved over. Secrets are
never stored as they are: sessions and link codes by their SHA-256, recovery codes by an argon2 hash.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from heartcards.storage.models import Base, UTCDateTime, table_of


class Account(Base):
    """A person's account: a display name and the player id their games belong to."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


ACCOUNTS = table_of(Account)


class AccountPasskey(Base):
    """A WebAuthn credential of an account: its id, public key (COSE) and the authenticator's signature counter."""

    __tablename__ = "account_passkeys"
    __table_args__ = (Index("ix_account_passkeys_account", "account_id"),)

    id: Mapped[str] = mapped_column(String(400), primary_key=True)
    """The credential id, base64url."""
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


PASSKEYS = table_of(AccountPasskey)


class AccountSession(Base):
    """A device signed in to an account: the SHA-256 of its session cookie, a label for the device list."""

    __tablename__ = "account_sessions"
    __table_args__ = (Index("ix_account_sessions_account", "account_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """A public id, to name the session in the device list (the cookie's value is never shown)."""
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    label: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime())


SESSIONS = table_of(AccountSession)


class AccountRecoveryCode(Base):
    """One of an account's recovery codes: its public lookup prefix and the argon2 hash of the whole code."""

    __tablename__ = "account_recovery_codes"
    __table_args__ = (Index("ix_account_recovery_codes_lookup", "lookup"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    lookup: Mapped[str] = mapped_column(String(8))
    code_hash: Mapped[str] = mapped_column(String(200))
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


RECOVERY = table_of(AccountRecoveryCode)


class AccountLinkCode(Base):
    """A one-time code a signed-in device shows to sign another device in, by its SHA-256, until it expires."""

    __tablename__ = "account_link_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())


LINK_CODES = table_of(AccountLinkCode)


class AccountChallenge(Base):
    """A WebAuthn challenge handed out for one ceremony: taken (deleted) by the first answer, or expired."""

    __tablename__ = "account_challenges"

    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(12))
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The account adding a passkey (registration on a signed-in device); None for creating and signing in."""
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())


CHALLENGES = table_of(AccountChallenge)
