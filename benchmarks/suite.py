"""Keep a run of the test suite (`bash scripts/test --record`): each step's seconds, pytest's counts and the total,
as one line of `benchmarks/results/suite.jsonl`, so the suite's cost is tracked like any other figure.

    uv run python benchmarks/suite.py --total 251.3 --summary FILE [--mode fast] [--note TEXT]
        [--speed-before JSON] -- "ruff 1.2" …

FILE is what the test sessions wrote where `HEARTCARDS_TEST_SUMMARY` pointed (tests/support/summary.py), a line each,
summed here; it may be empty when pytest did not run (a step before it failed), and then the counts are left out.
The line's header holds the machine's speed after the run (benchmarks/record.py); the figures, when given, its speed
before the run (benchmarks/machine.py, which scripts/test runs before anything else).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from record import record_run


def step_seconds(steps: list[str]) -> dict[str, float]:
    """`["ruff 1.2", "pytest 200.0"]` → `{"ruff": 1.2, "pytest": 200.0}`."""
    seconds: dict[str, float] = {}
    for step in steps:
        name, _, value = step.rpartition(" ")
        if not name:
            raise ValueError(f"a step is `NAME SECONDS`, not {step!r}")
        seconds[name] = float(value)
    return seconds


def summed_sessions(summary: str) -> dict[str, int | float]:
    """The counts of the sessions of `summary` (a JSON line each), added up."""
    total: dict[str, int | float] = {}
    for line in summary.splitlines():
        if line.strip():
            for name, count in json.loads(line).items():
                total[name] = total.get(name, 0) + count
    if "seconds" in total:
        total["seconds"] = round(total["seconds"], 1)
    return total


def suite_figures(
    steps: list[str],
    total: float,
    summary: str,
    mode: str,
    note: str | None,
    speed_before: dict[str, float] | None = None,
) -> dict[str, Any]:
    figures: dict[str, Any] = {"mode": mode, "steps": step_seconds(steps), "total_seconds": total}
    if summary.strip():
        figures["pytest"] = summed_sessions(summary)
    if speed_before:
        figures["speed_before"] = speed_before
    if note:
        figures["note"] = note
    return figures


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--total", type=float, required=True, help="the run's wall seconds")
    parser.add_argument("--summary", type=Path, required=True, help="the pytest session's summary file")
    parser.add_argument("--mode", choices=("full", "fast"), default="full")
    parser.add_argument("--note", help="what a reader of the line should know (a shared machine, …)")
    parser.add_argument("--speed-before", type=json.loads, help="benchmarks/machine.py's line before the run")
    parser.add_argument("steps", nargs="*", help="NAME SECONDS, one argument per step")
    options = parser.parse_args(arguments)
    summary = options.summary.read_text() if options.summary.exists() else ""
    figures = suite_figures(options.steps, options.total, summary, options.mode, options.note, options.speed_before)
    record_run("suite", figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
