"""The settings a web app is built from (`create_app(settings)`), so tests and the CLI choose the database."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from heartcards.storage.urls import resolve_database_url
from heartcards.web.paths import PAGES_DIR


@dataclass(frozen=True, slots=True)
class Settings:
    """What differs between runs: the database, and the limits that keep the server cheap and safe."""

    database_url: str
    game_cache_size: int = 256
    """Running games kept in memory (least recently used ones are dropped; the database keeps them all)."""
    max_body_bytes: int = 16_384
    """Request bodies above this answer 413: the API's bodies are a few bytes."""
    pages_dir: Path = PAGES_DIR
    """Where the front end's HTML shells are (`index.html`, `play.html`, …)."""

    @classmethod
    def from_environment(cls, database_url: str | None = None) -> Settings:
        return cls(database_url=resolve_database_url(database_url))
