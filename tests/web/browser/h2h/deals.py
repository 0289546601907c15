"""Deals the browser tests need, found with the engine (so no code is hard-wired to a guess about the shuffle)."""

from __future__ import annotations

from functools import cache

from heartcards.heart_to_heart.engine.deal import Mode, format_code
from heartcards.heart_to_heart.engine.game import Game, Status
from heartcards.heart_to_heart.engine.moves import PairMove, StockTap, WasteMove

SEARCH_LIMIT = 2_000


@cache
def stalled_at_start() -> str:
    """The first normal deal that is already stuck when dealt (the point's rank has all four copies in the heart)."""
    for number in range(SEARCH_LIMIT):
        code = format_code(Mode.NORMAL, number)
        if Game.from_code(code).status is Status.STALLED:
            return code
    raise LookupError("no deal stuck at the start")


@cache
def stalls_after_moves(max_moves: int = 40) -> tuple[str, tuple[str, ...]]:
    """A normal deal and a short greedy line (pairs first, else the stock) that ends in a stalemate."""
    best: tuple[str, tuple[str, ...]] | None = None
    for number in range(SEARCH_LIMIT):
        code = format_code(Mode.NORMAL, number)
        game = Game.from_code(code)
        if game.status is not Status.PLAYING:
            continue
        while game.status is Status.PLAYING and game.moves < max_moves:
            moves = game.legal_moves()
            pairs = [m for m in moves if isinstance(m, PairMove | WasteMove)]
            game.play(pairs[0] if pairs else next(m for m in moves if isinstance(m, StockTap)))
        if game.status is Status.STALLED and game.moves >= 3 and (best is None or game.moves < len(best[1])):
            best = (code, tuple(str(m) for m in game.played))
            if game.moves <= 12:
                break
    if best is None:
        raise LookupError("no short stalemate found")
    return best
