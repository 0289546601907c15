"""What one running app holds: the database engine and repository, the catalogs, the game cache and the solver."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from heartcards.storage import Repository, open_engine, upgrade_database
from heartcards.web.i18n import Catalogs
from heartcards.web.paths import LOCALES_DIR
from heartcards.web.settings import Settings


@dataclass(slots=True)
class Services:
    settings: Settings
    engine: Engine
    repository: Repository
    catalogs: Catalogs

    @classmethod
    def start(cls, settings: Settings) -> Services:
        """Open and migrate the database, read the catalogs."""
        engine = open_engine(settings.database_url)
        upgrade_database(engine)
        repository = Repository(engine)
        return cls(settings, engine, repository, Catalogs.load(LOCALES_DIR))

    def close(self) -> None:
        self.engine.dispose()
