"""Picks the deals that `test_independent.py` pins: the winnable N deals with the longest fewest-moves solutions
among the first ones, whose independent A* (`independent.fewest_moves`) stays cheap enough for the test suite.

Run: `uv run python -m tests.heart_to_heart.solver.pick_long_deals [WINNABLE_DEALS] [MIN_MOVES] [MAX_SECONDS]`.
Prints one line per deal kept (code, optimal moves, A* seconds, whether the solver with a deliberately inflated
draw-chain estimate miscounts it) and the Python literal to paste into the test.
"""

from __future__ import annotations

import sys
import time

from heartcards.heart_to_heart.engine import Game, Mode, format_code
from heartcards.heart_to_heart.solver import is_winnable, solve
from tests.heart_to_heart.solver.broken import fewest_moves_with_chain_bound_plus_one
from tests.heart_to_heart.solver.independent import fewest_moves


def main(winnable_deals: int, min_moves: int, max_seconds: float) -> None:
    kept: list[tuple[str, int]] = []
    number = 0
    seen = 0
    while seen < winnable_deals:
        code = format_code(Mode.NORMAL, number)
        number += 1
        position = Game.from_code(code).position
        if not is_winnable(position):
            continue
        seen += 1
        moves = solve(position).move_count
        if moves is None or moves < min_moves:
            continue
        started = time.process_time()
        independent = fewest_moves(position)
        seconds = time.process_time() - started
        if independent != moves:
            print(f"{code}: the solver says {moves}, the independent search {independent}", file=sys.stderr)
            continue
        if seconds > max_seconds:
            continue
        caught = fewest_moves_with_chain_bound_plus_one(position) != moves
        print(f"{code} {moves} moves, A* {seconds:.2f} s{', inflated bound miscounts' if caught else ''}", flush=True)
        kept.append((code, moves))
    print(repr(kept))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else 300,
        int(arguments[1]) if len(arguments) > 1 else 100,
        float(arguments[2]) if len(arguments) > 2 else 0.4,
    )
