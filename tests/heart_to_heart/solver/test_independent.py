"""The solver against searches that share none of its code (`independent.py`), on long solutions and thousands of
deals, and proof that these checks fail when the solver's bound or its proof of loss is slightly wrong."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from heartcards.heart_to_heart.engine import Deal, Game, Mode, Position, Status, format_code
from heartcards.heart_to_heart.engine.reach import order_winnable
from heartcards.heart_to_heart.solver import is_winnable, solve
from tests.heart_to_heart.solver.bfs import bfs_fewest_moves
from tests.heart_to_heart.solver.broken import (
    fewest_moves_with_chain_bound_plus_one,
    order_winnable_with_a_strict_loss_proof,
)
from tests.heart_to_heart.solver.independent import fewest_moves, winnable
from tests.heart_to_heart.solver.test_solve import random_play_games

LONG_DEALS: tuple[tuple[str, int], ...] = (
    ("HH1-N-AAAAACE", 105), ("HH1-N-AAAAAEX", 106), ("HH1-N-AAAAAFF", 108), ("HH1-N-AAAAAIL", 113),
    ("HH1-N-AAAAAJP", 115), ("HH1-N-AAAAANP", 101), ("HH1-N-AAAAAWW", 104), ("HH1-N-AAAAAYY", 114),
    ("HH1-N-AAAABCM", 100), ("HH1-N-AAAABDB", 101), ("HH1-N-AAAABFZ", 111), ("HH1-N-AAAABPG", 112),
    ("HH1-N-AAAABPR", 102), ("HH1-N-AAAABQI", 103), ("HH1-N-AAAABQS", 101), ("HH1-N-AAAABTP", 101),
    ("HH1-N-AAAABXE", 114),
)  # fmt: skip
"""Every winnable N deal among the first 400 whose fewest-moves win takes 100 moves or more and whose independent A*
takes at most 0.4 s, with that fewest count (`pick_long_deals.py 400 100 0.4` prints this list)."""

WINNABILITY_DEALS = range(3000)


@cache
def independent_fewest(code: str) -> int | None:
    return fewest_moves(Game.from_code(code).position)


@cache
def independent_winnable(number: int) -> bool:
    return winnable(Game(Deal.from_number(number)).position)


def check_fewest_moves(fewest: Callable[[Position], int | None]) -> None:
    """`fewest` gives the independent A*'s count (which must be the pinned one) on every long deal."""
    wrong: list[str] = []
    for code, pinned in LONG_DEALS:
        independent = independent_fewest(code)
        assert independent == pinned, f"{code}: the independent A* finds {independent} moves, pinned {pinned}"
        found = fewest(Game.from_code(code).position)
        if found != independent:
            wrong.append(f"{code}: {found} moves instead of {independent}")
    assert not wrong, wrong


def check_winnability(deal_winnable: Callable[[Deal], bool]) -> None:
    """`deal_winnable` agrees with the plain search on every deal of WINNABILITY_DEALS."""
    wrong = [
        format_code(Mode.NORMAL, number)
        for number in WINNABILITY_DEALS
        if deal_winnable(Deal.from_number(number)) != independent_winnable(number)
    ]
    assert not wrong, wrong


def values(deal: Deal) -> list[int]:
    return [int(rank) for rank in deal.order]


@pytest.mark.slow
def test_the_solver_finds_the_independent_fewest_moves_on_long_deals() -> None:
    check_fewest_moves(lambda position: solve(position).move_count)


@pytest.mark.slow
def test_a_slightly_inadmissible_chain_bound_fails_the_check() -> None:
    with pytest.raises(AssertionError, match="instead of"):
        check_fewest_moves(fewest_moves_with_chain_bound_plus_one)


@pytest.mark.slow
def test_winnability_agrees_with_the_plain_search_on_thousands_of_deals() -> None:
    check_winnability(lambda deal: order_winnable(values(deal)))
    check_winnability(lambda deal: is_winnable(Game(deal).position))
    assert 0.2 < sum(map(independent_winnable, WINNABILITY_DEALS)) / len(WINNABILITY_DEALS) < 0.4


@pytest.mark.slow
def test_a_slightly_too_strict_proof_of_loss_fails_the_check() -> None:
    with pytest.raises(AssertionError, match="HH1-N-"):
        strict = order_winnable_with_a_strict_loss_proof()
        check_winnability(lambda deal: strict(values(deal)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_the_independent_searches_agree_with_plain_bfs_over_the_engine(seed: int) -> None:
    """The independent A* and winnability search themselves, against BFS over the engine's own legal moves."""
    for game in random_play_games(6, 100 + seed, 8):
        expected = bfs_fewest_moves(game)
        assert fewest_moves(game.position) == expected, game.record
        assert winnable(game.position) is (expected is not None)


def test_the_independent_search_on_won_and_stuck_positions() -> None:
    game = Game.from_code("HH1-N-AAAAAAM")
    for move in solve(game.position).moves:
        game.play(move)
    assert fewest_moves(game.position) == 0 and winnable(game.position)
    stuck = Game.from_code("HH1-N-AAAAAAN")
    assert stuck.status is Status.STALLED
    assert fewest_moves(stuck.position) is None and not winnable(stuck.position)
