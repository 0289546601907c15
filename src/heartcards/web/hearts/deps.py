"""The Hearts tables' service as an `Annotated` dependency (`Tables`), for its routes and its socket."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from heartcards.hearts.tables.lobby import LobbyBoard
from heartcards.hearts.tables.relay import Relay
from heartcards.hearts.tables.service import TableService


def tables_of(connection: HTTPConnection) -> TableService:
    """The running app's table service (started by the Hearts router's lifespan)."""
    service: TableService = connection.app.state.hearts_tables
    return service


async def _tables(connection: HTTPConnection) -> TableService:
    return tables_of(connection)


Tables = Annotated[TableService, Depends(_tables)]


async def _relay(connection: HTTPConnection) -> Relay | None:
    relay: Relay | None = getattr(connection.app.state, "hearts_relay", None)
    return relay


RelayDep = Annotated[Relay | None, Depends(_relay)]
"""The relay to the other servers' tables, when servers share the site (None for a server alone)."""


async def _lobby(connection: HTTPConnection) -> LobbyBoard | None:
    board: LobbyBoard | None = getattr(connection.app.state, "hearts_lobby", None)
    return board


LobbyBoardDep = Annotated[LobbyBoard | None, Depends(_lobby)]
"""The site's lobby across servers, when servers share the site (None for a server alone: its own lobby is all)."""
