"""What one running app holds: the database engine and repository, the catalogs, the game cache and the solver."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from heartcards.storage import Repository, open_engine, upgrade_database
from heartcards.web.h2h_play import Games
from heartcards.web.i18n import Catalogs
from heartcards.web.paths import LOCALES_DIR
from heartcards.web.settings import Settings
from heartcards.web.solving import Solver


@dataclass(slots=True)
class Services:
    settings: Settings
    engine: Engine
    repository: Repository
    catalogs: Catalogs
    solver: Solver
    games: Games

    @classmethod
    def start(cls, settings: Settings) -> Services:
        """Open and migrate the database, read the catalogs; the solver's process starts when first needed."""
        engine = open_engine(settings.database_url)
        upgrade_database(engine)
        repository = Repository(engine)
        solver = Solver(repository)
        games = Games(repository, settings.game_cache_size, on_new_code=solver.prefetch)
        return cls(settings, engine, repository, Catalogs.load(LOCALES_DIR), solver, games)

    def close(self) -> None:
        """Write what is only in memory, stop the solver, release the database."""
        try:
            self.games.flush()
        finally:
            self.solver.close()
            self.engine.dispose()
