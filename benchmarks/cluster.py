"""`heartcards stats --cluster` over a slice of deals on a local cluster: throughput per core and what the whole costs.

    uv run python benchmarks/cluster.py                          # 10,000,000 N deals on local:2 (a few minutes)
    uv run python benchmarks/cluster.py --deals 200000 --chunk 20000 --start 0   # a quick look

Runs the real command (niced, so other work on the machine comes first) with a fresh checkpoint, then reads the
checkpoint: each chunk's CPU seconds on its worker give deals per core second, independent of how busy the machine
was, and from it the core-hours the whole 26⁷ deal space needs. Wall-clock deals per second over the run are printed
beside it. Prints readable figures, then the run's JSON line, kept in benchmarks/results/cluster.jsonl.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from heartcards.cards.shuffling import COMPILED
from heartcards.cluster.plan import ALL_DEALS
from record import record_run


def chunk_times(checkpoint: Path) -> tuple[int, float, float, int]:
    """(deals, wall seconds, CPU seconds, chunks) summed over the checkpoint's chunks."""
    with sqlite3.connect(checkpoint) as db:
        deals, seconds, cpu_seconds, chunks = db.execute(
            "SELECT sum(deals), sum(seconds), sum(cpu_seconds), count(*) FROM heartcards_stats_chunk"
        ).fetchone()
    return int(deals), float(seconds), float(cpu_seconds), int(chunks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10_000_000)
    parser.add_argument("--start", type=int, default=1_000_000_000, help="first deal number of the slice")
    parser.add_argument("--chunk", type=int, default=250_000, help="deals per chunk")
    parser.add_argument("--workers", type=int, default=2, help="local cluster workers")
    parser.add_argument("--nice", type=int, default=10)
    parser.add_argument("--no-keep", action="store_true", help="do not append the line to benchmarks/results/")
    options = parser.parse_args()
    if not COMPILED:
        print("warning: the solver's core is not compiled here (scripts/build_native.py): pure Python is far slower")
    with tempfile.TemporaryDirectory() as folder:
        checkpoint = Path(folder) / "slice.sqlite"
        command = ["nice", "-n", str(options.nice), sys.executable, "-m", "heartcards", "stats"]
        command += ["--deals", str(options.deals), "--start", str(options.start), "--chunk", str(options.chunk)]
        command += ["--cluster", f"local:{options.workers}", "--checkpoint", str(checkpoint), "--verify", "2", "--json"]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            sys.exit(f"heartcards stats failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
        answer: dict[str, Any] = json.loads(result.stdout)
        deals, seconds, cpu_seconds, chunks = chunk_times(checkpoint)
    per_core = deals / cpu_seconds
    whole_core_hours = ALL_DEALS / per_core / 3600
    print(
        f"{deals:,} deals ({answer['start']:,}…) in {chunks} chunks on {answer['workers']} workers: "
        f"{answer['seconds']:.1f} s wall, {answer['deals_per_second']:,.0f} deals/s; "
        f"per core {per_core:,.0f} deals per CPU second ({deals / seconds:,.0f} per worker wall second)"
    )
    print(
        f"winnable {answer['winnable']:,} ({answer['share']:.4%}), stuck at move 0 {answer['stuck']:,}; "
        f"verified {answer['verified']['chunks']} chunks, differing {answer['verified']['differing']}"
    )
    print(f"the whole space, {ALL_DEALS:,} deals: {whole_core_hours:.1f} core-hours at this rate")
    figures = {
        "command": " ".join(["heartcards", *command[command.index("stats") :]]).replace(str(checkpoint), "FILE"),
        "compiled": COMPILED,
        "result": answer,
        "chunk_cpu_seconds": round(cpu_seconds, 3),
        "chunk_wall_seconds": round(seconds, 3),
        "deals_per_core_second": round(per_core, 1),
        "whole_space_core_hours": round(whole_core_hours, 2),
    }
    record_run("cluster", figures, keep=not options.no_keep)


if __name__ == "__main__":
    main()
