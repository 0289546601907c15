"""The Hearts tables' service as an `Annotated` dependency (`Tables`), for its routes and its socket."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from heartcards.hearts.tables.lobby import LobbyBoard
from heartcards.hearts.tables.relay import Relay
from heartcards.hearts.tables.service import TableService
from heartcards.web.deps import app_state, optional_app_state

Tables = Annotated[TableService, Depends(app_state("hearts_tables", TableService))]
"""The running app's table service (started by `hearts_lifespan`)."""

RelayDep = Annotated[Relay | None, Depends(optional_app_state("hearts_relay", Relay))]
"""The relay to the other servers' tables, when servers share the site (None for a server alone)."""

LobbyBoardDep = Annotated[LobbyBoard | None, Depends(optional_app_state("hearts_lobby", LobbyBoard))]
"""The site's lobby across servers, when servers share the site (None for a server alone: its own lobby is all)."""
