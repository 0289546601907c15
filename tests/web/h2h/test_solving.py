"""The solver service: its worker process never outlives a server that dies without shutting it down, and no failed
search or write vanishes (each is logged)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from heartcards.web.h2h.solver_worker import SolvedCode
from heartcards.web.h2h.solving import Solver

PROGRAM = """
import os, sys
from heartcards.storage import Repository, open_engine, upgrade_database
from heartcards.web.h2h.solving import Solver
if __name__ == "__main__":
    engine = open_engine(sys.argv[1])
    upgrade_database(engine)
    solver = Solver(Repository(engine))
    solver.warm_up()
    pool = solver._executor
    pool.submit(os.getpid).result(timeout=60)
    with open(sys.argv[2], "w") as pids:
        print(*[process.pid for process in pool._processes.values()], file=pids)
    os._exit(0)  # dies like a killed server: no shutdown of the pool
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


@pytest.mark.slow
def test_the_worker_ends_when_its_server_dies(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(PROGRAM)
    pids = tmp_path / "pids"
    subprocess.run(
        [sys.executable, str(script), f"sqlite:///{tmp_path / 'db.sqlite3'}", str(pids)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # no pipe a surviving worker could hold open
        timeout=120,
        check=True,
    )
    workers = [int(pid) for pid in pids.read_text().split()]
    assert workers
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    survivors = [pid for pid in workers if alive(pid)]
    for pid in survivors:  # do not leave one behind when this test fails
        os.kill(pid, 9)
    assert not survivors


class FailingRepository:
    """A repository that knows no solution and cannot store one."""

    def solution(self, code: str) -> None:
        return None

    def save_solution(self, solution: object, when: object) -> None:
        raise OSError("disk full")


def test_a_solution_that_cannot_be_stored_is_logged_and_kept_in_memory(caplog: pytest.LogCaptureFixture) -> None:
    solver = Solver(FailingRepository())  # type: ignore[arg-type]
    done: Future[SolvedCode] = Future()
    done.set_result(("HH1-N-AAAAAAM", True, "S 25-W", 2, 10))
    with caplog.at_level(logging.ERROR, logger="heartcards.web.h2h"):
        solver._store("HH1-N-AAAAAAM", done)
    assert "could not store the solution of HH1-N-AAAAAAM" in caplog.text and "disk full" in caplog.text
    known = solver.known("HH1-N-AAAAAAM")
    assert known is not None and known.move_count == 2


def test_a_failed_search_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    solver = Solver(FailingRepository())  # type: ignore[arg-type]
    done: Future[SolvedCode] = Future()
    done.set_exception(MemoryError("out of memory"))
    with caplog.at_level(logging.ERROR, logger="heartcards.web.h2h"):
        solver._store("HH1-N-AAAAAAM", done)
    assert "the search for HH1-N-AAAAAAM failed" in caplog.text and "out of memory" in caplog.text
    assert solver.known("HH1-N-AAAAAAM") is None


def test_the_solver_worker_starts_with_the_app_only_when_warm_up_is_on(tmp_path: Path) -> None:
    for warm_up in (True, False):
        app = create_app(Settings(database_url=f"sqlite:///{tmp_path / f'{warm_up}.sqlite3'}", solver_warm_up=warm_up))
        with TestClient(app):
            assert (app.state.h2h.solver._executor is not None) is warm_up
