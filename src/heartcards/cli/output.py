"""What the CLI's commands share in their output: one JSON line, one-line errors with their exit status, input lines
and the progress bar."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

EXIT_BAD_INPUT = 2
EXIT_BAD_MOVE = 1


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def fail(message: str, status: int = EXIT_BAD_INPUT) -> NoReturn:
    """A one-line error on standard error, no traceback."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(status)


def input_lines(argument: str | None) -> Iterator[str]:
    """The argument if given, else each non-blank line of standard input."""
    if argument is not None:
        yield argument
        return
    for line in sys.stdin:
        if line.strip():
            yield line.strip()


def run_lines(argument: str | None, run: Callable[[str], int]) -> None:
    """`run` on each input line (`input_lines`), a bad line not stopping the others, then the exit with the worst
    status `run` gave: a bad code (`EXIT_BAD_INPUT`) outranks a bad move (`EXIT_BAD_MOVE`)."""
    status = 0
    for line in input_lines(argument):
        status = max(status, run(line))
    if status:
        raise typer.Exit(status)


def bad_line(error: Exception, json: bool) -> None:
    """A line that is not a deal or a record: said on standard error, and as `{"error": …}` in JSON output."""
    typer.echo(f"error: {error}", err=True)
    if json:
        print_json({"error": str(error)})


def progress_bar(*columns: str | ProgressColumn, json: bool, auto_refresh: bool = True) -> Progress:
    """A progress bar on standard error, gone at the end when the output is JSON: the task's name, the bar, then
    `columns` (a text over the task's fields, or a rich column)."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(bar_width=24),
        *(TextColumn(column) if isinstance(column, str) else column for column in columns),
        console=Console(stderr=True),
        transient=json,
        auto_refresh=auto_refresh,
    )


def time_columns() -> tuple[ProgressColumn, ...]:
    """The time so far and the time left."""
    return TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()
