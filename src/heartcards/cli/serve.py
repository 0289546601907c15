"""`heartcards serve`: the web app on uvicorn; plain `heartcards` does the same with the defaults.

The socket is bound here, before uvicorn starts, so that `--port 0` can print the real port it got.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import signal
import socket
from collections.abc import Awaitable, Callable
from enum import StrEnum
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from heartcards.cli.output import fail

if TYPE_CHECKING:
    from heartcards.web.settings import Settings

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
WEBSOCKET_MAX_BYTES: Final = 8_192
"""The largest WebSocket frame read: the app refuses messages over 2,048 characters (at most 4 bytes each in
UTF-8), so a bigger frame is closed by the protocol (1009) before it is buffered, instead of read up to 16 MiB."""
RESERVED_DESCRIPTORS: Final = 256
"""File descriptors kept free of client connections: the database, the solver's pipes, log files."""


class LogFormatChoice(StrEnum):
    TEXT = "text"
    JSON = "json"


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening-ready TCP socket on host:port (port 0 = any free port); OSError when it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


WILDCARD_HOSTS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


def address(host: str, port: int) -> str:
    """The URL to open for a server listening on host:port (this machine's loopback for a wildcard host)."""
    shown = WILDCARD_HOSTS.get(host, host)
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/"


def network_address() -> str | None:
    """This machine's address on its local network (for a phone), found without sending anything; None if none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # UDP connect only picks a route and a source address
            found: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if found.startswith("127.") else found


def concurrency_limit() -> int:
    """How many connections and requests may be open at once: what the process's file-descriptor limit allows,
    less a reserve. Above it, new requests answer 503 at once instead of failing for want of a descriptor."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 10_000
    return max(64, soft - RESERVED_DESCRIPTORS)


def uvicorn_options() -> dict[str, Any]:
    """The protocol limits the server runs with (`uvicorn.Config` keyword arguments), apart from the app's own."""
    from heartcards.cli.http_protocol import GuardedHttpProtocol, GuardedWebSocketProtocol

    return {
        "log_level": "warning",
        "access_log": False,
        "lifespan": "on",
        # No per-message deflate on the sockets: table states are a few KB, and compressing every one cost the
        # server about 12 % of its CPU per message in benchmarks/tables.py (p99 195 -> 151 ms at 200 tables).
        "ws_per_message_deflate": False,
        "ws": GuardedWebSocketProtocol,  # small send buffers; a client that does not read cannot hold a socket open
        "ws_max_size": WEBSOCKET_MAX_BYTES,
        "ws_ping_interval": 20.0,  # a socket whose peer vanished (no pong within 20 s) is closed
        "ws_ping_timeout": 20.0,
        "http": GuardedHttpProtocol,  # a request must arrive whole within 15 s, its head within 32 KiB
        "timeout_keep_alive": 5,  # an idle kept-alive connection is closed after 5 s
        "limit_concurrency": concurrency_limit(),
        "server_header": False,  # no `server: uvicorn` banner
    }


def run_server(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    database: str | None = None,
    log_format: str = "text",
    redis_url: str | None = None,
) -> None:
    """Lock and migrate the database (or, sharing the site, check Redis), bind, print the address, then serve until
    interrupted."""
    # Imported here, not at the top: the database and web stack take a second to import, and every other
    # command (deal, solve, hearts sim) would pay it.
    from heartcards.storage import DatabaseUrlError
    from heartcards.storage.lock import DatabaseInUseError, lock_database
    from heartcards.web.logs import configure_logging
    from heartcards.web.settings import SettingError, Settings

    if not 0 <= port <= 65535:
        fail(f"--port {port} is not a port number (0 to 65535; 0 picks a free one)")
    from heartcards.web.redis_link import RedisUnreachableError, check_reachable

    try:
        settings = Settings.from_environment(database, redis_url=redis_url)
    except SettingError as error:
        fail(str(error))
    configure_logging(log_format)
    if settings.shared and settings.redis_url is not None:
        # Several servers on one database and Redis: tables are leased one by one, no server locks the database.
        try:
            check_reachable(settings.redis_url)
        except RedisUnreachableError as error:
            fail(str(error))
        _serve(settings, host, port, log_format)
        return
    if settings.redis_url is not None:
        typer.echo("Redis is not used on SQLite: one server per database", err=True)
    try:
        # One server per database (tables live in its memory between saves); taken before the migrations run.
        server_lock = lock_database(settings.database_url)
    except (DatabaseUrlError, DatabaseInUseError) as error:
        fail(str(error))
    except Exception as error:  # a database server that cannot be reached: say so in one line
        fail(f"cannot open the database: {error}")
    with server_lock:
        _serve(settings, host, port, log_format)


DRAIN_SECONDS: Final = 5.0
"""The longest a stopping server spends handing its work over before it closes whatever is left."""


def draining_server_class() -> type[Any]:
    """uvicorn's server, stopping in two steps on SIGTERM: first the app drains (`Services.drain`: `/readyz` says
    503, the Hearts tables' leases are released and their sockets told to reconnect, so each table goes on at another
    server at once), then uvicorn closes as usual. A second signal, or Ctrl-C, stops at once."""
    import uvicorn

    class DrainingServer(uvicorn.Server):
        def __init__(self, config: uvicorn.Config, drain: Callable[[], Awaitable[None]]) -> None:
            super().__init__(config)
            self.drain = drain
            self.draining = False

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if sig != signal.SIGTERM or self.draining:
                super().handle_exit(sig, frame)
                return
            loop = asyncio.get_event_loop()  # a signal handler runs between two steps of the loop: hand it over
            self.draining = True
            loop.call_soon_threadsafe(lambda: loop.create_task(self._drain_then_exit(sig, frame)))

        async def _drain_then_exit(self, sig: int, frame: FrameType | None) -> None:
            try:
                async with asyncio.timeout(DRAIN_SECONDS):
                    await self.drain()
            except Exception:
                logging.getLogger("heartcards.web").exception("could not drain before stopping")
            finally:
                super().handle_exit(sig, frame)

    return DrainingServer


def _serve(settings: Settings, host: str, port: int, log_format: str) -> None:
    import uvicorn

    from heartcards.storage import DatabaseUrlError
    from heartcards.web.app import create_app

    try:
        app = create_app(settings)
    except DatabaseUrlError as error:
        fail(str(error))
    except Exception as error:  # a database that cannot be opened or migrated: say so in one line
        fail(f"cannot open the database: {error}")
    try:
        sock = bind_socket(host, port)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    bound_port = sock.getsockname()[1]
    typer.echo(f"Heart Cards is running at {address(host, bound_port)}")
    if host in WILDCARD_HOSTS:
        on_network = network_address()
        if on_network is not None:
            typer.echo(f"On this network (a phone, another computer): {address(on_network, bound_port)}")
    options = uvicorn_options()
    if log_format == "json":
        options["log_config"] = None  # uvicorn's lines go through the JSON lines set up by `configure_logging`
    config = uvicorn.Config(app, **options)
    draining_server_class()(config, app.state.services.drain).run(sockets=[sock])


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(help="Port to listen on; 0 picks a free one.")] = DEFAULT_PORT,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy database URL (default: $HEARTCARDS_DATABASE_URL, else SQLite in the data folder)."
        ),
    ] = None,
    log_format: Annotated[
        LogFormatChoice,
        typer.Option(help="text, or json: one JSON object per line, with the request and table ids."),
    ] = LogFormatChoice.TEXT,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL shared by every server of the site (default: $HEARTCARDS_REDIS_URL); with PostgreSQL, "
            "this server shares the site with the others."
        ),
    ] = None,
) -> None:
    """Start the web app and print the address to open in a browser."""
    run_server(host, port, database, log_format.value, redis)


def default(ctx: typer.Context) -> None:
    """Heart Cards: Heart to Heart patience and four-player Hearts. With no command: start the web app."""
    if ctx.invoked_subcommand is None:
        run_server()


def register(app: typer.Typer) -> None:
    app.command()(serve)
    app.callback(invoke_without_command=True)(default)
