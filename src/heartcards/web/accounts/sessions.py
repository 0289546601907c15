"""Signed-in devices: the `hc_session` cookie, and which account (and so which player id) a request plays as.

The cookie holds a random secret made at each sign-in; the database keeps its SHA-256. A small cache maps a secret's
hash to its account so a tap costs no extra query; signing out removes the entry with the row, and the other servers
of a site (which cannot know) check their entries against the database every few seconds (`CHECK_EVERY`).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from fastapi import Response
from starlette.requests import HTTPConnection

from heartcards.storage.account_repository import AccountRepository

SESSION_COOKIE: Final = "hc_session"
SESSION_COOKIE_SECONDS: Final = 400 * 24 * 3600
CACHE_SIZE: Final = 4096
TOUCH_EVERY: Final = timedelta(minutes=10)
"""A device's "last seen" is written at most this often."""
CHECK_EVERY: Final = timedelta(seconds=5)
"""A cached session is checked against the database again after this long: a session signed out through another
server of the site (whose own cache forgets it at once) is refused here within these seconds."""


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A request's session: which one (its public id), its account and the player id the account plays as."""

    session_id: str
    secret_hash: str
    account_id: str
    player_id: str


@dataclass(frozen=True, slots=True)
class _Cached:
    signed_in: SignedIn
    seen_at: datetime
    """The device's "last seen" as stored."""
    checked_at: datetime
    """When the database last said the session is live."""


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def set_session_cookie(response: Response, secret: str, secure: bool) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        secret,
        max_age=SESSION_COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )


def clear_session_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


class Sessions:
    """The sessions' lookup, with its cache."""

    def __init__(self, repository: AccountRepository) -> None:
        self.repository = repository
        self._cache: OrderedDict[str, _Cached] = OrderedDict()

    def lookup(self, secret: str | None, now: datetime) -> SignedIn | None:
        """The session of a cookie's secret, or None for no cookie or one signed out."""
        if not secret or len(secret) > 100:
            return None
        hashed = secret_hash(secret)
        cached = self._cache.get(hashed)
        if cached is None or now - cached.checked_at >= CHECK_EVERY:
            found = self.repository.session_by_secret(hashed)
            if found is None:
                self._cache.pop(hashed, None)
                return None
            session, player_id = found
            signed_in = SignedIn(session.id, hashed, session.account_id, player_id)
            cached = _Cached(signed_in, session.last_seen_at, now)
        if now - cached.seen_at >= TOUCH_EVERY:
            self.repository.touch_session(cached.signed_in.session_id, now)
            cached = _Cached(cached.signed_in, now, cached.checked_at)
        self._cache[hashed] = cached
        self._cache.move_to_end(hashed)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return cached.signed_in

    def forget(self, secret_hashes: list[str]) -> None:
        for hashed in secret_hashes:
            self._cache.pop(hashed, None)


def session_of(connection: HTTPConnection, now: datetime) -> SignedIn | None:
    """The session a request's cookie names, if the app has accounts and the session is live."""
    sessions: Sessions | None = getattr(connection.app.state, "sessions", None)
    if sessions is None:
        return None
    if "signed_in" in connection.state._state:
        known: SignedIn | None = connection.state.signed_in
        return known
    signed_in = sessions.lookup(connection.cookies.get(SESSION_COOKIE), now)
    connection.state.signed_in = signed_in
    return signed_in
