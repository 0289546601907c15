"""The Hearts router the app joins to its routes: the HTTP routes, the socket and the pages; and `hearts_lifespan`,
which the app's lifespan enters: it starts the `TableService` (loading the running tables from the database, or,
when servers share the site, taking tables under leases) after the app's services, and stops it before them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from fastapi import APIRouter, FastAPI

from heartcards.hearts.tables.lobby import LobbyBoard
from heartcards.hearts.tables.ownership import Ownership, server_name
from heartcards.hearts.tables.quotas import TABLES_RULE
from heartcards.hearts.tables.relay import Relay
from heartcards.hearts.tables.service import TableService
from heartcards.hearts.tables.thinking import Thinkers
from heartcards.runtime.counters import RedisBuckets, RedisHolds
from heartcards.runtime.quotas import CreationQuota
from heartcards.storage.hearts_leases import TableLeases
from heartcards.storage.hearts_repository import HeartsRepository
from heartcards.web.hearts import pages, ratings, routes, socket
from heartcards.web.routing import join
from heartcards.web.services import Services


@asynccontextmanager
async def hearts_lifespan(app: FastAPI) -> AsyncIterator[None]:
    services: Services = app.state.services
    settings = services.settings
    ownership = None
    name = server_name(settings.route)
    if settings.shared:
        ownership = Ownership(TableLeases(services.engine, name, settings.lease_seconds), services.metrics)
    service = TableService(
        HeartsRepository(services.engine),
        deal_pause_seconds=services.settings.hearts_deal_pause_seconds,
        bot_delay_seconds=services.settings.hearts_bot_delay_seconds,
        running_absence=timedelta(seconds=services.settings.hearts_running_absence_seconds),
        metrics=services.metrics,
        ownership=ownership,
        quota=CreationQuota(services.counters, TABLES_RULE, settings.unlimited_networks),
        socket_holds=None if services.redis is None else RedisHolds(services.redis.client),
        message_buckets=None if services.redis is None else RedisBuckets(services.redis.client),
        thinkers=Thinkers(services.workers),
    )
    app.state.hearts_tables = service
    relay = board = None
    if services.redis is not None:
        relay = Relay(services.redis, name, service, services.metrics)
        board = LobbyBoard(services.redis, name, service.lobby, services.metrics)
        service.lobby_changed = board.changed
    app.state.hearts_relay = relay
    app.state.hearts_lobby = board
    await service.start()
    services.drainers.append(service.drain)
    if relay is not None and board is not None:
        relay.start()
        board.start()
        services.drainers.append(relay.drain)  # after the leases are let go: their sockets elsewhere reconnect
        services.drainers.append(board.stop)  # last: nothing of the handover waits for it (its entry expires anyway)
    try:
        yield
    finally:
        if relay is not None and board is not None:
            await board.stop()
            await relay.stop()
        await service.stop()


router = APIRouter()
join(router, routes.router, ratings.router, socket.router, pages.router)

__all__ = ["TableService", "router"]
