"""The fast deal (32-bit halves, for the compiled module) is the reference SplitMix64 shuffle, deal for deal."""

from hypothesis import given
from hypothesis import strategies as st

from heartcards.hearts.engine.deck import deal_hands, halves_hands, reference_hands


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=1, max_value=10_000))
def test_halves_equal_the_reference_shuffle(seed: int, deal_number: int) -> None:
    assert halves_hands(seed, deal_number) == reference_hands(seed, deal_number)
    assert deal_hands(seed, deal_number) == reference_hands(seed, deal_number)


def test_hands_are_a_partition_of_the_deck() -> None:
    hands = deal_hands(2026, 7)
    assert all(hand.bit_count() == 13 for hand in hands)
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
