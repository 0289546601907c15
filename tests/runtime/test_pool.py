"""The server's worker pool: jobs run in other processes at a lower priority, driven from the event loop with no
thread here; a dead worker is replaced and its job asked once more; what a job raises is raised here."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from heartcards.runtime.pool import JobError, WorkerDiedError, WorkerPool


class TwoPartError(Exception):
    """An error whose pickle does not load (its class needs two arguments, its args hold one)."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(f"{first} {second}")


def fails_oddly() -> None:
    raise TwoPartError("no", "luck")


def ended(pid: int) -> bool:
    """The process ended and was reaped (no zombie left)."""
    return not os.path.exists(f"/proc/{pid}")


async def soon(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether `condition` holds within `seconds`, the loop running meanwhile (a busy machine is slow to end a
    process)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


def test_jobs_run_in_other_processes_at_a_lower_priority_and_no_thread_here() -> None:
    pool = WorkerPool(workers=1)
    threads = set(threading.enumerate())

    async def ask() -> tuple[int, int, int]:
        pool.warm_up()
        return await pool.run(os.getpid), await pool.run(os.nice, 0), await pool.run(os.sched_getscheduler, 0)

    try:
        pid, niceness, policy = asyncio.run(ask())
        assert pool.worker_pids() == [pid] and pid != os.getpid()
        assert niceness > os.nice(0)
        assert policy == os.SCHED_IDLE  # a waking server takes the core at once (workers.yield_to_the_server)
        assert not set(threading.enumerate()) - threads  # no feeder or manager thread to take the GIL from the loop
    finally:
        pool.close()


def test_workers_not_below_the_server_run_at_its_priority() -> None:
    pool = WorkerPool(workers=1, below_server=False)

    async def ask() -> tuple[int, int]:
        return await pool.run(os.nice, 0), await pool.run(os.sched_getscheduler, 0)

    try:
        assert asyncio.run(ask()) == (os.nice(0), os.sched_getscheduler(0))
    finally:
        pool.close()


def test_more_jobs_than_workers_are_all_answered_in_order() -> None:
    pool = WorkerPool(workers=2)

    async def ask_all() -> list[int]:
        return await asyncio.gather(*(pool.run(pow, number, 2) for number in range(20)))

    try:
        assert asyncio.run(ask_all()) == [number**2 for number in range(20)]
        assert len(pool.worker_pids()) == 2 and pool.queued == 0
    finally:
        pool.close()


def test_a_job_larger_than_the_sockets_buffer_is_sent_whole() -> None:
    pool = WorkerPool(workers=1)
    try:
        assert asyncio.run(pool.run(len, b"x" * 4_000_000)) == 4_000_000
    finally:
        pool.close()


def test_what_a_job_raises_is_raised_here_and_the_worker_lives_on() -> None:
    pool = WorkerPool(workers=1)

    async def ask() -> None:
        with pytest.raises(ValueError, match="invalid literal") as raised:
            await pool.run(int, "not a number")
        assert isinstance(raised.value.__cause__, JobError)  # the worker's traceback
        (pid,) = pool.worker_pids()
        with pytest.raises(JobError, match="TwoPartError: no luck"):
            await pool.run(fails_oddly)
        assert pool.worker_pids() == [pid]
        assert await pool.run(abs, -3) == 3

    try:
        asyncio.run(ask())
    finally:
        pool.close()


def test_a_worker_killed_while_working_is_replaced_and_the_job_answered() -> None:
    pool = WorkerPool(workers=1)

    async def ask_and_kill() -> int:
        pool.warm_up()
        (pid,) = pool.worker_pids()
        job = asyncio.ensure_future(pool.run(sum, range(10)))
        await asyncio.sleep(0)  # the job is sent: the worker, still starting, cannot have answered yet
        os.kill(pid, signal.SIGKILL)
        answer = await job
        assert pool.worker_pids() != [pid]
        assert await soon(lambda: ended(pid))
        return answer

    try:
        assert asyncio.run(ask_and_kill()) == 45
    finally:
        pool.close()


def test_an_idle_worker_killed_is_replaced_on_the_next_job() -> None:
    pool = WorkerPool(workers=1)

    async def kill_then_ask() -> int:
        pool.warm_up()
        (pid,) = pool.worker_pids()
        os.kill(pid, signal.SIGKILL)
        assert await soon(lambda: ended(pid) and pool.worker_pids() == [])
        return await pool.run(abs, -7)

    try:
        assert asyncio.run(kill_then_ask()) == 7
    finally:
        pool.close()


def test_a_job_fails_when_its_worker_dies_twice() -> None:
    pool = WorkerPool(workers=1)

    async def ask_and_kill_twice() -> None:
        pool.warm_up()
        job = asyncio.ensure_future(pool.run(time.sleep, 30))
        killed: list[int] = []
        for _ in range(2):
            while not pool.worker_pids() or pool.worker_pids()[0] in killed:
                await asyncio.sleep(0)  # until the job is sent to a (new) worker
            (pid,) = pool.worker_pids()
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        with pytest.raises(WorkerDiedError):
            await job

    try:
        asyncio.run(ask_and_kill_twice())
    finally:
        pool.close()


def test_close_ends_every_worker_even_a_busy_one_and_cancels_the_jobs() -> None:
    pool = WorkerPool(workers=2)

    async def start_working() -> list[int]:
        pool.warm_up()
        jobs = [asyncio.ensure_future(pool.run(time.sleep, 30)) for _ in range(3)]
        await asyncio.sleep(0)  # two jobs are sent, one waits
        pids = pool.worker_pids()
        pool.close()  # as the server's shutdown does, in its loop
        for job in jobs:
            with pytest.raises(asyncio.CancelledError):
                await job
        return pids

    pids = asyncio.run(start_working())
    assert len(pids) == 2 and all(ended(pid) for pid in pids)
    assert pool.worker_pids() == []


def test_a_pool_used_from_a_new_event_loop_starts_new_workers() -> None:
    pool = WorkerPool(workers=1)
    try:
        first = asyncio.run(pool.run(os.getpid))
        second = asyncio.run(pool.run(os.getpid))
        assert first != second and pool.worker_pids() == [second] and ended(first)
    finally:
        pool.close()


COMMAND = """
from heartcards.cli import main  # as the `heartcards` command's script does

if __name__ == "__main__":
    import asyncio, json, os, time
    from heartcards.runtime.pool import WorkerPool
    from heartcards.web.services import WORKER_PRELOAD

    async def ask() -> None:
        pool = WorkerPool(workers=1, preload=WORKER_PRELOAD)
        try:
            first = await pool.run(time.process_time)
            (pid,) = pool.worker_pids()
            os.kill(pid, 9)
            replacement = await pool.run(time.process_time)  # the job goes to a new worker
            assert pool.worker_pids() != [pid]
            parent = await pool.run(os.getppid)
        finally:
            pool.close()
        print(json.dumps({"cpu": [first, replacement], "parent": parent, "server": os.getpid()}))

    asyncio.run(ask())
"""


def test_a_worker_and_its_replacement_start_with_the_servers_modules_already_imported(tmp_path: Path) -> None:
    """Under a script that imports the command line as the `heartcards` command does, a worker and the one that
    replaces it after a kill have used a few CPU milliseconds by their first job: forked from the fork server, which
    imported the pool's modules and the script's once, not a new Python importing them (0.13 CPU seconds on the
    project's machine; 0.08 with the script's imports left to each worker)."""
    script = tmp_path / "heartcards_command.py"
    script.write_text(COMMAND)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True)
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(seconds < 0.03 for seconds in answer["cpu"]), answer
    assert answer["parent"] != answer["server"]  # the fork server's child, not the server's


def test_where_the_fork_server_cannot_start_each_worker_is_a_new_python(tmp_path: Path) -> None:
    """A temporary folder too deep for the fork server's socket (a path is at most 107 bytes): the workers start as
    new Pythons, and the log says why."""
    deep = tmp_path / ("d" * 100)
    deep.mkdir()
    program = (
        "import asyncio, os\n"
        "from heartcards.runtime.pool import WorkerPool\n"
        "async def main():\n"
        "    pool = WorkerPool(workers=1)\n"
        "    try:\n"
        "        print(await pool.run(os.getppid) == os.getpid())\n"
        "    finally:\n"
        "        pool.close()\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    script = tmp_path / "pool.py"
    script.write_text(program)
    environment = {**os.environ, "TMPDIR": str(deep)}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True, env=environment
    )
    assert done.stdout.split() == ["True"]  # the server's own child, started as a new Python
    assert "fork server cannot start" in done.stderr


PROGRAM = """
import asyncio, os, sys
from heartcards.runtime.pool import WorkerPool

async def main() -> None:
    pool = WorkerPool(workers=2)
    pool.warm_up()
    await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))
    with open(sys.argv[1], "w") as pids:
        print(*pool.worker_pids(), file=pids)
    os._exit(0)  # dies like a killed server: no shutdown of the pool

if __name__ == "__main__":
    asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


def test_the_workers_end_when_their_server_dies(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(PROGRAM)
    pids = tmp_path / "pids"
    subprocess.run(
        [sys.executable, str(script), str(pids)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # no pipe a surviving worker could hold open
        timeout=120,
        check=True,
    )
    workers = [int(pid) for pid in pids.read_text().split()]
    assert len(workers) == 2
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    survivors = [pid for pid in workers if alive(pid)]
    for pid in survivors:  # do not leave one behind when this test fails
        os.kill(pid, 9)
    assert not survivors
