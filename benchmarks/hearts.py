"""Hearts strength and speed figures. Prints each figure, then the run's JSON line through `record.py` (kept in
`benchmarks/results/hearts.jsonl`).

    uv run python benchmarks/hearts.py                                   # the full run (1,000 deals, 400 games)
    uv run python benchmarks/hearts.py --deals 100 --games 40 --jobs 2   # a quick look

1. Speed, one process: random full deals a second driving `Game` directly (random legal cards and passes), and
   through the bot API (four `random` bots, observations); playouts a second inside `mc`'s search, today's core
   against the frozen `mc-2026-11` on the same positions (CPU time).
2. Duplicate protocol: for each seeded deal, a table of four baseline bots, then the same deal with the candidate
   in each seat in turn; the candidate's paired difference in points per deal (mean of its four seats minus the
   baseline's points in those seats), with a 95 % interval. `rule` against `random`, `keen` (the sharpened heuristic
   of `mc`'s playouts, `policy.keen_card`) against `rule`, `mc` against `rule`, and `mc` against `mc-2026-11` (the
   `mc` of 2026-11, frozen in `benchmarks/mc_2026_11.py`) at the same time cap. With `--match-deals N` each
   table plays instead the first N deals of a game with the same bots, as at a real table, so that `mc` reads the
   others from the earlier deals; the interval is then that of the matches' means.
3. Whole games, special rules, one `mc` against three `rule` bots, seats rotated game by game: win share (25 % par).
4. Moons, per bot over every seat it held in 2 and 3: moons shot per 1,000 deals, failed attempts (all but at most
   four points), and opponents' runs it stopped (see `heartcards.hearts.bots.arena.moon_events`).
5. Decision time, wall clock and CPU, p50 and p99, per strength of `mc`: `normal`, `strong` and `expert` (a few
   deals each against `rule` bots, in this process, so `expert` may use its second process) and the baseline, plus
   every `mc` decision of 2 and 3.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import mc_2026_11 as baseline
from heartcards.figures import percentile
from heartcards.hearts.bots import BOTS, DEFAULT_STRENGTH, STRENGTHS, Bot, BotFactory, RuleBot, make_bot, play_game
from heartcards.hearts.bots.arena import GameResult, derive_seed, match_specs, moon_events, run_match
from heartcards.hearts.bots.knowledge import knowledge_of
from heartcards.hearts.bots.mc import equivalent_runs, outlook_of
from heartcards.hearts.bots.search import evaluate_plays, shoot_plans
from heartcards.hearts.engine import Game, Observation, Phase, Variant, mask_of
from record import record_run

BASELINE = baseline.BASELINE_NAME
DEFAULT_CAP = -1.0
"""`time_cap` value meaning: keep the strength level's own time cap."""


Overrides = tuple[tuple[str, Any], ...]
"""`MonteCarloSettings` fields given on the command line (`--mc-setting`), for `mc` only."""


BENCHMARK_BOTS: dict[str, BotFactory] = {**BOTS, "keen": lambda seed, _settings: RuleBot(seed, keen=True)}
"""The product's bots and the rule bot playing `keen_card` (the playouts' heuristic); with the baseline, the names
`bot` takes."""


def bot(name: str, strength: str, seed: int, time_cap: float | None = DEFAULT_CAP, overrides: Overrides = ()) -> Bot:
    """A bot by name (`BENCHMARK_BOTS` or `mc-2026-11`), the `mc` time cap overridden unless `time_cap` is
    DEFAULT_CAP (None: no cap at all) and its other settings by `overrides`. The baseline plays its own `normal` of
    2026-11 (today's `strong`: the same playouts)."""
    if name == BASELINE:
        old = baseline.NORMAL_2026_11
        return baseline.BaselineMonteCarloBot(seed, old if time_cap == DEFAULT_CAP else replace(old, time_cap=time_cap))
    settings = replace(STRENGTHS.get(strength, STRENGTHS[DEFAULT_STRENGTH]), **dict(overrides))
    if time_cap != DEFAULT_CAP:
        settings = replace(settings, time_cap=time_cap)
    return BENCHMARK_BOTS[name](seed, settings)


# -- per-bot tallies ----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """One bot's moons and decision times over every seat it held."""

    deals: int = 0
    moons: int = 0
    failed: int = 0
    stops: int = 0
    times: list[tuple[float, float]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.deals += other.deals
        self.moons += other.moons
        self.failed += other.failed
        self.stops += other.stops
        self.times.extend(other.times)


def tally_game(names: Sequence[str], result: GameResult, tallies: dict[str, Tally]) -> None:
    """Adds a played game (names by seat) to the per-bot tallies."""
    for seat, name in enumerate(names):
        entry = tallies.setdefault(name, Tally())
        entry.deals += len(result.records)
        entry.times.extend(zip(result.decision_times[seat], result.decision_cpu_times[seat], strict=True))
    for record in result.records:
        events = moon_events(record)
        if events.shooter is not None:
            tallies[names[events.shooter]].moons += 1
        for seat in events.failed:
            tallies[names[seat]].failed += 1
        for seat in events.stoppers:
            tallies[names[seat]].stops += 1


def moon_figures(tallies: dict[str, Tally]) -> dict[str, dict[str, float | int]]:
    out: dict[str, dict[str, float | int]] = {}
    for name, entry in sorted(tallies.items()):
        per = 1000 / entry.deals if entry.deals else 0.0
        out[name] = {
            "seat_deals": entry.deals,
            "moons_per_1000": round(entry.moons * per, 1),
            "failed_per_1000": round(entry.failed * per, 1),
            "stops_per_1000": round(entry.stops * per, 1),
            "moons": entry.moons,
            "failed": entry.failed,
            "stops": entry.stops,
        }
    return out


def time_figures(times: Sequence[tuple[float, float]]) -> dict[str, float | int]:
    """p50 and p99 of the decision times in ms, wall clock and CPU (nearest rank)."""
    if not times:
        return {"decisions": 0}
    wall = [pair[0] for pair in times]
    cpu = [pair[1] for pair in times]
    return {
        "decisions": len(times),
        "p50_ms": round(1000 * percentile(wall, 0.5), 2),
        "p99_ms": round(1000 * percentile(wall, 0.99), 2),
        "max_ms": round(1000 * max(wall), 2),
        "cpu_p50_ms": round(1000 * percentile(cpu, 0.5), 2),
        "cpu_p99_ms": round(1000 * percentile(cpu, 0.99), 2),
    }


# -- duplicate deals ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DuplicateDeal:
    """One job of the duplicate protocol: a single deal, or with `match_deals` > 1 the first deals of a game (a
    match), played by the same bots at each of the five tables."""

    index: int
    seed: int
    baseline: str
    candidate: str
    strength: str
    time_cap: float | None
    overrides: Overrides
    match_deals: int = 1


MATCH_TARGET = 10_000
"""The target of a match's game: out of reach, so that every deal of it is played and none can end the game (each
deal is then valued as a single deal is)."""


def duplicate_deal(job: DuplicateDeal) -> tuple[list[float], dict[str, Tally]]:
    """The candidate's mean paired difference over its four seats on each deal of the job (one deal, or a match's
    deals in order), and the tallies of its five tables."""
    seed = derive_seed(job.seed, job.index)
    tallies: dict[str, Tally] = {}

    def table(candidate_seat: int) -> list[tuple[int, ...]]:
        names = [job.candidate if seat == candidate_seat else job.baseline for seat in range(4)]
        bots = [
            bot(name, job.strength, derive_seed(seed, seat), job.time_cap, job.overrides)
            for seat, name in enumerate(names)
        ]
        if job.match_deals > 1:
            result = play_game(bots, seed, target=MATCH_TARGET, max_deals=job.match_deals)
        else:
            result = play_game(bots, seed, single_deal=1 + job.index % 4)
        tally_game(names, result, tallies)
        return [record.points for record in result.records]

    base = table(-1)
    tables = [table(seat) for seat in range(4)]
    differences = [
        sum(tables[seat][deal][seat] - base[deal][seat] for seat in range(4)) / 4 for deal in range(len(base))
    ]
    return differences, tallies


def run_parallel(function: Callable[[Any], Any], jobs_list: Sequence[Any], jobs: int, label: str) -> list[Any]:
    """Runs the jobs (in worker processes when jobs > 1), in order, with a progress line on stderr now and then."""
    results = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        outputs: Iterable[Any] = pool.map(function, jobs_list, chunksize=2) if jobs > 1 else map(function, jobs_list)
        for done, output in enumerate(outputs, start=1):
            results.append(output)
            if done % 25 == 0 or done == len(jobs_list):
                elapsed = time.perf_counter() - started
                print(f"  {label}: {done}/{len(jobs_list)} in {elapsed:.0f} s", file=sys.stderr, flush=True)
    return results


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def duplicate(
    baseline_name: str,
    candidate: str,
    deals: int,
    seed: int,
    strength: str,
    jobs: int,
    time_cap: float | None,
    overrides: Overrides,
    tallies: dict[str, Tally],
    deal_log: Path | None = None,
    first: int = 0,
    match_deals: int = 1,
) -> dict[str, object]:
    """The duplicate figure over `deals` deals: single deals, or matches of `match_deals` deals (the interval is then
    that of the matches' means, since a bot carries what it read from one deal of a match to the next)."""
    started = time.perf_counter()
    indices = range(first, first + -(-deals // match_deals))
    work = [
        DuplicateDeal(index, seed, baseline_name, candidate, strength, time_cap, overrides, match_deals)
        for index in indices
    ]
    results = run_parallel(duplicate_deal, work, jobs, f"{candidate} vs {baseline_name}")
    per_job = [differences for differences, _ in results]
    own: dict[str, Tally] = {}
    for _, deal_tallies in results:
        for name, entry in deal_tallies.items():
            own.setdefault(name, Tally()).add(entry)
            tallies.setdefault(name, Tally()).add(entry)
    played = sum(len(differences) for differences in per_job)
    mean, low, high = interval([statistics.fmean(differences) for differences in per_job])  # each job as many deals
    seconds = round(time.perf_counter() - started, 1)
    if deal_log is not None:
        with deal_log.open("a") as file:
            for index, differences in zip(indices, per_job, strict=True):
                for deal, difference in enumerate(differences):
                    line = {"comparison": f"{candidate}_vs_{baseline_name}", "seed": seed}
                    line |= {"index": index * match_deals + deal, "match_deals": match_deals}
                    file.write(json.dumps(line | {"difference": difference, "mc_settings": dict(overrides)}) + "\n")
    protocol = f" in matches of {match_deals}" if match_deals > 1 else ""
    print(
        f"duplicate {candidate} vs {baseline_name}: {mean:+.2f} points/deal, 95% CI [{low:+.2f}, {high:+.2f}]"
        f" over {played} deals{protocol} ({seconds} s)",
        flush=True,
    )
    return {
        "candidate": candidate,
        "baseline": baseline_name,
        "deals": played,
        **({"match_deals": match_deals} if match_deals > 1 else {}),
        **({"first_deal": first} if first else {}),
        "mean_difference": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "seconds": seconds,
        "decision_ms": {name: time_figures(entry.times) for name, entry in own.items() if name.startswith("mc")},
    }


# -- whole games --------------------------------------------------------------------------------------------------


def run_game(spec, time_cap, overrides):  # type: ignore[no-untyped-def]
    return run_match(spec, partial(bot, time_cap=time_cap, overrides=overrides))


def wilson(successes: int, total: int) -> tuple[float, float]:
    if total == 0:
        return 0.0, 1.0
    z = 1.96
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def games_vs_rule(
    games: int,
    seed: int,
    strength: str,
    target: int,
    jobs: int,
    time_cap: float | None,
    overrides: Overrides,
    tallies: dict[str, Tally],
) -> dict[str, object]:
    started = time.perf_counter()
    specs = match_specs(games, ["mc", "rule", "rule", "rule"], seed, Variant.SPECIAL, target, strength, rotate=True)
    results = run_parallel(partial(run_game, time_cap=time_cap, overrides=overrides), specs, jobs, "games")
    wins = 0.0
    outright = 0
    deals = 0
    points = 0
    for spec, result in zip(specs, results, strict=True):
        seat = spec.slots.index(0)
        if seat in result.winners:
            wins += 1 / len(result.winners)
            outright += len(result.winners) == 1
        deals += len(result.records)
        points += sum(record.points[seat] for record in result.records)
        tally_game(spec.players, result, tallies)
    low, high = wilson(round(wins), games)
    seconds = round(time.perf_counter() - started, 1)
    print(
        f"games (special, target {target}, rotated): mc wins {wins:g}/{games} = {100 * wins / games:.1f}% "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f}%; par 25%), {points / max(deals, 1):.2f} points/deal "
        f"over {deals} deals ({seconds} s)",
        flush=True,
    )
    return {
        "games": games,
        "wins": wins,
        "win_share": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "mc_points_per_deal": round(points / max(deals, 1), 3),
        "deals": deals,
        "seconds": seconds,
    }


# -- speed --------------------------------------------------------------------------------------------------------


def drive_game(deals: int, seed: int) -> float:
    """Random full deals a CPU second driving `Game` directly: random passes and random legal cards (uniform, from
    a seeded `random.Random`), everything through the public apply-functions, records and all."""
    rng = random.Random(seed)
    uniform = rng.random
    passing = Phase.PASS
    playing = Phase.PLAY
    started = time.process_time()
    for index in range(deals):
        game = Game(seed + index, first_deal=1 + index % 4)
        if game.phase is passing:
            for seat in range(4):
                game.apply_pass(seat, rng.sample(game.hand(seat), 3))
        while game.phase is playing:
            seat = game.turn
            legal = game.legal_plays(seat)
            game.apply_play(seat, legal[int(uniform() * len(legal))])
    return deals / max(time.process_time() - started, 1e-9)


def bot_api_deals(deals: int, seed: int) -> float:
    """Random full deals a CPU second through the bot API: four `random` bots, an observation per decision."""
    started = time.process_time()
    for index in range(deals):
        bots = [make_bot("random", seed=derive_seed(seed, index, seat)) for seat in range(4)]
        play_game(bots, derive_seed(seed, index), single_deal=1 + index % 4)
    return deals / max(time.process_time() - started, 1e-9)


def search_positions(count: int, seed: int) -> list[Observation]:
    """Positions where an `mc` seat must choose among several cards, from deals played by `rule` bots."""
    positions: list[Observation] = []
    index = 0
    while len(positions) < count:
        game = Game(derive_seed(seed, 7, index), first_deal=1 + index % 4)
        index += 1
        bots = [make_bot("rule", seed=seat) for seat in range(4)]
        if game.phase is Phase.PASS:
            for seat in range(4):
                game.apply_pass(seat, bots[seat].choose_pass(game.observation(seat)))
        while game.phase is Phase.PLAY and len(positions) < count:
            seat = game.turn
            assert seat is not None
            observation = game.observation(seat)
            if len(observation.legal) > 1 and len(observation.hand) > 3 and len(game.tricks) % 3 == index % 3:
                positions.append(observation)
            game.apply_play(seat, bots[seat].choose_play(observation))
    return positions


def playout_rates(positions: Sequence[Observation], samples: int) -> tuple[float, float]:
    """Playouts a CPU second inside the search, today's `mc` and the frozen `mc-2026-11`, on the same positions
    (each card of each position played out `samples` times, no time cap, with `strong`'s playout heuristics and its
    reading of the other seats; today's counts both plans when the position weighs the moon)."""
    strong = STRENGTHS["strong"]
    reading = strong.reading()
    new_playouts = 0
    started = time.process_time()
    for number, observation in enumerate(positions):
        known = knowledge_of(observation)
        candidates = equivalent_runs(mask_of(observation.legal), known.hand, known.played)
        plans = shoot_plans(known, True)
        keen = strong.keen_seats(known.seat)
        outlook = outlook_of(observation)
        sums = evaluate_plays(known, candidates, False, None, outlook, plans, keen, reading, samples, number, None)
        new_playouts += int(sum(sums[len(plans) * len(candidates) :])) * len(plans)
    new_rate = new_playouts / max(time.process_time() - started, 1e-9)
    old_playouts = 0
    started = time.process_time()
    for number, observation in enumerate(positions):
        old_known = baseline.knowledge_of(observation)
        candidates = baseline.equivalent_runs(mask_of(observation.legal), old_known.hand, old_known.played)
        baseline.evaluate_plays(old_known, candidates, False, None, samples, number, None)
        old_playouts += samples * len(candidates)
    old_rate = old_playouts / max(time.process_time() - started, 1e-9)
    return new_rate, old_rate


def levels(deals: int, seed: int, target: int) -> dict[str, object]:
    """Decision times of `mc` at each strength and of the baseline, one bot against three `rule` bots, in this
    process."""
    out: dict[str, object] = {}
    for level in [*STRENGTHS, BASELINE]:
        times: list[tuple[float, float]] = []
        busy_before = os.getloadavg()[0]
        for index in range(deals):
            name = BASELINE if level == BASELINE else "mc"
            strength = DEFAULT_STRENGTH if level == BASELINE else level
            seat = index % 4
            bots = [
                bot(name if other == seat else "rule", strength, derive_seed(seed, index, other)) for other in range(4)
            ]
            result = play_game(bots, derive_seed(seed, 99, index), single_deal=1 + index % 4)
            times.extend(zip(result.decision_times[seat], result.decision_cpu_times[seat], strict=True))
        figures = time_figures(times) | {"load_before": round(busy_before, 2)}
        out[level] = figures
        print(
            f"decision time {level}: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms wall; CPU p50 "
            f"{figures['cpu_p50_ms']} ms, p99 {figures['cpu_p99_ms']} ms; {figures['decisions']} decisions "
            f"(load {busy_before:.2f})",
            flush=True,
        )
    return out


def paired(before: Path, after: Path) -> int:
    """Prints, per comparison both logs hold, AFTER's difference minus BEFORE's deal by deal (same seed and index):
    two settings played on the same deals differ only where their choices did, so this interval is far narrower
    than the two runs' own intervals would suggest."""

    def read(path: Path) -> dict[tuple[str, int, int], float]:
        with path.open() as file:
            lines = [json.loads(line) for line in file if line.strip()]
        return {(line["comparison"], line["seed"], line["index"]): line["difference"] for line in lines}

    old, new = read(before), read(after)
    common = sorted(old.keys() & new.keys())
    if not common:
        print("the two logs share no deal (same comparison, seed and index)", file=sys.stderr)
        return 1
    for comparison in sorted({key[0] for key in common}):
        keys = [key for key in common if key[0] == comparison]
        changes = [new[key] - old[key] for key in keys]
        mean, low, high = interval(changes)
        changed = sum(1 for change in changes if change)
        print(
            f"{comparison}: {mean:+.3f} points/deal after minus before, 95% CI [{low:+.3f}, {high:+.3f}] over"
            f" {len(keys)} deals ({changed} played differently)"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals per comparison (default 1000)")
    parser.add_argument("--baseline-deals", type=int, default=None, help="deals for mc vs mc-2026-11 (default --deals)")
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="index of the first duplicate deal or match (default 0), to run a long comparison in parts",
    )
    parser.add_argument(
        "--match-deals",
        type=int,
        default=1,
        metavar="N",
        help="play the duplicate comparisons as matches: the first N deals of a game, the same bots throughout, so a"
        " bot may read the others from the earlier deals (default 1: single deals)",
    )
    parser.add_argument("--games", type=int, default=400, help="whole games for the win share (default 400)")
    parser.add_argument("--throughput-deals", type=int, default=3000)
    parser.add_argument("--search-positions", type=int, default=60)
    parser.add_argument("--level-deals", type=int, default=12, help="deals per level for the decision times")
    parser.add_argument("--strength", default=DEFAULT_STRENGTH, choices=list(STRENGTHS))
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--time-cap",
        default="level",
        help="mc time cap per decision in seconds, 'none' for no cap, or 'level' (default) for the strength's own",
    )
    parser.add_argument(
        "--skip", default="", help="comma-separated parts: throughput,search,levels,rule,keen,mc,baseline,games"
    )
    parser.add_argument(
        "--mc-setting",
        action="append",
        default=[],
        metavar="FIELD=JSON",
        help="an mc setting of the candidate, e.g. shoot_margin=0 or moon=false (repeatable; to measure a setting)",
    )
    parser.add_argument(
        "--deal-log",
        type=Path,
        metavar="FILE",
        help="append each duplicate deal's difference to FILE (JSON lines), for `--paired` comparisons of two runs",
    )
    parser.add_argument(
        "--paired",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="compare two deal logs of the same seed deal by deal, print the paired figures, and run nothing else",
    )
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without appending it to results/")
    args = parser.parse_args(argv)
    if args.paired:
        return paired(*args.paired)
    overrides: Overrides = tuple(
        (field_name, json.loads(value)) for field_name, value in (item.split("=", 1) for item in args.mc_setting)
    )
    skip = set(filter(None, args.skip.split(",")))
    time_cap = DEFAULT_CAP if args.time_cap == "level" else None if args.time_cap == "none" else float(args.time_cap)
    settings = replace(STRENGTHS[args.strength], **dict(overrides))
    print(
        f"strength {args.strength}: {settings}; time cap {args.time_cap}; jobs {args.jobs}; load {os.getloadavg()}",
        flush=True,
    )
    out: dict[str, object] = {
        "strength": args.strength,
        "jobs": args.jobs,
        "seed": args.seed,
        "time_cap": args.time_cap,
    }
    if overrides:
        out["mc_settings"] = dict(overrides)
    tallies: dict[str, Tally] = {}
    if "throughput" not in skip:
        game_rate = drive_game(args.throughput_deals, args.seed)
        api_rate = bot_api_deals(args.throughput_deals // 3, args.seed)
        out["game_deals_per_cpu_s"] = round(game_rate, 1)
        out["bot_api_deals_per_cpu_s"] = round(api_rate, 1)
        print(
            f"random full deals per CPU second: {game_rate:,.0f} driving Game, {api_rate:,.0f} through the bot API",
            flush=True,
        )
    if "search" not in skip:
        positions = search_positions(args.search_positions, args.seed)
        new_rate, old_rate = playout_rates(positions, 30)
        out["search_playouts_per_cpu_s"] = {"mc": round(new_rate), BASELINE: round(old_rate)}
        print(
            f"playouts per CPU second inside the search: {new_rate:,.0f} today, {old_rate:,.0f} {BASELINE} "
            f"(× {new_rate / old_rate:.2f}; {len(positions)} positions)",
            flush=True,
        )
    if "levels" not in skip:
        out["decision_ms_by_strength"] = levels(args.level_deals, args.seed, args.target)
    comparisons = []
    if "rule" not in skip:
        comparisons.append(("random", "rule", args.deals))
    if "keen" not in skip:
        comparisons.append(("rule", "keen", args.deals))
    if "mc" not in skip:
        comparisons.append(("rule", "mc", args.deals))
    if "baseline" not in skip:
        comparisons.append((BASELINE, "mc", args.baseline_deals or args.deals))
    for baseline_name, candidate, deals in comparisons:
        figures = duplicate(
            baseline_name,
            candidate,
            deals,
            args.seed,
            args.strength,
            args.jobs,
            time_cap,
            overrides,
            tallies,
            args.deal_log,
            args.first_deal,
            args.match_deals,
        )
        out[f"duplicate_{candidate}_vs_{baseline_name}"] = figures
    if "games" not in skip and args.games > 0:
        out["games_mc_vs_rule_special"] = games_vs_rule(
            args.games, args.seed, args.strength, args.target, args.jobs, time_cap, overrides, tallies
        )
    if tallies:
        out["moons"] = moon_figures(tallies)
        for name, figures in out["moons"].items():  # type: ignore[attr-defined]
            print(
                f"moons {name}: {figures['moons_per_1000']} shot, {figures['failed_per_1000']} failed attempts, "
                f"{figures['stops_per_1000']} runs stopped per 1,000 deals ({figures['seat_deals']} seat-deals)",
                flush=True,
            )
        out["decision_ms_all"] = {
            name: time_figures(entry.times) for name, entry in tallies.items() if name.startswith("mc")
        }
    record_run("hearts", out, keep=not args.no_keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
