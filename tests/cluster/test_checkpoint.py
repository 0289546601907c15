"""Checkpoints: chunks survive a reopen; another plan's, another program's, a damaged or a busy file is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from heartcards.cluster.checkpoint import Checkpoint, CheckpointError, FinishedChunk, Ledger
from heartcards.cluster.plan import ChunkPlan
from heartcards.heart_to_heart.engine import Mode
from heartcards.heart_to_heart.solver.stats import ChunkCounts

PLAN = ChunkPlan(Mode.NORMAL, 100, 25, 10, optimal=True)


def chunk(first: int, deals: int = 10, winnable: int = 3, stuck: int = 1) -> ChunkCounts:
    return ChunkCounts(Mode.NORMAL, first, deals, winnable, stuck, {50: 1, 61: winnable - 1})


def test_chunks_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    with Checkpoint(path, PLAN) as checkpoint:
        assert checkpoint.run == 1 and not checkpoint.finished
        checkpoint.record(chunk(100), 0.5, 0.375, "tcp://a:1")
        checkpoint.record(chunk(120, deals=5, winnable=2, stuck=0), 0.25, 0.25, "tcp://b:2")
    with Checkpoint(path, PLAN) as checkpoint:
        assert checkpoint.run == 2
        assert sorted(checkpoint.finished) == [100, 120]
        assert checkpoint.finished[100].counts == chunk(100)
        assert checkpoint.finished[120].counts == chunk(120, deals=5, winnable=2, stuck=0)
        kept = checkpoint.finished[100]
        assert (kept.seconds, kept.cpu_seconds, kept.worker, kept.run) == (0.5, 0.375, "tcp://a:1", 1)
        checkpoint.record(chunk(110), 0.5, 0.5, "tcp://a:1")
    with Checkpoint(path, PLAN) as checkpoint:
        assert checkpoint.run == 3 and checkpoint.finished[110].run == 2 and len(checkpoint.finished) == 3


@pytest.mark.parametrize(
    ("counts", "reason"),
    [
        (chunk(105), "is not a chunk of this plan"),
        (chunk(130), "is not a chunk of this plan"),
        (chunk(120), "counts 10 deals instead of 5"),
        (chunk(100, winnable=9, stuck=2), "impossible counts"),
        (ChunkCounts(Mode.NORMAL, 100, 10, 3, 1, None), "lacks its fewest moves"),
        (ChunkCounts(Mode.NORMAL, 100, 10, 3, 1, {50: 2}), "fewest moves for 2 deals, not its 3 winnable"),
        (ChunkCounts(Mode.SOLVABLE, 100, 10, 3, 1, {50: 3}), "another mode"),
    ],
)
def test_impossible_chunks_are_not_recorded(counts: ChunkCounts, reason: str) -> None:
    ledger = Ledger(PLAN)
    with pytest.raises(CheckpointError, match=reason):
        ledger.record(counts, 1.0, 1.0, "w")
    assert not ledger.finished


def test_a_chunk_is_never_counted_twice(tmp_path: Path) -> None:
    with Checkpoint(tmp_path / "run.sqlite", PLAN) as checkpoint:
        checkpoint.record(chunk(100), 0.5, 0.5, "w")
        with pytest.raises(CheckpointError, match="already counted"):
            checkpoint.record(chunk(100), 0.5, 0.5, "w")
    with sqlite3.connect(tmp_path / "run.sqlite") as db:
        assert db.execute("SELECT count(*) FROM heartcards_stats_chunk").fetchone() == (1,)


def test_an_interrupt_after_the_commit_still_counts_the_chunk_as_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C can land between a chunk's commit and `finished` learning of it; the file is what the user resumes."""
    commit = Checkpoint._keep

    def commit_then_interrupt(checkpoint: Checkpoint, finished: FinishedChunk) -> None:
        commit(checkpoint, finished)
        raise KeyboardInterrupt

    with Checkpoint(tmp_path / "run.sqlite", PLAN) as checkpoint:
        checkpoint.record(chunk(100), 0.5, 0.5, "w")
        monkeypatch.setattr(Checkpoint, "_keep", commit_then_interrupt)
        with pytest.raises(KeyboardInterrupt):
            checkpoint.record(chunk(110), 0.5, 0.5, "w")
        assert len(checkpoint.finished) == 1 and checkpoint.kept_in_file() == 2


def test_another_plans_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    Checkpoint(path, PLAN).close()
    for other in (
        ChunkPlan(Mode.NORMAL, 100, 25, 10, optimal=False),
        ChunkPlan(Mode.NORMAL, 100, 26, 10, optimal=True),
        ChunkPlan(Mode.NORMAL, 100, 25, 5, optimal=True),
        ChunkPlan(Mode.SOLVABLE, 100, 25, 10, optimal=True),
    ):
        with pytest.raises(CheckpointError, match=r"belongs to another run .*in chunks of 10, with fewest moves"):
            Checkpoint(path, other)


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.jsonl"
    text.write_text('{"deals": 10}\n' * 200)
    with pytest.raises(CheckpointError, match="not an SQLite database"):
        Checkpoint(text, PLAN)
    assert text.read_text() == '{"deals": 10}\n' * 200
    foreign = tmp_path / "other.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE scores (player TEXT, points INTEGER)")
    with pytest.raises(CheckpointError, match=r"other tables \(scores\)"):
        Checkpoint(foreign, PLAN)


def test_a_damaged_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    with Checkpoint(path, PLAN) as checkpoint:
        checkpoint.record(chunk(100), 0.5, 0.5, "w")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE heartcards_stats_chunk SET winnable = 12")
    with pytest.raises(CheckpointError, match="chunk at deal 100 has impossible counts"):
        Checkpoint(path, PLAN)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE heartcards_stats_chunk SET winnable = 3, fewest_moves = 'not json'")
    with pytest.raises(CheckpointError, match="unreadable fewest moves"):
        Checkpoint(path, PLAN)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE heartcards_stats_plan SET value = '2' WHERE key = 'version'")
    with pytest.raises(CheckpointError, match="version '2'"):
        Checkpoint(path, PLAN)
    truncated = tmp_path / "truncated.sqlite"
    truncated.write_bytes(path.read_bytes()[:700])
    with pytest.raises(CheckpointError, match="not a usable heartcards stats checkpoint"):
        Checkpoint(truncated, PLAN)


def test_a_checkpoint_in_use_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    with Checkpoint(path, PLAN), pytest.raises(CheckpointError, match="in use by another run"):
        Checkpoint(path, PLAN)
    Checkpoint(path, PLAN).close()
    with pytest.raises(CheckpointError, match="cannot open the checkpoint"):
        Checkpoint(tmp_path / "missing" / "run.sqlite", PLAN)
