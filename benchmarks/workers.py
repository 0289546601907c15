"""How soon the server's worker pool is ready after a start, and how soon it answers again after a worker died: the
wait of the first computer player's card or hint after a server starts, and of the jobs that need another worker
while one that died is replaced.

    uv run python benchmarks/workers.py [--rounds 5]

Each round is a new Python started as the `heartcards` command is (a script that imports the command line first,
which each worker runs again: `runtime.pool._imported_by_main`), so nothing of the pool is started or imported
before it. The round makes the server's pool (two workers, `web.services.WORKER_PRELOAD`), times until both have
answered a job, kills one and times until its replacement has answered one, then sums the CPU seconds of every process
the pool started (those still running and those that ended). Prints each figure's median over the rounds and keeps
the run's line in benchmarks/results/workers.jsonl.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from record import record_run

ROUND = """
from heartcards.cli import main  # as the `heartcards` command's script does

if __name__ == "__main__":
    import asyncio, json, os, resource, signal, time
    from heartcards.runtime.pool import WorkerPool
    from heartcards.web.services import WORKER_PRELOAD

    def descendants(pid):
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(stat[1]) == pid:
                    found += [int(entry), *descendants(int(entry))]
        return found

    def cpu_seconds(pid):
        stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return sum(int(field) for field in stat[11:15]) / os.sysconf("SC_CLK_TCK")  # its own and its reaped children's

    async def round_():
        pool = WorkerPool(2, WORKER_PRELOAD)
        started = time.perf_counter()
        pool.warm_up()
        await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))
        ready = time.perf_counter() - started
        killed, survivor = pool.worker_pids()
        os.kill(killed, signal.SIGKILL)
        started = time.perf_counter()
        while not set(await asyncio.gather(pool.run(os.getpid), pool.run(os.getpid))) - {killed, survivor}:
            await asyncio.sleep(0.001)  # two jobs at once: the second one needs the replacement once the death is seen
        again = time.perf_counter() - started
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = children.ru_utime + children.ru_stime + sum(cpu_seconds(pid) for pid in descendants(os.getpid()))
        pool.close()
        print(json.dumps({"ready_ms": ready * 1000, "after_a_kill_ms": again * 1000, "cpu_s": cpu}))

    asyncio.run(round_())
"""


def one_round(script: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True, timeout=120)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-keep", action="store_true", help="print the line without keeping it")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "heartcards_command.py"
        script.write_text(ROUND)
        rounds = [one_round(script) for _ in range(arguments.rounds)]
    figures: dict[str, object] = {"rounds": arguments.rounds, "workers": 2}
    for name in ("ready_ms", "after_a_kill_ms", "cpu_s"):
        values = [entry[name] for entry in rounds]
        figures[f"{name}_median"] = round(statistics.median(values), 3)
        figures[name] = [round(value, 3) for value in values]
    ready, again, cpu = (figures[f"{name}_median"] for name in ("ready_ms", "after_a_kill_ms", "cpu_s"))
    print(
        f"a pool of 2 ready in {ready:.0f} ms, answering again {again:.0f} ms after a worker was killed,"
        f" {cpu:.2f} CPU seconds (medians of {arguments.rounds} rounds)"
    )
    record_run("workers", figures, keep=not arguments.no_keep)


if __name__ == "__main__":
    main()
