"""Deals and their codes: `Deal.from_code("HH1-N-AAAAAAM")`, `deal.code`.

A code is `HH1-M-LLLLLLL`: `HH1` names this game and code version 1, `M` the mode and the seven letters the deal
number in base 26 (A = 0, most significant first). Any letter case and surrounding spaces are accepted.

How a number becomes a deal, stable forever (golden tests pin it):
- The unshuffled deck is A A A A 2 2 2 2 … K K K K (only ranks matter).
- Mode N, deal n: `SplitMix64(N_SEED + n)` shuffles it once (Fisher–Yates, last index first).
- Mode S, deal n: `SplitMix64(S_SEED + n)` shuffles a fresh unshuffled deck again and again, continuing the same
  stream, until the result is winnable; the first winnable shuffle is the deal.
- Cards 1–25 go to heart positions 1–25, cards 26–51 form the stock (26 on top), card 52 starts the waste.
N_SEED is the first value from 0 up that gives deal `HH1-N-AAAAAAM` the properties of the worked example in
`docs/rules/heart-to-heart.md#a-worked-example`
(a 10 at position 1, a 4 at the point, an ace on the waste, the first 4 of the stock as the 9th card drawn, and
winnable); S_SEED is N_SEED + 2**32.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from heartcards.cards import Rank, SplitMix64
from heartcards.heart_to_heart.engine.errors import DealCodeError
from heartcards.heart_to_heart.engine.layout import HEART_SIZE
from heartcards.heart_to_heart.engine.reach import order_winnable

CODE_LETTERS = 7
MAX_NUMBER = 26**CODE_LETTERS - 1
N_SEED = 245_889
S_SEED = N_SEED + 2**32
UNSHUFFLED: tuple[Rank, ...] = tuple(rank for rank in Rank for _ in range(4))
_CODE_PATTERN = re.compile(r"HH1-([A-Z])-([A-Z]{7})")


class Mode(Enum):
    NORMAL = "N"
    SOLVABLE = "S"


def number_to_letters(number: int) -> str:
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def letters_to_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A")
    return number


def shuffled_deck(rng: SplitMix64) -> list[Rank]:
    deck = list(UNSHUFFLED)
    rng.shuffle(deck)
    return deck


def is_winnable_order(order: tuple[Rank, ...] | list[Rank]) -> bool:
    """Winnability of a fresh deal given as its 52-card order."""
    return order_winnable([int(rank) for rank in order])


def deal_order(mode: Mode, number: int) -> tuple[Rank, ...]:
    if mode is Mode.NORMAL:
        return tuple(shuffled_deck(SplitMix64(N_SEED + number)))
    rng = SplitMix64(S_SEED + number)
    while True:
        deck = shuffled_deck(rng)
        if is_winnable_order(deck):
            return tuple(deck)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal: its mode and number, and the 52 ranks in deal order."""

    mode: Mode
    number: int
    order: tuple[Rank, ...]

    @classmethod
    def from_number(cls, number: int, mode: Mode = Mode.NORMAL) -> Deal:
        if not 0 <= number <= MAX_NUMBER:
            raise DealCodeError(f"{mode.value}#{number}")
        return cls(mode, number, deal_order(mode, number))

    @classmethod
    def from_code(cls, text: str) -> Deal:
        mode, number = parse_code(text)
        return cls.from_number(number, mode)

    @property
    def code(self) -> str:
        return format_code(self.mode, self.number)

    @property
    def heart(self) -> tuple[Rank, ...]:
        """Ranks at positions 1..25."""
        return self.order[:HEART_SIZE]

    @property
    def stock(self) -> tuple[Rank, ...]:
        """The stock, top (first drawn) first."""
        return self.order[HEART_SIZE:51]

    @property
    def waste(self) -> tuple[Rank, ...]:
        """The waste, bottom first: one card at the start."""
        return self.order[51:]


def parse_code(text: str) -> tuple[Mode, int]:
    match = _CODE_PATTERN.fullmatch(text.strip().upper())
    if match is None or match.group(1) not in {mode.value for mode in Mode}:
        raise DealCodeError(text)
    return Mode(match.group(1)), letters_to_number(match.group(2))


def format_code(mode: Mode, number: int) -> str:
    return f"HH1-{mode.value}-{number_to_letters(number)}"


def normalize_code(text: str) -> str:
    """The printed form of a code (upper case, no spaces); raises DealCodeError for anything else."""
    mode, number = parse_code(text)
    return format_code(mode, number)
