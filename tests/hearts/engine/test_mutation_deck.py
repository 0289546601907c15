"""The fast deal on 32-bit halves equals the reference shuffle on a fixed grid of seeds and deal numbers (beside
test_deck.py's random ones): a slip in a low bit of the multiply-shift shows here within a few hundred deals."""

from __future__ import annotations

from heartcards.hearts.engine.deck import halves_hands, reference_hands


def test_halves_equal_the_reference_on_a_grid() -> None:
    for seed in (0, 1, 2026, -7, 2**63 + 5, 2**70 - 1):
        for deal_number in range(1, 81):
            assert halves_hands(seed, deal_number) == reference_hands(seed, deal_number), (seed, deal_number)
