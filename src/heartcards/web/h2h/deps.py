"""Heart to Heart's services as an `Annotated` dependency (`H2H`), for its routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from heartcards.web.h2h.services import H2HServices


def h2h_of(connection: HTTPConnection) -> H2HServices:
    """The running app's Heart to Heart services (made by `create_app`)."""
    h2h: H2HServices = connection.app.state.h2h
    return h2h


async def _h2h(connection: HTTPConnection) -> H2HServices:
    return h2h_of(connection)


H2H = Annotated[H2HServices, Depends(_h2h)]
