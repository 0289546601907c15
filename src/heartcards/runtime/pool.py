"""The server's worker processes, driven from its event loop: where the Hearts computer players decide and the Heart
to Heart solver searches, so that no bot or search holds the server's GIL while it answers people.

The workers run below the server (niced by `WORKER_NICENESS`, and in Linux's idle scheduling class:
`workers.yield_to_the_server`), so the operating system serves the people's messages first when the cores are busy. They
are driven from the event loop itself, with no thread in the server: each worker has a socket pair to the server, the
server writes a job (a top-level function and its arguments, pickled once: `heartcards.runtime.workers`) to an idle
worker on a non-blocking socket (what the socket does not take at once is sent when it is writable, so the loop never
blocks on a worker) and reads the answer with `loop.add_reader`; jobs wait in the server, first come first served, while
every worker is busy. (A `ProcessPoolExecutor` pickles in a feeder thread and waits in a manager thread: threads that
take the GIL from the event loop for up to the 5 ms switch interval, a direct cause of the people's p99 latency.) A
worker that dies is replaced and its job asked once more.

A kind of job that may run long (the solver's searches) is handed over by its owner a few at a time (the solver's
fair queue, one), so the other jobs always find the pool's other workers: the pool has at least two.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import multiprocessing
import os
import pickle
import socket
import sys
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import Any, Final, TypeVar

from heartcards.runtime.workers import FRAME, frame, serve_jobs

T = TypeVar("T")

WORKER_NICENESS: Final = 15
"""How much nicer than the server the workers run: what keeps them below it where the idle scheduling class is not
to be had (not Linux)."""
MIN_WORKERS: Final = 2
"""At least this many workers, so a long job (a search) leaves one for the others (the bots' decisions)."""
CLOSE_SECONDS: Final = 5.0
"""How long `close` waits for a worker to end before killing it."""
_FORK_SERVER: Final[ForkServerContext | None] = (
    multiprocessing.get_context("forkserver") if "forkserver" in multiprocessing.get_all_start_methods() else None
)
"""How a worker starts: forked from a fork server of this process's (a clean Python: no thread, no event loop, no
socket of the server's) that imported the workers' modules once (`_preload`), instead of a new Python importing them
for each worker: a pool is ready sooner, and a worker that died is replaced at once, for a fraction of the CPU
(`benchmarks/workers.py`). The fork server's socket lives in a folder of multiprocessing's in the temporary folder,
removed by Python's exit handlers (a server stopped by SIGTERM runs them: `web.server`); a process killed outright
leaves it. Where there is no fork server (Windows), or it cannot start (a socket's path is at most 107 bytes, which
a deep temporary folder passes), each worker is a new Python (`_SPAWN`)."""
_SPAWN: Final = multiprocessing.get_context("spawn")

logger = logging.getLogger(__name__)


class JobError(RuntimeError):
    """A job raised in its worker an error that could not be sent back as it is; the message is its traceback."""


class WorkerDiedError(RuntimeError):
    """The worker running a job ended before it answered (killed, out of memory), on the retry as well."""

    def __init__(self, exitcode: int | None) -> None:
        super().__init__(f"a worker process ended before answering (exit code {exitcode})")


@dataclass(eq=False)
class _Job:
    frame: bytes
    answer: asyncio.Future[Any]
    retried: bool = False


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: socket.socket
    job: _Job | None = None
    unsent: memoryview | None = None
    """The end of the job's frame the socket did not take at once (sent when it becomes writable)."""
    received: bytearray = field(default_factory=bytearray)


class WorkerPool:
    """Worker processes, below the server's priority unless asked otherwise, run from the event loop:
    `await pool.run(function, *args)`."""

    def __init__(self, workers: int | None = None, preload: Sequence[str] = (), *, below_server: bool = True) -> None:
        """`workers` processes (the machine's cores, at least `MIN_WORKERS`), each importing the `preload` modules
        as it starts, so that its first job of any kind starts at once; below the server's priority unless
        `below_server` is False (`Settings.workers_below_server`)."""
        self.workers = workers or max(MIN_WORKERS, os.cpu_count() or 1)
        self.preload = tuple(preload)
        self.niceness = WORKER_NICENESS if below_server else 0
        self._fork_server = _FORK_SERVER
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._queue: collections.deque[_Job] = collections.deque()
        self._ending: list[BaseProcess] = []
        """Workers that died or were let go, not reaped yet (reaped when their sentinel says they ended)."""

    @property
    def queued(self) -> int:
        """Jobs waiting for a worker."""
        return len(self._queue)

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [worker.process.pid for worker in self._running if worker.process.pid is not None]

    def warm_up(self) -> None:
        """Start the workers now (at server start, in its event loop) rather than on the first job."""
        self._on_this_loop()
        while len(self._running) < self.workers:
            self._start_worker()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a worker, the caller's event loop running on meanwhile. `function` is a top-level
        function (pickled by name) and its arguments and result pickle. What it raises is raised here (a `JobError`
        with its traceback when it does not pickle); `WorkerDiedError` when its worker dies twice."""
        loop = self._on_this_loop()
        job = _Job(frame((function, args)), loop.create_future())
        self._submit(job)
        result: T = await job.answer
        return result

    def close(self) -> None:
        """End every worker and reap it: terminated, since a worker holds nothing to save and a job under way is of
        no use any more (one that does not end within `CLOSE_SECONDS` is killed); jobs still waiting are
        cancelled."""
        loop = self._loop
        for worker in list(self._running):
            self._let_go(worker)
            worker.process.terminate()
            if worker.job is not None:
                self._fail(worker.job, asyncio.CancelledError())
        for job in self._queue:
            self._fail(job, asyncio.CancelledError())
        self._queue.clear()
        ending, self._ending = self._ending, []
        for process in ending:
            if loop is not None and not loop.is_closed():
                loop.remove_reader(process.sentinel)
            process.join(CLOSE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()
        self._loop = None

    def _on_this_loop(self) -> asyncio.AbstractEventLoop:
        """The running loop; workers started on another loop (a test's earlier `asyncio.run`) are closed first,
        since their readers belong to that loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self.close()
            self._loop = loop
        return loop

    def _start_worker(self) -> _Worker:
        assert self._loop is not None
        server_end, worker_end = socket.socketpair()
        try:
            process = self._started_process(worker_end)  # worker_end's descriptor is passed to the child
        except BaseException:
            server_end.close()
            raise
        finally:
            worker_end.close()
        server_end.setblocking(False)
        worker = _Worker(process, server_end)
        self._loop.add_reader(server_end.fileno(), self._on_readable, worker)
        self._running.append(worker)
        self._idle.append(worker)
        return worker

    def _started_process(self, worker_end: socket.socket) -> BaseProcess:
        """A worker process started with `worker_end`: forked from the fork server, or a new Python when there is
        none or it cannot start (then so is every later worker of this pool)."""
        arguments = (worker_end, self.niceness, self.preload)
        if self._fork_server is not None:
            _preload(self._fork_server, self.preload)
            # daemon: ended by multiprocessing at the server's exit; the worker also follows the server if killed
            forked = self._fork_server.Process(target=serve_jobs, args=arguments, name="heartcards-worker", daemon=True)
            try:
                forked.start()
                return forked
            except OSError as error:
                logger.warning("the workers' fork server cannot start (%s): each worker starts a new Python", error)
                self._fork_server = None
        process = _SPAWN.Process(target=serve_jobs, args=arguments, name="heartcards-worker", daemon=True)
        process.start()
        return process

    def _submit(self, job: _Job) -> None:
        """Send the job to an idle worker (starting one if a worker is missing), or queue it."""
        if not self._idle and len(self._running) < self.workers:
            self._start_worker()
        if self._idle:
            self._send(self._idle.pop(), job)
        elif job.retried:
            self._queue.appendleft(job)  # it waited its turn once already
        else:
            self._queue.append(job)

    def _send(self, worker: _Worker, job: _Job) -> None:
        worker.job = job
        try:
            sent = worker.connection.send(job.frame)
        except BlockingIOError:
            sent = 0
        except OSError:  # the worker is gone: its reader sees the end of the connection and asks again
            return
        if sent < len(job.frame):  # a job larger than the socket's buffer: the rest when it is writable
            assert self._loop is not None
            worker.unsent = memoryview(job.frame)[sent:]
            self._loop.add_writer(worker.connection.fileno(), self._on_writable, worker)

    def _on_writable(self, worker: _Worker) -> None:
        assert worker.unsent is not None and self._loop is not None
        try:
            sent = worker.connection.send(worker.unsent)
        except BlockingIOError:
            return
        except OSError:
            sent = len(worker.unsent)  # the worker is gone: its reader handles it
        worker.unsent = worker.unsent[sent:]
        if not worker.unsent:
            worker.unsent = None
            self._loop.remove_writer(worker.connection.fileno())

    def _on_readable(self, worker: _Worker) -> None:
        try:
            chunk = worker.connection.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._worker_died(worker)
            return
        received = worker.received
        received += chunk
        if len(received) < FRAME.size:
            return
        (size,) = FRAME.unpack_from(received)
        if len(received) < FRAME.size + size:
            return
        answer = pickle.loads(received[FRAME.size : FRAME.size + size])
        del received[: FRAME.size + size]  # a worker sends one answer per job: nothing follows it
        job, worker.job = worker.job, None
        if job is not None and not job.answer.done():
            if answer[0]:
                job.answer.set_result(answer[1])
            else:
                job.answer.set_exception(_raised(answer[1], answer[2]))
        self._next_job(worker)

    def _next_job(self, worker: _Worker) -> None:
        while self._queue:
            job = self._queue.popleft()
            if not job.answer.done():  # a job whose caller stopped waiting is not run
                self._send(worker, job)
                return
        self._idle.append(worker)

    def _worker_died(self, worker: _Worker) -> None:
        """A worker ended (killed, out of memory): forget it, and ask its job again, once, on another worker."""
        self._let_go(worker)
        job = worker.job
        if job is None or job.answer.done():
            return  # an idle worker: replaced when a job needs it
        if job.retried:
            self._fail(job, WorkerDiedError(worker.process.exitcode))
            return
        job.retried = True
        try:
            self._submit(job)
        except Exception as error:  # no worker can be started (out of processes, memory)
            self._fail(job, error)
            if not self._running:  # nobody left to serve the queue: those waiting hear it now
                while self._queue:
                    self._fail(self._queue.popleft(), error)

    def _let_go(self, worker: _Worker) -> None:
        """Stop listening to the worker and close its connection (an idle worker then ends by itself); it is reaped
        when its sentinel shows it ended."""
        self._running.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        descriptor = worker.connection.fileno()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.remove_reader(descriptor)
            if worker.unsent is not None:
                loop.remove_writer(descriptor)
            loop.add_reader(worker.process.sentinel, self._reap, worker.process)
        worker.connection.close()
        self._ending.append(worker.process)

    def _reap(self, process: BaseProcess) -> None:
        assert self._loop is not None
        self._loop.remove_reader(process.sentinel)
        process.join()  # it ended: no wait, and no zombie left
        process.close()
        self._ending.remove(process)

    @staticmethod
    def _fail(job: _Job, error: BaseException) -> None:
        answer = job.answer
        if not answer.done() and not answer.get_loop().is_closed():
            if isinstance(error, asyncio.CancelledError):
                answer.cancel()
            else:
                answer.set_exception(error)


def _preload(fork_server: ForkServerContext, modules: Sequence[str]) -> None:
    """What the fork server imports as it starts (with this process's first worker, so the first pool's `modules`;
    a worker still imports what its own pool needs): the workers' own module, `modules`, and what the main script
    imports (`_imported_by_main`)."""
    fork_server.set_forkserver_preload([serve_jobs.__module__, *modules, *_imported_by_main()])


def _imported_by_main() -> list[str]:
    """The modules of the functions a main script holds (the `heartcards` command's script: `heartcards.cli`, for
    its `main`). Each worker runs the main script again, as multiprocessing does so that what it defines unpickles,
    and Python 3.11's fork server cannot import a script itself: with these imported before the fork, the script's
    run costs a worker nothing."""
    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__spec__", None) is not None or not hasattr(main, "__file__"):
        return []  # run with -m or -c: the workers do not run it
    functions = (value for value in vars(main).values() if isinstance(value, types.FunctionType))
    return sorted({function.__module__ for function in functions} - {"__main__"})


def _raised(text: str, pickled: bytes | None) -> BaseException:
    """What a job raised, as it was when it pickles both ways (with its worker's traceback as its cause), else a
    `JobError` carrying that traceback."""
    failure = JobError(text)
    if pickled is not None:
        try:
            error = pickle.loads(pickled)
        except Exception:
            return failure
        if isinstance(error, BaseException):
            error.__cause__ = failure
            return error
    return failure
