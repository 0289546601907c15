"""Where the database lives: an explicit SQLAlchemy URL, `HEARTCARDS_DATABASE_URL`, or SQLite in the data folder."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATABASE_URL_VARIABLE = "HEARTCARDS_DATABASE_URL"
DATABASE_FILE_NAME = "heartcards.sqlite3"


def default_database_path() -> Path:
    """The SQLite file in the user's data folder (e.g. `~/.local/share/heartcards/heartcards.sqlite3`)."""
    return Path(platformdirs.user_data_dir("heartcards", appauthor=False)) / DATABASE_FILE_NAME


def resolve_database_url(explicit: str | None = None) -> str:
    """The URL to use: the explicit one, else the environment variable, else the default SQLite file."""
    if explicit:
        return explicit
    from_environment = os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    if from_environment:
        return from_environment
    return f"sqlite:///{default_database_path()}"
