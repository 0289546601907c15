"""The arguments and options several of the CLI's commands take, each written once."""

from __future__ import annotations

from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON line.")]
RecordArgument = Annotated[
    str | None,
    typer.Argument(help="CODE, optionally followed by moves; without it, one record per line of standard input."),
]
