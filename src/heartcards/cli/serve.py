"""`heartcards serve`: the web app; plain `heartcards`, with or without `--host`, `--port` and `--database`, does the
same.

The socket is bound here, before the server starts, so that `--port 0` can print the real port it got; the server, its
safety limits and its draining on SIGTERM are the web layer's (`heartcards.web.server`).
"""

from __future__ import annotations

import socket
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Final

import typer

from heartcards.cli.output import fail

if TYPE_CHECKING:
    from heartcards.runtime.settings import Settings

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


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


def run_server(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    database: str | None = None,
    public_url: str | None = None,
    log_format: str = "text",
    redis_url: str | None = None,
    trusted_proxies: list[str] | None = None,
    route: str | None = None,
) -> None:
    """Lock and migrate the database (or, sharing the site, check Redis), bind, print the address, then serve until
    interrupted."""
    # Imported here, not at the top: the database and web stack take a second to import, and every other
    # command (deal, solve, hearts sim) would pay it.
    from heartcards.runtime.logs import configure_logging
    from heartcards.runtime.redis_link import RedisUnreachableError, check_reachable
    from heartcards.runtime.settings import PublicUrlError, SettingError, Settings
    from heartcards.storage import DatabaseUrlError
    from heartcards.storage.lock import DatabaseInUseError, lock_database

    if not 0 <= port <= 65535:
        fail(f"--port {port} is not a port number (0 to 65535; 0 picks a free one)")
    try:
        settings = Settings.from_environment(
            database,
            public_url=public_url,
            redis_url=redis_url,
            trusted_proxies=",".join(trusted_proxies) if trusted_proxies else None,
            route=route,
        )
    except (PublicUrlError, SettingError) as error:
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


def _serve(settings: Settings, host: str, port: int, log_format: str) -> None:
    from heartcards.storage import DatabaseUrlError
    from heartcards.web.app import create_app
    from heartcards.web.server import serve

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
    spared = settings.trusted_proxies + settings.unlimited_networks  # a proxy's clients are told apart by the app
    serve(app, [sock], drain=app.state.services.drain, json_logs=log_format == "json", spared=spared)


HOST_HELP: Final = "Address to listen on (0.0.0.0 for every interface)."
PORT_HELP: Final = "Port to listen on; 0 picks a free one."
DATABASE_HELP: Final = "SQLAlchemy database URL (default: $HEARTCARDS_DATABASE_URL, else SQLite in the data folder)."
PUBLIC_URL_HELP: Final = (
    "The address players open (https://cards.example.org): passkeys are bound to it "
    "(default: $HEARTCARDS_PUBLIC_URL, else http://localhost:PORT, for this machine)."
)
LOG_FORMAT_HELP: Final = "text, or json: one JSON object per line, with the request and table ids."
REDIS_HELP: Final = (
    "Redis URL shared by every server of the site (default: $HEARTCARDS_REDIS_URL); with PostgreSQL, "
    "this server shares the site with the others."
)

ROUTE_HELP: Final = (
    "The name the site's proxy routes to this server by (its server line's name), sharing the site: a table's "
    "socket that reaches another server is sent here when this one runs the table (default: $HEARTCARDS_ROUTE)."
)
TRUSTED_PROXY_HELP: Final = (
    "A reverse proxy (address or network, repeatable) whose X-Forwarded-For names the client, for the per-client "
    "limits (default: $HEARTCARDS_TRUSTED_PROXIES, comma-separated; else none: the peer's address counts)."
)


def serve(
    host: Annotated[str, typer.Option(help=HOST_HELP)] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(help=PORT_HELP)] = DEFAULT_PORT,
    database: Annotated[str | None, typer.Option(help=DATABASE_HELP)] = None,
    public_url: Annotated[str | None, typer.Option(help=PUBLIC_URL_HELP)] = None,
    log_format: Annotated[LogFormatChoice, typer.Option(help=LOG_FORMAT_HELP)] = LogFormatChoice.TEXT,
    redis: Annotated[str | None, typer.Option(help=REDIS_HELP)] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(help=TRUSTED_PROXY_HELP)] = None,
    route: Annotated[str | None, typer.Option(help=ROUTE_HELP)] = None,
) -> None:
    """Start the web app and print the address to open in a browser."""
    run_server(host, port, database, public_url, log_format.value, redis, trusted_proxy, route)


def default(
    ctx: typer.Context,
    host: Annotated[str | None, typer.Option(help="With no command, as serve --host.")] = None,
    port: Annotated[int | None, typer.Option(help="With no command, as serve --port.")] = None,
    database: Annotated[str | None, typer.Option(help="With no command, as serve --database.")] = None,
    public_url: Annotated[str | None, typer.Option(help="With no command, as serve --public-url.")] = None,
) -> None:
    """Heart Cards: Heart to Heart patience and four-player Hearts. With no command: start the web app
    (`heartcards --port 8001` is `heartcards serve --port 8001`)."""
    options = (("host", host), ("port", port), ("database", database), ("public-url", public_url))
    given = [f"--{name}" for name, value in options if value is not None]
    if ctx.invoked_subcommand is None:
        run_server(host or DEFAULT_HOST, DEFAULT_PORT if port is None else port, database, public_url)
    elif given:
        command = ctx.invoked_subcommand
        fail(f"serve's options ({', '.join(given)}) go with no command or after serve, not before {command}")


def register(app: typer.Typer) -> None:
    app.command()(serve)
    app.callback(invoke_without_command=True)(default)
