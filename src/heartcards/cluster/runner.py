"""Counting chunks of deals on a Dask distributed cluster: connect, hand out the missing chunks, verify finished ones.

Dask distributed was chosen over Ray because it is pure Python from PyPI (wheels for every platform Python 3.11
runs on, nothing to compile), starts a scheduler and workers with one command each (`dask scheduler`,
`dask worker ADDRESS`) on machines people already have, and runs the same code on a `LocalCluster` inside this
process for trying it out and for the tests. Each chunk is one task running the solver's own
`count_chunk` (compiled by mypyc where the workers have the compiled core); Dask re-runs the tasks of a worker that
dies, and a chunk's result reaches this process once, where the ledger refuses to count it twice.
"""

from __future__ import annotations

import logging
import random
import socket
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from distributed import Client, Future, KilledWorker, LocalCluster, as_completed, get_worker
from distributed.comm.addressing import parse_address, parse_host_port

from heartcards.cluster.address import ClusterError, local_workers
from heartcards.cluster.checkpoint import Ledger
from heartcards.heart_to_heart.engine import Mode
from heartcards.heart_to_heart.solver.stats import ChunkCounts, count_chunk

__all__ = [
    "KilledWorker",
    "Verification",
    "WorkedChunk",
    "connect",
    "count_missing_chunks",
    "count_on_worker",
    "verify_chunks",
    "worker_count",
]

CONNECT_SECONDS = 10
WORKER_WAIT_SECONDS = 60


@dataclass(frozen=True, slots=True)
class WorkedChunk:
    """What a worker sends back for one chunk: its counts, the seconds the count took there (wall clock and CPU, the
    CPU time being what a chunk costs whatever else the machine runs), and the worker's address."""

    counts: ChunkCounts
    seconds: float
    cpu_seconds: float
    worker: str


def count_on_worker(mode: Mode, first: int, deals: int, optimal: bool) -> WorkedChunk:
    """The task each worker runs: the solver's `count_chunk`, timed, with the worker's address."""
    started, cpu_started = time.perf_counter(), time.process_time()
    counts = count_chunk(mode, first, deals, optimal)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    try:
        worker = get_worker().address
    except ValueError:  # run outside a worker (a test calling it directly)
        worker = "local"
    return WorkedChunk(counts, seconds, cpu_seconds, worker)


def local_cluster(workers: int, *, processes: bool = True) -> LocalCluster:
    """A local cluster of `workers` single-threaded workers (processes; threads where a test wants it started in a
    moment). Its scheduler's HTTP routes (Dask's health and metrics; no dashboard) listen on a free loopback port:
    with Dask's default every local run took port 8787 on all interfaces, and a second one meanwhile warned."""
    return LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers,
        threads_per_worker=1,
        processes=processes,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
    )


@contextmanager
def connect(address: str) -> Iterator[Client]:
    """A client of the scheduler at `address` (e.g. `tcp://10.0.0.5:8786`), or of a new local cluster for `local:N`.

    A local cluster runs N single-threaded worker processes and no dashboard, and is shut down on leaving.
    """
    workers = local_workers(address)
    if workers is not None:
        with local_cluster(workers) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    address = address.strip()
    try:
        _check_listening(address)
        client = Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r}: {error}") from error
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError as error:
            raise ClusterError(f"the scheduler at {address!r} has no workers after {WORKER_WAIT_SECONDS} s") from error
        yield client


def _check_listening(address: str) -> None:
    """Raises OSError at once for a TCP scheduler address where nothing listens, or that cannot be reached: Dask's
    client would try again for `CONNECT_SECONDS` before saying so. (A scheduler there logs the probe, at INFO, as a
    connection closed before its handshake.)"""
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except ValueError:
        return  # not host and port: Dask's client says what is wrong with it
    if scheme in ("tcp", "tls"):
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()


def worker_count(client: Client) -> tuple[int, int]:
    """(workers, threads) the scheduler has now."""
    threads = client.nthreads()  # type: ignore[no-untyped-call]
    return len(threads), sum(threads.values())


def _task_key(kind: str, mode: Mode, first: int, deals: int, optimal: bool) -> str:
    return f"heartcards-{kind}-{mode.value}-{first}-{deals}-{'optimal' if optimal else 'decide'}"


def result_of(future: Future[WorkedChunk]) -> WorkedChunk:
    """The chunk a task counted; a task that failed on its worker (heartcards missing there, a lost scheduler) is a
    `ClusterError` naming the task. `KilledWorker` (its workers died too often) passes unchanged."""
    try:
        return future.result()
    except KilledWorker:
        raise
    except Exception as error:
        raise ClusterError(f"task {future.key} failed: {type(error).__name__}: {error}") from error


def count_missing_chunks(client: Client, ledger: Ledger, on_chunk: Callable[[WorkedChunk], None]) -> int:
    """Count every chunk of the ledger's plan it lacks, recording each as it finishes; returns how many it counted.

    All missing chunks are submitted at once, in order (Dask runs them roughly first come, first served), so a run
    stopped early leaves mostly the first chunks done. `on_chunk` sees each one after it is recorded.
    """
    plan = ledger.plan
    missing = [(first, deals) for first, deals in plan.chunks() if first not in ledger.finished]
    futures = [
        client.submit(
            count_on_worker,
            plan.mode,
            first,
            deals,
            plan.optimal,
            key=_task_key("chunk", plan.mode, first, deals, plan.optimal),
            pure=False,
        )
        for first, deals in missing
    ]
    counted = 0
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        worked = result_of(future)
        future.release()
        ledger.record(worked.counts, worked.seconds, worked.cpu_seconds, worked.worker)
        counted += 1
        on_chunk(worked)
    return counted


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of `verify_chunks`: the chunks recomputed (by first deal) and those whose counts differ."""

    checked: tuple[int, ...]
    differing: tuple[tuple[ChunkCounts, ChunkCounts], ...]  # (as kept, as recomputed)


def verify_chunks(
    client: Client, finished: Mapping[int, ChunkCounts], how_many: int, chooser: random.Random
) -> Verification:
    """Recompute `how_many` finished chunks chosen by `chooser` (all of them if fewer) and compare the counts.

    Each recount is a new task (a fresh key), never a result the scheduler may still hold.
    """
    chosen = sorted(chooser.sample(sorted(finished), min(how_many, len(finished))))
    run = uuid.uuid4().hex[:12]
    futures = []
    for first in chosen:
        kept = finished[first]
        key = _task_key(f"verify-{run}", kept.mode, first, kept.deals, kept.optimal)
        futures.append(client.submit(count_on_worker, kept.mode, first, kept.deals, kept.optimal, key=key, pure=False))
    differing = []
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        recounted = result_of(future).counts
        future.release()
        if recounted != finished[recounted.first]:
            differing.append((finished[recounted.first], recounted))
    differing.sort(key=lambda pair: pair[0].first)
    return Verification(tuple(chosen), tuple(differing))
