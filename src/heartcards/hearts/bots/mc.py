"""`mc`: perfect-information Monte Carlo.

For a play: sample the hidden hands consistently with what the seat knows, play each distinct candidate card out
with fast heuristic playouts (or solve the ending exactly once few cards remain), and keep the card with the best
mean points relative to the others. For a pass: sample the other hands, let them pass by the heuristic, play the deal
out, and keep the best of a few candidate passes. A budget of playouts per decision sets the strength; a time cap
stops early on a slow machine (then, and only then, a seed may not replay the same game).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.playout import playout, relative_score, solve
from heartcards.hearts.bots.policy import choose_pass_mask, pass_danger
from heartcards.hearts.bots.sampling import HandSampler
from heartcards.hearts.engine import CARDS, Observation, PassDirection, cards_of, mask_of
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_INDEX, TWO_OF_CLUBS_BIT


@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    """`playouts`: playouts per play decision (split over the candidate cards); `pass_playouts` likewise for a pass;
    `exact_cards`: solve exactly once the seat holds at most this many cards; `time_cap`: seconds, or None."""

    playouts: int = 240
    pass_playouts: int = 240
    pass_candidates: int = 6
    exact_cards: int = 3
    exact_samples: int = 12
    time_cap: float | None = 0.08


def equivalent_runs(legal: int, hand: int, played: int) -> list[int]:
    """One card per run of legal cards that are interchangeable: same suit, only our own or played cards between
    them, never the Q♠ together with another (it scores differently)."""
    out: list[int] = []
    previous = -2
    mask = legal
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        if previous >= 0 and card // 13 == previous // 13 and QUEEN_OF_SPADES_INDEX not in (card, previous):
            between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            if between & ~(hand | played) == 0 and not between & (1 << QUEEN_OF_SPADES_INDEX):
                previous = card
                continue
        out.append(card)
        previous = card
    return out


class MonteCarloBot:
    name = "mc"

    def __init__(self, seed: int, settings: MonteCarloSettings | None = None) -> None:
        self.rng = SplitMix64(seed)
        self.settings = settings or MonteCarloSettings()

    # -- plays ------------------------------------------------------------------------------------------------------

    def choose_play(self, observation: Observation) -> Card:
        legal_cards = observation.legal
        if len(legal_cards) == 1:
            return legal_cards[0]
        known = knowledge_of(observation)
        legal = mask_of(legal_cards)
        candidates = equivalent_runs(legal, known.hand, known.played)
        if len(candidates) == 1:
            return CARDS[candidates[0]]
        return CARDS[self._best_play(known, candidates)]

    def _best_play(self, known: Knowledge, candidates: list[int]) -> int:
        settings = self.settings
        exact = known.hand.bit_count() <= settings.exact_cards
        samples = settings.exact_samples if exact else max(2, -(-settings.playouts // len(candidates)))
        deadline = None if settings.time_cap is None else time.perf_counter() + settings.time_cap
        totals = [0.0] * len(candidates)
        me = known.seat
        played = known.played
        sampler = HandSampler(known)
        for done in range(samples):
            if deadline is not None and done >= 2 and time.perf_counter() > deadline:
                break
            hands = sampler.sample(self.rng)
            for position, card in enumerate(candidates):
                if exact:
                    points = solve(
                        hands[:],
                        known.trick[:],
                        known.leader,
                        known.taken[:],
                        known.hearts_broken,
                        known.tricks_done,
                        card,
                    )
                else:
                    points = playout(
                        hands[:],
                        known.trick[:],
                        known.leader,
                        known.taken[:],
                        played,
                        known.hearts_broken,
                        known.tricks_done,
                        card,
                    )
                totals[position] += relative_score(points, me)
        best = min(range(len(candidates)), key=lambda position: (totals[position], candidates[position]))
        return candidates[best]

    # -- passes -----------------------------------------------------------------------------------------------------

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = mask_of(observation.hand)
        choices = self._pass_candidates(hand)
        if len(choices) == 1:
            first, second, third = cards_of(choices[0])
            return first, second, third
        best = self._best_pass(observation.seat, hand, observation.pass_direction, choices)
        first, second, third = cards_of(best)
        return first, second, third

    def _pass_candidates(self, hand: int) -> list[int]:
        """The heuristic's pass and the other triples of its most dangerous cards."""
        top = [card for _, card in pass_danger(hand)[: self.settings.pass_candidates]]
        heuristic = choose_pass_mask(hand)
        choices = [heuristic]
        for triple in combinations(top, 3):
            mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
            if mask != heuristic:
                choices.append(mask)
        return choices

    def _best_pass(self, me: int, hand: int, direction: PassDirection, choices: list[int]) -> int:
        settings = self.settings
        samples = max(2, -(-settings.pass_playouts // len(choices)))
        deadline = None if settings.time_cap is None else time.perf_counter() + settings.time_cap
        totals = [0.0] * len(choices)
        unseen = [card for card in range(52) if not hand >> card & 1]
        for done in range(samples):
            if deadline is not None and done >= 2 and time.perf_counter() > deadline:
                break
            self.rng.shuffle(unseen)
            hands = [0, 0, 0, 0]
            hands[me] = hand
            others = [seat for seat in range(4) if seat != me]
            for position, card in enumerate(unseen):
                hands[others[position // 13]] |= 1 << card
            others_pass = [choose_pass_mask(hands[seat]) if seat != me else 0 for seat in range(4)]
            for position, given in enumerate(choices):
                after = hands[:]
                gives = others_pass[:]
                gives[me] = given
                for seat in range(4):
                    after[seat] &= ~gives[seat]
                for seat in range(4):
                    after[direction.receiver(seat)] |= gives[seat]
                leader = next(seat for seat in range(4) if after[seat] & TWO_OF_CLUBS_BIT)
                points = playout(after, [], leader, [0, 0, 0, 0], 0, False, 0)
                totals[position] += relative_score(points, me)
        best = min(range(len(choices)), key=lambda position: (totals[position], position))
        return choices[best]
