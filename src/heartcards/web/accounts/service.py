"""What accounts do: create one with a passkey, sign a device in (passkey, link code, recovery code), list and sign
out devices, manage passkeys and codes, export and erase.

Every sign-in ends the same way (`_sign_in`): the device's guest player, if it had one, is merged into the account's
player (its rows move, then the games in memory follow through `PlayerStore`s), and a new session is made, the
request's old one, if any, signed out.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final, Protocol, TypeVar

from heartcards.runtime.counters import Counters
from heartcards.runtime.fair_queue import FairQueue
from heartcards.storage.account_repository import (
    AccountRecord,
    AccountRepository,
    PasskeyRecord,
    RecoveryCandidate,
    SessionRecord,
)
from heartcards.web.accounts import codes, passkeys
from heartcards.web.accounts.errors import (
    CodeRefusedError,
    DeviceNotFoundError,
    HashingBusyError,
    LastPasskeyError,
    PasskeyNotFoundError,
    PasskeyRefusedError,
    TooManyAttemptsError,
    TooManyPasskeysError,
)
from heartcards.web.accounts.passkeys import RelyingParty
from heartcards.web.accounts.sessions import Sessions, SignedIn, secret_hash
from heartcards.web.accounts.throttle import (
    CEREMONIES_PER_ADDRESS,
    EXPORTS_PER_ACCOUNT,
    FAILURES_PER_ACCOUNT,
    FAILURES_PER_ADDRESS,
    LINK_CODES_PER_ACCOUNT,
    RENEWALS_PER_ACCOUNT,
    Throttle,
)
from heartcards.web.errors import TooManyRequestsError

T = TypeVar("T")

CHALLENGE_LIFETIME: Final = timedelta(minutes=5)
LINK_CODE_LIFETIME: Final = timedelta(minutes=10)
PASSKEYS_PER_ACCOUNT: Final = 20
"""Passkeys one account may hold (a phone, a laptop, a security key or two, a few more): each is a row and a line in
the account's page; one more answers 409 `account.error.too_many_passkeys`."""
SESSIONS_PER_ACCOUNT: Final = 50
"""Devices signed in to one account at once; signing in one more signs out the one seen longest ago. More than anyone
has, and a bound on what one account signing in over and over could otherwise write (a row, and a line in the list
of its devices, each time)."""
REGISTER: Final = "register"
SIGN_IN: Final = "sign_in"
HASHING_NICENESS: Final = 10
HASHES_WAITING_PER_ADDRESS: Final = 16
"""Hashing jobs an address may have waiting (a school's people behind one address making their accounts at once)."""


def _below_the_server() -> None:
    """Nices the calling thread alone: on Linux, where a thread has its own niceness (elsewhere it would be the whole
    server's, so the thread runs at the server's)."""
    if sys.platform == "linux":
        os.nice(HASHING_NICENESS)


HASHING: Final = ThreadPoolExecutor(1, "account-hashing", _below_the_server)
"""Where the recovery codes' argon2 hashes are made and checked: one job at a time, in a thread nicer than the server,
so that a flood of them takes one core at most and the event loop goes first. Not in the idle scheduling class of the
computer players' workers: a machine whose cores are busy starves that class, and a new account would wait a minute
for its codes (three seconds at this niceness). The jobs reach it through a fair queue (`AccountService.hashing`)."""


class PlayerStore(Protocol):
    """What keeps players' games in memory (Heart to Heart's games, the Hearts tables) and must follow a merge."""

    def reassign_player(self, old_player_id: str, new_player_id: str) -> None: ...

    def forget_player(self, player_id: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Device:
    """Who is asking: their session (if signed in), their guest player id (if any), address and device label."""

    signed_in: SignedIn | None
    guest_player_id: str | None
    address: str
    label: str


@dataclass(frozen=True, slots=True)
class NewSession:
    secret: str
    signed_in: SignedIn


async def _in_hashing_thread(work: Callable[..., T], *arguments: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(HASHING, work, *arguments)


def _matching_code(code: str, candidates: Sequence[RecoveryCandidate]) -> RecoveryCandidate | None:
    """The candidate whose hash `code` matches. With no candidate, a dummy hash is checked all the same: a code whose
    lookup names no account costs the time of one that does."""
    if not candidates:
        codes.recovery_code_matches(code, None)
        return None
    return next((found for found in candidates if codes.recovery_code_matches(code, found.code_hash)), None)


async def _taken(throttle: Throttle, key: str) -> str:
    """One event of `key` counted against `throttle`: its ticket; `TooManyAttemptsError` past the limit."""
    ticket = await throttle.take(key)
    if ticket is None:
        raise TooManyAttemptsError()
    return ticket


class AccountService:
    def __init__(
        self,
        repository: AccountRepository,
        sessions: Sessions,
        stores: Callable[[], Sequence[PlayerStore]],
        clock: Callable[[], datetime],
        counters: Counters,
    ) -> None:
        self.repository = repository
        self.sessions = sessions
        self.stores = stores
        self.clock = clock
        self.failures_by_address = Throttle(counters, "account.failures.address", FAILURES_PER_ADDRESS)
        self.failures_by_account = Throttle(counters, "account.failures.account", FAILURES_PER_ACCOUNT)
        self.ceremonies_by_address = Throttle(counters, "account.ceremonies.address", CEREMONIES_PER_ADDRESS)
        self.renewals_by_account = Throttle(counters, "account.renewals", RENEWALS_PER_ACCOUNT)
        self.exports_by_account = Throttle(counters, "account.exports", EXPORTS_PER_ACCOUNT)
        self.link_codes_by_account = Throttle(counters, "account.link_codes", LINK_CODES_PER_ACCOUNT)
        self.hashing = FairQueue(_in_hashing_thread, HashingBusyError, HASHES_WAITING_PER_ADDRESS)
        """The hashing thread's jobs, a line per client address taking turns: an address renewing the codes of many
        accounts at once delays another's new account or recovery by one of its jobs besides the one under way (some
        300 ms each), not by its whole flood."""

    # -- limits ---------------------------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _attempt(self, throttle: Throttle, key: str | None) -> AsyncIterator[None]:
        """One attempt counted against `throttle` for `key` (none without a key), refused past its limit. It stays
        counted only if it fails (a refused passkey or code): a throttle counts the failures, and the attempts under
        way, so that a burst of them cannot slip past the limit together."""
        if key is None:
            yield
            return
        ticket = await _taken(throttle, key)
        try:
            yield
        except (PasskeyRefusedError, CodeRefusedError):
            raise
        except Exception:
            await throttle.give_back(key, ticket)
            raise
        await throttle.give_back(key, ticket)

    @contextlib.asynccontextmanager
    async def _use(self, throttle: Throttle, key: str) -> AsyncIterator[None]:
        """One use counted against `throttle` for `key`, refused past its limit. A use that its address's full line
        refused before it ran (`HashingBusyError`, `TooManyRequestsError`) is given back: nothing was done for it."""
        ticket = await _taken(throttle, key)
        try:
            yield
        except (HashingBusyError, TooManyRequestsError):
            await throttle.give_back(key, ticket)
            raise

    async def _new_challenge(self, purpose: str, account_id: str | None, address: str) -> bytes:
        await _taken(self.ceremonies_by_address, address)
        challenge = secrets.token_bytes(32)
        moment = self.clock()
        self.repository.save_challenge(
            passkeys.b64url(challenge), purpose, account_id, moment, moment + CHALLENGE_LIFETIME
        )
        return challenge

    def _take_challenge(self, credential: dict[str, Any], purpose: str) -> tuple[str, str | None]:
        challenge = passkeys.answered_challenge(credential)
        taken, account_id = self.repository.take_challenge(challenge, purpose, self.clock())
        if not taken:
            raise PasskeyRefusedError()
        return challenge, account_id

    # -- creating an account, adding passkeys ---------------------------------------------------------------------

    async def registration_options(self, party: RelyingParty, device: Device, name: str) -> dict[str, Any]:
        """Options to create a passkey: for a new account, or for the signed-in account (another passkey)."""
        signed_in = device.signed_in
        account_id = signed_in.account_id if signed_in else None
        challenge = await self._new_challenge(REGISTER, account_id, device.address)
        if signed_in is None:
            return passkeys.registration_options(party, challenge, secrets.token_bytes(16), name, [])
        account = self.repository.account(signed_in.account_id)
        existing = [passkey.id for passkey in self.repository.passkeys(signed_in.account_id)]
        if len(existing) >= PASSKEYS_PER_ACCOUNT:  # said before the person's device asks them for a new passkey
            raise TooManyPasskeysError(limit=PASSKEYS_PER_ACCOUNT)
        shown = account.name if account else name
        return passkeys.registration_options(party, challenge, signed_in.account_id.encode(), shown, existing)

    async def register(
        self, party: RelyingParty, device: Device, credential: dict[str, Any], name: str
    ) -> tuple[NewSession | None, list[str]]:
        """Check a new passkey. Signed in: it joins the account (no new session, no codes). Otherwise: a new account
        with the device's games, a session, and its ten recovery codes (shown once; hashed in a thread)."""
        async with self._attempt(self.failures_by_address, device.address):
            challenge, account_id = self._take_challenge(credential, REGISTER)
            async with self._attempt(self.failures_by_account, account_id):
                new = passkeys.verify_registration(party, credential, challenge)
        now = self.clock()
        signed_in = device.signed_in
        if account_id is not None:
            if signed_in is None or signed_in.account_id != account_id:
                raise PasskeyRefusedError()
            if len(self.repository.passkeys(account_id)) >= PASSKEYS_PER_ACCOUNT:  # two ceremonies begun at once
                raise TooManyPasskeysError(limit=PASSKEYS_PER_ACCOUNT)
            self.repository.add_passkey(
                PasskeyRecord(new.id, account_id, new.public_key, new.sign_count, device.label, now, None)
            )
            return None, []
        if self.repository.passkey(new.id) is not None:
            raise PasskeyRefusedError()
        account = AccountRecord(secrets.token_hex(16), secrets.token_hex(16), name, now)
        self.repository.create_account(
            account, PasskeyRecord(new.id, account.id, new.public_key, new.sign_count, device.label, now, None)
        )
        recovery = await self.hashing.submit(device.address, self._new_recovery_codes, account.id)
        return self._sign_in(device, account.id, account.player_id), recovery

    def remove_passkey(self, signed_in: SignedIn, credential_id: str) -> None:
        if all(passkey.id != credential_id for passkey in self.repository.passkeys(signed_in.account_id)):
            raise PasskeyNotFoundError()
        if not self.repository.remove_passkey(signed_in.account_id, credential_id):
            raise LastPasskeyError()

    # -- signing in -----------------------------------------------------------------------------------------------

    async def sign_in_options(self, party: RelyingParty, device: Device) -> dict[str, Any]:
        async with self._attempt(self.failures_by_address, device.address):  # refused past the failures' limit
            challenge = await self._new_challenge(SIGN_IN, None, device.address)
        return passkeys.authentication_options(party, challenge)

    async def sign_in(self, party: RelyingParty, device: Device, credential: dict[str, Any]) -> NewSession:
        """Sign in with a passkey's assertion: its challenge taken (once), its origin, signature and counter right."""
        async with self._attempt(self.failures_by_address, device.address):
            challenge, _ = self._take_challenge(credential, SIGN_IN)
            passkey = self.repository.passkey(passkeys.credential_id(credential))
            if passkey is None:
                raise PasskeyRefusedError()
            async with self._attempt(self.failures_by_account, passkey.account_id):
                count = passkeys.verify_assertion(party, credential, challenge, passkey.public_key, passkey.sign_count)
                if not self.repository.use_passkey(passkey.id, passkey.sign_count, count, self.clock()):
                    raise PasskeyRefusedError()
        account = self.repository.account(passkey.account_id)
        if account is None:  # pragma: no cover - passkeys go with their account
            raise PasskeyRefusedError()
        return self._sign_in(device, account.id, account.player_id)

    async def new_link_code(self, signed_in: SignedIn) -> tuple[str, datetime]:
        """A code that signs another device in to the account, in place of its earlier one; refused past
        `LINK_CODES_PER_ACCOUNT` a window."""
        await _taken(self.link_codes_by_account, signed_in.account_id)
        code = codes.new_link_code()
        now = self.clock()
        expires_at = now + LINK_CODE_LIFETIME
        self.repository.save_link_code(codes.link_code_hash(code), signed_in.account_id, expires_at, now)
        return code, expires_at

    async def use_link_code(self, device: Device, typed: str) -> NewSession:
        async with self._attempt(self.failures_by_address, device.address):
            code = codes.normalize_code(typed, codes.LINK_CODE_LENGTH)
            taken = None if code is None else self.repository.take_link_code(codes.link_code_hash(code), self.clock())
            account = None if taken is None else self.repository.account(taken)
            if account is None:
                raise CodeRefusedError()
        return self._sign_in(device, account.id, account.player_id)

    async def use_recovery_code(self, device: Device, typed: str) -> NewSession:
        """Sign in with a recovery code, which is used up. A wrong code costs the same time as a right one, and
        answers the same whether or not its lookup names an account. The codes' hashes are checked in a thread."""
        async with contextlib.AsyncExitStack() as attempts:
            await attempts.enter_async_context(self._attempt(self.failures_by_address, device.address))
            code = codes.normalize_code(typed, codes.RECOVERY_CODE_LENGTH)
            candidates = [] if code is None else self.repository.recovery_candidates(codes.recovery_lookup(code))
            for account_id in dict.fromkeys(candidate.account_id for candidate in candidates):
                await attempts.enter_async_context(self._attempt(self.failures_by_account, account_id))
            match = None
            if code is not None:
                match = await self.hashing.submit(device.address, _matching_code, code, candidates)
            if match is None or not self.repository.use_recovery_code(match.id, self.clock()):
                raise CodeRefusedError()
        account = self.repository.account(match.account_id)
        if account is None:  # pragma: no cover - codes go with their account
            raise CodeRefusedError()
        return self._sign_in(device, account.id, account.player_id)

    async def renew_recovery_codes(self, account_id: str, address: str) -> list[str]:
        """Ten new recovery codes for the account (the old ones stop working), as the person is to see them; refused
        past `RENEWALS_PER_ACCOUNT` a window. Hashed in the line of `address`, the client's."""
        async with self._use(self.renewals_by_account, account_id):
            return await self.hashing.submit(address, self._new_recovery_codes, account_id)

    def _new_recovery_codes(self, account_id: str) -> list[str]:
        fresh = codes.new_recovery_codes()
        self.repository.replace_recovery_codes(
            account_id, [(codes.recovery_lookup(code), codes.hash_recovery_code(code)) for code in fresh]
        )
        return [codes.shown_recovery_code(code) for code in fresh]

    def _sign_in(self, device: Device, account_id: str, player_id: str) -> NewSession:
        if device.signed_in is not None:
            self.sign_out(device.signed_in, [device.signed_in.session_id])
        elif device.guest_player_id is not None and device.guest_player_id != player_id:
            self.repository.merge_players(device.guest_player_id, player_id)
            for store in self.stores():
                store.reassign_player(device.guest_player_id, player_id)
        secret = secrets.token_urlsafe(32)
        now = self.clock()
        session = SessionRecord(secrets.token_hex(16), account_id, device.label, now, now)
        hashed = secret_hash(secret)
        self.repository.create_session(session, hashed)
        signed_in = self.repository.sessions(account_id)
        if len(signed_in) > SESSIONS_PER_ACCOUNT:
            by_last_seen = sorted(signed_in, key=lambda kept: kept.last_seen_at, reverse=True)
            stale = [kept.id for kept in by_last_seen[SESSIONS_PER_ACCOUNT:]]
            self.sessions.forget(self.repository.delete_sessions(account_id, stale))
        return NewSession(secret, SignedIn(session.id, hashed, account_id, player_id))

    # -- devices, export, erasure ---------------------------------------------------------------------------------

    def sign_out(self, signed_in: SignedIn, session_ids: Sequence[str]) -> None:
        removed = self.repository.delete_sessions(signed_in.account_id, session_ids)
        if not removed:
            raise DeviceNotFoundError()
        self.sessions.forget(removed)

    def sign_out_others(self, signed_in: SignedIn) -> None:
        others = [
            session.id
            for session in self.repository.sessions(signed_in.account_id)
            if session.id != signed_in.session_id
        ]
        if others:
            self.sign_out(signed_in, others)

    def counted_export(self, signed_in: SignedIn) -> contextlib.AbstractAsyncContextManager[None]:
        """An export counted against the account's while it is read and written out; refused past
        `EXPORTS_PER_ACCOUNT` a window, and not counted when its address's line of reads refuses it."""
        return self._use(self.exports_by_account, signed_in.account_id)

    def export(self, signed_in: SignedIn) -> dict[str, Any]:
        return self.repository.export(signed_in.account_id)

    def delete(self, signed_in: SignedIn) -> None:
        """Erase the account now (see `AccountRepository.delete_account`), and its games in memory."""
        self.sessions.forget(self.repository.delete_account(signed_in.account_id))
        for store in self.stores():
            store.forget_player(signed_in.player_id)
