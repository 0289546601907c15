"""Heart to Heart solver commands: `solve` and `stats` (JSON shapes fixed: other tools rely on them)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import MofNCompleteColumn

from heartcards.cli.arguments import JsonOption, RecordArgument
from heartcards.cli.h2h_cluster import stats_on_cluster
from heartcards.cli.h2h_report import report
from heartcards.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_BAD_MOVE,
    bad_line,
    fail,
    print_json,
    progress_bar,
    run_lines,
    time_columns,
)
from heartcards.cluster.plan import CHUNK_DEALS, CHUNK_DEALS_OPTIMAL, ChunkPlan
from heartcards.heart_to_heart.engine import (
    DealCodeError,
    Game,
    Mode,
    Move,
    RecordError,
    StockTap,
)
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER
from heartcards.heart_to_heart.solver import solve as solve_position
from heartcards.heart_to_heart.solver.stats import summarize_deals

MOVES_PER_LINE = 10


def grouped_moves(moves: tuple[Move, ...]) -> str:
    """The moves ten a line, each line led by the number of its first move; runs of draws read as `S×n`."""
    lines = []
    for start in range(0, len(moves), MOVES_PER_LINE):
        chunk = moves[start : start + MOVES_PER_LINE]
        words: list[str] = []
        draws = 0
        for move in chunk:
            if isinstance(move, StockTap):
                draws += 1
                continue
            if draws:
                words.append("S" if draws == 1 else f"S×{draws}")
                draws = 0
            words.append(str(move))
        if draws:
            words.append("S" if draws == 1 else f"S×{draws}")
        lines.append(f"{start + 1:>4}. " + " ".join(words))
    return "\n".join(lines)


def solve(record: RecordArgument = None, json: JsonOption = False) -> None:
    """Solve a deal (or the position after some moves): winnable or not, and a fewest-moves solution."""
    run_lines(record, lambda line: _solve_line(line, json))


def _solve_line(line: str, json: bool) -> int:
    """One deal or record solved and shown; its exit status."""
    try:
        game = Game.from_record(line)
    except (DealCodeError, RecordError) as error:
        bad_line(error, json)
        return EXIT_BAD_INPUT if isinstance(error, DealCodeError) else EXIT_BAD_MOVE
    started = time.perf_counter()
    solution = solve_position(game.position)
    seconds = time.perf_counter() - started
    if json:
        print_json(
            {
                "code": game.deal.code,
                "winnable": solution.winnable,
                "moves": solution.move_count,
                "solution": [str(move) for move in solution.moves] if solution.winnable else None,
                "states": solution.states,
                "seconds": round(seconds, 6),
            }
        )
        return 0
    where = game.deal.code if not game.played else f"{game.deal.code} after {len(game.played)} moves"
    if solution.winnable:
        typer.echo(f"{where}: winnable in {solution.move_count} moves (fewest possible)")
        if solution.moves:
            typer.echo(grouped_moves(solution.moves))
    else:
        typer.echo(f"{where}: not winnable")
    typer.echo(f"({solution.states} states searched in {seconds:.3f} s)")
    return 0


def stats(
    deals: Annotated[int, typer.Option("--deals", min=1, help="How many deals to solve.")],
    mode: Annotated[str, typer.Option("--mode", help="N (normal) or S (solvable).")] = "N",
    start: Annotated[int, typer.Option("--start", min=0, help="The first deal number.")] = 0,
    jobs: Annotated[int | None, typer.Option("--jobs", min=1, help="Processes (default: all cores).")] = None,
    optimal: Annotated[bool, typer.Option("--optimal", help="Also find each winnable deal's fewest moves.")] = False,
    json: JsonOption = False,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Count on a Dask cluster: its scheduler's address (tcp://HOST:8786), or local:N for N local worker "
            "processes. Needs the cluster extra.",
        ),
    ] = None,
    checkpoint: Annotated[
        Path | None,
        typer.Option(
            "--checkpoint",
            help="With --cluster: an SQLite file keeping each finished chunk; the same command with it resumes.",
        ),
    ] = None,
    chunk: Annotated[
        int | None,
        typer.Option(
            "--chunk",
            min=1,
            help=f"With --cluster: deals per chunk (default {CHUNK_DEALS:,}; {CHUNK_DEALS_OPTIMAL:,} with --optimal).",
        ),
    ] = None,
    verify: Annotated[
        int, typer.Option("--verify", min=0, help="With --cluster: recount K random finished chunks and compare.")
    ] = 0,
    verify_seed: Annotated[
        int | None,
        typer.Option("--verify-seed", min=0, help="With --verify: the seed choosing the chunks (default: random)."),
    ] = None,
) -> None:
    """Solve deals START..START+DEALS-1: the winnable share, deals stuck at move 0, optimal move counts."""
    try:
        chosen = Mode(mode.strip().upper())
    except ValueError:
        fail(f"{mode!r} is not a mode: expected N or S")
    if start + deals - 1 > MAX_NUMBER:
        fail(f"deals {start}..{start + deals - 1} go past the last deal number {MAX_NUMBER}")
    if cluster is not None:
        if jobs is not None:
            fail("--jobs counts on this machine: with --cluster the cluster's workers count (local:N for N processes)")
        size = chunk or (CHUNK_DEALS_OPTIMAL if optimal else CHUNK_DEALS)
        plan = ChunkPlan(chosen, start, deals, size, optimal)
        stats_on_cluster(plan, cluster, checkpoint, verify, verify_seed, json)
        return
    if checkpoint is not None or chunk is not None or verify or verify_seed is not None:
        fail("--checkpoint, --chunk, --verify and --verify-seed work with --cluster only")
    workers = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    progress = progress_bar(  # no refresh thread: the worker processes are forked
        MofNCompleteColumn(), "{task.fields[rate]:>9,.0f} deals/s", *time_columns(), json=json, auto_refresh=False
    )
    with progress:
        task = progress.add_task("solving" if optimal else "deciding", total=deals, rate=0.0)

        def advance(done: int) -> None:
            elapsed = max(time.perf_counter() - started, 1e-9)
            progress.update(task, completed=done, rate=done / elapsed)
            progress.refresh()

        summary = summarize_deals(chosen, start, deals, workers, optimal, advance)
    seconds = time.perf_counter() - started
    report(summary, chosen, start, seconds, json)


def register(app: typer.Typer) -> None:
    app.command()(solve)
    app.command()(stats)
