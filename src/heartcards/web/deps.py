"""Dependencies as `Annotated` aliases: the app's services, the player's identity and the request's language."""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Annotated, Final

from fastapi import Depends, Request, Response

from heartcards.web.i18n import LANGUAGE_COOKIE, resolve_language

if TYPE_CHECKING:
    from heartcards.web.services import Services

PLAYER_COOKIE: Final = "hc_player"
PLAYER_COOKIE_SECONDS: Final = 365 * 24 * 3600
_PLAYER_ID = re.compile(r"[0-9a-f]{32}")


def language_of(request: Request) -> str:
    """The request's language: `?lang=`, the `hc_lang` cookie, `Accept-Language`, else English."""
    return resolve_language(
        request.query_params.get("lang"),
        request.cookies.get(LANGUAGE_COOKIE),
        request.headers.get("accept-language"),
    )


def valid_player_id(value: str | None) -> str | None:
    return value if value is not None and _PLAYER_ID.fullmatch(value) else None


def set_player_cookie(response: Response, player_id: str) -> None:
    response.set_cookie(
        PLAYER_COOKIE, player_id, max_age=PLAYER_COOKIE_SECONDS, httponly=True, samesite="lax", path="/"
    )


def player_of(request: Request, response: Response) -> str:
    """The player's id from the `hc_player` cookie; a new one (and its cookie) when missing or forged."""
    known: str | None = getattr(request.state, "player_id", None)
    if known is not None:
        return known
    player_id = valid_player_id(request.cookies.get(PLAYER_COOKIE))
    if player_id is None:
        player_id = secrets.token_hex(16)
        set_player_cookie(response, player_id)
    request.state.player_id = player_id
    return player_id


def services_of(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


async def _player(request: Request, response: Response) -> str:
    return player_of(request, response)


async def _language(request: Request) -> str:
    return language_of(request)


async def _services(request: Request) -> Services:
    return services_of(request)


PlayerId = Annotated[str, Depends(_player)]
Language = Annotated[str, Depends(_language)]
ServicesDep = Annotated["Services", Depends(_services)]
