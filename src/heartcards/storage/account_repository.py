"""How accounts are stored: plain values in and out, one short transaction per call.

Taking a one-time secret (a challenge, a link code, a recovery code) is one DELETE or UPDATE whose row count says
whether this call took it, so two requests racing with the same secret cannot both succeed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, Row, and_, delete, func, insert, select, update

from heartcards.storage.account_models import ACCOUNTS, CHALLENGES, LINK_CODES, PASSKEYS, RECOVERY, SESSIONS
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.hearts_models import LOGS, SEATS, TABLES
from heartcards.storage.models import PLAYERS
from heartcards.storage.rows import record_of


@dataclass(frozen=True, slots=True)
class AccountRecord:
    id: str
    player_id: str
    name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PasskeyRecord:
    id: str
    account_id: str
    public_key: bytes
    sign_count: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


@dataclass(frozen=True, slots=True)
class SessionRecord:
    id: str
    account_id: str
    label: str
    created_at: datetime
    last_seen_at: datetime


@dataclass(frozen=True, slots=True)
class RecoveryCandidate:
    id: int
    account_id: str
    code_hash: str


def _passkey(row: Row[Any]) -> PasskeyRecord:
    return record_of(PasskeyRecord, row, public_key=bytes(row._mapping["public_key"]))


def _plain(value: Any) -> Any:
    """A column's value as JSON can hold it (times as ISO 8601 text)."""
    return value.isoformat() if isinstance(value, datetime) else value


class AccountRepository:
    """Accounts, passkeys, sessions and one-time codes, and what moves or erases a player's games for them."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- accounts -------------------------------------------------------------------------------------------------

    def create_account(self, account: AccountRecord, passkey: PasskeyRecord) -> None:
        """The account, its player (new, empty) and its first passkey, in one transaction."""
        with self.engine.begin() as connection:
            connection.execute(insert(PLAYERS).values(id=account.player_id, created_at=account.created_at))
            connection.execute(
                insert(ACCOUNTS).values(
                    id=account.id, player_id=account.player_id, name=account.name, created_at=account.created_at
                )
            )
            connection.execute(insert(PASSKEYS).values(**_passkey_values(passkey)))

    def account(self, account_id: str) -> AccountRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).first()
        return None if row is None else record_of(AccountRecord, row)

    def rename(self, account_id: str, name: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(name=name))

    # -- passkeys -------------------------------------------------------------------------------------------------

    def add_passkey(self, passkey: PasskeyRecord) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(PASSKEYS).values(**_passkey_values(passkey)))

    def passkey(self, credential_id: str) -> PasskeyRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(PASSKEYS).where(PASSKEYS.c.id == credential_id)).first()
        return None if row is None else _passkey(row)

    def passkeys(self, account_id: str) -> list[PasskeyRecord]:
        query = select(PASSKEYS).where(PASSKEYS.c.account_id == account_id).order_by(PASSKEYS.c.created_at)
        with self.engine.connect() as connection:
            return [_passkey(row) for row in connection.execute(query)]

    def use_passkey(self, credential_id: str, old_count: int, new_count: int, now: datetime) -> bool:
        """Record a sign-in with the passkey; False when another sign-in moved its counter meanwhile."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(PASSKEYS)
                .where(PASSKEYS.c.id == credential_id, PASSKEYS.c.sign_count == old_count)
                .values(sign_count=new_count, last_used_at=now)
            )
        return result.rowcount == 1

    def remove_passkey(self, account_id: str, credential_id: str) -> bool:
        """Remove one of the account's passkeys, never its last one; whether it was removed."""
        with self.engine.begin() as connection:
            count = connection.execute(
                select(func.count()).select_from(PASSKEYS).where(PASSKEYS.c.account_id == account_id)
            ).scalar_one()
            if count <= 1:
                return False
            result = connection.execute(
                delete(PASSKEYS).where(PASSKEYS.c.id == credential_id, PASSKEYS.c.account_id == account_id)
            )
        return result.rowcount == 1

    # -- sessions -------------------------------------------------------------------------------------------------

    def create_session(self, session: SessionRecord, secret_hash: str) -> None:
        values = {
            "id": session.id,
            "secret_hash": secret_hash,
            "account_id": session.account_id,
            "label": session.label,
            "created_at": session.created_at,
            "last_seen_at": session.last_seen_at,
        }
        with self.engine.begin() as connection:
            connection.execute(insert(SESSIONS).values(**values))

    def session_by_secret(self, secret_hash: str) -> tuple[SessionRecord, str] | None:
        """The session whose cookie hashes to `secret_hash`, and its account's player id."""
        query = (
            select(SESSIONS, ACCOUNTS.c.player_id)
            .join(ACCOUNTS, ACCOUNTS.c.id == SESSIONS.c.account_id)
            .where(SESSIONS.c.secret_hash == secret_hash)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else (record_of(SessionRecord, row), row._mapping["player_id"])

    def sessions(self, account_id: str) -> list[SessionRecord]:
        query = select(SESSIONS).where(SESSIONS.c.account_id == account_id).order_by(SESSIONS.c.created_at)
        with self.engine.connect() as connection:
            return [record_of(SessionRecord, row) for row in connection.execute(query)]

    def touch_session(self, session_id: str, now: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(SESSIONS).where(SESSIONS.c.id == session_id).values(last_seen_at=now))

    def delete_sessions(self, account_id: str, session_ids: Sequence[str]) -> list[str]:
        """Sign out the account's sessions among `session_ids`; the secret hashes of those removed."""
        where = and_(SESSIONS.c.account_id == account_id, SESSIONS.c.id.in_(list(session_ids)))
        with self.engine.begin() as connection:
            hashes = [row[0] for row in connection.execute(select(SESSIONS.c.secret_hash).where(where))]
            connection.execute(delete(SESSIONS).where(where))
        return hashes

    # -- one-time secrets -----------------------------------------------------------------------------------------

    def save_challenge(
        self, challenge: str, purpose: str, account_id: str | None, now: datetime, expires_at: datetime
    ) -> None:
        """Keep a new challenge (and drop the expired ones, so unanswered ceremonies do not pile up)."""
        values = {"challenge": challenge, "purpose": purpose, "account_id": account_id, "expires_at": expires_at}
        with self.engine.begin() as connection:
            connection.execute(delete(CHALLENGES).where(CHALLENGES.c.expires_at < now))
            connection.execute(insert(CHALLENGES).values(**values))

    def take_challenge(self, challenge: str, purpose: str, now: datetime) -> tuple[bool, str | None]:
        """Take the challenge (it can be taken once): whether it was there unexpired, and the account it was for."""
        with self.engine.begin() as connection:
            connection.execute(delete(CHALLENGES).where(CHALLENGES.c.expires_at < now))
            row = connection.execute(
                select(CHALLENGES.c.account_id).where(
                    CHALLENGES.c.challenge == challenge, CHALLENGES.c.purpose == purpose
                )
            ).first()
            if row is None:
                return False, None
            taken = connection.execute(delete(CHALLENGES).where(CHALLENGES.c.challenge == challenge)).rowcount
        return taken == 1, row[0]

    def save_link_code(self, code_hash: str, account_id: str, expires_at: datetime, now: datetime) -> None:
        """Keep the account's new link code in place of its earlier one (one device is linked at a time, and an
        account asking codes over and over leaves one row), and drop every expired code."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(LINK_CODES).where((LINK_CODES.c.account_id == account_id) | (LINK_CODES.c.expires_at < now))
            )
            connection.execute(
                insert(LINK_CODES).values(code_hash=code_hash, account_id=account_id, expires_at=expires_at)
            )

    def take_link_code(self, code_hash: str, now: datetime) -> str | None:
        """The account of an unexpired link code, which is used up by this call; None otherwise."""
        with self.engine.begin() as connection:
            connection.execute(delete(LINK_CODES).where(LINK_CODES.c.expires_at < now))
            row = connection.execute(select(LINK_CODES.c.account_id).where(LINK_CODES.c.code_hash == code_hash)).first()
            if row is None:
                return None
            taken = connection.execute(delete(LINK_CODES).where(LINK_CODES.c.code_hash == code_hash)).rowcount
        return str(row[0]) if taken == 1 else None

    def replace_recovery_codes(self, account_id: str, codes: Sequence[tuple[str, str]]) -> None:
        """The account's recovery codes become `codes` (lookup, argon2 hash); the old ones stop working."""
        with self.engine.begin() as connection:
            connection.execute(delete(RECOVERY).where(RECOVERY.c.account_id == account_id))
            connection.execute(
                insert(RECOVERY),
                [{"account_id": account_id, "lookup": lookup, "code_hash": hashed} for lookup, hashed in codes],
            )

    def recovery_candidates(self, lookup: str) -> list[RecoveryCandidate]:
        """The unused recovery codes whose lookup prefix is `lookup` (almost always one, or none)."""
        query = select(RECOVERY).where(RECOVERY.c.lookup == lookup, RECOVERY.c.used_at.is_(None))
        with self.engine.connect() as connection:
            return [record_of(RecoveryCandidate, row) for row in connection.execute(query)]

    def use_recovery_code(self, code_id: int, now: datetime) -> bool:
        with self.engine.begin() as connection:
            result = connection.execute(
                update(RECOVERY).where(RECOVERY.c.id == code_id, RECOVERY.c.used_at.is_(None)).values(used_at=now)
            )
        return result.rowcount == 1

    def unused_recovery_codes(self, account_id: str) -> int:
        query = (
            select(func.count())
            .select_from(RECOVERY)
            .where(RECOVERY.c.account_id == account_id, RECOVERY.c.used_at.is_(None))
        )
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one())

    # -- players' games ---------------------------------------------------------------------------------------------

    def merge_players(self, guest_id: str, player_id: str) -> None:
        """Move every game of the guest player to `player_id` (each row moves once: nothing is copied), then forget
        the guest player."""
        if guest_id == player_id:
            return
        with self.engine.begin() as connection:
            connection.execute(update(GAMES).where(GAMES.c.player_id == guest_id).values(player_id=player_id))
            connection.execute(update(SEATS).where(SEATS.c.player_id == guest_id).values(player_id=player_id))
            connection.execute(delete(PLAYERS).where(PLAYERS.c.id == guest_id))

    def export(self, account_id: str) -> dict[str, Any]:
        """Everything stored about the account: itself, its passkeys (no keys), sessions, the state of its recovery
        codes, every Heart to Heart game and every Hearts table it sat at with that table's deal logs."""
        with self.engine.connect() as connection:
            account = connection.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).one()._mapping
            player_id = account["player_id"]
            passkeys = connection.execute(
                select(PASSKEYS.c.id, PASSKEYS.c.name, PASSKEYS.c.created_at, PASSKEYS.c.last_used_at).where(
                    PASSKEYS.c.account_id == account_id
                )
            )
            sessions = connection.execute(
                select(SESSIONS.c.id, SESSIONS.c.label, SESSIONS.c.created_at, SESSIONS.c.last_seen_at).where(
                    SESSIONS.c.account_id == account_id
                )
            )
            recovery = connection.execute(select(RECOVERY.c.used_at).where(RECOVERY.c.account_id == account_id)).all()
            games = connection.execute(select(GAMES).where(GAMES.c.player_id == player_id).order_by(GAMES.c.created_at))
            seats = connection.execute(select(SEATS).where(SEATS.c.player_id == player_id)).all()
            tables = _hearts_tables(connection, [row._mapping["table_id"] for row in seats])
            return {
                "account": {name: _plain(account[name]) for name in ("id", "name", "player_id", "created_at")},
                "passkeys": [_row(row) for row in passkeys],
                "sessions": [_row(row) for row in sessions],
                "recovery_codes": {"total": len(recovery), "unused": sum(row[0] is None for row in recovery)},
                "h2h_games": [_row(row) for row in games],
                "hearts_games": [
                    {**tables[row._mapping["table_id"]], "my_seat": _row(row, drop=("token_hash",))} for row in seats
                ],
            }

    def delete_account(self, account_id: str) -> list[str]:
        """Erase the account at once: its name, passkeys, sessions, codes, its own games. Hearts tables where other
        people sat keep their game with this seat nameless and unowned; tables it played alone go. The secret hashes
        of its sessions are returned, so caches can drop them."""
        with self.engine.begin() as connection:
            row = connection.execute(select(ACCOUNTS.c.player_id).where(ACCOUNTS.c.id == account_id)).first()
            if row is None:
                return []
            player_id = row[0]
            hashes = [
                hashed
                for (hashed,) in connection.execute(
                    select(SESSIONS.c.secret_hash).where(SESSIONS.c.account_id == account_id)
                )
            ]
            for table in (SESSIONS, PASSKEYS, RECOVERY, LINK_CODES):
                connection.execute(delete(table).where(table.c.account_id == account_id))
            connection.execute(delete(CHALLENGES).where(CHALLENGES.c.account_id == account_id))
            connection.execute(delete(ACCOUNTS).where(ACCOUNTS.c.id == account_id))
            connection.execute(delete(GAMES).where(GAMES.c.player_id == player_id))
            _erase_seats(connection, player_id)
            connection.execute(delete(PLAYERS).where(PLAYERS.c.id == player_id))
        return hashes


def _passkey_values(passkey: PasskeyRecord) -> dict[str, Any]:
    return {
        "id": passkey.id,
        "account_id": passkey.account_id,
        "public_key": passkey.public_key,
        "sign_count": passkey.sign_count,
        "name": passkey.name,
        "created_at": passkey.created_at,
        "last_used_at": passkey.last_used_at,
    }


def _row(row: Row[Any] | Any, drop: Sequence[str] = ()) -> dict[str, Any]:
    return {name: _plain(value) for name, value in row._mapping.items() if name not in drop}


def _hearts_tables(connection: Connection, table_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The Hearts tables of `table_ids` as exported: rules, status, times, every seat's name and result, deal logs."""
    found: dict[str, dict[str, Any]] = {}
    if not table_ids:
        return found
    columns = [TABLES.c[name] for name in ("id", "mode", "variant", "target", "status", "created_at", "finished_at")]
    for row in connection.execute(select(*columns).where(TABLES.c.id.in_(table_ids))):
        found[row._mapping["id"]] = {"table": _row(row), "seats": [], "deal_logs": []}
    seats = select(SEATS).where(SEATS.c.table_id.in_(table_ids)).order_by(SEATS.c.table_id, SEATS.c.seat)
    for row in connection.execute(seats):
        found[row._mapping["table_id"]]["seats"].append(_row(row, drop=("token_hash", "player_id", "table_id")))
    logs = select(LOGS).where(LOGS.c.table_id.in_(table_ids)).order_by(LOGS.c.table_id, LOGS.c.deal)
    for row in connection.execute(logs):
        found[row._mapping["table_id"]]["deal_logs"].append(json.loads(row._mapping["log"]))
    return found


def _erase_seats(connection: Connection, player_id: str) -> None:
    """The player's Hearts seats: nameless and unowned where another person sat at the table, gone with the table
    where nobody else did."""
    table_ids = [row[0] for row in connection.execute(select(SEATS.c.table_id).where(SEATS.c.player_id == player_id))]
    for table_id in set(table_ids):
        others = connection.execute(
            select(func.count())
            .select_from(SEATS)
            .where(
                SEATS.c.table_id == table_id,
                SEATS.c.kind == "human",
                (SEATS.c.player_id != player_id) | SEATS.c.player_id.is_(None),
            )
        ).scalar_one()
        if others:
            connection.execute(
                update(SEATS)
                .where(SEATS.c.table_id == table_id, SEATS.c.player_id == player_id)
                .values(name="", player_id=None, token_hash=None)
            )
        else:
            for table in (LOGS, SEATS):
                connection.execute(delete(table).where(table.c.table_id == table_id))
            connection.execute(delete(TABLES).where(TABLES.c.id == table_id))
