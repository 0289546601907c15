"""Hearts tables on the web: HTTP routes under `/api/hearts`, live play on `/ws/hearts/{id}`, and the table service
that owns the running tables, and the Hearts pages (docs/hearts-web-api.md is the contract).

`router` carries its own lifespan: included in the app, it starts the `TableService` (loading every running table
from the database) after the app's services, and stops it before them.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI

from heartcards.storage.hearts_repository import HeartsRepository
from heartcards.web.hearts import pages, routes, socket
from heartcards.web.hearts.service import DEAL_PAUSE_SECONDS, TableService

DEAL_PAUSE_VARIABLE = "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS"
BOT_DELAY_VARIABLE = "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS"
DEFAULT_BOT_DELAY_SECONDS = 0.3


def _seconds(variable: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ.get(variable, default)))
    except ValueError:
        return default


@asynccontextmanager
async def hearts_lifespan(app: FastAPI) -> AsyncIterator[None]:
    services = app.state.services
    service = TableService(
        HeartsRepository(services.engine),
        deal_pause_seconds=_seconds(DEAL_PAUSE_VARIABLE, DEAL_PAUSE_SECONDS),
        bot_delay_seconds=_seconds(BOT_DELAY_VARIABLE, DEFAULT_BOT_DELAY_SECONDS),
    )
    app.state.hearts_tables = service
    await service.start()
    try:
        yield
    finally:
        await service.stop()


router = APIRouter(lifespan=hearts_lifespan)
router.include_router(routes.router)
router.include_router(socket.router)
router.include_router(pages.router)

__all__ = ["TableService", "router"]
