"""The solver service: no failed search or write vanishes (each is logged), and it searches in the app's workers."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from heartcards.web.h2h.solver_worker import SolvedCode
from heartcards.web.h2h.solving import Solver
from heartcards.web.places import holding


class FailingRepository:
    """A repository that knows no solution and cannot store one."""

    def solution(self, code: str) -> None:
        return None

    def save_solution(self, solution: object, when: object) -> None:
        raise OSError("disk full")


def store(solver: Solver, code: str, answer: SolvedCode | BaseException) -> None:
    """What the solver does with a search of `code` that ended with `answer`."""

    async def finished() -> None:
        done: asyncio.Future[SolvedCode] = asyncio.get_running_loop().create_future()
        if isinstance(answer, BaseException):
            done.set_exception(answer)
        else:
            done.set_result(answer)
        solver._store(code, done)

    asyncio.run(finished())


def test_a_solution_that_cannot_be_stored_is_logged_and_kept_in_memory(caplog: pytest.LogCaptureFixture) -> None:
    solver = Solver(FailingRepository())  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="heartcards.web.h2h"):
        store(solver, "HH1-N-AAAAAAM", ("HH1-N-AAAAAAM", True, "S 25-W", 2, 10))
    assert "could not store the solution of HH1-N-AAAAAAM" in caplog.text and "disk full" in caplog.text
    known = solver.known("HH1-N-AAAAAAM")
    assert known is not None and known.move_count == 2


def test_a_failed_search_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    solver = Solver(FailingRepository())  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="heartcards.web.h2h"):
        store(solver, "HH1-N-AAAAAAM", MemoryError("out of memory"))
    assert "the search for HH1-N-AAAAAAM failed" in caplog.text and "out of memory" in caplog.text
    assert solver.known("HH1-N-AAAAAAM") is None


def test_the_workers_start_with_the_app_only_when_warm_up_is_on_one_pool_for_both_games(tmp_path: Path) -> None:
    for warm_up in (True, False):
        app = create_app(Settings(database_url=f"sqlite:///{tmp_path / f'{warm_up}.sqlite3'}", solver_warm_up=warm_up))
        with TestClient(app):
            workers = app.state.services.workers
            assert bool(workers.worker_pids()) is warm_up
            assert app.state.h2h.solver.pool is workers and app.state.hearts_tables.drivers.thinkers.pool is workers
        assert workers.worker_pids() == []  # closed with the app


class NotedPlace:
    """A request's place (`places.Held`) that notes when it is given back and taken again."""

    def __init__(self, noted: list[str]) -> None:
        self.noted = noted

    def give_back(self) -> None:
        self.noted.append("given back")

    async def take_again(self) -> None:
        self.noted.append("taken again")


def test_a_request_waiting_for_a_search_gives_its_places_back_meanwhile() -> None:
    noted: list[str] = []

    class Pool:
        async def run(self, function: object, *args: object) -> SolvedCode:
            noted.append("searching")
            await asyncio.sleep(0)
            return ("HH1-N-AAAAAAM", True, "S 25-W", 2, 10)

    async def ask() -> None:
        solver = Solver(FailingRepository(), Pool())  # type: ignore[arg-type]
        with holding(NotedPlace(noted)):
            solved = await solver.solution("HH1-N-AAAAAAM", requester="192.0.2.1")
        assert solved.move_count == 2

    asyncio.run(ask())
    assert noted == ["given back", "searching", "taken again"]
