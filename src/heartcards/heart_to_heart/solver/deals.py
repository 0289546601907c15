"""Deals by the thousand: the engine's shuffle replayed on plain ints, and winnability over a range of numbers.

`normal_values(n)` equals `Deal.from_number(n).order` as rank values (a test checks it deal for deal): SplitMix64
and Fisher–Yates as engine/deal.py documents them, through the cards' fast shuffle, so that a deal costs
microseconds, not tens of them.
"""

from __future__ import annotations

from typing import Final

from heartcards.cards.shuffling import fast_shuffle
from heartcards.heart_to_heart.engine.deal import N_SEED
from heartcards.heart_to_heart.engine.layout import HEART_SIZE
from heartcards.heart_to_heart.engine.reach import order_winnable

UNSHUFFLED_VALUES: Final[list[int]] = [rank for rank in range(1, 14) for _ in range(4)]


def normal_values(number: int) -> list[int]:
    """The rank values of deal `HH1-N-…` number `number`, in deal order."""
    deck = UNSHUFFLED_VALUES.copy()
    fast_shuffle(N_SEED + number, deck)
    return deck


def stuck_at_start(values: list[int]) -> bool:
    """Stalemate at move 0: only the point is free, and no copy of its rank is in the stock or waste."""
    return values[HEART_SIZE - 1] not in values[HEART_SIZE:]


def decide_normal_range(start: int, count: int) -> tuple[int, int]:
    """(winnable, stuck at move 0) counts over N deals start..start+count-1."""
    winnable = 0
    stuck = 0
    for number in range(start, start + count):
        values = normal_values(number)
        if stuck_at_start(values):
            stuck += 1
        elif order_winnable(values):
            winnable += 1
    return winnable, stuck
