"""The runner on an in-process Dask cluster (threads, so it starts in a moment): chunks, recounts, failing tasks,
the local cluster's free port."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pytest
from distributed import Client

from heartcards.cluster.address import ClusterError, local_workers
from heartcards.cluster.checkpoint import Ledger
from heartcards.cluster.plan import ChunkPlan
from heartcards.cluster.runner import (
    WorkedChunk,
    count_missing_chunks,
    local_cluster,
    result_of,
    verify_chunks,
    worker_count,
)
from heartcards.heart_to_heart.engine import Mode
from heartcards.heart_to_heart.solver.stats import ChunkCounts, count_chunk


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        local_cluster(2, processes=False) as cluster,
        Client(cluster) as client,
    ):
        yield client


def test_missing_chunks_are_counted_once_each(client: Client) -> None:
    plan = ChunkPlan(Mode.NORMAL, 40, 2_500, 600, optimal=False)
    ledger = Ledger(plan)
    ledger.record(count_chunk(Mode.NORMAL, 640, 600, optimal=False), 0.1, 0.1, "earlier")
    seen: list[WorkedChunk] = []
    assert count_missing_chunks(client, ledger, seen.append) == 4
    assert sorted(worked.counts.first for worked in seen) == [40, 1240, 1840, 2440]
    assert all(worked.worker.startswith(("inproc://", "tcp://")) and worked.cpu_seconds >= 0 for worked in seen)
    assert sorted(ledger.finished) == [40, 640, 1240, 1840, 2440] and ledger.finished[640].worker == "earlier"
    whole = count_chunk(Mode.NORMAL, 40, 2_500, optimal=False)
    chunks = [chunk.counts for chunk in ledger.finished.values()]
    assert sum(c.winnable for c in chunks) == whole.winnable and sum(c.stuck for c in chunks) == whole.stuck
    assert count_missing_chunks(client, ledger, seen.append) == 0 and worker_count(client) == (2, 2)


def test_verify_recounts_and_finds_what_differs(client: Client) -> None:
    finished = {first: count_chunk(Mode.NORMAL, first, 20, optimal=True) for first in range(0, 100, 20)}
    same = verify_chunks(client, finished, 3, random.Random(7))
    assert len(same.checked) == 3 and set(same.checked) <= set(finished) and not same.differing
    kept = finished[40]
    changed = ChunkCounts(Mode.NORMAL, 40, 20, kept.winnable, kept.stuck + 1, kept.fewest_moves)
    verdict = verify_chunks(client, {**finished, 40: changed}, 10, random.Random(7))
    assert verdict.checked == (0, 20, 40, 60, 80)
    assert verdict.differing == ((changed, finished[40]),)


def test_a_failing_task_is_a_cluster_error(client: Client) -> None:
    future = client.submit(count_chunk, Mode.NORMAL, -1, "ten", False, key="heartcards-test-failing", pure=False)
    with pytest.raises(ClusterError, match="task heartcards-test-failing failed: TypeError"):
        result_of(future)


def test_addresses() -> None:
    assert local_workers("local:3") == 3 and local_workers(" local:1 ") == 1
    assert local_workers("tcp://10.0.0.5:8786") is None
    for bad in ("local", "local:", "local:-1", "local:0", "local:257", "local:2x"):
        with pytest.raises(ClusterError, match=repr(bad).replace("(", r"\(")):
            local_workers(bad)


def test_a_local_cluster_holds_no_fixed_port_so_two_at_once_do_not_collide(client: Client) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with local_cluster(1, processes=False) as other, Client(other) as other_client:
            ports = [each.scheduler_info()["services"]["dashboard"] for each in (client, other_client)]
    assert 8787 not in ports and ports[0] != ports[1]  # Dask's default port, which a second run found taken
    assert not [warning for warning in caught if "already in use" in str(warning.message)]
