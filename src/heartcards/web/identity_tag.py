"""Who the pages are showing things to: the `hc_identity` cookie, a digest of the player id that scripts may read.

The player id itself is a secret in an HttpOnly cookie (whoever has it plays as that player), so a page cannot see
it; the digest tells a page only whether the player changed since it last looked. A middleware (`IdentityTag`) sets
the cookie on any answer whose request carried another value, so it follows every change of player (a new guest, a
cleared cookie, a session signed out elsewhere); the account routes that change the player (sign-in, sign-out,
erasure) set it for the player who follows. The page drops what the device kept of the previous person when it
changes (`static/js/identity.js`).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Final

from fastapi import Request, Response
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.web.deps import player_of
from heartcards.web.identity import PLAYER_COOKIE_SECONDS, STATIC_PREFIX

IDENTITY_COOKIE: Final = "hc_identity"

logger = logging.getLogger("heartcards.web")


def identity_tag(player_id: str) -> str:
    """A digest of `player_id` (16 hex digits): the same for one player, and no help in guessing the id."""
    return hashlib.sha256(f"heartcards identity {player_id}".encode()).hexdigest()[:16]


def set_identity_cookie(response: Response, player_id: str) -> None:
    """Names `player_id` as the page's player: readable by scripts, SameSite=Lax, for a year, for the whole site."""
    response.set_cookie(
        IDENTITY_COOKIE, identity_tag(player_id), max_age=PLAYER_COOKIE_SECONDS, samesite="lax", path="/"
    )


class IdentityTag:
    """Sets `hc_identity` on an answer when the request's does not name its player (and the answer sets none)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(STATIC_PREFIX):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        sent = request.cookies.get(IDENTITY_COOKIE)

        async def send_with_tag(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                set_here = any(value.startswith(f"{IDENTITY_COOKIE}=") for value in headers.getlist("set-cookie"))
                if not set_here:
                    try:
                        player_id = player_of(request)
                    except Exception:  # the session could not be looked up: the page keeps the player it knows
                        logger.warning("could not tell the page who its player is", exc_info=True)
                        player_id = None
                    if player_id is not None and identity_tag(player_id) != sent:
                        tagged = Response()
                        set_identity_cookie(tagged, player_id)
                        headers.append("set-cookie", tagged.headers["set-cookie"])
            await send(message)

        await self.app(scope, receive, send_with_tag)
