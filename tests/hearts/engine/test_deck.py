"""A deal is the plain SplitMix64 shuffle of the deal's own stream (the fast shuffle is held to it), dealt in order."""

from hypothesis import given
from hypothesis import strategies as st

from heartcards.cards import SplitMix64
from heartcards.hearts.engine.deck import deal_hands, hands_of, stream_seed


def reference_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """`deal_hands` by its definition: the deck 0..51 through `SplitMix64.shuffle`, thirteen cards a seat."""
    deck = list(range(52))
    SplitMix64(stream_seed(seed, deal_number)).shuffle(deck)
    return (
        sum(1 << card for card in deck[0:13]),
        sum(1 << card for card in deck[13:26]),
        sum(1 << card for card in deck[26:39]),
        sum(1 << card for card in deck[39:52]),
    )


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=1, max_value=10_000))
def test_deal_hands_are_the_reference_shuffle(seed: int, deal_number: int) -> None:
    assert deal_hands(seed, deal_number) == reference_hands(seed, deal_number)


def test_deal_hands_equal_the_reference_on_a_grid() -> None:
    for seed in (0, 1, 2026, -7, 2**63 + 5, 2**70 - 1):
        for deal_number in range(1, 41):
            assert deal_hands(seed, deal_number) == reference_hands(seed, deal_number), (seed, deal_number)


def test_deal_streams_differ_by_deal_number_and_seed() -> None:
    assert stream_seed(2026, 1) == SplitMix64(2026 ^ 0xD1B54A32D192ED03).next64()
    assert len({stream_seed(seed, number) for seed in range(5) for number in range(1, 6)}) == 25


def test_hands_are_dealt_thirteen_a_seat_in_deck_order() -> None:
    deck = list(range(52))
    assert hands_of(deck) == ((1 << 13) - 1, ((1 << 13) - 1) << 13, ((1 << 13) - 1) << 26, ((1 << 13) - 1) << 39)
    hands = deal_hands(2026, 7)
    assert all(hand.bit_count() == 13 for hand in hands)
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
