"""Keep every benchmark run: one JSON line per run appended to `benchmarks/results/<name>.jsonl`.

Each line holds the commit (and whether the tree had uncommitted changes), the UTC date, the machine's load, CPU
count and speed at the moment (benchmarks/machine.py), the Python version and the figures, so every number the README
quotes can be traced to a kept line and read against how fast the machine was.
`HEARTCARDS_RUN_NOTE`, when set, is kept as the line's note: what a reader should know of the run (a "before" or an
"after" of a change, a busy machine).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import subprocess
from pathlib import Path
from typing import Any

import machine

RESULTS = Path(__file__).resolve().parent / "results"


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=RESULTS.parent, capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def run_header() -> dict[str, Any]:
    """What identifies a run: commit, dirty tree, date, load average, CPUs and speed, Python."""
    return {
        "commit": _git("rev-parse", "--short=12", "HEAD") or None,
        # The kept lines themselves do not make a run dirty: a run right after another would always be.
        "dirty": bool(
            _git("status", "--porcelain", "--untracked-files=no", "--", ":/", ":(top,exclude)benchmarks/results")
        ),
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "load": [round(value, 2) for value in os.getloadavg()],
        "cpus": os.cpu_count(),
        "speed": machine.speed(),
        "python": platform.python_version(),
    }


def record_run(name: str, figures: dict[str, Any], *, keep: bool = True) -> dict[str, Any]:
    """Print the run's JSON line and, when `keep`, append it to `results/<name>.jsonl`; returns the line's object."""
    line: dict[str, Any] = {"benchmark": name, **run_header()}
    if note := os.environ.get("HEARTCARDS_RUN_NOTE"):
        line["note"] = note
    line["figures"] = figures
    text = json.dumps(line, ensure_ascii=False, sort_keys=False)
    print(text, flush=True)
    if keep:
        RESULTS.mkdir(exist_ok=True)
        with (RESULTS / f"{name}.jsonl").open("a", encoding="utf-8") as out:
            out.write(text + "\n")
    return line
