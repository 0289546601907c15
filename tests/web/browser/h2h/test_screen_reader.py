"""What a screen reader hears on the play page, which a sighted player sees happen: each move played, in the
replay's own sentence ("Move 10: position 25 (4♥) paired with the waste"), as it is played, by taps."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from heartcards.cards import RANK_TEXTS
from heartcards.heart_to_heart.engine.game import Game
from heartcards.heart_to_heart.engine.moves import parse_move
from heartcards.heart_to_heart.solver.solve import solve
from tests.web.browser.accessibility import heard, listen
from tests.web.browser.conftest import Player

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

DEAL = "HH1-N-AAAAAAM"  # its solution draws nine cards, then pairs the point with the waste


def told(game: Game, move: str, number: int) -> str:
    """The sentence for `move`, the `number`-th, played from `game` (English)."""
    if move == "S":
        return f"Move {number}: a card drawn from the stock"
    first, second = move.split("-")
    rank = RANK_TEXTS[int(game.rank_at(int(first)) or 0) - 1]
    if second == "W":
        return f"Move {number}: position {first} ({rank}♥) paired with the waste"
    return f"Move {number}: positions {first} and {second} ({rank}♥) paired"


def test_each_move_is_told_as_it_is_played(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{DEAL}?lang=en")
    listen(player.page, "#moves-told")
    game = Game.from_code(DEAL)
    moves = [str(move) for move in solve(game.position).moves][:11]
    assert moves[9] == "25-W"
    expected = []
    for number, move in enumerate(moves, start=1):
        expected.append(told(game, move, number))
        game.play(parse_move(move))
    player.play(moves)
    player.page.wait_for_function("(count) => window.heardLines.length >= count", arg=len(moves))
    assert heard(player.page) == expected
