"""How fast this machine is at the moment: the same Python loop timed in one process, then in two at once.

    python3 benchmarks/machine.py          prints {"one_process": …, "two_processes": …} (million loop steps a second)

A shared virtual machine's speed is not a constant (docs/figures.md: twofold within an hour on the project's 2-core
machine), and two processes at once do less than twice the work of one. Every kept benchmark line holds it
(benchmarks/record.py), and `scripts/test --record` also measures it before the run, so that a figure can be read
against the speed the machine had. Standard library only: it runs before the project's own Python is installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

STEPS = 4_000_000  # about half a second of one core on the idle machine


def timed_loop() -> float:
    """Seconds taken by STEPS turns of an interpreted loop (the suite's own work is mostly interpreted Python)."""
    started = time.perf_counter()
    total = 0
    for step in range(STEPS):
        total += step
    return time.perf_counter() - started


def speed() -> dict[str, float]:
    """Million loop steps a second: one process alone, then two processes started together (until both end)."""
    one = STEPS / timed_loop() / 1e6
    started = time.perf_counter()
    both = [subprocess.Popen([sys.executable, __file__, "--loop"], stdout=subprocess.DEVNULL) for _ in range(2)]
    for process in both:
        process.wait()
    two = 2 * STEPS / (time.perf_counter() - started) / 1e6
    return {"one_process": round(one, 2), "two_processes": round(two, 2)}


if __name__ == "__main__":
    if sys.argv[1:] == ["--loop"]:
        timed_loop()
    else:
        print(json.dumps(speed()))
