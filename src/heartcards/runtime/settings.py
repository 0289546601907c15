"""The settings a server is built from (`create_app(settings)`), so tests and the CLI choose the database.

`Settings.from_environment()` is what `heartcards serve` uses: the database URL (`--database`, else
`$HEARTCARDS_DATABASE_URL`, else SQLite in the data folder) and the rest from `HEARTCARDS_*` variables, read by
pydantic-settings: the Hearts tables' times (`HeartsTimes`: the pause between deals and the computer players' delay,
which tests set to play fast, and how long a running table its people left stays in the lobby), and the server's place
in the site (`ServerEnvironment`): the address players open (`--public-url`, else `$HEARTCARDS_PUBLIC_URL`), who
besides loopback clients may read `/metrics` (`$HEARTCARDS_METRICS_ADDRESSES`, addresses or networks,
comma-separated), which reverse proxies' forwarded client address is believed (`--trusted-proxy`, else
`$HEARTCARDS_TRUSTED_PROXIES`, the same form; none by default), which addresses the per-address limits spare
(`$HEARTCARDS_UNLIMITED_ADDRESSES`, for load tests; none by default), whether answers carry `Server-Timing`
(`$HEARTCARDS_SERVER_TIMING=1`, for debugging and benchmarks; off by default), whether the worker processes start
with the server (`$HEARTCARDS_SOLVER_WARM_UP=0`: on the first search or decision instead) and below its priority
(`$HEARTCARDS_WORKERS_BELOW_SERVER=0`: at the same priority), and Redis (`--redis`, else
`$HEARTCARDS_REDIS_URL`): with it, on PostgreSQL, the server shares the site with every other server on the same
database and Redis, each table under a lease of `$HEARTCARDS_LEASE_SECONDS`, and the name the proxy routes to it by
(`--route`, else `$HEARTCARDS_ROUTE`; none by default).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from pydantic import ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from heartcards.storage.urls import resolve_database_url

ENVIRONMENT_PREFIX: Final = "HEARTCARDS_"
DEAL_PAUSE_VARIABLE: Final = "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS"
BOT_DELAY_VARIABLE: Final = "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS"
RUNNING_ABSENCE_VARIABLE: Final = "HEARTCARDS_HEARTS_RUNNING_ABSENCE_SECONDS"
PUBLIC_URL_VARIABLE: Final = "HEARTCARDS_PUBLIC_URL"
SOLVER_WARM_UP_VARIABLE: Final = "HEARTCARDS_SOLVER_WARM_UP"
WORKERS_BELOW_SERVER_VARIABLE: Final = "HEARTCARDS_WORKERS_BELOW_SERVER"
DEFAULT_DEAL_PAUSE_SECONDS: Final = 12.0
DEFAULT_BOT_DELAY_SECONDS: Final = 0.3
DEFAULT_RUNNING_ABSENCE_SECONDS: Final = 120.0
METRICS_ADDRESSES_VARIABLE: Final = "HEARTCARDS_METRICS_ADDRESSES"
REDIS_URL_VARIABLE: Final = "HEARTCARDS_REDIS_URL"
TRUSTED_PROXIES_VARIABLE: Final = "HEARTCARDS_TRUSTED_PROXIES"
ROUTE_VARIABLE: Final = "HEARTCARDS_ROUTE"
ROUTE_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{1,16}")
UNLIMITED_ADDRESSES_VARIABLE: Final = "HEARTCARDS_UNLIMITED_ADDRESSES"
LEASE_SECONDS_VARIABLE: Final = "HEARTCARDS_LEASE_SECONDS"
DEFAULT_LEASE_SECONDS: Final = 3.0
"""A table's lease: renewed every second, so a dead server's tables are taken within 4 s (a lease and a renewal)."""
MIN_LEASE_SECONDS: Final = 0.3

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class SettingError(ValueError):
    """A setting from the environment that cannot be used; the message names the variable and the value."""


class HeartsTimes(BaseSettings):
    """The Hearts tables' times from `HEARTCARDS_HEARTS_*_SECONDS`: a negative number counts as 0, and a value that
    is no number keeps the default (a typo in a variable never stops the server)."""

    model_config = SettingsConfigDict(env_prefix=ENVIRONMENT_PREFIX, extra="ignore", frozen=True)

    hearts_deal_pause_seconds: float = DEFAULT_DEAL_PAUSE_SECONDS
    hearts_bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS
    hearts_running_absence_seconds: float = DEFAULT_RUNNING_ABSENCE_SECONDS

    @field_validator("*", mode="wrap")
    @classmethod
    def _seconds(cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> float:
        try:
            return max(0.0, float(handler(value)))
        except ValidationError:
            default = cls.model_fields[info.field_name or ""].default
            assert isinstance(default, float)
            return default


@dataclass(frozen=True, slots=True)
class Settings:
    """What differs between runs: the database, the limits that keep the server cheap and safe, the tables' pace."""

    database_url: str
    game_cache_size: int = 256
    """Running Heart to Heart games kept in memory (least recently used ones are dropped; the database keeps all)."""
    max_body_bytes: int = 16_384
    """Request bodies above this answer 413: the API's bodies are a few bytes."""
    pages_dir: Path | None = None
    """Where the pages' templates are (`common/base.html`, `h2h/play.html`, …); None: the package's own."""
    hearts_deal_pause_seconds: float = DEFAULT_DEAL_PAUSE_SECONDS
    """The Hearts score table waits this long for the people to say `next` before the next deal starts by itself."""
    hearts_bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS
    """A Hearts computer player waits this long before its card is played, so a person can follow the trick."""
    hearts_running_absence_seconds: float = DEFAULT_RUNNING_ABSENCE_SECONDS
    """A running Hearts table no person has been at for this long (it is paused) leaves the lobby's "Watch" list."""
    public_url: str | None = None
    """The address players open (`https://cards.example.org`): the origin and WebAuthn relying-party id passkeys are
    bound to. None: the server is used on this machine, as `http://localhost:PORT`."""
    metrics_networks: tuple[Network, ...] = ()
    """Who may read `/metrics` besides loopback clients (a monitoring server's address, say)."""
    redis_url: str | None = None
    """Redis, shared by every server of the site; None for a server alone on its database."""
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    """How long a table's lease holds without renewal (servers sharing a database)."""
    trusted_proxies: tuple[Network, ...] = ()
    """Reverse proxies whose `X-Forwarded-For` names the client (`runtime/clients.py`); none by default."""
    route: str | None = None
    """The name the site's proxy knows this server by (its `server` line in `deploy/haproxy.cfg`), sharing the site:
    a table's socket that reaches another server is sent here when this server runs the table (`?route=`). None:
    the proxy does not route by table, and such a socket is relayed."""
    server_timing: bool = False
    """Add `Server-Timing` (the server's time and CPU for the request) to every answer: for debugging and the
    benchmarks only (`$HEARTCARDS_SERVER_TIMING=1`), since it tells a little about what the server looked up."""
    unlimited_networks: tuple[Network, ...] = ()
    """Addresses free of the per-address limits (creation quotas, sockets, their shared message rate): a load test's
    machine; none by default."""

    @property
    def shared(self) -> bool:
        """Whether this server shares its tables with others: with Redis, on PostgreSQL (SQLite has one server)."""
        return self.redis_url is not None and self.database_url.startswith("postgresql")

    solver_warm_up: bool = True
    """Start the worker processes (the solver's searches', the computer players' decisions') with the server, so the
    first hint does not wait for them (the tests of other things turn it off: each of their apps would start
    processes it never uses)."""

    workers_below_server: bool = True
    """The worker processes run below the server (niced, and in Linux's idle scheduling class), so that people are
    answered first when the cores are full. False where other programs keep the cores busy and the computer players
    and searches must not wait for the cores' idle moments (the test suite, which keeps both cores busy)."""

    @classmethod
    def from_environment(
        cls,
        database_url: str | None = None,
        public_url: str | None = None,
        redis_url: str | None = None,
        trusted_proxies: str | None = None,
        route: str | None = None,
    ) -> Settings:
        """The settings of `heartcards serve`: `database_url`, `public_url`, `redis_url`, `trusted_proxies` (a
        comma-separated list) and `route` if given, the rest from the environment."""
        times = HeartsTimes()
        server = ServerEnvironment()
        return cls(
            database_url=resolve_database_url(database_url),
            public_url=public_origin(public_url or server.public_url or None),
            redis_url=redis_url or (server.redis_url or "").strip() or None,
            lease_seconds=max(MIN_LEASE_SECONDS, server.lease_seconds),
            metrics_networks=networks(server.metrics_addresses),
            unlimited_networks=networks(server.unlimited_addresses, UNLIMITED_ADDRESSES_VARIABLE),
            server_timing=server.server_timing,
            trusted_proxies=networks(
                trusted_proxies if trusted_proxies is not None else server.trusted_proxies, TRUSTED_PROXIES_VARIABLE
            ),
            hearts_deal_pause_seconds=times.hearts_deal_pause_seconds,
            hearts_bot_delay_seconds=times.hearts_bot_delay_seconds,
            hearts_running_absence_seconds=times.hearts_running_absence_seconds,
            solver_warm_up=server.solver_warm_up,
            workers_below_server=server.workers_below_server,
            route=route_name(route if route is not None else server.route),
        )


class ServerEnvironment(BaseSettings):
    """The server's place in the site from `HEARTCARDS_*` variables, for what the command line does not give."""

    model_config = SettingsConfigDict(env_prefix=ENVIRONMENT_PREFIX, extra="ignore", frozen=True)

    public_url: str | None = None
    redis_url: str | None = None
    metrics_addresses: str = ""
    trusted_proxies: str = ""
    unlimited_addresses: str = ""
    route: str = ""
    server_timing: bool = False
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    solver_warm_up: bool = True
    workers_below_server: bool = True

    @field_validator("lease_seconds", mode="wrap")
    @classmethod
    def _lease(cls, value: object, handler: ValidatorFunctionWrapHandler) -> float:
        try:
            return float(handler(value))
        except ValidationError:
            return DEFAULT_LEASE_SECONDS  # as the times: a typo never stops the server


def networks(listed: str, source: str = METRICS_ADDRESSES_VARIABLE) -> tuple[Network, ...]:
    """The networks of a comma-separated list of addresses (`10.0.0.5`) and networks (`10.0.0.0/24`); raises
    `SettingError` naming the first entry that is neither."""
    found: list[Network] = []
    for entry in listed.split(","):
        entry = entry.strip()
        if not entry:
            continue
        try:
            found.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise SettingError(
                f"{source}: {entry!r} is not an IP address or network (like 10.0.0.5 or 10.0.0.0/24)"
            ) from None
    return tuple(found)


def route_name(text: str) -> str | None:
    """A server's route name (1 to 16 letters, digits, `-` or `_`), None for none; raises `SettingError` otherwise."""
    text = text.strip()
    if not text:
        return None
    if ROUTE_PATTERN.fullmatch(text) is None:
        raise SettingError(f"--route/{ROUTE_VARIABLE}: {text!r} is not 1 to 16 letters, digits, '-' or '_'")
    return text


class PublicUrlError(ValueError):
    """A `--public-url` that is not an http(s) address of a host."""

    def __init__(self, url: str) -> None:
        super().__init__(f"--public-url {url!r} is not an address such as https://cards.example.org")


def public_origin(url: str | None) -> str | None:
    """The origin (`scheme://host[:port]`) of `url`; PublicUrlError when it has none."""
    if url is None:
        return None
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PublicUrlError(url)
    return f"{parts.scheme}://{parts.netloc}".lower()
