"""`heartcards stats --cluster`: the same count as `stats`, in checkpointed chunks on a Dask cluster.

The cluster itself (connecting, handing out chunks, recounting) is `heartcards.cluster`; this module is the command's
side of it: the options' checks, the progress bar, the messages and the report, which is `stats`'s own plus the
chunks, the workers, whether the figure is exact (the whole deal space) and what a verification found.
"""

from __future__ import annotations

import random
import secrets
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import typer
from rich.progress import TimeElapsedColumn

from heartcards.cli.h2h_report import report
from heartcards.cli.output import EXIT_BAD_MOVE, fail, progress_bar
from heartcards.cluster.address import ClusterError, local_workers
from heartcards.cluster.checkpoint import Checkpoint, CheckpointError, Ledger
from heartcards.cluster.plan import ChunkPlan
from heartcards.heart_to_heart.solver.stats import ChunkCounts, DealSummary

if TYPE_CHECKING:
    from distributed import Client

    from heartcards.cluster.runner import Verification

EXIT_INTERRUPTED = 130
EXIT_VERIFY_FAILED = 3


@dataclass(frozen=True, slots=True)
class ClusterRun:
    """What one run did: the chunks it counted (by first deal), in how many seconds, on how many workers and threads,
    and what its verification found (None without `--verify`)."""

    counted: tuple[int, ...]
    seconds: float
    workers: int
    threads: int
    verification: Verification | None


def stats_on_cluster(
    plan: ChunkPlan, address: str, checkpoint: Path | None, verify: int, verify_seed: int | None, json: bool
) -> None:
    """`stats --cluster`: count the plan's missing chunks on the cluster, keep them in the checkpoint, report all."""
    seed = verify_seed if verify_seed is not None else secrets.randbits(32)
    try:
        local_workers(address)
        ledger = Checkpoint(checkpoint, plan) if checkpoint is not None else Ledger(plan)
    except (ClusterError, CheckpointError) as error:
        fail(str(error))
    try:
        from heartcards.cluster import runner
    except ModuleNotFoundError as error:
        ledger.close()
        if error.name not in {"distributed", "dask"}:
            raise
        fail("--cluster needs Dask distributed: install the cluster extra (pip install 'heartcards[cluster]')")
    with ledger:
        if ledger.finished:
            done = f"{len(ledger.finished)} of {plan.chunk_count} chunks already counted"
            typer.echo(f"resuming from {checkpoint}: {done}", err=True)
        previous_handler = signal.signal(signal.SIGTERM, interrupt)
        try:
            run = run_on_cluster(address, ledger, verify, random.Random(seed), json)
        except (ClusterError, CheckpointError) as error:
            fail(str(error))
        except KeyboardInterrupt:
            if not isinstance(ledger, Checkpoint):
                fail("interrupted: nothing kept (without --checkpoint a run cannot resume)", EXIT_INTERRUPTED)
            kept = f"{ledger.kept_in_file()} of {plan.chunk_count} chunks are kept in {checkpoint}"
            fail(f"interrupted: {kept}; the same command goes on from there", EXIT_INTERRUPTED)
        except runner.KilledWorker as error:
            fail(f"workers died again and again while counting ({error}); finished chunks are kept", EXIT_BAD_MOVE)
        finally:
            signal.signal(signal.SIGTERM, previous_handler)
    report_cluster_run(ledger, run, seed, json)


def interrupt(signal_number: int, frame: FrameType | None) -> None:
    """SIGTERM (a batch system's stop, `kill`) ends a run as Ctrl-C does: the checkpoint keeps what finished."""
    raise KeyboardInterrupt


def run_on_cluster(address: str, ledger: Ledger, verify: int, chooser: random.Random, json: bool) -> ClusterRun:
    """Connect, count what the ledger lacks, recount `verify` chunks; no cluster at all when there is nothing to do."""
    from heartcards.cluster import runner

    if len(ledger.finished) == ledger.plan.chunk_count and not verify:
        return ClusterRun((), 0.0, 0, 0, None)
    with runner.connect(address) as client:
        workers, threads = runner.worker_count(client)
        started = time.perf_counter()
        counted = count_with_progress(client, ledger, json)
        seconds = time.perf_counter() - started
        workers_now, threads_now = runner.worker_count(client)
        verification = None
        if verify:
            typer.echo(f"recounting {min(verify, len(ledger.finished))} random chunks…", err=True)
            finished = {first: chunk.counts for first, chunk in ledger.finished.items()}
            verification = runner.verify_chunks(client, finished, verify, chooser)
    return ClusterRun(tuple(counted), seconds, max(workers, workers_now), max(threads, threads_now), verification)


def report_cluster_run(ledger: Ledger, run: ClusterRun, seed: int, json: bool) -> None:
    """`stats`'s report over every finished chunk, plus the chunks, workers, exactness and verification."""
    plan = ledger.plan
    summary = DealSummary(optimal=plan.optimal)
    for first in sorted(ledger.finished):
        summary.merge(ledger.finished[first].counts.summary())
    extra: dict[str, object] = {"chunks": plan.chunk_count, "workers": run.workers, "exact": plan.whole_space}
    verification = run.verification
    if verification is not None:
        differing = [kept.first for kept, _ in verification.differing]
        extra["verified"] = {"chunks": len(verification.checked), "seed": seed, "differing": differing}
    counted_deals = sum(ledger.finished[first].counts.deals for first in run.counted)
    report(summary, plan.mode, plan.start, run.seconds, json, counted_now=counted_deals, extra=extra)
    if not json:
        whole = "the whole deal space: exact" if plan.whole_space else "a slice of the deal space, not the whole"
        workers = f"workers: {run.workers} ({run.threads} threads)" if run.workers else "no cluster needed"
        typer.echo(f"chunks: {plan.chunk_count} ({len(run.counted)} counted now), {workers}; {whole}")
        if verification is not None and not verification.differing:
            typer.echo(f"verified: {len(verification.checked)} random chunks recounted (seed {seed}), all equal")
    if verification is not None and verification.differing:
        fail(
            f"verification failed: {len(verification.differing)} of {len(verification.checked)} recounted chunks "
            "differ: " + "; ".join(describe_difference(kept, again) for kept, again in verification.differing),
            EXIT_VERIFY_FAILED,
        )


def count_with_progress(client: Client, ledger: Ledger, json: bool) -> list[int]:
    """Count the ledger's missing chunks with a progress bar (chunks, deals/s, time left); the firsts counted."""
    from heartcards.cluster.runner import WorkedChunk, count_missing_chunks

    plan = ledger.plan
    done_before = sum(chunk.counts.deals for chunk in ledger.finished.values())
    counted: list[int] = []
    progress = progress_bar(
        "{task.fields[chunks]} chunks",
        "{task.fields[rate]:>9,.0f} deals/s",
        TimeElapsedColumn(),
        "left {task.fields[left]}",
        json=json,
    )
    started = time.perf_counter()

    done_now = 0

    def fields() -> tuple[str, float, str]:
        rate = done_now / max(time.perf_counter() - started, 1e-9)
        return f"{len(ledger.finished)}/{plan.chunk_count}", rate, time_left(plan.deals - done_before - done_now, rate)

    with progress:
        chunks, rate, left = fields()
        description = "solving" if plan.optimal else "deciding"
        task = progress.add_task(description, total=plan.deals, chunks=chunks, rate=rate, left=left)
        progress.update(task, completed=done_before)

        def advance(worked: WorkedChunk) -> None:
            nonlocal done_now
            done_now += worked.counts.deals
            counted.append(worked.counts.first)
            chunks, rate, left = fields()
            progress.update(task, completed=done_before + done_now, chunks=chunks, rate=rate, left=left)

        count_missing_chunks(client, ledger, advance)
    return counted


def time_left(deals: int, rate: float) -> str:
    """`H:MM:SS` for `deals` more at `rate` deals a second (hours past 24 too); `?` before any rate is known."""
    if deals <= 0:
        return "0:00:00"
    if rate <= 0:
        return "?"
    seconds = round(deals / rate)
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def describe_difference(kept: ChunkCounts, recounted: ChunkCounts) -> str:
    def counts(chunk: ChunkCounts) -> str:
        moves = f", fewest moves {chunk.fewest_moves}" if chunk.fewest_moves != recounted.fewest_moves else ""
        return f"winnable {chunk.winnable}, stuck {chunk.stuck}{moves}"

    return f"deals {kept.first}..{kept.first + kept.deals - 1} kept {counts(kept)}, recounted {counts(recounted)}"
