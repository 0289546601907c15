"""Independent answers to the solver's two questions, written from the rules alone (docs/rules/heart-to-heart.md).

Nothing here imports the solver or the engine's winnability code: the cover table is copied from the rules, stock and
waste are kept literally as strings, and the searches are textbook ones, so a wrong optimum or a wrong verdict in the
solver cannot be repeated here by shared code.

- `fewest_moves(position)`: plain A* over single moves (`S`, `a-b`, `a-W`, one move each), with the trivially
  admissible bound "each move removes cards of one rank, at most two": the sum over ranks of ceil(heart cards left / 2).
- `winnable(position)`: a plain memoised depth-first search. Recycling is unlimited and drawing never changes the
  heart, so any stock or waste card can be brought to the waste top: for winnability the stock and waste are only a
  count per rank, and a state is (removed positions, those counts).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import Position

COVERED_BY: dict[int, tuple[int, ...]] = {
    1: (5, 6), 2: (6, 7), 3: (8, 9), 4: (9, 10), 5: (11,), 6: (11, 12), 7: (12, 13), 8: (13, 14), 9: (14, 15),
    10: (15,), 11: (16,), 12: (16, 17), 13: (17, 18), 14: (18, 19), 15: (19,), 16: (20,), 17: (20, 21),
    18: (21, 22), 19: (22,), 20: (23,), 21: (23, 24), 22: (24,), 23: (25,), 24: (25,), 25: (),
}  # fmt: skip
"""The rules' table: the positions whose cards cover each position's card."""

CARDS = 25
EVERY_CARD = (1 << CARDS) - 1
_COVER = [sum(1 << (other - 1) for other in COVERED_BY[position]) for position in range(1, CARDS + 1)]


class SearchLimitError(RuntimeError):
    """The search met more states than its limit allows (the question is too big for a test)."""


def _letters(ranks: Sequence[Rank]) -> str:
    return "".join(chr(ord("A") + int(rank) - 1) for rank in ranks)


def _free(removed: int) -> list[int]:
    """0-based indices of the cards still there with every covering card removed."""
    return [i for i in range(CARDS) if not (removed >> i) & 1 and not _COVER[i] & ~removed]


class _Heart:
    """The heart's ranks as letters, and the bound that depends on them."""

    def __init__(self, heart: Sequence[Rank | None]) -> None:
        self.letters = ["" if rank is None else _letters([rank]) for rank in heart]

    def moves_at_least(self, removed: int) -> int:
        """Each move removes one or two heart cards of one rank: per rank, ceil(cards left / 2)."""
        left: dict[str, int] = {}
        for i in range(CARDS):
            if not (removed >> i) & 1:
                left[self.letters[i]] = left.get(self.letters[i], 0) + 1
        return sum((count + 1) // 2 for count in left.values())


State = tuple[int, str, str]
"""(removed positions as bits, stock top first, waste bottom first), ranks as letters A..M."""


def _successors(heart: _Heart, state: State) -> list[State]:
    removed, stock, waste = state
    following: list[State] = []
    if stock:
        following.append((removed, stock[1:], waste + stock[0]))
    elif waste:
        following.append((removed, waste, ""))  # turned over: the waste's bottom card is the stock's new top
    top = waste[-1] if waste else ""
    free = _free(removed)
    for index, first in enumerate(free):
        letter = heart.letters[first]
        for second in free[index + 1 :]:
            if heart.letters[second] == letter:
                following.append((removed | (1 << first) | (1 << second), stock, waste))
        if letter == top:
            following.append((removed | (1 << first), stock, waste[:-1]))
    return following


def fewest_moves(position: Position, limit: int = 2_000_000) -> int | None:
    """The fewest moves that clear the heart from `position`, or None when no play does; raises SearchLimitError
    after `limit` expanded states (an unwinnable deal explores everything reachable: ask `winnable` first)."""
    heart = _Heart(position.heart)
    start: State = (position.removed, _letters(position.stock), _letters(position.waste))
    best: dict[State, int] = {start: 0}
    queue: list[tuple[int, int, State]] = [(heart.moves_at_least(start[0]), 0, start)]
    expanded = 0
    while queue:
        _, negative_cost, state = heapq.heappop(queue)
        cost = -negative_cost
        if best[state] < cost:
            continue
        if state[0] == EVERY_CARD:
            return cost
        expanded += 1
        if expanded > limit:
            raise SearchLimitError(f"more than {limit} states")
        for following in _successors(heart, state):
            if best.get(following, cost + 2) <= cost + 1:
                continue
            best[following] = cost + 1
            heapq.heappush(queue, (cost + 1 + heart.moves_at_least(following[0]), -(cost + 1), following))
    return None


def winnable(position: Position) -> bool:
    """Can the heart be cleared from `position`? Plain memoised search over (removed, reserve counts per rank)."""
    heart = _Heart(position.heart)
    reserve = _letters(position.stock + position.waste)
    counts = tuple(reserve.count(chr(ord("A") + rank)) for rank in range(13))
    lost: set[tuple[int, tuple[int, ...]]] = set()

    def search(removed: int, counts: tuple[int, ...]) -> bool:
        if removed == EVERY_CARD:
            return True
        if (removed, counts) in lost:
            return False
        free = _free(removed)
        for index, first in enumerate(free):
            rank = ord(heart.letters[first]) - ord("A")
            for second in free[index + 1 :]:
                if heart.letters[second] == heart.letters[first] and search(
                    removed | (1 << first) | (1 << second), counts
                ):
                    return True
            if counts[rank] and search(removed | (1 << first), (*counts[:rank], counts[rank] - 1, *counts[rank + 1 :])):
                return True
        lost.add((removed, counts))
        return False

    return search(position.removed, counts)
