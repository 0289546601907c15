"""Storage of games, tables and statistics through SQLAlchemy 2 (SQLite by default), migrated by Alembic."""

from heartcards.storage.database import DatabaseUrlError, open_engine, upgrade_database
from heartcards.storage.records import GameRecord, GameStatus, Progress, SolutionRecord
from heartcards.storage.repository import Repository
from heartcards.storage.stats import DealStats, Stats, compute_stats
from heartcards.storage.urls import resolve_database_url

__all__ = [
    "DatabaseUrlError",
    "DealStats",
    "GameRecord",
    "GameStatus",
    "Progress",
    "Repository",
    "SolutionRecord",
    "Stats",
    "compute_stats",
    "open_engine",
    "resolve_database_url",
    "upgrade_database",
]
