"""The settings a web app is built from (`create_app(settings)`), so tests and the CLI choose the database.

`Settings.from_environment()` is what `heartcards serve` uses: the database URL (`--database`, else
`$HEARTCARDS_DATABASE_URL`, else SQLite in the data folder), the Hearts tables' pacing from
`$HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS` and `$HEARTCARDS_HEARTS_BOT_DELAY_SECONDS` (tests set them to play fast), and
how long a running table its people left stays in the lobby, `$HEARTCARDS_HEARTS_RUNNING_ABSENCE_SECONDS`, and
`$HEARTCARDS_SOLVER_WARM_UP=0` to start the solver's worker on its first search rather than with the server.
"""

from __future__ import annotations

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
SOLVER_WARM_UP_VARIABLE: Final = "HEARTCARDS_SOLVER_WARM_UP"
DEFAULT_DEAL_PAUSE_SECONDS: Final = 12.0
DEFAULT_BOT_DELAY_SECONDS: Final = 0.3
DEFAULT_RUNNING_ABSENCE_SECONDS: Final = 120.0


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
    solver_warm_up: bool = True
    """Start the solver's worker process with the server, so the first hint does not wait for it (the tests of
    other things turn it off: each of their apps would start a process it never uses)."""

    @classmethod
    def from_environment(
        cls, database_url: str | None = None, environment: Mapping[str, str] | None = None
    ) -> Settings:
        """The settings of `heartcards serve`: `database_url` if given, the rest from the environment."""
        environment = os.environ if environment is None else environment
        return cls(
            database_url=resolve_database_url(database_url),
            hearts_deal_pause_seconds=_seconds(environment, DEAL_PAUSE_VARIABLE, DEFAULT_DEAL_PAUSE_SECONDS),
            hearts_bot_delay_seconds=_seconds(environment, BOT_DELAY_VARIABLE, DEFAULT_BOT_DELAY_SECONDS),
            hearts_running_absence_seconds=_seconds(
                environment, RUNNING_ABSENCE_VARIABLE, DEFAULT_RUNNING_ABSENCE_SECONDS
            ),
            solver_warm_up=environment.get(SOLVER_WARM_UP_VARIABLE, "1").strip() != "0",
        )


def _seconds(environment: Mapping[str, str], variable: str, default: float) -> float:
    """A non-negative number of seconds from `variable`; `default` when it is unset or not a number."""
    try:
        return max(0.0, float(environment.get(variable, default)))
    except ValueError:
        return default
