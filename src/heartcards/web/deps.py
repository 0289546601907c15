"""Dependencies shared by both games, as `Annotated` aliases: the app's services, the player's identity and the
request's language. Each game adds its own services' alias in its `deps` module (`web.h2h.deps`,
`web.hearts.deps`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from heartcards.web.i18n import language_of
from heartcards.web.identity import PLAYER_STATE
from heartcards.web.services import Services


def player_of(request: Request) -> str:
    """The player's id, from the `hc_player` cookie or new: `identity.PlayerIdentity` puts it in the request's state
    (and sets the cookie on the answer when it is new)."""
    player_id: str = getattr(request.state, PLAYER_STATE)
    return player_id


def services_of(connection: HTTPConnection) -> Services:
    """The app's shared services (a request's or a socket's)."""
    services: Services = connection.app.state.services
    return services


async def _player(request: Request) -> str:
    return player_of(request)


async def _language(connection: HTTPConnection) -> str:
    return language_of(connection)


async def _services(connection: HTTPConnection) -> Services:
    return services_of(connection)


PlayerId = Annotated[str, Depends(_player)]
Language = Annotated[str, Depends(_language)]
ServicesDep = Annotated[Services, Depends(_services)]
