"""What one running app holds for both games: its settings, the database engine, the translation catalogs, the
metrics, the worker processes (where the Heart to Heart solver searches and the Hearts computer players decide), what
`/readyz` checks, and the link to Redis when servers share the site.

Each game keeps its own services beside these: Heart to Heart's (`web.h2h.services`) are made with the app and
registered with `on_close`, so closing the app's `Services` closes them first; the Hearts table service
(`hearts.tables.service`) needs the event loop, so `hearts_lifespan` (`web/hearts/router.py`, entered by the app's
lifespan) starts and stops it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from sqlalchemy import Engine

from heartcards.runtime.counters import Counters, MemoryCounters, RedisCounters
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.pool import WorkerPool
from heartcards.runtime.redis_link import RedisLink
from heartcards.runtime.settings import Settings
from heartcards.storage import open_engine, upgrade_database
from heartcards.web.i18n import Catalogs, shipped_catalogs
from heartcards.web.reading import Reading

WORKER_PRELOAD: Final = ("heartcards.heart_to_heart.solver", "heartcards.hearts.bots")
"""What each worker imports as it starts, so its first search or decision starts at once (the solver's tables built,
the bots loaded)."""


@dataclass(slots=True)
class Services:
    settings: Settings
    engine: Engine
    catalogs: Catalogs
    metrics: Metrics = field(default_factory=Metrics)
    draining: bool = False
    """The server is stopping: `/readyz` says 503, so a load balancer sends nobody new here."""
    readiness_checks: dict[str, Callable[[], Awaitable[bool]]] = field(default_factory=dict)
    """What `/readyz` checks besides the database, by name (Redis, when the server runs with it)."""
    drainers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    """What the games do when the server is asked to stop (`drain`), before it closes."""
    redis: RedisLink | None = None
    """Redis, when this server shares the site with others (`Settings.shared`); closed by the app's lifespan."""
    closers: list[Callable[[], None]] = field(default_factory=list)
    """What the games registered to run at close, run newest first."""
    counters: Counters = field(default_factory=MemoryCounters)
    """The per-client limits' counters: in Redis when servers share the site, so the limits are the site's."""
    reading: Reading = field(default_factory=Reading)
    """The reading threads, where a person's stored history is read for either game or their account."""
    workers: WorkerPool = field(init=False)
    """The worker processes both games' searches and decisions run in, started on the first one (or at the server's
    start, `Settings.solver_warm_up`), below the server's priority as the settings say; closed last."""

    def __post_init__(self) -> None:
        self.workers = WorkerPool(preload=WORKER_PRELOAD, below_server=self.settings.workers_below_server)

    @classmethod
    def start(cls, settings: Settings) -> Services:
        """Open and migrate the database and read the catalogs."""
        engine = open_engine(settings.database_url, idle_transaction_seconds=settings.lease_seconds)
        upgrade_database(engine)
        services = cls(settings, engine, shipped_catalogs())
        if settings.shared and settings.redis_url is not None:
            services.redis = RedisLink(settings.redis_url)
            services.readiness_checks["redis"] = services.redis.reachable
            services.counters = RedisCounters(services.redis.client)
        return services

    async def drain(self) -> None:
        """The server is asked to stop: `/readyz` says 503 at once, and each game hands its work over (the Hearts
        tables' leases are released and their sockets told to reconnect, to reach another server)."""
        self.draining = True
        for drainer in self.drainers:
            await drainer()

    def on_close(self, closer: Callable[[], None]) -> None:
        """Run `closer` when the app closes, before the database is released."""
        self.closers.append(closer)

    def close(self) -> None:
        """Close what the games registered (each one even if another fails), then end the workers and release the
        database."""
        closers, self.closers = self.closers, []
        _close_all([self.engine.dispose, self.workers.close, self.reading.close, *closers])


def _close_all(closers: list[Callable[[], None]]) -> None:
    """Run the closers newest first; all of them run, and the first failure is raised once they have."""
    if not closers:
        return
    try:
        closers[-1]()
    finally:
        _close_all(closers[:-1])
