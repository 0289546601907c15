"""Hearts commands: `heartcards hearts sim` plays whole games between bots and reports per-seat figures."""

from __future__ import annotations

import json as json_module
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.progress import MofNCompleteColumn
from rich.table import Table

from heartcards.cli.output import fail, print_json, progress_bar, time_columns
from heartcards.hearts.bots import BOTS, DEFAULT_STRENGTH, STRENGTHS, GameResult, make_bot
from heartcards.hearts.bots.arena import MatchSpec, PlayerStats, add_result, match_specs, run_match
from heartcards.hearts.engine import Variant

hearts_app = typer.Typer(help="Four-player Hearts: simulations between computer players.", no_args_is_help=True)


def run_spec(spec: MatchSpec) -> GameResult:
    """One game (top level so worker processes can run it)."""
    return run_match(spec, make_bot)


def results_in_order(specs: list[MatchSpec], jobs: int) -> Iterator[tuple[MatchSpec, GameResult]]:
    """Plays the games, in worker processes when jobs > 1, yielding them in game order."""
    if jobs <= 1:
        for spec in specs:
            yield spec, run_spec(spec)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from zip(specs, pool.map(run_spec, specs, chunksize=1), strict=True)


def log_lines(spec: MatchSpec, result: GameResult) -> Iterator[str]:
    """One JSON line per deal: the shape other tools check the rules against."""
    for record in result.records:
        line = {"game": spec.game_number, **record.to_dict(), "variant": spec.variant.value, "target": spec.target}
        ordered = {
            key: line[key]
            for key in ("game", "deal", "variant", "target", "pass", "hands", "passes", "tricks", "points", "totals")
        }
        ordered["game_over"] = line["game_over"]
        ordered["winners"] = line["winners"]
        yield json_module.dumps(ordered)


def sim(
    games: Annotated[int, typer.Option("--games", min=1, help="Number of whole games.")] = 10,
    players: Annotated[
        str, typer.Option("--players", help="Four bots by seat, comma-separated: random, rule or mc.")
    ] = "mc,rule,rule,rule",
    variant: Annotated[str, typer.Option("--variant", help="classic or special.")] = "classic",
    target: Annotated[int, typer.Option("--target", min=1, help="The score that ends the game.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole simulation.")] = 1,
    strength: Annotated[
        str, typer.Option("--strength", help=f"Strength of the mc bots: {', '.join(STRENGTHS)}.")
    ] = DEFAULT_STRENGTH,
    rotate: Annotated[bool, typer.Option("--rotate", help="Shift the players one seat each game.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Worker processes.")] = 1,
    log: Annotated[Path | None, typer.Option("--log", help="Write one JSON line per deal to this file.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON line instead of a table.")] = False,
) -> None:
    """Play GAMES whole games between bots and print per seat: wins, mean points per deal, moons, Q♠ taken and
    time per decision (median, p99)."""
    names = [name.strip() for name in players.split(",")]
    if len(names) != 4 or any(name not in BOTS for name in names):
        fail(f"--players {players!r} must name four bots among {', '.join(BOTS)}")
    try:
        chosen_variant = Variant(variant.strip().lower())
    except ValueError:
        fail(f"--variant {variant!r} must be classic or special")
    if strength not in STRENGTHS:
        fail(f"--strength {strength!r} must be one of {', '.join(STRENGTHS)}")
    specs = match_specs(games, names, seed, chosen_variant, target, strength, rotate)
    stats = [PlayerStats(name) for name in names]
    log_file: TextIO | None = None
    if log is not None:
        try:
            log_file = log.open("w", encoding="utf-8")
        except OSError as error:
            fail(f"cannot write --log {str(log)!r}: {error.strerror}")
    started = time.perf_counter()
    progress = progress_bar(MofNCompleteColumn(), "{task.fields[deals]} deals", *time_columns(), json=json)
    try:
        with progress:
            task = progress.add_task("playing", total=games, deals=0)
            deals = 0
            for spec, result in results_in_order(specs, jobs):
                add_result(stats, spec, result)
                deals += len(result.records)
                if log_file is not None:
                    for line in log_lines(spec, result):
                        log_file.write(line + "\n")
                progress.update(task, advance=1, deals=deals)
    finally:
        if log_file is not None:
            log_file.close()
    seconds = time.perf_counter() - started
    summary = {
        "games": games,
        "deals": sum(entry.deals for entry in stats) // 4,
        "players": names,
        "variant": chosen_variant.value,
        "target": target,
        "seed": seed,
        "strength": strength,
        "rotate": rotate,
        "seconds": round(seconds, 3),
        "seats": [entry.to_dict() for entry in stats],
    }
    if json:
        print_json(summary)
        return
    title = "players by position in --players" if rotate else "seats"
    table = Table(title=f"{games} games, {summary['deals']} deals, {chosen_variant.value} to {target} ({title})")
    for column in (
        "seat",
        "player",
        "wins",
        "win %",
        "points/deal",
        "moons",
        "Q♠ taken",
        "ms median",
        "ms p99",
        "CPU p99",
    ):
        table.add_column(column, justify="right")
    for slot, entry in enumerate(stats):
        figures = entry.to_dict()
        table.add_row(
            str(slot),
            entry.player,
            str(entry.wins),
            f"{100 * float(figures['win_rate']):.1f}",  # type: ignore[arg-type]
            f"{float(figures['mean_points_per_deal']):.2f}",  # type: ignore[arg-type]
            str(entry.moons),
            str(entry.queens),
            f"{float(figures['decision_ms_median']):.2f}",  # type: ignore[arg-type]
            f"{float(figures['decision_ms_p99']):.2f}",  # type: ignore[arg-type]
            f"{float(figures['decision_cpu_ms_p99']):.2f}",  # type: ignore[arg-type]
        )
    Console(width=120).print(table)
    typer.echo(f"{seconds:.1f} s")


def register(app: typer.Typer) -> None:
    hearts_app.command()(sim)
    app.add_typer(hearts_app, name="hearts")
