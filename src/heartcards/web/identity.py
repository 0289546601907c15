"""The anonymous player's identity: an `hc_player` cookie on the first answer to any request outside `/static/`.

A pure ASGI middleware (`PlayerIdentity`) reads the cookie before the app runs; when it is missing or forged it makes
a new id and sets the cookie on whatever the answer is (a page, an API answer, an error), so the first call of a
client written from the docs gets its identity even when it fails. The id is handed to the app in the request's
state (`deps.player_of` reads it). Static files are left alone: they are the same for everyone, and caches may keep
them. `SecurityMiddleware`, outside this one, removes the cookie again from an answer to another site's request.
"""

from __future__ import annotations

import secrets
from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PLAYER_COOKIE: Final = "hc_player"
PLAYER_COOKIE_SECONDS: Final = 365 * 24 * 3600
PLAYER_STATE: Final = "player_id"
"""The request state's key holding the player's id."""
STATIC_PREFIX: Final = "/static/"


def valid_player_id(value: str | None) -> str | None:
    """`value` if it is an id this server makes (32 lowercase hex digits), else None."""
    if value is not None and len(value) == 32 and all(character in "0123456789abcdef" for character in value):
        return value
    return None


def player_cookie_header(player_id: str) -> str:
    """The `Set-Cookie` value of a player's identity: HttpOnly, SameSite=Lax, for a year, for the whole site."""
    response = Response()
    response.set_cookie(
        PLAYER_COOKIE, player_id, max_age=PLAYER_COOKIE_SECONDS, httponly=True, samesite="lax", path="/"
    )
    return response.headers["set-cookie"]


class PlayerIdentity:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(STATIC_PREFIX):
            await self.app(scope, receive, send)
            return
        known = valid_player_id(Request(scope).cookies.get(PLAYER_COOKIE))
        player_id = known or secrets.token_hex(16)
        scope.setdefault("state", {})[PLAYER_STATE] = player_id
        if known is not None:
            await self.app(scope, receive, send)
            return
        cookie = player_cookie_header(player_id)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)
