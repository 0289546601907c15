"""Heart to Heart commands: `deal` and `replay` (JSON shapes fixed: other tools rely on them)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from heartcards.cli.arguments import JsonOption, RecordArgument
from heartcards.cli.output import EXIT_BAD_INPUT, EXIT_BAD_MOVE, bad_line, fail, print_json, run_lines
from heartcards.heart_to_heart.engine import (
    Deal,
    DealCodeError,
    Game,
    RecordError,
)
from heartcards.heart_to_heart.engine.layout import SLOTS


def heart_picture(heart: tuple[Any, ...], free: set[int]) -> str:
    """The heart as rows of text: free cards in brackets, removed positions as dots."""
    width = 3
    rows: dict[int, list[str]] = {}
    for slot in SLOTS:
        line = rows.setdefault(slot.row, [" "] * (width * 12 + 4))
        rank = heart[slot.position - 1]
        text = "·" if rank is None else (f"[{rank}]" if slot.position in free else f" {rank} ")
        start = width * slot.x + 2 - len(text) // 2
        line[start : start + len(text)] = list(text)
    return "\n".join("".join(rows[row]).rstrip() for row in sorted(rows))


def state_json(game: Game) -> dict[str, object]:
    return {
        "code": game.deal.code,
        "moves": game.moves,
        "score": game.score,
        "status": game.status.value,
        "heart": [None if rank is None else rank.text for rank in game.heart],
        "stock": [rank.text for rank in game.stock],
        "waste": [rank.text for rank in game.waste],
    }


def describe(game: Game) -> str:
    waste = " ".join(rank.text for rank in game.waste) or "(empty)"
    return "\n".join(
        [
            f"{game.deal.code}   score {game.score}   moves {game.moves}   {game.status.value}",
            heart_picture(game.heart, set(game.free_positions())),
            f"stock: {len(game.stock)} cards   waste (bottom to top): {waste}",
        ]
    )


def deal(
    code: Annotated[str, typer.Argument(help="A deal code such as HH1-N-AAAAAAM.")], json: JsonOption = False
) -> None:
    """Show the deal of CODE: the heart, the stock and the waste."""
    try:
        dealt = Deal.from_code(code)
    except DealCodeError as error:
        fail(str(error))
    if json:
        print_json(
            {
                "code": dealt.code,
                "heart": [rank.text for rank in dealt.heart],
                "stock": [rank.text for rank in dealt.stock],
                "waste": [rank.text for rank in dealt.waste],
            }
        )
    else:
        typer.echo(describe(Game(dealt)))


def replay(record: RecordArgument = None, json: JsonOption = False) -> None:
    """Play a game record and show the final position, score, moves and status."""
    run_lines(record, lambda line: _replay_line(line, json))


def _replay_line(line: str, json: bool) -> int:
    """One record played and shown; its exit status."""
    words = line.split()
    try:
        game = Game.from_code(words[0] if words else line)  # a blank record is a bad code, not a crash
    except DealCodeError as error:
        bad_line(error, json)
        return EXIT_BAD_INPUT
    try:
        game.play_record_moves(line)
    except RecordError as error:
        if json:
            print_json({"error": str(error.cause), "at": error.at, **state_json(game)})
        else:
            typer.echo(f"error at move {error.at}: {error.cause}\n{describe(game)}")
        return EXIT_BAD_MOVE
    if json:
        print_json(state_json(game))
    else:
        typer.echo(describe(game))
    return 0


def register(app: typer.Typer) -> None:
    app.command()(deal)
    app.command()(replay)
