"""What Heart to Heart holds while the app runs: its repository, the running games and the solver service."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from heartcards.runtime.clock import utc_now
from heartcards.runtime.quotas import AddressBudget, BudgetRule, CreationQuota, QuotaRule
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.h2h.games import MAX_RECORD_MOVES, Games
from heartcards.web.h2h.solving import Solver
from heartcards.web.h2h.stats_answers import StatsAnswers
from heartcards.web.reading import Reading
from heartcards.web.services import Services

GAMES_RULE = QuotaRule("h2h.games", per_player=60, per_address=300, window_seconds=600.0)
"""New games per 10 minutes: a player hunting for a deal they like starts one every ten seconds at most; an address
(a household, a school behind one router) may hold several such players."""
MOVES_RULE = BudgetRule("h2h.moves", per_address=2 * MAX_RECORD_MOVES, window_seconds=60.0)
"""Moves one client address may have the server play per minute through batches (what a batch adds, undoes or
replays): 4,000, so a device's offline sync of a whole game of the longest record (2,000 moves) goes through at once
with as much again to spare, and the costliest batch there can be (2,000 moves replayed, 2,000 played) fits too.
A player tapping once a second plays 60 a minute. Past it: 429 `h2h.error.too_many_moves`, `Retry-After: 60`."""


@dataclass(frozen=True, slots=True)
class H2HServices:
    repository: H2HRepository
    games: Games
    solver: Solver
    quota: CreationQuota
    """The games a player and an address may start (new games, and games first sent from a device)."""
    clock: Callable[[], datetime]
    """The wall clock (UTC) games and the daily deal read: a test sets it to play on given days."""
    reading: Reading
    """The app's reading threads, where the statistics and the daily ranking are read."""
    stats: StatsAnswers = field(init=False)
    """The players' statistics answers, kept while their games are unchanged."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "stats", StatsAnswers(self.repository))

    @classmethod
    def start(cls, services: Services, clock: Callable[[], datetime] = utc_now) -> H2HServices:
        """The game's services on the app's database; the solver searches in the app's workers."""
        repository = H2HRepository(services.engine)
        solver = Solver(repository, services.workers)
        games = Games(
            repository,
            services.settings.game_cache_size,
            on_new_code=solver.prefetch,
            clock=clock,
            shared=services.settings.shared,
            budget=AddressBudget(services.counters, MOVES_RULE, services.settings.unlimited_networks),
        )
        quota = CreationQuota(services.counters, GAMES_RULE, services.settings.unlimited_networks)
        h2h = cls(repository, games, solver, quota, clock, services.reading)
        services.on_close(h2h.close)
        return h2h

    def close(self) -> None:
        """Write what is only in memory, then stop the solver."""
        try:
            self.games.flush()
        finally:
            self.solver.close()
