"""The app's worker processes run both games' jobs (a Heart to Heart search, a Hearts decision) without the web
stack: a worker imports the engines, the solver and the bots, never FastAPI or Starlette; they run below the server
unless the settings say otherwise."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from pathlib import Path

from heartcards.hearts.engine import Game
from heartcards.hearts.tables.decisions import decide_in_worker
from heartcards.hearts.tables.wire import observation_fields
from heartcards.runtime.pool import WorkerPool
from heartcards.runtime.settings import Settings
from heartcards.web.h2h.solver_worker import hint_for, solve_code
from heartcards.web.services import WORKER_PRELOAD, Services
from tests.support.worker_probe import loaded
from tests.web.h2h.helpers import SEED_CODE

WEB_STACK = ("fastapi", "starlette", "uvicorn", "jinja2", "sqlalchemy")


def test_a_worker_runs_both_games_jobs_without_the_web_stack() -> None:
    pool = WorkerPool(workers=1, preload=WORKER_PRELOAD)

    async def jobs() -> list[str]:
        code, winnable, *_ = await pool.run(solve_code, SEED_CODE)
        assert code == SEED_CODE and winnable
        from heartcards.heart_to_heart.engine import Game as Patience

        assert await pool.run(hint_for, Patience.from_code(SEED_CODE).position) is not None
        texts, seconds = await pool.run(decide_in_worker, observation_fields(Game(7).observation(1)), "normal", 1, 1.0)
        assert len(texts) == 3 and seconds >= 0
        return await pool.run(loaded, WEB_STACK)

    try:
        assert asyncio.run(jobs()) == []
    finally:
        pool.close()


def test_the_settings_say_whether_the_workers_run_below_the_server(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}")

    async def priorities(services: Services) -> tuple[int, int]:
        return await services.workers.run(os.nice, 0), await services.workers.run(os.sched_getscheduler, 0)

    for below in (True, False):
        services = Services.start(dataclasses.replace(settings, workers_below_server=below))
        try:
            niceness, policy = asyncio.run(priorities(services))
        finally:
            services.close()
        assert (niceness > os.nice(0)) is below
        assert (policy == os.sched_getscheduler(0)) is not below
