"""The player's identity: an `hc_player` cookie on the first answer to any request outside `/static/`, and the
`hc_identity` cookie that tells the pages which player they show things to.

A pure ASGI middleware (`PlayerIdentity`) reads the cookie before the app runs; when it is missing or forged it makes
a new id and sets the cookie on whatever the answer is (a page, an API answer, an error), so the first call of a
client written from the docs gets its identity even when it fails. The id is handed to the app in the request's
state (`player_of` reads it, or the account's player on a signed-in device). Static files are left alone: they are
the same for everyone, and caches may keep them. `SecurityMiddleware`, outside this one, removes the cookies again
from an answer to another site's request.

The player id is a secret (whoever has it plays as that player), so its cookie is HttpOnly and no page can see it.
`hc_identity` is a digest of the id that scripts may read: it tells a page only whether the player changed since it
last looked. The middleware sets it on any answer whose request carried another value, so it follows every change of
player (a new guest, a cleared cookie, a session signed out elsewhere); the account routes that change the player
(sign-in, sign-out, erasure) set it for the player who follows. The page then drops what the device kept of the
previous player (`static/js/common/identity.js`).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.runtime.clock import utc_now
from heartcards.web.accounts.sessions import session_of

PLAYER_COOKIE: Final = "hc_player"
PLAYER_COOKIE_SECONDS: Final = 365 * 24 * 3600
PLAYER_STATE: Final = "player_id"
"""The request state's key holding the player's id."""
IDENTITY_COOKIE: Final = "hc_identity"
STATIC_PREFIX: Final = "/static/"

logger = logging.getLogger("heartcards.web")


def valid_player_id(value: str | None) -> str | None:
    """`value` if it is an id this server makes (32 lowercase hex digits), else None."""
    if value is not None and len(value) == 32 and all(character in "0123456789abcdef" for character in value):
        return value
    return None


def _cookie_header(name: str, value: str, *, httponly: bool) -> str:
    """The `Set-Cookie` value of one of the identity cookies: SameSite=Lax, for a year, for the whole site."""
    response = Response()
    response.set_cookie(name, value, max_age=PLAYER_COOKIE_SECONDS, httponly=httponly, samesite="lax", path="/")
    return response.headers["set-cookie"]


def player_cookie_header(player_id: str) -> str:
    """The `Set-Cookie` value of a player's id: HttpOnly, so no page sees it."""
    return _cookie_header(PLAYER_COOKIE, player_id, httponly=True)


def identity_tag(player_id: str) -> str:
    """A digest of `player_id` (16 hex digits): the same for one player, and no help in guessing the id."""
    return hashlib.sha256(f"heartcards identity {player_id}".encode()).hexdigest()[:16]


def identity_cookie_header(player_id: str) -> str:
    """The `Set-Cookie` value that names `player_id` as the pages' player (its `identity_tag`, readable by scripts)."""
    return _cookie_header(IDENTITY_COOKIE, identity_tag(player_id), httponly=False)


def set_identity_cookie(response: Response, player_id: str) -> None:
    """Names `player_id` as the pages' player on `response`."""
    response.headers.append("set-cookie", identity_cookie_header(player_id))


def player_of(request: Request) -> str:
    """The player's id: the account's on a signed-in device (`hc_session`), else the guest's from the `hc_player`
    cookie, which `PlayerIdentity` puts in the request's state (setting the cookie when it is new)."""
    signed_in = session_of(request, utc_now())
    if signed_in is not None:
        return signed_in.player_id
    player_id: str = getattr(request.state, PLAYER_STATE)
    return player_id


def _identity_set(headers: MutableHeaders) -> bool:
    return any(value.startswith(f"{IDENTITY_COOKIE}=") for value in headers.getlist("set-cookie"))


class PlayerIdentity:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(STATIC_PREFIX):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        known = valid_player_id(request.cookies.get(PLAYER_COOKIE))
        player_id = known or secrets.token_hex(16)
        scope.setdefault("state", {})[PLAYER_STATE] = player_id
        new_cookie = None if known is not None else player_cookie_header(player_id)
        shown = request.cookies.get(IDENTITY_COOKIE)

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if new_cookie is not None:
                    headers.append("set-cookie", new_cookie)
                if not _identity_set(headers):  # the account routes name the player who follows them
                    try:
                        playing = player_of(request)
                    except Exception:  # the session could not be looked up: the page keeps the player it knows
                        logger.warning("could not tell the page who its player is", exc_info=True)
                        playing = None
                    if playing is not None and identity_tag(playing) != shown:
                        headers.append("set-cookie", identity_cookie_header(playing))
            await send(message)

        await self.app(scope, receive, send_with_cookies)
