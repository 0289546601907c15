"""Dependencies shared by both games, as `Annotated` aliases: the app's services, the player's identity and the
request's language. Each game adds its own services' alias in its `deps` module (`web.h2h.deps`,
`web.hearts.deps`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from heartcards.runtime.clients import FORWARDED_HEADER, client_address, group_key
from heartcards.web.i18n import language_of
from heartcards.web.identity import player_of
from heartcards.web.services import Services

T = TypeVar("T")


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


def app_state(name: str, kind: type[T]) -> Callable[[HTTPConnection], Awaitable[T]]:
    """A dependency on what the app keeps as `state.<name>` (of type `kind`). Async, so FastAPI reads it on the
    event loop and not in a worker thread."""

    async def read(connection: HTTPConnection) -> T:
        value: T = getattr(connection.app.state, name)
        return value

    return read


def optional_app_state(name: str, kind: type[T]) -> Callable[[HTTPConnection], Awaitable[T | None]]:
    """`app_state` for what the app keeps only in some setups (None otherwise)."""

    async def read(connection: HTTPConnection) -> T | None:
        value: T | None = getattr(connection.app.state, name, None)
        return value

    return read


async def _client(connection: HTTPConnection) -> str:
    return client_key(connection)


PlayerId = Annotated[str, Depends(_player)]
ClientKey = Annotated[str, Depends(_client)]
"""Who the client is for quotas and queues: its address, IPv6 grouped by /64 (`runtime/clients.py`)."""
Language = Annotated[str, Depends(_language)]
ServicesDep = Annotated[Services, Depends(app_state("services", Services))]
