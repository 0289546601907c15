"""The solver's public questions about a `Position`: can it be won, how in the fewest moves, what to play next."""

from __future__ import annotations

from dataclasses import dataclass

from heartcards.heart_to_heart.engine import STOCK_TAP, Move, PairMove, Position, WasteMove
from heartcards.heart_to_heart.engine.layout import HEART_SIZE
from heartcards.heart_to_heart.engine.reach import INDEX_OF, heart_winnable_packed, pack_counts
from heartcards.heart_to_heart.solver.search import MacroSearch


class UnreachablePositionError(ValueError):
    """A position whose removed heart cards no play can remove (a card gone while a card covering it stays)."""

    def __init__(self, position: Position) -> None:
        super().__init__(f"no play reaches {position!r}: a removed card is still covered")
        self.position = position


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer: whether a win exists, the moves of a fewest-moves win (empty when none), and how many
    states the search examined."""

    winnable: bool
    moves: tuple[Move, ...]
    states: int

    @property
    def move_count(self) -> int | None:
        """The number of moves of the optimal win, or None when no win exists."""
        return len(self.moves) if self.winnable else None


def _heart_values(position: Position) -> list[int]:
    return [0 if rank is None else int(rank) for rank in position.heart]


def is_winnable(position: Position) -> bool:
    """Exact: can the heart still be cleared from `position`?"""
    heart = _heart_values(position)
    removed = position.removed
    if removed not in INDEX_OF:
        raise UnreachablePositionError(position)
    rank_masks = [0] * 13
    for index in range(HEART_SIZE):
        if heart[index]:
            rank_masks[heart[index] - 1] |= 1 << index
    counts = [0] * 13
    for rank in position.stock + position.waste:
        counts[int(rank) - 1] += 1
    return heart_winnable_packed(rank_masks, removed, pack_counts(counts))


def solve(position: Position) -> Solution:
    """A fewest-moves win from `position`, or a proof (Solution.winnable False) that none exists."""
    if position.removed not in INDEX_OF:
        raise UnreachablePositionError(position)
    reserve = [int(rank) for rank in position.waste + position.stock]
    search = MacroSearch(_heart_values(position), reserve, len(position.waste) - 1)
    won, macros = search.run()
    if not won:
        return Solution(False, (), search.states)
    moves: list[Move] = []
    for taps, first, second in macros:
        moves.extend([STOCK_TAP] * taps)
        if second >= 0:
            moves.append(PairMove(first + 1, second + 1))
        else:
            moves.append(WasteMove(first + 1))
    return Solution(True, tuple(moves), search.states)


def hint(position: Position) -> Move | None:
    """The first move of a fewest-moves win from `position`; None when no win is possible (or it is already won)."""
    solution = solve(position)
    return solution.moves[0] if solution.winnable and solution.moves else None
