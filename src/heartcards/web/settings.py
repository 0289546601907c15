"""The settings a web app is built from (`create_app(settings)`), so tests and the CLI choose the database.

`Settings.from_environment()` is what `heartcards serve` uses: the database URL (`--database`, else
`$HEARTCARDS_DATABASE_URL`, else SQLite in the data folder) and the Hearts tables' times from `HEARTCARDS_*`
variables, read by pydantic-settings (`HeartsTimes`): the pause between deals and the computer players' delay (tests
set them to play fast), and how long a running table its people left stays in the lobby.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from pydantic import ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from heartcards.storage.urls import resolve_database_url
from heartcards.web.paths import PAGES_DIR

ENVIRONMENT_PREFIX: Final = "HEARTCARDS_"
DEAL_PAUSE_VARIABLE: Final = "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS"
BOT_DELAY_VARIABLE: Final = "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS"
RUNNING_ABSENCE_VARIABLE: Final = "HEARTCARDS_HEARTS_RUNNING_ABSENCE_SECONDS"
PUBLIC_URL_VARIABLE: Final = "HEARTCARDS_PUBLIC_URL"
DEFAULT_DEAL_PAUSE_SECONDS: Final = 12.0
DEFAULT_BOT_DELAY_SECONDS: Final = 0.3
DEFAULT_RUNNING_ABSENCE_SECONDS: Final = 120.0


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
    pages_dir: Path = PAGES_DIR
    """Where the pages' templates are (`base.html`, `index.html`, `play.html`, …)."""
    hearts_deal_pause_seconds: float = DEFAULT_DEAL_PAUSE_SECONDS
    """The Hearts score table waits this long for the people to say `next` before the next deal starts by itself."""
    hearts_bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS
    """A Hearts computer player waits this long before its card is played, so a person can follow the trick."""
    hearts_running_absence_seconds: float = DEFAULT_RUNNING_ABSENCE_SECONDS
    """A running Hearts table no person has been at for this long (it is paused) leaves the lobby's "Watch" list."""
    public_url: str | None = None
    """The address players open (`https://cards.example.org`): the origin and WebAuthn relying-party id passkeys are
    bound to. None: the server is used on this machine, as `http://localhost:PORT`."""

    @classmethod
    def from_environment(cls, database_url: str | None = None, public_url: str | None = None) -> Settings:
        """The settings of `heartcards serve`: `database_url` and `public_url` if given (else
        `$HEARTCARDS_PUBLIC_URL`), the rest from the environment."""
        times = HeartsTimes()
        return cls(
            database_url=resolve_database_url(database_url),
            public_url=public_origin(public_url or PublicAddress().public_url or None),
            hearts_deal_pause_seconds=times.hearts_deal_pause_seconds,
            hearts_bot_delay_seconds=times.hearts_bot_delay_seconds,
            hearts_running_absence_seconds=times.hearts_running_absence_seconds,
        )


class PublicAddress(BaseSettings):
    """`$HEARTCARDS_PUBLIC_URL`, the address players open, when `--public-url` is not given."""

    model_config = SettingsConfigDict(env_prefix=ENVIRONMENT_PREFIX, extra="ignore", frozen=True)

    public_url: str | None = None


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
