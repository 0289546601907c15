"""The checkpoint of a cluster run: an SQLite file holding the plan and each finished chunk's counts.

Each chunk is committed as it finishes, so a run that stops (Ctrl-C, a lost scheduler, a power cut) loses at most
the chunks in flight; the next run with the same file computes only the chunks it lacks. The file names its plan,
and a file of another plan, another program or a damaged one is refused with a `CheckpointError`, never silently
mixed in. While a run has the file open it holds an exclusive `flock` on it, so two runs cannot both write it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Final

from heartcards.cluster.plan import ChunkPlan
from heartcards.heart_to_heart.engine import Mode
from heartcards.heart_to_heart.solver.stats import ChunkCounts

FORMAT: Final = "heartcards stats checkpoint"
VERSION: Final = 1
SCHEMA: Final = (
    "CREATE TABLE heartcards_stats_plan (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE heartcards_stats_chunk (
        first INTEGER PRIMARY KEY,
        deals INTEGER NOT NULL,
        winnable INTEGER NOT NULL,
        stuck INTEGER NOT NULL,
        fewest_moves TEXT,
        seconds REAL NOT NULL,
        cpu_seconds REAL NOT NULL,
        worker TEXT NOT NULL,
        run INTEGER NOT NULL,
        finished_at TEXT NOT NULL
    )""",
)


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used for this run; the message names the file and the reason."""


@dataclass(frozen=True, slots=True)
class FinishedChunk:
    """A chunk's counts as kept: with the seconds it took on its worker (wall clock and CPU), which worker, and in
    which run of the checkpoint."""

    counts: ChunkCounts
    seconds: float
    cpu_seconds: float
    worker: str
    run: int


def plan_entries(plan: ChunkPlan) -> dict[str, str]:
    """What a checkpoint records of its plan, as text, and compares on every open."""
    return {
        "format": FORMAT,
        "version": str(VERSION),
        "mode": plan.mode.value,
        "start": str(plan.start),
        "deals": str(plan.deals),
        "chunk_deals": str(plan.chunk_deals),
        "optimal": "yes" if plan.optimal else "no",
    }


class Ledger:
    """The finished chunks of one run, checked as they arrive and kept in memory only (a run without a checkpoint)."""

    def __init__(self, plan: ChunkPlan) -> None:
        self.plan = plan
        self.finished: dict[int, FinishedChunk] = {}
        self.run = 1

    def problem(self, counts: ChunkCounts) -> str | None:
        """Why these counts cannot be a chunk of this plan, or None when they can."""
        if not all(isinstance(value, int) for value in (counts.first, counts.deals, counts.winnable, counts.stuck)):
            return "holds a value that is not a whole number"
        size = self.plan.chunk_size_at(counts.first)
        if size is None:
            return "is not a chunk of this plan"
        if counts.deals != size:
            return f"counts {counts.deals} deals instead of {size}"
        if min(counts.winnable, counts.stuck) < 0 or counts.winnable + counts.stuck > counts.deals:
            return f"has impossible counts (winnable {counts.winnable}, stuck {counts.stuck})"
        if counts.optimal != self.plan.optimal:
            return "lacks its fewest moves" if self.plan.optimal else "has fewest moves this plan does not count"
        if counts.fewest_moves is not None:
            histogram = counts.fewest_moves
            if min(histogram, default=1) < 1 or min(histogram.values(), default=1) < 1:
                return "has impossible fewest moves"
            if sum(histogram.values()) != counts.winnable:
                return f"has fewest moves for {sum(histogram.values())} deals, not its {counts.winnable} winnable"
        return None

    def record(self, counts: ChunkCounts, seconds: float, cpu_seconds: float, worker: str) -> None:
        """Keep one finished chunk; counts that cannot be a chunk of this plan, or a chunk kept already, are errors."""
        problem = self.problem(counts)
        if problem or counts.mode is not self.plan.mode:
            raise CheckpointError(f"chunk at deal {counts.first} {problem or 'is of another mode'}: not recorded")
        if counts.first in self.finished:
            raise CheckpointError(f"chunk at deal {counts.first} was already counted: not recorded twice")
        chunk = FinishedChunk(counts, seconds, cpu_seconds, worker, self.run)
        self._keep(chunk)
        self.finished[counts.first] = chunk

    def _keep(self, chunk: FinishedChunk) -> None:
        """Make the chunk last beyond this process: nothing to do for a ledger in memory."""

    def close(self) -> None:
        """Let go of what the ledger holds open: nothing for a ledger in memory."""

    def __enter__(self) -> Ledger:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


class Checkpoint(Ledger):
    """An open checkpoint file: `finished` as read and checked on opening; `record()` commits each new chunk."""

    def __init__(self, path: Path, plan: ChunkPlan) -> None:
        super().__init__(plan)
        self.path = path
        self._lock = self._take_lock()
        try:
            self._db = self._connect()
            self.run = self._open_or_create()
        except BaseException:
            os.close(self._lock)
            raise

    def _take_lock(self) -> int:
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise CheckpointError(f"cannot open the checkpoint {str(self.path)!r}: {error.strerror}") from error
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(descriptor)
            raise CheckpointError(f"the checkpoint {str(self.path)!r} is in use by another run") from error
        return descriptor

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            verdict = db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError as error:
            raise self._refused("it is not an SQLite database") from error
        if verdict is None or verdict[0] != "ok":
            db.close()
            raise self._refused(f"the SQLite file is damaged ({verdict[0] if verdict else 'no answer'})")
        return db

    def _refused(self, reason: str) -> CheckpointError:
        return CheckpointError(f"{str(self.path)!r} is not a usable heartcards stats checkpoint: {reason}")

    def _open_or_create(self) -> int:
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with self._transaction():
                for statement in SCHEMA:
                    self._db.execute(statement)
                self._db.executemany(
                    "INSERT INTO heartcards_stats_plan VALUES (?, ?)", [*plan_entries(self.plan).items(), ("runs", "1")]
                )
            return 1
        if "heartcards_stats_plan" not in tables or "heartcards_stats_chunk" not in tables:
            raise self._refused(f"it holds other tables ({', '.join(sorted(tables))})")
        stored = dict(self._db.execute("SELECT key, value FROM heartcards_stats_plan").fetchall())
        if stored.get("format") != FORMAT or stored.get("version") != str(VERSION):
            raise self._refused(f"format {stored.get('format')!r} version {stored.get('version')!r}")
        expected = plan_entries(self.plan)
        if any(stored.get(key) != value for key, value in expected.items()):
            raise CheckpointError(
                f"the checkpoint {str(self.path)!r} belongs to another run ({self._stored_plan(stored)}); "
                f"this run is {self.plan.describe()}"
            )
        self._load_chunks()
        run = int(stored.get("runs", "0")) + 1
        with self._transaction():
            self._db.execute("UPDATE heartcards_stats_plan SET value = ? WHERE key = 'runs'", (str(run),))
        return run

    @staticmethod
    def _stored_plan(stored: dict[str, str]) -> str:
        try:
            plan = ChunkPlan(
                Mode(stored["mode"]),
                int(stored["start"]),
                int(stored["deals"]),
                int(stored["chunk_deals"]),
                stored["optimal"] == "yes",
            )
        except (KeyError, ValueError):
            return ", ".join(f"{key} {value}" for key, value in sorted(stored.items()))
        return plan.describe()

    def _load_chunks(self) -> None:
        rows = self._db.execute(
            "SELECT first, deals, winnable, stuck, fewest_moves, seconds, cpu_seconds, worker, run"
            " FROM heartcards_stats_chunk"
        )
        for first, deals, winnable, stuck, fewest_text, seconds, cpu_seconds, worker, run in rows:
            counts = ChunkCounts(self.plan.mode, first, deals, winnable, stuck, self._fewest_moves(first, fewest_text))
            problem = self.problem(counts)
            if problem:
                raise self._refused(f"the chunk at deal {first} {problem}")
            if not all(isinstance(value, int | float) for value in (seconds, cpu_seconds)) or not isinstance(run, int):
                raise self._refused(f"the chunk at deal {first} has no valid time or run number")
            self.finished[first] = FinishedChunk(counts, float(seconds), float(cpu_seconds), str(worker), run)

    def _fewest_moves(self, first: int, text: object) -> dict[int, int] | None:
        if text is None:
            return None
        try:
            loaded = json.loads(str(text))
            return {int(moves): int(deals) for moves, deals in loaded.items()}
        except (ValueError, AttributeError, TypeError) as error:
            raise self._refused(f"the chunk at deal {first} has unreadable fewest moves {text!r}") from error

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _keep(self, chunk: FinishedChunk) -> None:
        counts = chunk.counts
        fewest = (
            None if counts.fewest_moves is None else json.dumps({str(k): v for k, v in counts.fewest_moves.items()})
        )
        finished_at = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        with self._transaction():
            self._db.execute(
                "INSERT INTO heartcards_stats_chunk VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    counts.first,
                    counts.deals,
                    counts.winnable,
                    counts.stuck,
                    fewest,
                    chunk.seconds,
                    chunk.cpu_seconds,
                    chunk.worker,
                    chunk.run,
                    finished_at,
                ),
            )

    def kept_in_file(self) -> int:
        """How many chunks the file holds: after Ctrl-C this is the truth, since the interrupt may land between a
        chunk's commit and `finished` learning of it."""
        (count,) = self._db.execute("SELECT COUNT(*) FROM heartcards_stats_chunk").fetchone()
        return int(count)

    def close(self) -> None:
        self._db.close()
        os.close(self._lock)
