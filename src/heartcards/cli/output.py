"""Shared output helpers for the CLI: one JSON line, and one-line errors with their exit status."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import NoReturn

import typer

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
