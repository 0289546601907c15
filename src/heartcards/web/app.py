"""The app factory: wires settings, services, middleware, error handlers, each game's router and the shared ones.

Nothing is created at import time; `create_app(settings)` builds the database engine (running the migrations) and
the in-memory caches. Each game (`web.h2h`, `web.hearts`) brings one router, joined to the app's routes in one line
(`routing.join`); the Hearts one brings its lifespan too.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Final

from fastapi import FastAPI
from starlette.routing import Mount

from heartcards import __version__
from heartcards.runtime.clock import utc_now
from heartcards.runtime.settings import Settings
from heartcards.web import operations, pages, translations
from heartcards.web.accounts.router import router as accounts_router
from heartcards.web.accounts.router import start_accounts
from heartcards.web.errors import install_error_handlers
from heartcards.web.h2h.router import router as h2h_router
from heartcards.web.h2h.services import H2HServices
from heartcards.web.hearts.errors import STATUSES as HEARTS_STATUSES
from heartcards.web.hearts.router import hearts_lifespan
from heartcards.web.hearts.router import router as hearts_router
from heartcards.web.identity import PlayerIdentity
from heartcards.web.limits import BodySizeLimit, RequestsPerClient
from heartcards.web.openapi_document import OPENAPI_URL, install_openapi
from heartcards.web.paths import STATIC_DIR
from heartcards.web.request_ids import RequestIds
from heartcards.web.routing import join
from heartcards.web.security import SecurityMiddleware
from heartcards.web.services import Services
from heartcards.web.static_files import StaticFilesInMemory
from heartcards.web.timing import ServerTiming

API_DESCRIPTION: Final = (
    "Heart to Heart games under /api/h2h and Hearts tables under /api/hearts (live play on the WebSocket "
    "/ws/hearts/{table_id}, whose messages are the HeartsClientMessage and HeartsServerMessage schemas), passkey "
    "accounts under /api/account. Errors are "
    '{"error": {"key", "message", "params"}}, translated into the language of ?lang=, the hc_lang cookie or '
    "Accept-Language. Behaviour: docs/h2h-web-api.md, docs/hearts-web-api.md and docs/accounts-web-api.md."
)
GC_THRESHOLDS: Final = (50_000, 20, 100)
"""The cyclic collector's thresholds while serving (CPython's default is (700, 10, 10)). A busy server has
thousands of coroutines, sockets and queued messages alive at any moment: with the default, every 700 allocations
those in-flight objects are promoted, and every few seconds a full pass walks the ~200 000 live objects of 200
tables (100-300 ms measured, with `benchmarks/tables.py`), stalling every table at once. Nearly all garbage here is
freed by reference counting, so collecting rarely costs little memory and removes those stalls."""


def create_app(settings: Settings | None = None, clock: Callable[[], datetime] = utc_now) -> FastAPI:
    """A ready app on `settings` (default: from the environment); its database is migrated to the latest version.
    `clock` is the wall clock Heart to Heart's games and daily deal read (tests set the day)."""
    settings = settings or Settings.from_environment()
    services = Services.start(settings)
    h2h = H2HServices.start(services, clock)
    services.metrics.solver_queue.set_function(lambda: h2h.solver.queue.waiting)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if settings.solver_warm_up:
            services.workers.warm_up()  # the first hint or decision does not wait for them
        # Everything built so far lives as long as the server: keep it out of the collector's full passes, which
        # would otherwise walk hundreds of thousands of objects in the middle of some tap.
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            async with services.metrics.sampling_loop_delay(), hearts_lifespan(app):
                yield
        finally:
            services.draining = True
            gc.set_threshold(*thresholds)
            if services.redis is not None:
                await services.redis.close()
            services.close()

    app = FastAPI(
        title="Heart Cards",
        version=__version__,
        description=API_DESCRIPTION,
        docs_url=None,  # no docs page: the schema is at /openapi.json and in docs/openapi.json
        redoc_url=None,
        openapi_url=OPENAPI_URL,
        lifespan=lifespan,
    )
    app.state.services = services
    app.state.h2h = h2h
    start_accounts(app, services, store_names=["h2h_games", "hearts_tables"])
    app.state.h2h_games = h2h.games
    install_error_handlers(app, pages.error_page, HEARTS_STATUSES)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    if settings.server_timing:  # debugging and benchmarks only: the timings tell a little about each lookup
        app.add_middleware(ServerTiming)
    app.add_middleware(PlayerIdentity)  # inside the security middleware, which keeps it from cross-site answers
    app.add_middleware(RequestsPerClient)  # a client's requests beyond a few wait before anything is done for them
    app.add_middleware(SecurityMiddleware)
    app.add_middleware(RequestIds)  # outermost: every line logged while a request is handled carries its id
    join(app.router, h2h_router, translations.router, operations.router, hearts_router, accounts_router)
    install_openapi(app)
    join(app.router, pages.router)
    # First of the routes: a page load asks for some forty static files, and FastAPI tries the routes in order, each
    # at a cost (docs/figures.md).
    app.router.routes.insert(0, Mount("/static", StaticFilesInMemory(STATIC_DIR), name="static"))
    return app
