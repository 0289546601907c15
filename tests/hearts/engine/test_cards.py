import random

from hypothesis import given
from hypothesis import strategies as st

from heartcards.cards import Card, Rank, Suit
from heartcards.hearts.engine import (
    CARDS,
    INDEX_OF,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    card_points,
    cards_of,
    hearts_order,
    mask_of,
)
from heartcards.hearts.engine.cards import FULL_DECK, HEARTS_MASK, mask_points, popcount


def test_every_card_text_round_trips() -> None:
    assert len(set(CARDS)) == 52
    for card in CARDS:
        assert Card.parse(card.text) == card
    assert [card.text for card in CARDS[:3]] == ["2C", "3C", "4C"]
    assert CARDS[-1].text == "AH"
    assert Card.parse("10h").text == "10H"


def test_aces_rank_high_in_hearts() -> None:
    assert hearts_order(Rank.TWO) == 0
    assert hearts_order(Rank.KING) == 11
    assert hearts_order(Rank.ACE) == 12
    assert INDEX_OF[Card(Rank.ACE, Suit.SPADES)] > INDEX_OF[Card(Rank.KING, Suit.SPADES)]


def test_points_and_named_cards() -> None:
    assert TWO_OF_CLUBS.text == "2C"
    assert QUEEN_OF_SPADES.text == "QS"
    assert card_points(QUEEN_OF_SPADES) == 13
    assert card_points(Card.parse("2H")) == 1
    assert card_points(Card.parse("AS")) == 0
    assert sum(card_points(card) for card in CARDS) == 26


def test_popcount_counts_the_cards_of_any_mask() -> None:
    assert popcount(0) == 0
    assert popcount(FULL_DECK) == 52
    assert popcount(HEARTS_MASK) == 13
    assert popcount((1 << 56) - 1) == 56
    rng = random.Random(14)
    for _ in range(2000):
        mask = rng.getrandbits(52) & rng.getrandbits(52) if rng.random() < 0.5 else rng.getrandbits(52)
        assert popcount(mask) == mask.bit_count()


def test_mask_points_counts_hearts_and_the_queen() -> None:
    assert mask_points(0) == 0
    assert mask_points(HEARTS_MASK) == 13
    assert mask_points(FULL_DECK) == 26
    assert mask_points(1 << INDEX_OF[QUEEN_OF_SPADES]) == 13
    assert mask_points(mask_of([Card(Rank.TWO, Suit.HEARTS), Card(Rank.ACE, Suit.HEARTS), TWO_OF_CLUBS])) == 2


@given(st.integers(min_value=0, max_value=(1 << 56) - 1))
def test_cards_of_lists_a_masks_cards_by_index_and_ignores_bits_above_the_deck(mask: int) -> None:
    assert cards_of(mask) == tuple(CARDS[index] for index in range(52) if mask >> index & 1)
    assert mask_of(cards_of(mask)) == mask & FULL_DECK


def test_cards_of_a_one_suit_mask_is_one_shared_tuple() -> None:
    spades = mask_of(Card.parse(text) for text in ("2S", "QS", "AS"))
    assert [card.text for card in cards_of(spades)] == ["2S", "QS", "AS"]
    assert cards_of(spades) is cards_of(spades)
