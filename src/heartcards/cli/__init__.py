"""The `heartcards` command: each game's commands live in a module of their own and register here."""

from __future__ import annotations

import typer

from heartcards.cli import h2h, h2h_solver, hearts, serve

app = typer.Typer(
    help="Heart Cards: Heart to Heart patience and four-player Hearts.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)
h2h.register(app)
h2h_solver.register(app)
serve.register(app)
hearts.register(app)


def main() -> None:
    app()
