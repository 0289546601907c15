"""Ranks, suits and cards with text forms that round-trip (`Rank.parse("10")`, `Card.parse("QS")`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

RANK_TEXTS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class CardTextError(ValueError):
    """Text that is not a rank or a card."""

    def __init__(self, text: str, expected: str) -> None:
        super().__init__(f"{text!r} is not {expected}")
        self.text = text


class Rank(IntEnum):
    """A card's rank; the value runs from ace = 1 to king = 13 (games decide what beats what)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        return RANK_TEXTS[self - 1]

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Rank:
        """`Rank.parse("q") == Rank.QUEEN`; accepts any letter case and surrounding spaces."""
        cleaned = text.strip().upper()
        if cleaned in RANK_TEXTS:
            return cls(RANK_TEXTS.index(cleaned) + 1)
        raise CardTextError(text, "a rank (A, 2-10, J, Q, K)")


class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card; its text is rank then suit letter: `2C`, `10H`, `QS`."""

    rank: Rank
    suit: Suit

    @property
    def text(self) -> str:
        return f"{self.rank.text}{self.suit.value}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Card:
        cleaned = text.strip().upper()
        if len(cleaned) >= 2 and cleaned[-1] in "CDSH":
            try:
                return cls(Rank.parse(cleaned[:-1]), Suit(cleaned[-1]))
            except CardTextError:
                pass
        raise CardTextError(text, "a card such as 2C, 10H or QS")
