"""Moves as frozen values whose text round-trips: `S`, `a-b` (a < b) and `a-W`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from heartcards.heart_to_heart.engine.errors import MoveSyntaxError
from heartcards.heart_to_heart.engine.layout import HEART_SIZE

_PAIR = re.compile(r"(\d{1,2})-(\d{1,2}|W)")


@dataclass(frozen=True, slots=True)
class StockTap:
    """Tap the stock: draw its top card, or turn the waste over when the stock is empty."""

    def __str__(self) -> str:
        return "S"


@dataclass(frozen=True, slots=True)
class PairMove:
    """Remove the heart cards at positions `first` < `second`."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"


@dataclass(frozen=True, slots=True)
class WasteMove:
    """Remove the heart card at `position` with the waste's top card."""

    position: int

    def __str__(self) -> str:
        return f"{self.position}-W"


Move = StockTap | PairMove | WasteMove
STOCK_TAP = StockTap()


@lru_cache(maxsize=1024)  # a few hundred moves exist, and a batch of 2,000 comes on the server's event loop
def parse_move(text: str) -> Move:
    """`parse_move("3-W") == WasteMove(3)`; accepts any letter case and surrounding spaces."""
    cleaned = text.strip().upper()
    if cleaned == "S":
        return STOCK_TAP
    match = _PAIR.fullmatch(cleaned)
    if match is None:
        raise MoveSyntaxError(text)
    first = int(match.group(1))
    if not 1 <= first <= HEART_SIZE:
        raise MoveSyntaxError(text)
    if match.group(2) == "W":
        return WasteMove(first)
    second = int(match.group(2))
    if not first < second <= HEART_SIZE:
        raise MoveSyntaxError(text)
    return PairMove(first, second)


def parse_moves(text: str) -> list[Move]:
    return [parse_move(word) for word in text.split()]


def format_moves(moves: list[Move] | tuple[Move, ...]) -> str:
    return " ".join(str(move) for move in moves)
