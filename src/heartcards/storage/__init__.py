"""Storage of games, tables, accounts and statistics through SQLAlchemy 2 (SQLite by default), migrated by Alembic.

Each game's modules are named by it (`h2h_*` for Heart to Heart, `hearts_*` for Hearts, `account_*` for accounts);
what they share is here and in `database`, `models` (the declarative base, UTC times, players), `lock`, `urls` and
`player_names`.
"""

from heartcards.storage.database import DatabaseUrlError, open_engine, upgrade_database
from heartcards.storage.urls import resolve_database_url

__all__ = [
    "DatabaseUrlError",
    "open_engine",
    "resolve_database_url",
    "upgrade_database",
]
