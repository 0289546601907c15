"""Deals of the hidden cards consistent with what a seat knows: shown voids, and the cards it passed (which the
receiver holds until it plays them), preferring deals that also fit how the others played (`Knowledge.unlikely`)."""

from __future__ import annotations

from typing import Final

from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots.knowledge import Knowledge
from heartcards.hearts.engine.cards import indices_of, popcount

ATTEMPTS: Final = 12


class HandSampler:
    """Draws the other seats' hands again and again for one decision (the constraints are worked out once)."""

    def __init__(self, known: Knowledge) -> None:
        me = known.seat
        self.others = [seat for seat in range(4) if seat != me]
        fixed = [0, 0, 0, 0]
        fixed[me] = known.hand
        if known.passed_to != me:
            fixed[known.passed_to] |= known.passed
        self.fixed = fixed
        self.cards = indices_of(known.unseen() & ~known.passed)
        self.need = [0, 0, 0, 0]
        for seat in self.others:
            self.need[seat] = known.hand_sizes[seat] - popcount(fixed[seat])
        void_ok = {card: [s for s in self.others if not known.voids[s] >> (card // 13) & 1] for card in self.cards}
        likely = {card: [s for s in seats if not known.unlikely[s] >> card & 1] for card, seats in void_ok.items()}
        # Strictest first: voids and play-reading; then voids only; then the hand sizes alone.
        self.levels = [likely, void_ok, {card: self.others for card in self.cards}]

    def sample(self, rng: FastSplitMix64) -> list[int]:
        """Four hands (masks): ours, and the others' filled at random with the unseen cards."""
        for level, eligible in enumerate(self.levels):
            tries = ATTEMPTS if level < len(self.levels) - 1 else 1
            for _ in range(tries):
                hands = self._try(eligible, rng)
                if hands is not None:
                    return hands
        raise RuntimeError("no deal fits the hand sizes")  # unreachable: the last level ignores voids

    def _try(self, eligible: dict[int, list[int]], rng: FastSplitMix64) -> list[int] | None:
        cards = self.cards[:]
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(eligible[card]))
        hands = self.fixed[:]
        left = self.need[:]
        for card in cards:
            seats = eligible[card]
            total = 0
            for seat in seats:
                total += left[seat]
            if total <= 0:
                return None
            pick = rng.below(total)
            for seat in seats:
                if pick < left[seat]:
                    # Not `|=` and `-=`: compiled, the in-place forms on list items are generic operations.
                    hands[seat] = hands[seat] | 1 << card
                    left[seat] = left[seat] - 1
                    break
                pick -= left[seat]
        return hands
