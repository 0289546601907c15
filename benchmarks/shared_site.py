"""The site `benchmarks/tables.py` loads: one server on a SQLite file, or several sharing a throwaway PostgreSQL and
Redis (the tests' `tests/postgres.py` and `tests/redis_server.py`); what those two carried during a run (Redis
commands and publishes, PostgreSQL commits and rows written, and the CPU each of them used); and what an operator
does to the servers during a run: kill -9 the server that runs some tables (and start it again), or restart every
server in turn with SIGTERM (it drains, then exits).

`Site.urls` is the list of servers up at each moment, as a proxy's health checks would see them: a server leaves it
when it is killed or asked to stop and comes back once it answers again, and the scripted seats reconnect to those.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import redis
from sqlalchemy import create_engine, text
from tests.haproxy_server import route
from tests.postgres import PostgresServer, server_binaries
from tests.redis_server import RedisServer
from tests.redis_server import server_binary as redis_server_binary
from tests.support.live_server import LiveServer
from tests.support.scripted import AsyncSeat


@dataclass(frozen=True, slots=True)
class Traffic:
    """Counters of the shared services, read before and after a run: the difference is what the run cost them."""

    redis_commands: int = 0
    redis_publishes: int = 0
    database_commits: int = 0
    rows_written: int = 0
    redis_cpu_seconds: float = 0.0
    database_cpu_seconds: float = 0.0
    """PostgreSQL's processes together: the postmaster, its backends and helpers, those that ended included."""

    def __sub__(self, before: Traffic) -> Traffic:
        return Traffic(
            self.redis_commands - before.redis_commands,
            self.redis_publishes - before.redis_publishes,
            self.database_commits - before.database_commits,
            self.rows_written - before.rows_written,
            self.redis_cpu_seconds - before.redis_cpu_seconds,
            self.database_cpu_seconds - before.database_cpu_seconds,
        )


def tree_cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of a process and all it started, so far: its own, that of its children that
    ended (Linux adds them to its own record once it has waited for them), and that of those still running."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            children.setdefault(int(stat.read_text().rsplit(")", 1)[1].split()[1]), []).append(int(stat.parent.name))
    ticks, waiting = 0, [pid]
    while waiting:
        process = waiting.pop()
        with contextlib.suppress(OSError, IndexError):
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
        waiting.extend(children.get(process, ()))
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass(slots=True)
class Site:
    servers: list[LiveServer]
    urls: list[str] = field(default_factory=list)
    """The servers up now (base URLs without the final slash), in the order of `servers`."""
    database: PostgresServer | None = None
    database_url: str | None = None
    redis: RedisServer | None = None
    routes: dict[str, str] | None = None
    """Each server's base URL by its route, when they have routes: a socket sent to a route goes there, as the
    proxy would send it (`deploy/haproxy.cfg`)."""

    def __post_init__(self) -> None:
        self.urls[:] = [server.url.rstrip("/") for server in self.servers]

    def cpu_seconds(self) -> float:
        return sum(server.cpu_seconds() for server in self.servers)

    def traffic(self) -> Traffic:
        """The shared services' counters now (all zero for a server alone on SQLite)."""
        if self.redis is None or self.database is None or self.database_url is None:
            return Traffic()
        client = redis.Redis(unix_socket_path=str(self.redis.socket))
        try:
            stats = client.info("stats")
            commands = client.info("commandstats")
        finally:
            client.close()
        engine = create_engine(self.database_url)
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT pg_stat_force_next_flush()"))
                row = connection.execute(
                    text(
                        "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                        "WHERE datname = current_database()"
                    )
                ).one()
        finally:
            engine.dispose()
        publishes = commands.get("cmdstat_publish", {}).get("calls", 0)
        postmaster = int((self.database.data / "postmaster.pid").read_text().split()[0])
        redis_cpu = 0.0 if self.redis.process is None else tree_cpu_seconds(self.redis.process.pid)
        return Traffic(
            int(stats["total_commands_processed"]),
            int(publishes),
            int(row[0]),
            int(row[1]),
            redis_cpu,
            tree_cpu_seconds(postmaster),
        )

    def _down(self, server: LiveServer) -> None:
        url = server.url.rstrip("/")
        if url in self.urls and len(self.urls) > 1:
            self.urls.remove(url)

    def _up(self, server: LiveServer) -> None:
        order = [each.url.rstrip("/") for each in self.servers]
        self.urls[:] = [url for url in order if url in self.urls or url == server.url.rstrip("/")]

    def owned_tables(self, server: LiveServer) -> set[str]:
        """The tables `server` runs now (its name, in their lease, holds its process id)."""
        assert self.database_url is not None and server.process is not None
        engine = create_engine(self.database_url)
        try:
            with engine.connect() as connection:
                rows = connection.execute(
                    text("SELECT id FROM hearts_tables WHERE status = 'playing' AND lease_owner LIKE :pid"),
                    {"pid": f"%-{server.process.pid}-%"},
                )
                return {row[0] for row in rows}
        finally:
            engine.dispose()

    async def kill(self, server: LiveServer) -> tuple[float, set[str]]:
        """kill -9 of `server`, then started again (same port, a new name); when it died and the tables it ran."""
        owned = await asyncio.to_thread(self.owned_tables, server)
        assert server.process is not None
        self._down(server)
        server.process.send_signal(signal.SIGKILL)
        killed_at = time.perf_counter()
        await asyncio.to_thread(server.process.wait)
        server.process = None
        await asyncio.to_thread(server.start)
        self._up(server)
        return killed_at, owned

    async def restart(self, server: LiveServer) -> None:
        """SIGTERM (the server drains: its tables and sockets go to the others), then started again."""
        self._down(server)
        await asyncio.to_thread(server.stop)
        await asyncio.to_thread(server.start)
        self._up(server)


@contextlib.contextmanager
def started_site(
    count: int, shared: bool, lease_seconds: float, environment: dict[str, str], folder: Path, routed: bool = True
) -> Iterator[Site]:
    """The servers, started: one on a SQLite file, or (`count` > 1, or `shared`) that many on a throwaway
    PostgreSQL and Redis, which are stopped afterwards; with `routed`, each with its route (`route(number)`), as
    behind the proxy."""
    if count <= 1 and not shared:
        server = LiveServer(f"sqlite:///{folder / 'tables.sqlite3'}", environment=environment)
        server.start()
        yield Site([server])
        return
    binaries, redis_binary = server_binaries(), redis_server_binary()
    if binaries is None or redis_binary is None:
        raise SystemExit("--servers needs Debian's postgresql and redis-server")
    database, redis_server = PostgresServer(binaries), RedisServer(redis_binary)
    database.start()
    redis_server.start()
    try:
        database_url = database.new_database()
        environment = {**environment, "HEARTCARDS_LEASE_SECONDS": str(lease_seconds)}
        servers = [
            LiveServer(
                database_url,
                environment=environment,
                arguments=["--redis", redis_server.url, *(["--route", route(number)] if routed else [])],
            )
            for number in range(1, max(1, count) + 1)
        ]
        for server in servers:
            server.start()
        site = Site(servers, database=database, database_url=database_url, redis=redis_server)
        if routed:
            site.routes = {route(number): server.url.rstrip("/") for number, server in enumerate(servers, 1)}
        yield site
    finally:
        redis_server.remove()
        database.stop()


def back_after(seats: list[AsyncSeat], killed_at: float) -> list[float]:
    """For each seat whose socket was closed by a kill at `killed_at`: seconds from the kill to the first state on
    the socket it opened after it (its table running again, on whichever server took it)."""
    found = []
    for seat in seats:
        opened = [at for at in seat.opened_at if at > killed_at]
        if not opened:
            continue  # its game was over, or its socket outlived the kill (the table was not that server's)
        arrivals = [at for _, at in seat.progress]
        index = bisect.bisect_left(arrivals, opened[0])
        if index < len(arrivals):
            found.append(arrivals[index] - killed_at)
    return found
