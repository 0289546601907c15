"""The settings a web app is built from (`create_app(settings)`), so tests and the CLI choose the database.

`Settings.from_environment()` is what `heartcards serve` uses: the database URL (`--database`, else
`$HEARTCARDS_DATABASE_URL`, else SQLite in the data folder), the Hearts tables' pacing from
`$HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS` and `$HEARTCARDS_HEARTS_BOT_DELAY_SECONDS` (tests set them to play fast), and
how long a running table its people left stays in the lobby, `$HEARTCARDS_HEARTS_RUNNING_ABSENCE_SECONDS`, who
besides loopback clients may read `/metrics`, `$HEARTCARDS_METRICS_ADDRESSES` (addresses or networks, comma-separated),
and Redis (`--redis`, else `$HEARTCARDS_REDIS_URL`): with it, on PostgreSQL, the server shares the site with every other
server on the same database and Redis, each table under a lease of `$HEARTCARDS_LEASE_SECONDS`.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from heartcards.storage.urls import resolve_database_url
from heartcards.web.paths import PAGES_DIR

DEAL_PAUSE_VARIABLE: Final = "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS"
BOT_DELAY_VARIABLE: Final = "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS"
RUNNING_ABSENCE_VARIABLE: Final = "HEARTCARDS_HEARTS_RUNNING_ABSENCE_SECONDS"
DEFAULT_DEAL_PAUSE_SECONDS: Final = 12.0
DEFAULT_BOT_DELAY_SECONDS: Final = 0.3
DEFAULT_RUNNING_ABSENCE_SECONDS: Final = 120.0
METRICS_ADDRESSES_VARIABLE: Final = "HEARTCARDS_METRICS_ADDRESSES"
REDIS_URL_VARIABLE: Final = "HEARTCARDS_REDIS_URL"
LEASE_SECONDS_VARIABLE: Final = "HEARTCARDS_LEASE_SECONDS"
DEFAULT_LEASE_SECONDS: Final = 3.0
"""A table's lease: renewed every second, so a dead server's tables are taken within 4 s (a lease and a renewal)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class SettingError(ValueError):
    """A setting from the environment that cannot be used; the message names the variable and the value."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What differs between runs: the database, the limits that keep the server cheap and safe, the tables' pace."""

    database_url: str
    game_cache_size: int = 256
    """Running Heart to Heart games kept in memory (least recently used ones are dropped; the database keeps all)."""
    max_body_bytes: int = 16_384
    """Request bodies above this answer 413: the API's bodies are a few bytes."""
    pages_dir: Path = PAGES_DIR
    """Where the front end's HTML shells are (`index.html`, `play.html`, …)."""
    hearts_deal_pause_seconds: float = DEFAULT_DEAL_PAUSE_SECONDS
    """The Hearts score table waits this long for the people to say `next` before the next deal starts by itself."""
    hearts_bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS
    """A Hearts computer player waits this long before its card is played, so a person can follow the trick."""
    hearts_running_absence_seconds: float = DEFAULT_RUNNING_ABSENCE_SECONDS
    """A running Hearts table no person has been at for this long (it is paused) leaves the lobby's "Watch" list."""
    metrics_networks: tuple[Network, ...] = ()
    """Who may read `/metrics` besides loopback clients (a monitoring server's address, say)."""
    redis_url: str | None = None
    """Redis, shared by every server of the site; None for a server alone on its database."""
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    """How long a table's lease holds without renewal (servers sharing a database)."""

    @property
    def shared(self) -> bool:
        """Whether this server shares its tables with others: with Redis, on PostgreSQL (SQLite has one server)."""
        return self.redis_url is not None and self.database_url.startswith("postgresql")

    @classmethod
    def from_environment(
        cls, database_url: str | None = None, environment: Mapping[str, str] | None = None, redis_url: str | None = None
    ) -> Settings:
        """The settings of `heartcards serve`: `database_url` and `redis_url` if given, the rest from the
        environment."""
        environment = os.environ if environment is None else environment
        return cls(
            redis_url=redis_url or environment.get(REDIS_URL_VARIABLE, "").strip() or None,
            lease_seconds=max(0.3, _seconds(environment, LEASE_SECONDS_VARIABLE, DEFAULT_LEASE_SECONDS)),
            database_url=resolve_database_url(database_url),
            hearts_deal_pause_seconds=_seconds(environment, DEAL_PAUSE_VARIABLE, DEFAULT_DEAL_PAUSE_SECONDS),
            hearts_bot_delay_seconds=_seconds(environment, BOT_DELAY_VARIABLE, DEFAULT_BOT_DELAY_SECONDS),
            hearts_running_absence_seconds=_seconds(
                environment, RUNNING_ABSENCE_VARIABLE, DEFAULT_RUNNING_ABSENCE_SECONDS
            ),
            metrics_networks=networks(environment.get(METRICS_ADDRESSES_VARIABLE, "")),
        )


def networks(listed: str) -> tuple[Network, ...]:
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
                f"{METRICS_ADDRESSES_VARIABLE}: {entry!r} is not an IP address or network "
                "(like 10.0.0.5 or 10.0.0.0/24)"
            ) from None
    return tuple(found)


def _seconds(environment: Mapping[str, str], variable: str, default: float) -> float:
    """A non-negative number of seconds from `variable`; `default` when it is unset or not a number."""
    try:
        return max(0.0, float(environment.get(variable, default)))
    except ValueError:
        return default
