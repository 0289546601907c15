"""Dependencies shared by both games, as `Annotated` aliases: the app's services, the player's identity and the
request's language. Each game adds its own services' alias in its `deps` module (`web.h2h.deps`,
`web.hearts.deps`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from heartcards.runtime.clients import FORWARDED_HEADER, client_address, group_key
from heartcards.web.i18n import language_of
from heartcards.web.identity import player_of
from heartcards.web.services import Services


def client_key(connection: HTTPConnection) -> str:
    """The fairness key of a request's or a socket's client: its address, or the one a trusted proxy forwarded, by
    /64 for IPv6 (`heartcards.runtime.clients`)."""
    proxies = services_of(connection).settings.trusted_proxies
    peer = connection.client.host if connection.client else None
    return group_key(client_address(peer, connection.headers.get(FORWARDED_HEADER), proxies))


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


async def _client(connection: HTTPConnection) -> str:
    return client_key(connection)


PlayerId = Annotated[str, Depends(_player)]
ClientKey = Annotated[str, Depends(_client)]
"""Who the client is for quotas and queues: its address, IPv6 grouped by /64 (`runtime/clients.py`)."""
Language = Annotated[str, Depends(_language)]
ServicesDep = Annotated[Services, Depends(_services)]
