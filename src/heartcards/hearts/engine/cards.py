"""Hearts cards as small integers and 52-bit masks, aces high.

Card index = suit * 13 + order, with suits in the order clubs, diamonds, spades, hearts and order 0 for the 2 up to
12 for the ace. A hand is an `int` with bit `index` set for each card held, so "the highest heart held" is one
`bit_length()` and the rules and the bots' fast playouts share the same arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from heartcards.cards import Card, Rank, Suit

# Every module-level value here is `Final`: compiled, a Final name is a constant or a static of its module, where
# any other global is a dictionary lookup on each use.
SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
CLUBS: Final = 0
DIAMONDS: Final = 1
SPADES: Final = 2
HEARTS: Final = 3
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * suit) for suit in range(4))
HEARTS_MASK: Final = 0x1FFF << (13 * HEARTS)
FULL_DECK: Final = (1 << 52) - 1
TWO_OF_CLUBS_INDEX: Final = 0
QUEEN_OF_SPADES_INDEX: Final = SPADES * 13 + 10
QUEEN_OF_SPADES_BIT: Final = 1 << QUEEN_OF_SPADES_INDEX
TWO_OF_CLUBS_BIT: Final = 1
POINT_MASK: Final = HEARTS_MASK | QUEEN_OF_SPADES_BIT


def hearts_order(rank: Rank) -> int:
    """0 for the 2 up to 12 for the ace: the order in which cards win tricks in Hearts."""
    return 12 if rank is Rank.ACE else int(rank) - 2


def _rank_of_order(order: int) -> Rank:
    return Rank.ACE if order == 12 else Rank(order + 2)


CARDS: Final[tuple[Card, ...]] = tuple(Card(_rank_of_order(i % 13), SUITS[i // 13]) for i in range(52))
"""The 52 cards by index: `CARDS[0]` is the 2♣, `CARDS[51]` the A♥."""
INDEX_OF: Final[dict[Card, int]] = {card: i for i, card in enumerate(CARDS)}
TWO_OF_CLUBS: Final = CARDS[TWO_OF_CLUBS_INDEX]
QUEEN_OF_SPADES: Final = CARDS[QUEEN_OF_SPADES_INDEX]
CARD_POINTS: Final[tuple[int, ...]] = tuple(
    1 if i // 13 == HEARTS else 13 if i == QUEEN_OF_SPADES_INDEX else 0 for i in range(52)
)


def card_points(card: Card) -> int:
    """1 for a heart, 13 for the Q♠, 0 otherwise."""
    return CARD_POINTS[INDEX_OF[card]]


def popcount(mask: int) -> int:
    """The number of cards in a mask (any mask below 2**56). Compiled, `int.bit_count()` is a generic method call
    and this sideways sum stays on machine words, several times faster (pure Python, the other way round)."""
    count = mask - ((mask >> 1) & 0x55555555555555)
    count = (count & 0x33333333333333) + ((count >> 2) & 0x33333333333333)
    count = (count + (count >> 4)) & 0x0F0F0F0F0F0F0F
    count += count >> 8
    count += count >> 16
    count += count >> 32
    return count & 0x7F


def mask_points(mask: int) -> int:
    """The penalty points of a set of cards."""
    return popcount(mask & HEARTS_MASK) + (13 if mask & QUEEN_OF_SPADES_BIT else 0)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX_OF[card]
    return mask


def indices_of(mask: int) -> list[int]:
    """The indices of a mask, lowest first (clubs 2 … hearts A)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SUIT_CARDS: Final[list[tuple[Card, ...] | None]] = [None] * (4 << 13)
"""The cards of each suit's 13-bit pattern at [suit << 13 | bits], filled on first use: a hand or a legal set
within one suit (most plays follow suit) is then one shared tuple, built once, and never a new one."""


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    key = suit << 13 | bits
    cards = _SUIT_CARDS[key]
    if cards is None:
        cards = tuple(CARDS[13 * suit + order] for order in range(13) if bits >> order & 1)
        _SUIT_CARDS[key] = cards
    return cards


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask sorted by suit (♣ ♦ ♠ ♥) then rank, aces high (bits above the deck's 52 are ignored)."""
    out: tuple[Card, ...] = ()
    mask &= FULL_DECK
    suit = 0
    while mask:
        bits = mask & 0x1FFF
        if bits:
            cards = _suit_cards(suit, bits)
            out = out + cards if out else cards
        mask >>= 13
        suit += 1
    return out


__all__ = [
    "CARDS",
    "CARD_POINTS",
    "CLUBS",
    "DIAMONDS",
    "FULL_DECK",
    "HEARTS",
    "HEARTS_MASK",
    "INDEX_OF",
    "POINT_MASK",
    "QUEEN_OF_SPADES",
    "QUEEN_OF_SPADES_BIT",
    "QUEEN_OF_SPADES_INDEX",
    "SPADES",
    "SUITS",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "TWO_OF_CLUBS_BIT",
    "TWO_OF_CLUBS_INDEX",
    "card_points",
    "cards_of",
    "hearts_order",
    "indices_of",
    "mask_of",
    "mask_points",
    "popcount",
]
