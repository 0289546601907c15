"""Hearts strength and speed figures (issue 5). Prints each figure and one JSON line at the end.

    uv run python benchmarks/hearts.py                      # the full run: 1,000 duplicate deals, 400 games
    uv run python benchmarks/hearts.py --deals 100 --games 40 --jobs 2   # a quick look

1. Engine throughput: full deals per second with four `random` bots, through observations and apply-functions.
2. Duplicate protocol: for each seeded deal, a table of four baseline bots, then the same deal with the candidate
   in each seat in turn; the candidate's paired difference in points per deal (mean of its four seats minus the
   baseline's points in those seats), with a 95 % interval. `mc` against `rule`, and `rule` against `random`.
3. Whole games, special rules, one `mc` against three `rule` bots, seats rotated game by game: win rate (25 % is par).
4. `mc` decision times (median, p99) over every decision it made in 2 and 3.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial

from heartcards.hearts.bots import STRENGTHS, Bot, MonteCarloBot, make_bot, play_game
from heartcards.hearts.bots.arena import derive_seed, match_specs, percentile, run_match
from heartcards.hearts.engine import Variant

DEFAULT_CAP = -1.0
"""`time_cap` value meaning: keep the strength level's own time cap."""


def bot(name: str, strength: str, seed: int, time_cap: float | None = DEFAULT_CAP) -> Bot:
    """`make_bot`, with the `mc` time cap overridden unless `time_cap` is DEFAULT_CAP (None: no cap at all)."""
    if name == "mc" and time_cap != DEFAULT_CAP:
        return MonteCarloBot(seed, replace(STRENGTHS[strength], time_cap=time_cap))
    return make_bot(name, strength, seed)


@dataclass(frozen=True, slots=True)
class DuplicateDeal:
    index: int
    seed: int
    baseline: str
    candidate: str
    strength: str
    time_cap: float | None


def duplicate_deal(job: DuplicateDeal) -> tuple[float, list[tuple[float, float]]]:
    """The candidate's mean paired difference over its four seats on one deal, and its decision times (wall, CPU)."""
    deal_number = 1 + job.index % 4
    deal_seed = derive_seed(job.seed, job.index)

    def table(candidate_seat: int) -> tuple[tuple[int, ...], list[tuple[float, float]]]:
        names = [job.candidate if seat == candidate_seat else job.baseline for seat in range(4)]
        bots = [bot(name, job.strength, derive_seed(deal_seed, seat), job.time_cap) for seat, name in enumerate(names)]
        result = play_game(bots, deal_seed, single_deal=deal_number)
        times = []
        if candidate_seat >= 0:
            times = list(
                zip(result.decision_times[candidate_seat], result.decision_cpu_times[candidate_seat], strict=True)
            )
        return result.records[0].points, times

    base, _ = table(-1)
    differences = []
    times: list[tuple[float, float]] = []
    for seat in range(4):
        points, seat_times = table(seat)
        differences.append(points[seat] - base[seat])
        times.extend(seat_times)
    return sum(differences) / 4, times


def run_parallel(function, jobs_list, jobs, label):  # type: ignore[no-untyped-def]
    """Runs the jobs (in worker processes when jobs > 1), in order, with a progress line on stderr now and then."""
    results = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        outputs = pool.map(function, jobs_list, chunksize=2) if jobs > 1 else map(function, jobs_list)
        for done, output in enumerate(outputs, start=1):
            results.append(output)
            if done % 25 == 0 or done == len(jobs_list):
                elapsed = time.perf_counter() - started
                print(f"  {label}: {done}/{len(jobs_list)} in {elapsed:.0f} s", file=sys.stderr, flush=True)
    return results


def duplicate(
    baseline: str, candidate: str, deals: int, seed: int, strength: str, jobs: int, time_cap: float | None
) -> dict[str, object]:
    started = time.perf_counter()
    work = [DuplicateDeal(index, seed, baseline, candidate, strength, time_cap) for index in range(deals)]
    results = run_parallel(duplicate_deal, work, jobs, f"{candidate} vs {baseline}")
    differences = [difference for difference, _ in results]
    pairs = [pair for _, seat_times in results for pair in seat_times]
    times = sorted(wall for wall, _ in pairs)
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.inf
    figures: dict[str, object] = {
        "candidate": candidate,
        "baseline": baseline,
        "deals": deals,
        "mean_difference": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "seconds": round(time.perf_counter() - started, 1),
    }
    if times:
        figures["decision_ms_median"] = round(1000 * percentile(times, 0.5), 2)
        figures["decision_ms_p99"] = round(1000 * percentile(times, 0.99), 2)
        figures["decisions"] = len(times)
    print(
        f"duplicate {candidate} vs {baseline}: {mean:+.2f} points/deal, 95% CI [{mean - half:+.2f}, {mean + half:+.2f}]"
        f" over {deals} deals ({figures['seconds']} s)",
        flush=True,
    )
    return figures | {"_times": pairs}


def run_game(spec, time_cap):  # type: ignore[no-untyped-def]
    return run_match(spec, partial(bot, time_cap=time_cap))


def wilson(successes: int, total: int) -> tuple[float, float]:
    if total == 0:
        return 0.0, 1.0
    z = 1.96
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def games_vs_rule(
    games: int, seed: int, strength: str, target: int, jobs: int, time_cap: float | None
) -> dict[str, object]:
    started = time.perf_counter()
    specs = match_specs(games, ["mc", "rule", "rule", "rule"], seed, Variant.SPECIAL, target, strength, rotate=True)
    results = run_parallel(partial(run_game, time_cap=time_cap), specs, jobs, "games")
    wins = 0
    deals = 0
    points = 0
    times: list[tuple[float, float]] = []
    for spec, result in zip(specs, results, strict=True):
        seat = spec.slots.index(0)
        wins += seat in result.winners
        deals += len(result.records)
        points += sum(record.points[seat] for record in result.records)
        times.extend(zip(result.decision_times[seat], result.decision_cpu_times[seat], strict=True))
    low, high = wilson(wins, games)
    seconds = round(time.perf_counter() - started, 1)
    print(
        f"games (special, target {target}, rotated): mc wins {wins}/{games} = {100 * wins / games:.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%; par 25%), {points / max(deals, 1):.2f} points/deal "
        f"over {deals} deals ({seconds} s)",
        flush=True,
    )
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "mc_points_per_deal": round(points / max(deals, 1), 3),
        "seconds": seconds,
        "_times": times,
    }


def throughput(deals: int, seed: int) -> tuple[float, float]:
    """Full deals per second of wall-clock time and per second of this process's CPU time (the second does not
    count time the machine spent on other programs)."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    for index in range(deals):
        bots = [make_bot("random", seed=derive_seed(seed, index, seat)) for seat in range(4)]
        play_game(bots, derive_seed(seed, index), single_deal=1 + index % 4)
    rate = deals / (time.perf_counter() - started)
    cpu_rate = deals / max(time.process_time() - cpu_started, 1e-9)
    print(
        f"engine throughput with random bots: {rate:,.0f} full deals/s wall clock, {cpu_rate:,.0f} per CPU second "
        f"({deals} deals, one process)",
        flush=True,
    )
    return rate, cpu_rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals per comparison (default 1000)")
    parser.add_argument("--games", type=int, default=400, help="whole games for the win rate (default 400)")
    parser.add_argument("--throughput-deals", type=int, default=3000)
    parser.add_argument("--strength", default="normal", choices=list(STRENGTHS))
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--time-cap",
        default="level",
        help="mc time cap per decision in seconds, 'none' for no cap, or 'level' (default) for the strength's own",
    )
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: throughput,rule,mc,games")
    args = parser.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    time_cap = DEFAULT_CAP if args.time_cap == "level" else None if args.time_cap == "none" else float(args.time_cap)
    print(
        f"strength {args.strength}: {STRENGTHS[args.strength]}; time cap {args.time_cap}; jobs {args.jobs}; "
        f"load {os.getloadavg()}",
        flush=True,
    )
    out: dict[str, object] = {"strength": args.strength, "jobs": args.jobs, "seed": args.seed}
    out["time_cap"] = args.time_cap
    mc_times: list[tuple[float, float]] = []
    if "throughput" not in skip:
        rate, cpu_rate = throughput(args.throughput_deals, args.seed)
        out["throughput_deals_per_s"] = round(rate, 1)
        out["throughput_deals_per_cpu_s"] = round(cpu_rate, 1)
    if "rule" not in skip:
        figures = duplicate("random", "rule", args.deals, args.seed, args.strength, args.jobs, time_cap)
        figures.pop("_times")
        out["duplicate_rule_vs_random"] = figures
    if "mc" not in skip:
        figures = duplicate("rule", "mc", args.deals, args.seed, args.strength, args.jobs, time_cap)
        mc_times.extend(figures.pop("_times"))  # type: ignore[arg-type]
        out["duplicate_mc_vs_rule"] = figures
    if "games" not in skip and args.games > 0:
        figures = games_vs_rule(args.games, args.seed, args.strength, args.target, args.jobs, time_cap)
        mc_times.extend(figures.pop("_times"))  # type: ignore[arg-type]
        out["games_mc_vs_rule"] = figures
    if mc_times:
        wall = sorted(pair[0] for pair in mc_times)
        cpu = sorted(pair[1] for pair in mc_times)
        timing = {
            "decisions": len(wall),
            "median": round(1000 * percentile(wall, 0.5), 2),
            "p99": round(1000 * percentile(wall, 0.99), 2),
            "max": round(1000 * wall[-1], 2),
            "cpu_median": round(1000 * percentile(cpu, 0.5), 2),
            "cpu_p99": round(1000 * percentile(cpu, 0.99), 2),
        }
        out["mc_decision_ms"] = timing
        print(
            f"mc decision time: median {timing['median']} ms, p99 {timing['p99']} ms wall clock; "
            f"CPU time median {timing['cpu_median']} ms, p99 {timing['cpu_p99']} ms; over {len(wall)} decisions",
            flush=True,
        )
    out["load_after"] = [round(value, 2) for value in os.getloadavg()]
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
