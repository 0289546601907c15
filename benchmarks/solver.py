"""Heart to Heart solver benchmark: winnability throughput, fewest-moves solve times, memory.

    uv run python benchmarks/solver.py                  # the issue's figures (100,000 deals; 1,000 solutions)
    uv run python benchmarks/solver.py --quick --no-keep  # a smaller run while developing, not kept

Winnability is timed as whole processes (start-up, imports and all), medians of --runs runs: the solver's own
runner (`summarize_deals` on all cores) and the `heartcards stats` command. Solve times are per deal, in this
process, over the first --optimal-deals winnable N deals. Wall times are what the targets name; CPU times are
printed beside them because a machine shared with other work stretches wall times. Prints readable figures, then
the run's JSON line, kept in benchmarks/results/solver.jsonl (not with --no-keep).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

from heartcards.figures import percentile
from heartcards.heart_to_heart.engine import Game, Mode, format_code
from heartcards.heart_to_heart.engine.reach import order_winnable
from heartcards.heart_to_heart.solver import solve
from heartcards.heart_to_heart.solver.deals import normal_values
from record import record_run

RUNNER = (
    "import sys; from heartcards.heart_to_heart.engine import Mode; "
    "from heartcards.heart_to_heart.solver.stats import summarize_deals; "
    "s = summarize_deals(Mode.NORMAL, 0, int(sys.argv[1]), int(sys.argv[2])); print(s.winnable, s.stuck)"
)
TARGETS = {"deals_per_second": 20_000, "p50": 0.010, "p99": 0.200, "max": 2.0, "memory_mb": 1024}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_process(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its workers, standard output)."""
    cpu = children_cpu()
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, children_cpu() - cpu, result.stdout.strip()


def winnability(deals: int, runs: int, jobs: int) -> dict[str, object]:
    runner = [timed_process([sys.executable, "-c", RUNNER, str(deals), str(jobs)]) for _ in range(runs)]
    command = [sys.executable, "-m", "heartcards", "stats", "--deals", str(deals), "--jobs", str(jobs), "--json"]
    cli = [timed_process(command) for _ in range(runs)]
    runner_seconds = statistics.median(seconds for seconds, _, _ in runner)
    runner_cpu = statistics.median(cpu for _, cpu, _ in runner)
    cli_seconds = statistics.median(seconds for seconds, _, _ in cli)
    cli_cpu = statistics.median(cpu for _, cpu, _ in cli)
    winnable, stuck = (int(word) for word in runner[0][2].split())
    assert json.loads(cli[0][2])["winnable"] == winnable
    return {
        "deals": deals,
        "jobs": jobs,
        "winnable": winnable,
        "stuck": stuck,
        "runner_seconds": round(runner_seconds, 3),
        "runner_deals_per_second": round(deals / runner_seconds),
        "runner_cpu_seconds": round(runner_cpu, 3),
        "runner_deals_per_cpu_second": round(deals / runner_cpu),
        "cli_seconds": round(cli_seconds, 3),
        "cli_deals_per_second": round(deals / cli_seconds),
        "cli_cpu_seconds": round(cli_cpu, 3),
    }


def winnable_codes(count: int) -> list[str]:
    codes: list[str] = []
    number = 0
    while len(codes) < count:
        if order_winnable(normal_values(number)):
            codes.append(format_code(Mode.NORMAL, number))
        number += 1
    return codes


def solve_times(count: int) -> dict[str, object]:
    rows = []
    for code in winnable_codes(count):
        position = Game.from_code(code).position
        cpu = time.process_time()
        started = time.perf_counter()
        solution = solve(position)
        wall = time.perf_counter() - started
        rows.append((wall, solution.states, solution.move_count or 0, code, time.process_time() - cpu))
    times = sorted(row[0] for row in rows)
    cpu_times = sorted(row[4] for row in rows)
    slowest = max(rows)
    return {
        "deals": count,
        "p50": round(percentile(times, 0.50), 4),
        "p90": round(percentile(times, 0.90), 4),
        "p99": round(percentile(times, 0.99), 4),
        "max": round(times[-1], 4),
        "mean": round(statistics.fmean(times), 4),
        "cpu_p50": round(percentile(cpu_times, 0.50), 4),
        "cpu_p90": round(percentile(cpu_times, 0.90), 4),
        "cpu_p99": round(percentile(cpu_times, 0.99), 4),
        "cpu_max": round(cpu_times[-1], 4),
        "states_p50": int(statistics.median(row[1] for row in rows)),
        "states_max": max(row[1] for row in rows),
        "moves_mean": round(statistics.fmean(row[2] for row in rows), 2),
        "slowest": slowest[3],
        "memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def compiled() -> bool:
    from heartcards.heart_to_heart.solver import search

    return str(search.__file__).endswith(".so")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100_000, help="deals for the winnability throughput")
    parser.add_argument("--optimal-deals", type=int, default=1000, help="winnable deals to solve optimally")
    parser.add_argument("--runs", type=int, default=3, help="whole-process runs per winnability figure (median)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--quick", action="store_true", help="20,000 deals, 200 solutions, 1 run")
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without appending it to results/")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.deals, arguments.optimal_deals, arguments.runs = 20_000, 200, 1
    print(f"compiled core (mypyc): {compiled()}   cores: {os.cpu_count()}   load: {os.getloadavg()[0]:.2f}")
    win = winnability(arguments.deals, arguments.runs, arguments.jobs)
    print(
        f"winnability, {win['deals']:,} N deals, {win['jobs']} processes, whole process (median of "
        f"{arguments.runs}): solver runner {win['runner_seconds']} s = {win['runner_deals_per_second']:,} deals/s "
        f"({win['runner_cpu_seconds']} CPU s = {win['runner_deals_per_cpu_second']:,} deals per CPU second); "
        f"`heartcards stats` {win['cli_seconds']} s = {win['cli_deals_per_second']:,} deals/s "
        f"({win['cli_cpu_seconds']} CPU s); winnable {win['winnable']:,}, stuck at move 0 {win['stuck']:,}"
    )
    opt = solve_times(arguments.optimal_deals)
    print(
        f"fewest moves, {opt['deals']:,} winnable N deals, one core: p50 {opt['p50'] * 1000:.1f} ms, "
        f"p90 {opt['p90'] * 1000:.1f} ms, p99 {opt['p99'] * 1000:.1f} ms, max {opt['max']:.3f} s "
        f"({opt['slowest']}); CPU time p50 {opt['cpu_p50'] * 1000:.1f} ms, p90 {opt['cpu_p90'] * 1000:.1f} ms, "
        f"p99 {opt['cpu_p99'] * 1000:.1f} ms, max {opt['cpu_max']:.3f} s; "
        f"states p50 {opt['states_p50']:,}, max {opt['states_max']:,}; "
        f"mean {opt['moves_mean']} moves; peak memory {opt['memory_mb']} MB"
    )
    measured = {
        "deals_per_second": float(str(win["runner_deals_per_second"])),
        **{name: float(str(opt[name])) for name in ("p50", "p99", "max", "memory_mb")},
    }
    checks = {
        name: value >= TARGETS[name] if name == "deals_per_second" else value <= TARGETS[name]
        for name, value in measured.items()
    }
    print("targets: " + ", ".join(f"{name} {'met' if met else 'MISSED'}" for name, met in checks.items()))
    figures = {
        "compiled": compiled(),
        "runs": arguments.runs,
        "winnability": win,
        "optimal": opt,
        "targets_met": checks,
    }
    record_run("solver", figures, keep=not arguments.no_keep)


if __name__ == "__main__":
    main()
