"""Card-mask helpers by known values and against their card-by-card definitions (they were untested: mutation
testing let changes to them pass)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from heartcards.cards import Card
from heartcards.hearts.engine.cards import (
    CARDS,
    FULL_DECK,
    HEARTS_MASK,
    QUEEN_OF_SPADES_BIT,
    card_points,
    cards_of,
    indices_of,
    mask_of,
    mask_points,
)

masks = st.integers(min_value=0, max_value=FULL_DECK)


def test_mask_points_known_values() -> None:
    assert mask_points(0) == 0
    assert mask_points(HEARTS_MASK) == 13
    assert mask_points(QUEEN_OF_SPADES_BIT) == 13
    assert mask_points(FULL_DECK) == 26
    assert mask_points(FULL_DECK & ~HEARTS_MASK & ~QUEEN_OF_SPADES_BIT) == 0
    assert mask_points(mask_of([Card.parse("2H"), Card.parse("AH"), Card.parse("QS"), Card.parse("KS")])) == 15


@given(masks)
def test_mask_points_is_the_sum_of_card_points(mask: int) -> None:
    assert mask_points(mask) == sum(card_points(card) for card in cards_of(mask))


def test_indices_of_known_values() -> None:
    assert indices_of(0) == []
    assert indices_of(1) == [0]
    assert indices_of(FULL_DECK) == list(range(52))
    assert indices_of((1 << 51) | (1 << 3) | 1) == [0, 3, 51]


@given(masks)
def test_indices_of_lists_the_set_bits_lowest_first(mask: int) -> None:
    found = indices_of(mask)
    assert found == [index for index in range(52) if (mask >> index) & 1]
    assert [CARDS[index] for index in found] == list(cards_of(mask))
