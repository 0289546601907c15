"""Deals of the hidden cards consistent with what a seat knows: shown voids, and the cards it passed (which the
receiver holds until it plays them)."""

from __future__ import annotations

from heartcards.cards import SplitMix64
from heartcards.hearts.bots.knowledge import Knowledge
from heartcards.hearts.engine.cards import indices_of

ATTEMPTS = 30


def sample_hands(known: Knowledge, rng: SplitMix64) -> list[int]:
    """Four hands (masks) for the current position: ours as it is, the others' filled at random with the unseen
    cards, respecting every void and the passed cards. Falls back to ignoring voids if the constraints look
    contradictory after many tries (they never are when the observation is real)."""
    me = known.seat
    others = [seat for seat in range(4) if seat != me]
    fixed = [0, 0, 0, 0]
    fixed[me] = known.hand
    if known.passed_to != me:
        fixed[known.passed_to] |= known.passed
    unknown = known.unseen() & ~known.passed
    cards = indices_of(unknown)
    need = [0, 0, 0, 0]
    for seat in others:
        need[seat] = known.hand_sizes[seat] - fixed[seat].bit_count()
    eligible_by_suit = [[seat for seat in others if not known.voids[seat] >> suit & 1] for suit in range(4)]
    for attempt in range(ATTEMPTS + 1):
        ignore_voids = attempt == ATTEMPTS
        rng.shuffle(cards)
        if not ignore_voids:
            cards.sort(key=lambda card: len(eligible_by_suit[card // 13]))
        hands = fixed[:]
        left = need[:]
        ok = True
        for card in cards:
            seats = others if ignore_voids else eligible_by_suit[card // 13]
            total = 0
            for seat in seats:
                total += left[seat]
            if total <= 0:
                ok = False
                break
            pick = rng.below(total)
            for seat in seats:
                if pick < left[seat]:
                    hands[seat] |= 1 << card
                    left[seat] -= 1
                    break
                pick -= left[seat]
        if ok:
            return hands
    raise RuntimeError("no deal fits the hand sizes")  # unreachable: the fallback ignores voids
