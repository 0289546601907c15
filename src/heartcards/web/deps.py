"""Dependencies shared by both games, as `Annotated` aliases: the app's services, the player's identity and the
request's language. Each game adds its own services' alias in its `deps` module (`web.h2h.deps`,
`web.hearts.deps`)."""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Final

from fastapi import Depends, Request, Response
from starlette.requests import HTTPConnection

from heartcards.web.accounts.sessions import session_of
from heartcards.web.clock import utc_now
from heartcards.web.i18n import language_of
from heartcards.web.services import Services

PLAYER_COOKIE: Final = "hc_player"
PLAYER_COOKIE_SECONDS: Final = 365 * 24 * 3600
_PLAYER_ID = re.compile(r"[0-9a-f]{32}")


def valid_player_id(value: str | None) -> str | None:
    return value if value is not None and _PLAYER_ID.fullmatch(value) else None


def set_player_cookie(response: Response, player_id: str) -> None:
    response.set_cookie(
        PLAYER_COOKIE, player_id, max_age=PLAYER_COOKIE_SECONDS, httponly=True, samesite="lax", path="/"
    )


def player_of(request: Request, response: Response) -> str:
    """The player's id: the account's on a signed-in device (`hc_session`), else the guest's from the `hc_player`
    cookie, a new one (and its cookie) when missing or forged."""
    known: str | None = getattr(request.state, "player_id", None)
    if known is not None:
        return known
    signed_in = session_of(request, utc_now())
    if signed_in is not None:
        request.state.player_id = signed_in.player_id
        return signed_in.player_id
    player_id = valid_player_id(request.cookies.get(PLAYER_COOKIE))
    if player_id is None:
        player_id = secrets.token_hex(16)
        set_player_cookie(response, player_id)
    request.state.player_id = player_id
    return player_id


def services_of(connection: HTTPConnection) -> Services:
    """The app's shared services (a request's or a socket's)."""
    services: Services = connection.app.state.services
    return services


async def _player(request: Request, response: Response) -> str:
    return player_of(request, response)


async def _language(connection: HTTPConnection) -> str:
    return language_of(connection)


async def _services(connection: HTTPConnection) -> Services:
    return services_of(connection)


PlayerId = Annotated[str, Depends(_player)]
Language = Annotated[str, Depends(_language)]
ServicesDep = Annotated[Services, Depends(_services)]
