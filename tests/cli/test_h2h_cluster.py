"""`heartcards stats --cluster` through the real command, on Dask clusters of 2 worker processes.

The same counts as `stats --jobs 2`; a worker killed mid-run and a run interrupted then resumed give the same result,
each chunk kept exactly once; a checkpoint of another run, of another program or damaged is refused in one line.
The runs that only count share one cluster of this module (`scheduler`, the command given its address); the run whose
worker is killed starts its own (`local:2`), as it is the command's own cluster that must carry on.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from heartcards.cluster.runner import local_cluster

pytestmark = pytest.mark.slow  # Dask clusters of worker processes

OPTIMAL_RANGE = ("--deals", "300", "--start", "500", "--optimal")
OPTIMAL_CHUNKS = ("--chunk", "10")  # 30 chunks
RUN_SECONDS = 240
TIMING_KEYS = {"seconds", "deals_per_second"}
CLUSTER_KEYS = {"chunks", "workers", "exact", "verified"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "heartcards", *args], capture_output=True, text=True, check=False, timeout=RUN_SECONDS
    )


def default_interrupt() -> None:
    """Ctrl-C's default in the child: a shell running the tests in the background would have it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "heartcards", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_interrupt,
    )


def figures(stdout: str) -> dict[str, Any]:
    """The JSON line less what depends on timing or on where it ran."""
    answer: dict[str, Any] = json.loads(stdout)
    return {key: value for key, value in answer.items() if key not in TIMING_KEYS | CLUSTER_KEYS}


def kept_chunks(path: Path) -> list[tuple[int, int, int]]:
    """(first, deals, run) of each chunk in the checkpoint, in order; none while it is not created yet."""
    try:
        with sqlite3.connect(path, timeout=10) as db:
            return db.execute("SELECT first, deals, run FROM heartcards_stats_chunk ORDER BY first").fetchall()
    except sqlite3.OperationalError:
        return []


def wait_until(condition: Callable[[], bool], process: subprocess.Popen[str], seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the run did not get there in time"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask cluster of 2 single-threaded worker processes, for the runs of this module that count."""
    with local_cluster(2) as cluster:
        yield str(cluster.scheduler_address)


@pytest.fixture(scope="module")
def optimal_reference() -> dict[str, Any]:
    result = run("stats", *OPTIMAL_RANGE, "--jobs", "2", "--json")
    assert result.returncode == 0, result.stderr
    return figures(result.stdout)


def test_same_counts_as_stats_jobs_2_and_verify_finds_a_changed_chunk(tmp_path: Path, scheduler: str) -> None:
    checkpoint = tmp_path / "run.sqlite"
    common = ("stats", "--deals", "20000", "--start", "123")
    cluster = run(*common, "--cluster", scheduler, "--chunk", "1500", "--checkpoint", str(checkpoint), "--json")
    assert cluster.returncode == 0, cluster.stderr
    single = run(*common, "--jobs", "2", "--json")
    assert single.returncode == 0, single.stderr
    assert figures(cluster.stdout) == figures(single.stdout)
    answer = json.loads(cluster.stdout)
    assert (answer["chunks"], answer["workers"], answer["exact"]) == (14, 2, False)
    assert [(first, deals) for first, deals, _ in kept_chunks(checkpoint)] == [
        (first, min(1500, 20123 - first)) for first in range(123, 20123, 1500)
    ]
    with sqlite3.connect(checkpoint) as db:
        db.execute("UPDATE heartcards_stats_chunk SET winnable = winnable - 1 WHERE first = 3123")
    verified = run(
        *common, "--cluster", scheduler, "--chunk", "1500", "--checkpoint", str(checkpoint), "--verify", "14"
    )
    assert verified.returncode == 3, verified.stderr
    assert "14 of 14 chunks already counted" in verified.stderr
    error = verified.stderr.strip().splitlines()[-1]
    assert error.startswith("error: verification failed: 1 of 14 recounted chunks differ: deals 3123..4622 kept ")
    assert "Traceback" not in verified.stderr


def test_a_worker_killed_mid_run_changes_nothing(tmp_path: Path, optimal_reference: dict[str, Any]) -> None:
    checkpoint = tmp_path / "run.sqlite"
    process = start(
        "stats", *OPTIMAL_RANGE, *OPTIMAL_CHUNKS, "--cluster", "local:2", "--checkpoint", str(checkpoint), "--json"
    )
    try:
        wait_until(lambda: len(kept_chunks(checkpoint)) >= 2, process)
        workers = [
            child
            for child in psutil.Process(process.pid).children(recursive=True)
            if any("spawn_main" in part for part in child.cmdline())
        ]
        assert len(workers) == 2
        assert len(kept_chunks(checkpoint)) < 30
        workers[0].kill()
        stdout, stderr = process.communicate(timeout=RUN_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 0, stderr
    assert figures(stdout) == optimal_reference
    chunks = kept_chunks(checkpoint)
    assert [first for first, _, _ in chunks] == list(range(500, 800, 10))
    assert sum(deals for _, deals, _ in chunks) == 300 and {run for _, _, run in chunks} == {1}


def test_an_interrupted_run_resumes_to_the_same_result(
    tmp_path: Path, optimal_reference: dict[str, Any], scheduler: str
) -> None:
    checkpoint = tmp_path / "run.sqlite"
    arguments = ("stats", *OPTIMAL_RANGE, *OPTIMAL_CHUNKS, "--cluster", scheduler, "--checkpoint", str(checkpoint))
    process = start(*arguments, "--json")
    try:
        wait_until(lambda: len(kept_chunks(checkpoint)) >= 2, process)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=RUN_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 130 and stdout == ""
    before = kept_chunks(checkpoint)
    assert 2 <= len(before) < 30
    assert stderr.strip().splitlines()[-1] == (
        f"error: interrupted: {len(before)} of 30 chunks are kept in {checkpoint}; the same command goes on from there"
    )
    resumed = run(*arguments, "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming from {checkpoint}: {len(before)} of 30 chunks already counted" in resumed.stderr
    assert figures(resumed.stdout) == optimal_reference
    after = kept_chunks(checkpoint)
    assert [first for first, _, _ in after] == list(range(500, 800, 10))
    assert [chunk for chunk in after if chunk[2] == 1] == before
    assert all(run == 2 for first, _, run in after if (first, 10, 1) not in before)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b"not a database, just text\n" * 100,
            "is not a usable heartcards stats checkpoint: it is not an SQLite database",
        ),
        (None, "is not a usable heartcards stats checkpoint: it holds other tables (scores)"),
    ],
)
def test_a_corrupt_or_foreign_checkpoint_is_refused(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "given.sqlite"
    if content is None:
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE scores (player TEXT, points INTEGER)")
    else:
        path.write_bytes(content)
    result = run("stats", "--deals", "100", "--cluster", "local:2", "--checkpoint", str(path), "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [f"error: '{path}' {message}"]


def test_another_runs_checkpoint_and_bad_options_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE heartcards_stats_plan (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TABLE heartcards_stats_chunk (first INTEGER PRIMARY KEY)")
        db.executemany(
            "INSERT INTO heartcards_stats_plan VALUES (?, ?)",
            [
                *[("format", "heartcards stats checkpoint"), ("version", "1"), ("mode", "N"), ("start", "0")],
                *[("deals", "100"), ("chunk_deals", "10"), ("optimal", "no"), ("runs", "1")],
            ],
        )
    other = run("stats", "--deals", "100", "--cluster", "local:2", "--chunk", "20", "--checkpoint", str(path))
    assert other.returncode == 2
    assert other.stderr.strip().splitlines() == [
        f"error: the checkpoint '{path}' belongs to another run (mode N deals HH1-N-AAAAAAA … HH1-N-AAAAADV (0..99) "
        "in chunks of 10, winnability only); this run is mode N deals HH1-N-AAAAAAA … HH1-N-AAAAADV (0..99) in chunks "
        "of 20, winnability only"
    ]
    for arguments, message in [
        (
            ("--checkpoint", str(path)),
            "error: --checkpoint, --chunk, --verify and --verify-seed work with --cluster only",
        ),
        (("--cluster", "local:0"), "error: 'local:0' asks for 0 local workers: from 1 to 256"),
        (("--cluster", "local:two"), "error: 'local:two' is not a local cluster: write local:N, N workers from 1"),
        (("--cluster", "local:2", "--jobs", "2"), "error: --jobs counts on this machine"),
        (  # refused at once, where Dask's client would try again for ten seconds
            ("--cluster", "tcp://127.0.0.1:9"),
            "error: cannot reach a Dask scheduler at 'tcp://127.0.0.1:9': [Errno 111] Connection refused",
        ),
    ]:
        result = run("stats", "--deals", "100", *arguments)
        assert result.returncode == 2, arguments
        assert len(result.stderr.strip().splitlines()) == 1 and result.stderr.startswith(message), result.stderr
